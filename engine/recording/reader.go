// Reader: streams a recording (JSON Lines, gzip-compressed when the name
// ends in .gz), checking every rule of Recording v1 and reporting the first
// problem as FILE:LINE: FIELD: problem.

package recording

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	gzip "github.com/klauspost/compress/gzip"
	"io"
	"strings"

	"glidepath/internal/inputfile"
)

// MaxLineLength bounds one line of a recording (bytes).
const MaxLineLength = 4 << 20

// maxSkippedTypes bounds how many distinct unknown type names are kept.
const maxSkippedTypes = 64

// Reader reads a recording's events one at a time. The header is read and
// checked when the Reader is made.
type Reader struct {
	name    string
	br      *bufio.Reader
	closers []io.Closer
	check   checker
	header  Header
	line    int
	err     error
	lineBuf []byte

	skipped      int
	skippedTypes []string
	skippedLine  int
}

// Open opens the recording at path ("-" is standard input; a FIFO is read
// as a stream), gzip-decompressing it when it starts with gzip's magic
// number or its name ends in ".gz", and reads its header. Errors name the
// file as path; a file that cannot be opened gives the *os.PathError.
func Open(path string) (*Reader, error) {
	f, err := inputfile.Open(path)
	if err != nil {
		return nil, err
	}
	return OpenStream(path, f)
}

// OpenStream reads a recording from rc as NewReader does and closes rc
// when the Reader is closed (or at once, on an error).
func OpenStream(name string, rc io.ReadCloser) (*Reader, error) {
	r, err := NewReader(name, rc)
	if err != nil {
		rc.Close()
		return nil, err
	}
	r.closers = append(r.closers, rc)
	return r, nil
}

// NewReader reads a recording from src, gzip-decompressing it when it
// starts with gzip's magic number (peeked, so a pipe is read once) or name
// ends in ".gz", and reads its header. name is otherwise only used in error
// messages.
func NewReader(name string, src io.Reader) (*Reader, error) {
	r := &Reader{name: name}
	r.check.dec.file = name
	_, followed := src.(*Tail)
	peek := bufio.NewReaderSize(src, 64<<10)
	src = peek
	if strings.HasSuffix(name, ".gz") || inputfile.IsGzip(peek) {
		zr, err := gzip.NewReader(src)
		if errors.Is(err, io.EOF) {
			return nil, r.missingHeader("the file is empty")
		}
		if err != nil {
			return nil, &Error{File: name, Line: 1, Field: "read", Problem: inputfile.ReadProblem(err), Err: err}
		}
		src = zr
		if !followed { // a followed file's reads wait: not read ahead
			ra := newReadAhead(zr)
			r.closers = append(r.closers, ra) // stops reading zr before zr closes
			src = ra
		}
		r.closers = append(r.closers, zr)
	}
	r.br = bufio.NewReaderSize(src, 64<<10)
	if err := r.readHeader(); err != nil {
		r.Close()
		return nil, err
	}
	return r, nil
}

func (r *Reader) missingHeader(why string) *Error {
	return &Error{File: r.name, Line: 1, Field: "header", Problem: "missing: " + why}
}

var utf8BOM = []byte("\xEF\xBB\xBF")

func (r *Reader) readHeader() error {
	line, err := r.readLine()
	r.line = 1
	switch {
	case err == io.EOF:
		return r.missingHeader("the file is empty")
	case err != nil:
		return r.readError(err)
	}
	line = bytes.TrimPrefix(line, utf8BOM)
	if isBlank(line) {
		return r.missingHeader("line 1 is blank")
	}
	h, err := r.check.header(line)
	if err != nil {
		return err
	}
	r.header = h
	return nil
}

// Name is the name the reader reports in errors.
func (r *Reader) Name() string { return r.name }

// Header is the recording's header. Its Entities slice is shared with the
// Reader; treat it as read-only.
func (r *Reader) Header() Header { return r.header }

