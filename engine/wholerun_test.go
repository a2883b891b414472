// Test helpers: a whole run written as a trace, and readings side by side
// over a loaded recording, as the tests compare them; the commands drive
// trace.RunWriter and NewCompareStore/NewCompareStream themselves.

package engine

import (
	"io"

	"glidepath/engine/recording"
	"glidepath/engine/trace"
	"glidepath/interp"
)

// writeTrace writes s from its current tick through tick last (stepping it)
// as a whole trace.
func writeTrace(dst io.Writer, s *Sim, input string, last int) error {
	tw, err := trace.NewRunWriter(dst, s.Query(), input)
	if err != nil {
		return err
	}
	if err := tw.WriteTick(); err != nil {
		return err
	}
	for s.Tick() < last {
		s.Step()
		if err := tw.WriteTick(); err != nil {
			return err
		}
	}
	return tw.Flush()
}

// writeRun writes s from its current tick until it is Done (Sim.Done) as a
// whole trace — the way to trace a streamed Sim, whose last tick is known
// only at the stream's end. A problem the stream reached (Sim.Err) is
// returned after the rows of the ticks before it were written.
func writeRun(dst io.Writer, s *Sim, input string) error {
	tw, err := trace.NewRunWriter(dst, s.Query(), input)
	if err != nil {
		return err
	}
	if err := tw.WriteTick(); err != nil {
		return err
	}
	for !s.Done() {
		s.Step()
		if err := s.Err(); err != nil {
			return err
		}
		if err := tw.WriteTick(); err != nil {
			return err
		}
	}
	return tw.Flush()
}

// compareOf makes one Sim of rec per reading, each with opts but its own
// reading. Reading names must be distinct.
func compareOf(rec *recording.Recording, readings []interp.Reading, opts Options) (*Compare, error) {
	return newCompare(readings, opts, func(_ int, o Options) (*Sim, error) { return New(rec, o) })
}
