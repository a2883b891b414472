package launch

import (
	"glidepath/interp"
	"strings"
	"testing"
)

func TestReadingFlags_TheSelectedReadingComesFirst(t *testing.T) {
	for _, c := range []struct {
		rf   readingFlags
		want string
	}{
		{readingFlags{interp.ReadingChoice{Reading: "seed"}}, "seed"},
		{readingFlags{interp.ReadingChoice{Reading: "ace", ReadingSet: true}}, "ace"},
		{readingFlags{interp.ReadingChoice{Reading: "seed", Compare: "seed, ace,legacy"}}, "seed ace legacy"},
		{readingFlags{interp.ReadingChoice{Reading: "ace", ReadingSet: true, Compare: "seed,ace"}}, "ace seed"},
		{readingFlags{interp.ReadingChoice{Reading: "hexrays", ReadingSet: true, Compare: "seed,ace"}}, "hexrays seed ace"},
	} {
		names, err := c.rf.readings()
		if got := strings.Join(names, " "); got != c.want || err != nil {
			t.Errorf("%+v: %q, %v; want %q", c.rf, got, err, c.want)
		}
	}
}
