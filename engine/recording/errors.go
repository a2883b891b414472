// Errors: the typed error every reader and writer problem is reported as,
// "FILE:LINE: FIELD: problem" (Recording v1, "Encoding").

package recording

import "fmt"

// Error is a problem with one line of a recording. Field is the path of the
// offending field, such as "position.origin" or "entities[2].guid"; event
// fields are prefixed with the event type. Two pseudo-fields name problems
// that are not about one field: "json" (the line is not valid JSON) and
// "read" (the bytes could not be read, for example a broken gzip stream;
// Err then holds the cause).
type Error struct {
	File    string
	Line    int
	Field   string
	Problem string
	Err     error
}

func (e *Error) Error() string {
	return fmt.Sprintf("%s:%d: %s: %s", e.File, e.Line, e.Field, e.Problem)
}

// Unwrap returns the underlying I/O error, if any.
func (e *Error) Unwrap() error { return e.Err }
