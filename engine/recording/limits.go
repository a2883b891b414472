// Limits: the bounds the reader holds every recording to, checked as each
// line is read, so that a small hostile file (a few megabytes of gzip
// holding tens of millions of lines) is refused before whoever reads it —
// the whole-file ReadFile or a streaming consumer — has grown with it
// (docs/formats.md, "Limits"). The writer checks the same lines, so it never
// writes a recording the reader would refuse.

package recording

import "fmt"

// Limits of a recording. Each exceeded limit is an *Error naming the file,
// the line and the limit.
const (
	// MaxEvents bounds the events ReadSource and ReadFile hold whole, as
	// 304-byte Events (known types; blank lines and skipped unknown types
	// do not count): two hours of 100 objects updating three times a
	// second, about 1.5 GB. A Reader streaming a recording does not count
	// events — a streamed run holds none of them — and the visual debugger
	// keeps them packed, bounded by their bytes (engine.MaxStoreBytes).
	// Imports are cut into pieces of this many events.
	MaxEvents = 5_000_000
	// MaxNotes bounds the note events of one recording: every note is kept
	// for the timeline from the start of a run.
	MaxNotes = 10_000
	// MaxTextLength bounds any string of a recording — a note's text, an
	// entity's name, a terrain or motion table name (bytes, as written,
	// escapes included).
	MaxTextLength = 4096
	// MaxNesting bounds how deeply objects and arrays nest in one line.
	MaxNesting = maxDepth
)

// maxHeldEvents is MaxEvents; tests lower it.
var maxHeldEvents = MaxEvents

// eventsLimit is the error of the event at line past the limit of events
// held whole.
func eventsLimit(file string, line int) error {
	return &Error{File: file, Line: line, Field: "limit", Problem: fmt.Sprintf("more than %d events: the limit of events per recording read whole (viewer run streams any length)", maxHeldEvents)}
}

// counter counts what a reader has read against the limits.
type counter struct {
	notes int
	// maxNotes is the limit; tests lower it.
	maxNotes int
}

func newCounter() counter { return counter{maxNotes: MaxNotes} }

// count counts ev, read from line, and returns the limit it exceeds.
func (c *counter) count(file string, line int, ev *Event) error {
	if ev.Kind == KindNote {
		c.notes++
		if c.notes > c.maxNotes {
			return &Error{File: file, Line: line, Field: "limit", Problem: fmt.Sprintf("more than %d notes: the limit of notes per recording", c.maxNotes)}
		}
	}
	return nil
}
