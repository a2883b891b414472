// Writer: writes a trace through a bufio.Writer, appending each row into one
// reused buffer, so steady-state writing does not allocate (Trace v1).

package trace

import (
	"bufio"
	"io"
)

// Writer writes a header, then rows in the order the caller gives them:
// for each tick, the state rows (header order, then creation order), then
// the tick's event rows in the order they happened.
type Writer struct {
	w   flushWriter
	buf []byte
	err error
	// room is where rows are put in place (free) when w has no blocks
	// to fill.
	room []byte
}

// flushWriter is what a Writer writes to: a buffer in front of its
// destination.
type flushWriter interface {
	io.Writer
	Flush() error
}

// A BlockWriter buffers what it is written in blocks of its own
// (internal/atomicfile's Stream): a Writer writes to it without a buffer
// in between, and its Flush flushes it.
type BlockWriter interface {
	flushWriter
	BlockSize() int
}

// A BlockFiller is a BlockWriter whose blocks a caller fills in place
// (internal/atomicfile's Stream): Free is the rest of the block being
// filled, never empty; Fill says how much of it was filled.
type BlockFiller interface {
	BlockWriter
	Free() ([]byte, error)
	Fill(n int)
}

// NewWriter writes h as the first line to dst.
func NewWriter(dst io.Writer, h *Header) (*Writer, error) {
	w := &Writer{buf: make([]byte, 0, 512)}
	if bw, ok := dst.(BlockWriter); ok {
		w.w = bw
	} else {
		w.w = bufio.NewWriterSize(dst, 64<<10)
	}
	w.buf = appendHeader(w.buf, h)
	if err := w.line(); err != nil {
		return nil, err
	}
	return w, nil
}

func (w *Writer) line() error {
	w.buf = append(w.buf, '\n')
	_, w.err = w.w.Write(w.buf)
	w.buf = w.buf[:0]
	return w.err
}

// WriteState writes one state row.
func (w *Writer) WriteState(s *State) error {
	if w.err != nil {
		return w.err
	}
	w.buf = appendState(w.buf[:0], s)
	return w.line()
}

// WriteEvent writes one event row. An unknown kind or an enum value outside
// its set is refused with an error, and nothing is written.
func (w *Writer) WriteEvent(e *Event) error {
	if w.err != nil {
		return w.err
	}
	if err := checkEvent(e); err != nil {
		return err
	}
	w.buf = appendEvent(w.buf[:0], e)
	return w.line()
}

// writeRows writes encoded rows, newlines included.
func (w *Writer) writeRows(rows []byte) error {
	if w.err != nil {
		return w.err
	}
	_, w.err = w.w.Write(rows)
	return w.err
}

// free is room to put encoded rows in, newlines included, in place: the
// rest of the destination's block being filled where it has blocks to
// fill (BlockFiller), else a buffer of the Writer's own. fill(n) then
// writes the first n bytes of it; nothing else may be written between.
func (w *Writer) free() ([]byte, error) {
	if w.err != nil {
		return nil, w.err
	}
	if bf, ok := w.w.(BlockFiller); ok {
		b, err := bf.Free()
		w.err = err
		return b, err
	}
	if w.room == nil {
		w.room = make([]byte, 64<<10)
	}
	return w.room, nil
}

// fill writes the first n bytes of the room free returned.
func (w *Writer) fill(n int) error {
	if w.err != nil {
		return w.err
	}
	if bf, ok := w.w.(BlockFiller); ok {
		bf.Fill(n)
		return nil
	}
	_, w.err = w.w.Write(w.room[:n])
	return w.err
}

// Flush writes buffered rows to the underlying writer.
func (w *Writer) Flush() error {
	if w.err != nil {
		return w.err
	}
	w.err = w.w.Flush()
	return w.err
}

// AppendState appends the JSON of a state row (no newline) to b.
func AppendState(b []byte, s *State) []byte { return appendState(b, s) }

// AppendEvent appends the JSON of an event row (no newline) to b.
func AppendEvent(b []byte, e *Event) []byte { return appendEvent(b, e) }
