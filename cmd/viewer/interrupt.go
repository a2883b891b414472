// Interruption: SIGINT and SIGTERM stop a long run within a second. Commands
// that loop over ticks poll stopped() once per tick and return the
// *interruptedError it gives; their deferred aborts remove partial outputs,
// and run turns the error into exit status 128 + the signal's number (130
// for SIGINT, 143 for SIGTERM). Work that does not poll — reading a large
// input, the viewer's window — is cut short by a watchdog that removes every
// pending output file itself (atomicfile.RemovePending) and exits.

package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sort"
	"strings"
	"syscall"
	"time"

	"glidepath/internal/atomicfile"
)

// stopGrace is how long after a signal the watchdog waits for the command to
// stop on its own before it exits for it.
const stopGrace = 500 * time.Millisecond

// interruptedError is a command stopped by a signal; what says what it was
// doing ("tick 1200 of 5000 of run").
type interruptedError struct {
	sig  syscall.Signal
	what string
}

func (e *interruptedError) Error() string {
	if e.what == "" {
		return "interrupted by " + signalName(e.sig)
	}
	return fmt.Sprintf("interrupted by %s at %s", signalName(e.sig), e.what)
}

// exitCode is the shell's convention for a death by signal.
func (e *interruptedError) exitCode() int { return 128 + int(e.sig) }

func signalName(s syscall.Signal) string {
	switch s {
	case syscall.SIGINT:
		return "SIGINT"
	case syscall.SIGTERM:
		return "SIGTERM"
	}
	return s.String()
}

// stopCtx is cancelled, with an *interruptedError as its cause, when a signal
// arrives. main installs it (watchSignals); under tests it never fires.
var stopCtx = context.Background()

// stopped returns nil while the command may go on, or the *interruptedError
// of the signal that stopped it, saying what was interrupted.
func stopped(format string, args ...any) error {
	if stopCtx.Err() == nil {
		return nil
	}
	ie, ok := context.Cause(stopCtx).(*interruptedError)
	if !ok {
		return context.Cause(stopCtx)
	}
	return &interruptedError{sig: ie.sig, what: fmt.Sprintf(format, args...)}
}

// watchSignals makes SIGINT and SIGTERM cancel stopCtx. If the command has
// not returned stopGrace later (or a second signal comes), it removes the
// pending output files, says what was interrupted and exits with 128 + the
// signal. args are the command line, for the message.
func watchSignals(stderr io.Writer, args []string) {
	ctx, cancel := context.WithCancelCause(context.Background())
	stopCtx = ctx
	ch := make(chan os.Signal, 2)
	signal.Notify(ch, syscall.SIGINT, syscall.SIGTERM)
	go func() {
		s := (<-ch).(syscall.Signal)
		ie := &interruptedError{sig: s}
		cancel(ie)
		select {
		case <-ch:
		case <-time.After(stopGrace):
		}
		fmt.Fprintf(stderr, "viewer: %v while %s%s\n", ie, doing(args), removedNote(atomicfile.RemovePending()))
		os.Exit(ie.exitCode())
	}()
}

// removedNote tells which partial outputs were removed.
func removedNote(targets []string) string {
	if len(targets) == 0 {
		return ""
	}
	sort.Strings(targets)
	return "; removed the partial output " + strings.Join(targets, ", ")
}

// doing names the subcommand a command line runs, for the watchdog's message.
func doing(args []string) string {
	if len(args) > 0 {
		for _, c := range commands()[1:] {
			if args[0] == c.name {
				return "running viewer " + c.name
			}
		}
	}
	return "running the viewer"
}