// Next returns the next event, skipping blank lines and events of unknown
// types. At the end it returns io.EOF; on a problem it returns an *Error
// (or the underlying read error wrapped in one), and keeps returning it.
func (r *Reader) Next() (Event, error) {
	if r.err != nil {
		return Event{}, r.err
	}
	for {
		line, err := r.readLine()
		if err == io.EOF {
			r.err = io.EOF
			return Event{}, io.EOF
		}
		r.line++
		if err != nil {
			r.err = r.readError(err)
			return Event{}, r.err
		}
		if isBlank(line) {
			continue
		}
		ev, unknown, err := r.check.event(line, r.line)
		if err != nil {
			r.err = err
			return Event{}, err
		}
		if ev.Kind == 0 {
			r.skip(unknown)
			continue
		}
		return ev, nil
	}
}

func (r *Reader) skip(typeName string) {
	r.skipped++
	if r.skippedLine == 0 {
		r.skippedLine = r.line
	}
	for _, t := range r.skippedTypes {
		if t == typeName {
			return
		}
	}
	if len(r.skippedTypes) < maxSkippedTypes {
		r.skippedTypes = append(r.skippedTypes, typeName)
	}
}

// Skipped is how many events of unknown types were skipped so far; the
// caller may print it as a warning.
func (r *Reader) Skipped() int { return r.skipped }

// SkippedLine is the line of the first event of an unknown type skipped (0:
// none).
func (r *Reader) SkippedLine() int { return r.skippedLine }

// SkippedTypes are the distinct unknown type names skipped so far, in the
// order first seen (at most 64).
func (r *Reader) SkippedTypes() []string { return r.skippedTypes }

// Close releases the decompressor and, for Open, the file.
func (r *Reader) Close() error {
	var first error
	for _, c := range r.closers {
		if err := c.Close(); err != nil && first == nil {
			first = err
		}
	}
	r.closers = nil
	return first
}

var errLineTooLong = fmt.Errorf("line longer than %d bytes", MaxLineLength)

func (r *Reader) readError(err error) *Error {
	line := r.line
	if line == 0 {
		line = 1
	}
	if errors.Is(err, errLineTooLong) {
		return &Error{File: r.name, Line: line, Field: "json", Problem: err.Error()}
	}
	return &Error{File: r.name, Line: line, Field: "read", Problem: inputfile.ReadProblem(err), Err: err}
}

// readLine returns the next line, without copying when it fits the buffer.
// The result is valid until the next call.
func (r *Reader) readLine() ([]byte, error) {
	r.lineBuf = r.lineBuf[:0]
	for {
		chunk, err := r.br.ReadSlice('\n')
		if err == bufio.ErrBufferFull {
			r.lineBuf = append(r.lineBuf, chunk...)
			if len(r.lineBuf) > MaxLineLength {
				return nil, errLineTooLong
			}
			continue
		}
		if len(r.lineBuf) > 0 {
			r.lineBuf = append(r.lineBuf, chunk...)
			chunk = r.lineBuf
		}
		switch {
		case err == io.EOF && len(chunk) == 0:
			return nil, io.EOF
		case err != nil && err != io.EOF:
			return nil, err
		case len(chunk) > MaxLineLength:
			return nil, errLineTooLong
		}
		return chunk, nil
	}
}

func isBlank(line []byte) bool {
	return skipSpace(line, 0) == len(line)
}

// Recording is a whole recording in memory.
type Recording struct {
	// Name is the file name the recording was read from.
	Name   string
	Header Header
	Events []Event
	// Skipped counts events of unknown types that were skipped, and
	// SkippedTypes names their types (see Reader.Skipped).
	Skipped      int
	SkippedTypes []string
	// SkippedLine is the line of the first skipped event (0: none).
	SkippedLine int
}

// ReadFile reads the whole recording at path (gzip when it ends in ".gz").
func ReadFile(path string) (*Recording, error) {
	r, err := Open(path)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	return readAll(r)
}

// Read reads a whole recording from src; name decides gzip (".gz") and
// names the file in errors.
func Read(name string, src io.Reader) (*Recording, error) {
	r, err := NewReader(name, src)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	return readAll(r)
}

func readAll(r *Reader) (*Recording, error) {
	rec := &Recording{Name: r.name, Header: r.header}
	for {
		ev, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		rec.Events = append(rec.Events, ev)
	}
	rec.Skipped, rec.SkippedTypes, rec.SkippedLine = r.skipped, r.skippedTypes, r.skippedLine
	return rec, nil
}
