// Interruption: SIGINT and SIGTERM stop a long run within a second. Commands
// that loop over ticks poll Stopped() once per tick and return the
// *InterruptedError it gives; their deferred aborts remove partial outputs,
// and run turns the error into exit status 128 + the signal's number (130
// for SIGINT, 143 for SIGTERM). Work that does not poll — reading a large
// input, the viewer's window — is cut short by a watchdog that removes every
// pending output file itself (atomicfile.RemovePending) and exits.

package cli

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

// InterruptedError is a command stopped by a signal; what says what it was
// doing ("tick 1200 of 5000 of run").
type InterruptedError struct {
	Sig  syscall.Signal
	What string
}

func (e *InterruptedError) Error() string {
	if e.What == "" {
		return "interrupted by " + signalName(e.Sig)
	}
	return fmt.Sprintf("interrupted by %s at %s", signalName(e.Sig), e.What)
}

// ExitCode is the shell's convention for a death by signal.
func (e *InterruptedError) ExitCode() int { return 128 + int(e.Sig) }

func signalName(s syscall.Signal) string {
	switch s {
	case syscall.SIGINT:
		return "SIGINT"
	case syscall.SIGTERM:
		return "SIGTERM"
	}
	return s.String()
}

// StopCtx is cancelled, with an *InterruptedError as its cause, when a signal
// arrives. main installs it (WatchSignals); under tests it never fires.
var StopCtx = context.Background()

// Stopped returns nil while the command may go on, or the *InterruptedError
// of the signal that stopped it, saying what was interrupted.
func Stopped(format string, args ...any) error {
	if StopCtx.Err() == nil {
		return nil
	}
	ie, ok := context.Cause(StopCtx).(*InterruptedError)
	if !ok {
		return context.Cause(StopCtx)
	}
	return &InterruptedError{Sig: ie.Sig, What: fmt.Sprintf(format, args...)}
}

// WatchSignals makes SIGINT and SIGTERM cancel StopCtx. If the command has
// not returned stopGrace later (or a second signal comes), it removes the
// pending output files, says what was interrupted and exits with 128 + the
// signal. doing says what was running ("running viewer run"), for the
// message.
func WatchSignals(stderr io.Writer, doing string) {
	ctx, cancel := context.WithCancelCause(context.Background())
	StopCtx = ctx
	ch := make(chan os.Signal, 2)
	signal.Notify(ch, syscall.SIGINT, syscall.SIGTERM)
	go func() {
		s := (<-ch).(syscall.Signal)
		ie := &InterruptedError{Sig: s}
		cancel(ie)
		select {
		case <-ch:
		case <-time.After(stopGrace):
		}
		fmt.Fprintf(stderr, "viewer: %v while %s%s\n", ie, doing, RemovedNote(atomicfile.RemovePending()))
		os.Exit(ie.ExitCode())
	}()
}

// RemovedNote tells which partial outputs were removed.
func RemovedNote(targets []string) string {
	if len(targets) == 0 {
		return ""
	}
	sort.Strings(targets)
	return "; removed the partial output " + strings.Join(targets, ", ")
}
