// The run loop of the headless runner: stepping to the last tick and writing
// the trace, with a signal checked once per tick (internal/cli; while a
// trace is written, once per run of batchTicks ticks) and the trace written
// atomically (internal/atomicfile) — an interrupted or failed run leaves no
// partial trace at the target, only the message saying so.

package runcmd

import (
	"io"
	"path/filepath"
	"runtime"

	"glidepath/engine"
	"glidepath/engine/trace"
	"glidepath/internal/atomicfile"
	"glidepath/internal/cli"
	"glidepath/internal/cmdinput"
)

// stepper is what RunTicks drives: a Sim or a Compare, streamed or not.
type stepper interface {
	Tick() int
	Done() bool
	Step()
	Err() error
}

// RunTicks steps s until it is done, stopping at a signal. A problem the
// input stream reached is bad input (exit 2).
func RunTicks(s stepper) error {
	return runTicksShown(s, &cli.TickProgress{})
}

// runTicksShown is RunTicks telling shown each step's tick.
func runTicksShown(s stepper, shown *cli.TickProgress) error {
	for !s.Done() {
		if err := cli.Stopped("tick %d", s.Tick()); err != nil {
			return err
		}
		s.Step()
		shown.At(s.Tick())
	}
	if err := s.Err(); err != nil {
		return cli.UsageError{Err: err}
	}
	return nil
}

// WriteTrace runs s to its last tick writing its trace to path ("-" is
// stdout). A file is published only when the whole trace was written;
// failing to create or write it is a failure of the environment (exit 1).
func WriteTrace(s *engine.Sim, path, input string, stdout io.Writer) error {
	return writeTrace(s, path, input, stdout, &cli.TickProgress{})
}

// writeTrace is WriteTrace telling shown each run of ticks stepped.
func writeTrace(s *engine.Sim, path, input string, stdout io.Writer, shown *cli.TickProgress) error {
	if path == "-" {
		return traceTicks(stdout, s, input, "", shown)
	}
	f, err := atomicfile.Create(path)
	if err != nil {
		return err
	}
	defer f.Abort()
	// Gigabytes of rows: written in big blocks beside the run, past the
	// page cache where the file system allows (atomicfile.Stream).
	if err := traceTicks(f.Stream(), s, input, path, shown); err != nil {
		return err
	}
	return f.Commit()
}

// traceProcs gives the process one processor (GOMAXPROCS) more than it
// has, for the writing of a trace, and returns what gives it back. The
// trace's blocks go to the disk from a goroutine that waits in the kernel
// for each, milliseconds at a time (atomicfile.Stream); Go lends a waiting
// thread's processor to other goroutines only once its monitor has seen
// the wait twice, and that monitor sleeps up to 10 ms between looks, so a
// thread writing 4 MiB blocks kept its processor for most of each write:
// on two cores the chunks stepped on one for most of the run
// (docs/benchmarks.md, "The trace"). The processor more
// has no core of its own: Run counts it in Options.BusyCores, so the runs
// of ticks step on as many chunks' cores as before.
func traceProcs() (restore func()) {
	prev := runtime.GOMAXPROCS(0)
	runtime.GOMAXPROCS(prev + 1)
	return func() { runtime.GOMAXPROCS(prev) }
}

// traceTicks writes s's trace from its current tick until it is done (the
// last tick of a streamed run is known only at the stream's end). out names
// the file for the message of an interruption ("" for stdout). A problem
// the input stream reached is bad input (exit 2), and the rows before it are
// not published. shown is told each run of ticks stepped.
func traceTicks(w io.Writer, s *engine.Sim, input, out string, shown *cli.TickProgress) error {
	tw, err := trace.NewRunWriter(w, s.Query(), cmdinput.TraceInputName(input))
	if err != nil {
		return err
	}
	if err := tw.WriteTick(); err != nil {
		return err
	}
	for {
		if s.Done() {
			if err := s.Err(); err != nil {
				return cli.UsageError{Err: err}
			}
			return tw.Flush()
		}
		if err := cli.Stopped("tick %d%s", s.Tick(), partialNote(out)); err != nil {
			return err
		}
		// Runs of ticks, their rows encoded per chunk of objects as the
		// chunks step (engine.Sim.AdvanceTrace).
		if err := s.AdvanceTrace(traceTicksAtOnce, tw); err != nil {
			return err
		}
		shown.At(s.Tick())
		if err := s.Err(); err != nil {
			return cli.UsageError{Err: err}
		}
	}
}

// traceTicksAtOnce is how many ticks traceTicks has the Sim step between
// two looks at an interruption: several runs of ticks, each run's rows
// written while the next one steps (engine.Sim.AdvanceTrace).
const traceTicksAtOnce = 16 * batchTicks

// partialNote says that the partial trace was not left behind.
func partialNote(out string) string {
	if out == "" {
		return ""
	}
	return "; the partial trace was removed and " + filepath.Base(out) + " left as it was"
}
