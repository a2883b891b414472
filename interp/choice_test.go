package interp

import (
	"reflect"
	"strings"
	"testing"
)

// TestReadingChoice_Names pins how -reading and -compare become the list of
// readings a command runs, the selected one first.
func TestReadingChoice_Names(t *testing.T) {
	cases := []struct {
		name string
		c    ReadingChoice
		want []string
		err  string
	}{
		{"nothing given", ReadingChoice{}, []string{"seed"}, ""},
		{"reading", ReadingChoice{Reading: "ace", ReadingSet: true}, []string{"ace"}, ""},
		{"compare", ReadingChoice{Compare: " seed, ace ,,legacy", CompareSet: true}, []string{"seed", "ace", "legacy"}, ""},
		{"selected first, not repeated", ReadingChoice{Reading: "ace", ReadingSet: true, Compare: "seed,ace", CompareSet: true}, []string{"ace", "seed"}, ""},
		{"exclusive refuses both", ReadingChoice{Reading: "ace", ReadingSet: true, Compare: "seed,ace", CompareSet: true, Exclusive: true}, nil, "not both"},
		{"empty compare", ReadingChoice{Compare: " , ", CompareSet: true}, nil, `-compare " , ": want reading names`},
	}
	for _, c := range cases {
		got, err := c.c.Names()
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%s: error %v, want one containing %q", c.name, err, c.err)
			}
			continue
		}
		if err != nil || !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: got %q, %v; want %q", c.name, got, err, c.want)
		}
	}
}

// TestReadingsByName_RefusesUnknownAndRepeated: one reading twice, however
// spelled, and an unknown name are errors; none is the default reading.
func TestReadingsByName_RefusesUnknownAndRepeated(t *testing.T) {
	if rs, err := ReadingsByName(nil); err != nil || len(rs) != 1 || rs[0].Name != DefaultReadingName {
		t.Fatalf("no names: %v, %v; want the default reading", rs, err)
	}
	if _, err := ReadingsByName([]string{"seed", "retail"}); err == nil || !strings.Contains(err.Error(), `"retail"`) {
		t.Errorf("unknown name: %v", err)
	}
	if _, err := (ReadingChoice{Compare: "ace,hexrays,ace", CompareSet: true}).Resolve(); err == nil || err.Error() != `reading "ace" given twice` {
		t.Errorf("repeated name: %v", err)
	}
	rs, err := (ReadingChoice{Compare: "legacy,seed", CompareSet: true}).Resolve()
	if err != nil || len(rs) != 2 || rs[0].Name != ReadingLegacy || rs[1].Name != ReadingSeed {
		t.Errorf("two readings: %v, %v", rs, err)
	}
}

// One is what whatif, shrink, pack and the window's -whatif resolve: ""
// is the default reading (as viewer run's -reading ""), a name its preset,
// an unknown name an error naming it.
func TestOne_DefaultNameAndUnknown(t *testing.T) {
	r, err := One("")
	if err != nil || r.Name != DefaultReadingName {
		t.Errorf(`One(""): %q, %v; want the default reading %q`, r.Name, err, DefaultReadingName)
	}
	if r, err := One("hexrays"); err != nil || r.Name != "hexrays" {
		t.Errorf(`One("hexrays"): %q, %v`, r.Name, err)
	}
	if _, err := One("nosuch"); err == nil || !strings.Contains(err.Error(), "nosuch") {
		t.Errorf(`One("nosuch"): %v; want an error naming it`, err)
	}
}
