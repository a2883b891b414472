// Choosing readings: a command's -reading and -compare resolved to presets
// in one place, so every subcommand and the window's open box accept and
// refuse the same names with the same words (docs/readings.md).

package interp

import (
	"fmt"
	"strings"
)

// ReadingChoice is what a command line asked for with -reading and
// -compare. The zero value (plus nothing set) is the default reading.
type ReadingChoice struct {
	// Reading is -reading's value ("" is the default reading);
	// ReadingSet says it was given.
	Reading    string
	ReadingSet bool
	// Compare is -compare's comma-separated list; CompareSet says it was
	// given (an empty list given is refused).
	Compare    string
	CompareSet bool
	// Exclusive refuses -reading beside -compare (viewer run, where
	// -compare lists every reading). Otherwise -reading names the selected
	// reading, which comes first, and -compare adds the others.
	Exclusive bool
}

// Names is the list of reading names to run, the selected one first,
// without resolving them: -compare's names trimmed, empty ones skipped, and
// (unless Exclusive) the selected reading's name left out of the rest.
func (c ReadingChoice) Names() ([]string, error) {
	reading := c.Reading
	if reading == "" {
		reading = DefaultReadingName
	}
	if c.CompareSet && strings.TrimSpace(strings.ReplaceAll(c.Compare, ",", "")) == "" {
		return nil, fmt.Errorf("-compare %q: want reading names, comma-separated: %s", c.Compare, strings.Join(ReadingNames(), ", "))
	}
	if c.Compare == "" {
		return []string{reading}, nil
	}
	if c.Exclusive && c.ReadingSet {
		return nil, fmt.Errorf("give -reading or -compare, not both")
	}
	var out []string
	if c.ReadingSet {
		out = append(out, reading)
	}
	for _, n := range strings.Split(c.Compare, ",") {
		n = strings.TrimSpace(n)
		if n != "" && !(c.ReadingSet && n == reading) {
			out = append(out, n)
		}
	}
	return out, nil
}

// Resolve is the readings Names lists, as ReadingsByName resolves them.
func (c ReadingChoice) Resolve() ([]Reading, error) {
	names, err := c.Names()
	if err != nil {
		return nil, err
	}
	return ReadingsByName(names)
}

// ReadingsByName resolves names to presets (ReadingByName), in order; none
// is the default reading. An unknown name or one reading named twice is an
// error.
func ReadingsByName(names []string) ([]Reading, error) {
	if len(names) == 0 {
		names = []string{DefaultReadingName}
	}
	out := make([]Reading, 0, len(names))
	for _, n := range names {
		r, err := ReadingByName(n)
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	if err := CheckDistinct(out); err != nil {
		return nil, err
	}
	return out, nil
}

// CheckDistinct refuses a list that holds one reading twice (by its Name):
// runs side by side are told apart by their reading's name.
func CheckDistinct(rs []Reading) error {
	for i, r := range rs {
		for _, prev := range rs[:i] {
			if prev.Name == r.Name {
				return fmt.Errorf("reading %q given twice", r.Name)
			}
		}
	}
	return nil
}

// One is the single reading a command that runs one reading asked for with
// -reading ("" is the default reading), resolved as ReadingChoice does for
// every other command.
func One(name string) (Reading, error) {
	rs, err := ReadingChoice{Reading: name}.Resolve()
	if err != nil {
		return Reading{}, err
	}
	return rs[0], nil
}
