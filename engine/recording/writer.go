// Writer: writes a recording (JSON Lines, gzip when the name ends in .gz)
// that the Reader accepts. Each line is checked with the reader's own rules
// before it is written, so a bad event is refused with the error the reader
// would give, and nothing of it reaches the output.

package recording

import (
	"bufio"
	"compress/gzip"
	"io"
	"strings"

	"glidepath/internal/atomicfile"
)

// Writer writes a header, then events.
type Writer struct {
	w       *bufio.Writer
	closers []io.Closer
	check   checker
	buf     []byte
	line    int
	err     error
	// file is the output of Create, published by Close.
	file *atomicfile.File
}

// NewWriter checks h and writes it as the first line to dst, uncompressed.
// name is used in error messages.
func NewWriter(name string, dst io.Writer, h *Header) (*Writer, error) {
	w := &Writer{w: bufio.NewWriterSize(dst, 64<<10)}
	w.check.dec.file = name
	w.buf = appendHeader(w.buf[:0], h)
	if _, err := w.check.header(w.buf); err != nil {
		return nil, err
	}
	w.line = 1
	w.buf = append(w.buf, '\n')
	if _, err := w.w.Write(w.buf); err != nil {
		return nil, err
	}
	return w, nil
}

// Create creates the file at path (gzip-compressed when the name ends in
// ".gz") and writes the header. Close the Writer to finish the file. The
// file is written atomically (package atomicfile): it appears at path only
// when Close succeeds; a write error, or Abort, leaves path untouched.
func Create(path string, h *Header) (*Writer, error) {
	f, err := atomicfile.Create(path)
	if err != nil {
		return nil, err
	}
	var dst io.Writer = f
	var zw *gzip.Writer
	if strings.HasSuffix(path, ".gz") {
		zw = gzip.NewWriter(f)
		dst = zw
	}
	w, err := NewWriter(path, dst, h)
	if err != nil {
		f.Abort()
		return nil, err
	}
	if zw != nil {
		w.closers = append(w.closers, zw)
	}
	w.file = f
	return w, nil
}

// Write checks ev against the rules (values, t order, guid existence) and
// writes it. ev.Line is ignored. A refused event returns an *Error for the
// line it would have been written on and leaves the Writer usable.
func (w *Writer) Write(ev *Event) error {
	if w.err != nil {
		return w.err
	}
	w.buf = appendEvent(w.buf[:0], ev)
	checked, unknown, err := w.check.event(w.buf, w.line+1)
	if err != nil {
		return err
	}
	if checked.Kind == 0 {
		return &Error{File: w.check.dec.file, Line: w.line + 1, Field: "type", Problem: "unknown event type " + unknown}
	}
	w.line++
	w.buf = append(w.buf, '\n')
	if _, err := w.w.Write(w.buf); err != nil {
		w.err = err
		return err
	}
	return nil
}

// Flush writes buffered lines to the underlying writer.
func (w *Writer) Flush() error {
	if w.err != nil {
		return w.err
	}
	w.err = w.w.Flush()
	return w.err
}

// Close flushes and, for Create, finishes the gzip stream and publishes the
// file (or removes it, when anything failed). It does not close a writer
// given to NewWriter.
func (w *Writer) Close() error {
	err := w.Flush()
	for _, c := range w.closers {
		if cerr := c.Close(); cerr != nil && err == nil {
			err = cerr
		}
	}
	w.closers = nil
	if f := w.file; f != nil {
		w.file = nil
		if err != nil {
			f.Abort()
			return err
		}
		return f.Commit()
	}
	return err
}

// Abort throws away a file made by Create: the path is left as it was.
func (w *Writer) Abort() {
	if w.file != nil {
		w.file.Abort()
		w.file = nil
	}
	w.closers = nil
}

// Write writes a whole recording to dst, uncompressed, naming it name in
// errors.
func Write(name string, dst io.Writer, rec *Recording) error {
	w, err := NewWriter(name, dst, &rec.Header)
	if err != nil {
		return err
	}
	for i := range rec.Events {
		if err := w.Write(&rec.Events[i]); err != nil {
			return err
		}
	}
	return w.Flush()
}

// WriteFile writes a whole recording to path (gzip when it ends in ".gz").
func WriteFile(path string, rec *Recording) error {
	w, err := Create(path, &rec.Header)
	if err != nil {
		return err
	}
	for i := range rec.Events {
		if err := w.Write(&rec.Events[i]); err != nil {
			w.Abort()
			return err
		}
	}
	return w.Close()
}
