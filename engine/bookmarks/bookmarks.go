// Package bookmarks keeps the ticks a user marked in an input, each with a
// short label, and the sidecar file that holds them beside the input:
// FILE.glidepath.json (docs/formats.md, "Sidecar"). It is display-free: the
// viewer's window edits a Set, `viewer run -json` lists it, and both load and
// save through this package.
//
// A sidecar that cannot be read is reported and left untouched: Save refuses
// to replace a file that exists but does not parse, so a typo in a
// hand-edited sidecar never loses the bookmarks in it to an empty default.
package bookmarks

import (
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"
)

// Limits of a sidecar: what Load accepts and Add enforces.
const (
	// MaxLabel is the longest label, in characters.
	MaxLabel = 80
	// MaxBookmarks is the most bookmarks one input keeps.
	MaxBookmarks = 10000
	// MaxTick is the largest tick a bookmark may name (48 h at 30 Hz, the
	// run's own limit).
	MaxTick = 5184000
)

// Bookmark is one marked tick. The JSON names are the sidecar's contract.
type Bookmark struct {
	Tick  int    `json:"tick"`
	Label string `json:"label"`
}

// Set is an input's bookmarks, ordered by tick, at most one per tick.
type Set struct {
	list []Bookmark
}

// List returns the bookmarks in tick order; the slice is the caller's.
func (s *Set) List() []Bookmark {
	out := make([]Bookmark, len(s.list))
	copy(out, s.list)
	return out
}

// Len is the number of bookmarks.
func (s *Set) Len() int { return len(s.list) }

// find returns the index of the first bookmark at or after tick.
func (s *Set) find(tick int) int {
	return sort.Search(len(s.list), func(i int) bool { return s.list[i].Tick >= tick })
}

// Add marks tick with label, replacing the label of a bookmark already
// there. The label is trimmed; it may be empty.
func (s *Set) Add(tick int, label string) error {
	label = strings.TrimSpace(label)
	if err := check(Bookmark{Tick: tick, Label: label}); err != nil {
		return err
	}
	i := s.find(tick)
	if i < len(s.list) && s.list[i].Tick == tick {
		s.list[i].Label = label
		return nil
	}
	if len(s.list) >= MaxBookmarks {
		return fmt.Errorf("bookmarks: at most %d bookmarks per input", MaxBookmarks)
	}
	s.list = append(s.list, Bookmark{})
	copy(s.list[i+1:], s.list[i:])
	s.list[i] = Bookmark{Tick: tick, Label: label}
	return nil
}

// Remove deletes the bookmark at tick and reports whether there was one.
func (s *Set) Remove(tick int) bool {
	i := s.find(tick)
	if i == len(s.list) || s.list[i].Tick != tick {
		return false
	}
	s.list = append(s.list[:i], s.list[i+1:]...)
	return true
}

// At returns the bookmark at tick, if any.
func (s *Set) At(tick int) (Bookmark, bool) {
	i := s.find(tick)
	if i == len(s.list) || s.list[i].Tick != tick {
		return Bookmark{}, false
	}
	return s.list[i], true
}

// Next returns the first bookmark after tick.
func (s *Set) Next(tick int) (Bookmark, bool) {
	i := s.find(tick + 1)
	if i == len(s.list) {
		return Bookmark{}, false
	}
	return s.list[i], true
}

// Prev returns the last bookmark before tick.
func (s *Set) Prev(tick int) (Bookmark, bool) {
	i := s.find(tick)
	if i == 0 {
		return Bookmark{}, false
	}
	return s.list[i-1], true
}

// check holds one bookmark to the limits.
func check(b Bookmark) error {
	if b.Tick < 0 || b.Tick > MaxTick {
		return fmt.Errorf("tick %d: want 0 to %d", b.Tick, MaxTick)
	}
	if n := utf8.RuneCountInString(b.Label); n > MaxLabel {
		return fmt.Errorf("label %q: %d characters, at most %d", b.Label, n, MaxLabel)
	}
	if !utf8.ValidString(b.Label) {
		return fmt.Errorf("label: not valid UTF-8")
	}
	if strings.ContainsAny(b.Label, "\n\r\t") {
		return fmt.Errorf("label %q: one line, no tabs", b.Label)
	}
	return nil
}
