// Package cli holds what every viewer subcommand shares and none draws:
// the exit-status errors, the interruption by SIGINT or SIGTERM, outputs
// written whole or not at all, the checks on outputs and flags, and the
// progress bar. cmd/viewer maps its errors to exit statuses.
package cli

import (
	"fmt"
	"strconv"
)

// Exit statuses: the one rule every subcommand keeps (cmd/viewer's
// exitRule says it to the user; its exit_test.go holds every subcommand to
// it).
const (
	ExitOK = 0
	// ExitFailure: the environment failed — reading or writing a file the
	// command line named correctly (permissions, a missing directory, a full
	// disk), or memory ran out.
	ExitFailure = 1
	// ExitUsage: bad input or usage — flags, flag values that name nothing
	// in the input, empty lists, out-of-range ticks, a malformed or
	// over-limit input file, an input file that does not exist.
	ExitUsage = 2
)

// UsageError marks an error caused by the command line or the input files;
// it makes the process exit with status 2.
type UsageError struct{ Err error }

func (e UsageError) Error() string { return e.Err.Error() }
func (e UsageError) Unwrap() error { return e.Err }

// StatusError ends the command with an exit status and no message (the
// command has already said what it found): `diff`'s 1 for "differs".
type StatusError struct{ Code int }

func (e StatusError) Error() string { return "exit status " + strconv.Itoa(e.Code) }

// BadInput is a UsageError with a formatted message.
func BadInput(format string, args ...any) error {
	return UsageError{Err: fmt.Errorf(format, args...)}
}
