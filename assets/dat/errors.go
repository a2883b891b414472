// Errors: every failure names the file, the entry (when there is one) and
// the field, e.g. "client_cell_1.dat: entry 0xA9B4FFFF: heights: entry is
// 200 bytes, want 252".

package dat

import (
	"errors"
	"fmt"
)

// ErrNotFound is wrapped by the error Get and the typed parsers return for
// an id the file does not hold (errors.Is(err, ErrNotFound)).
var ErrNotFound = errors.New("not in the file")

// ErrClosed is wrapped by the error a File's reads return once it is
// closed (errors.Is(err, ErrClosed)).
var ErrClosed = errors.New("file is closed")

// Error is a failure reading a dat file.
type Error struct {
	// File is the dat file's base name.
	File string
	// ID is the entry id; HasID is false for the header and the B-tree.
	ID    uint32
	HasID bool
	// Field names what was being read ("heights", "b-tree node at 0x1000",
	// "frames[3].hooks[0]"); Offset is the byte within the entry (or the
	// file, without an entry), or -1.
	Field  string
	Offset int64
	Err    error
}

func (e *Error) Error() string {
	s := e.File + ": "
	if e.HasID {
		s += fmt.Sprintf("entry 0x%08X: ", e.ID)
	}
	if e.Field != "" {
		s += e.Field
		if e.Offset >= 0 {
			s += fmt.Sprintf(" at byte %d", e.Offset)
		}
		s += ": "
	}
	return s + e.Err.Error()
}

func (e *Error) Unwrap() error { return e.Err }

// fieldError is a parser's failure before the file and entry are known:
// the Dats wraps it into an *Error.
type fieldError struct {
	field  string
	offset int64
	err    error
}

func (e *fieldError) Error() string {
	if e.offset >= 0 {
		return fmt.Sprintf("%s at byte %d: %v", e.field, e.offset, e.err)
	}
	return e.field + ": " + e.err.Error()
}

func (e *fieldError) Unwrap() error { return e.err }

// entryError wraps a parser's error with the file and entry.
func entryError(file string, id uint32, err error) error {
	if err == nil {
		return nil
	}
	var de *Error
	if errors.As(err, &de) {
		return err
	}
	var fe *fieldError
	if errors.As(err, &fe) {
		return &Error{File: file, ID: id, HasID: true, Field: fe.field, Offset: fe.offset, Err: fe.err}
	}
	return &Error{File: file, ID: id, HasID: true, Offset: -1, Err: err}
}
