// Errors: every problem with a scenario, syntax or meaning, reported as
// FILE:LINE:COLUMN: field: problem so an editor can jump to it.

package scenario

import "fmt"

// Error is a problem with a scenario file. Line and Column are 1-based and
// point at the offending value (or at the mapping that lacks a required
// field). Field is the path of the field, such as "remotes[1].script[3].walk_to";
// "yaml" names a syntax error.
type Error struct {
	File    string
	Line    int
	Column  int
	Field   string
	Problem string
}

func (e *Error) Error() string {
	if e.Field == "" {
		return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Column, e.Problem)
	}
	return fmt.Sprintf("%s:%d:%d: %s: %s", e.File, e.Line, e.Column, e.Field, e.Problem)
}

// loc is where a value was written: its line, column and field path. The
// compiler keeps one with every remote and action so that a problem found
// while running the script (leaving the map, too many steps) still names the
// line that caused it.
type loc struct {
	line, col int
	field     string
}

// errorf builds an *Error at l.
func (l loc) errorf(file, format string, args ...any) *Error {
	return &Error{File: file, Line: l.line, Column: l.col, Field: l.field, Problem: fmt.Sprintf(format, args...)}
}
