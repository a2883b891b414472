package plural

import "testing"

func TestCount_OneIsSingular(t *testing.T) {
	for _, c := range []struct {
		n    int
		noun string
		want string
	}{
		{0, "object", "0 objects"},
		{1, "object", "1 object"},
		{2, "object", "2 objects"},
		{1, "row", "1 row"},
		{11, "row", "11 rows"},
		{1, "hitch", "1 hitch"},
		{2, "hitch", "2 hitches"},
		{3, "entry", "3 entries"},
		{2, "day", "2 days"},
		{1, "held item", "1 held item"},
		{7, "static", "7 statics"},
	} {
		if got := Count(c.n, c.noun); got != c.want {
			t.Errorf("Count(%d, %q) = %q, want %q", c.n, c.noun, got, c.want)
		}
	}
}

// Agree picks the word that agrees with a count; CountAs gives the count
// with a plural the rule would not make.
func TestAgree_OneAndMany(t *testing.T) {
	for _, c := range []struct {
		n         int
		agree, as string
	}{
		{0, "come", "0 vertices"},
		{1, "comes", "1 vertex"},
		{-1, "comes", "-1 vertex"},
		{2, "come", "2 vertices"},
	} {
		if got := Agree(c.n, "comes", "come"); got != c.agree {
			t.Errorf("Agree(%d) = %q, want %q", c.n, got, c.agree)
		}
		if got := CountAs(c.n, "vertex", "vertices"); got != c.as {
			t.Errorf("CountAs(%d) = %q, want %q", c.n, got, c.as)
		}
	}
}
