// Source: the one event stream every input becomes — a recording file being
// read, a capture being imported, a scenario compiled in memory. Whoever
// runs the pipeline pulls events from a Source as the ticks need them, so
// memory follows the number of objects, not the length of the input.

package recording

import "io"

// Source is a stream of Recording v1 events with their header. Next returns
// the events in file order and io.EOF at the end; a problem is an *Error
// naming the file, the line (or frame, for a capture) and the field, and
// Next keeps returning it.
type Source interface {
	// Name is the name used in errors (the file's path as given).
	Name() string
	// Header is the recording's header. Its slices are shared with the
	// Source; treat them as read-only.
	Header() Header
	Next() (Event, error)
	Close() error
}

// Reader is a Source.
var _ Source = (*Reader)(nil)

// memorySource streams a recording held in memory.
type memorySource struct {
	rec *Recording
	i   int
}

// NewSource streams rec's events (rec is shared, not copied).
func NewSource(rec *Recording) Source { return &memorySource{rec: rec} }

func (m *memorySource) Name() string   { return m.rec.Name }
func (m *memorySource) Header() Header { return m.rec.Header }
func (m *memorySource) Close() error   { return nil }

// End is the time of src's last event when src knows it before it is
// read: a recording held in memory (a scenario compiled, an input read
// whole); ok is false for a stream still to be read, whose end is known
// only once it has been read. A source without events ends at 0.
func End(src Source) (t float64, ok bool) {
	m, ok := src.(*memorySource)
	if !ok {
		return 0, false
	}
	if n := len(m.rec.Events); n > 0 {
		return m.rec.Events[n-1].T, true
	}
	return 0, true
}

func (m *memorySource) Next() (Event, error) {
	if m.i >= len(m.rec.Events) {
		return Event{}, io.EOF
	}
	m.i++
	return m.rec.Events[m.i-1], nil
}

// ReadSource reads the rest of src into a Recording (it does not close src),
// refusing more than MaxEvents events.
func ReadSource(src Source) (*Recording, error) {
	rec := &Recording{Name: src.Name(), Header: src.Header()}
	for {
		ev, err := src.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		if len(rec.Events) >= maxHeldEvents {
			return nil, eventsLimit(src.Name(), ev.Line)
		}
		rec.Events = append(rec.Events, ev)
	}
	if r, ok := src.(*Reader); ok {
		rec.Skipped, rec.SkippedTypes, rec.SkippedLine = r.skipped, r.skippedTypes, r.skippedLine
	}
	return rec, nil
}
