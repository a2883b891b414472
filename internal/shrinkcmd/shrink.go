// Package shrinkcmd is the work of viewer shrink: an input delta-debugged
// (engine/shrink) down to the fewest events that still show a condition —
// a -keep filter expression matched by a pipeline event, or a client
// trace's first divergence from retail — and the result written as a
// recording.
package shrinkcmd

import (
	"errors"
	"fmt"
	"io"

	"glidepath/engine/loader"

	"glidepath/assets"
	"glidepath/engine"
	"glidepath/engine/capture"
	"glidepath/engine/clienttrace"
	"glidepath/engine/filter"
	"glidepath/engine/recording"
	"glidepath/engine/shrink"
	"glidepath/internal/cli"
	"glidepath/internal/cmdinput"
	"glidepath/internal/plural"
	"glidepath/interp"
)

// Options are the condition a shrink keeps — the -keep expression
// (Keep as given, Expr parsed) or the first divergence of the client trace
// KeepDivergence within Tol metres — the reading every trial runs under,
// the trials run at once (Jobs), where the result goes (Out) and how a
// capture input is read.
type Options struct {
	Keep           string
	Expr           *filter.Expr
	KeepDivergence string
	Tol            float64
	Out            string
	Reading        interp.Reading
	Jobs           int
	Capture        capture.Options
}

// Run shrinks the input file to the fewest events that still
// show the condition o names and writes them to o.Out.
func Run(file string, o Options, stdout, stderr io.Writer) error {
	rec, err := cmdinput.ReadInput(file, loader.LoadOptions{Capture: o.Capture})
	if err != nil {
		return err
	}
	bar := cli.NewFrameProgress(stderr, -1, "shrink trials")
	defer bar.Finish()
	opts := engine.Options{Assets: assets.FS(), Reading: o.Reading}
	stop := func() error { return cli.Stopped("a shrink trial") }
	what := fmt.Sprintf("-keep %q", o.Keep)
	var holds shrink.Holds
	if o.Expr != nil {
		holds = shrink.Keep(o.Expr, opts, stop)
	} else {
		var div shrink.Divergence
		holds, div, err = shrink.KeepDivergence(rec, o.KeepDivergence, o.Tol, opts, stop)
		var te *clienttrace.Error
		switch {
		case errors.Is(err, shrink.ErrNotShown):
			return cli.BadInput("shrink: %s: under reading %s, %s never diverges from retail (tolerance %v m)", file, o.Reading.Name, o.KeepDivergence, o.Tol)
		case errors.As(err, &te):
			return cli.UsageError{Err: err}
		case err != nil:
			return err
		}
		what = "the divergence of " + o.KeepDivergence + " for " + div.String()
		fmt.Fprintf(stderr, "shrink: keeping %s\n", what)
	}
	small, err := shrink.Shrink(rec, holds, shrink.Options{Jobs: o.Jobs, Trial: bar.Add,
		Step: func(phase string, objects, events int) {
			fmt.Fprintf(stderr, "shrink: %s: %s, %s\n", phase, plural.Count(objects, "object"), plural.Count(events, "event"))
		}})
	if errors.Is(err, shrink.ErrNotShown) {
		return cli.BadInput("shrink: %s: no pipeline event under reading %s matches -keep %q", file, o.Reading.Name, o.Keep)
	}
	if err != nil {
		return err
	}
	if err := cli.Stopped("writing %s", o.Out); err != nil {
		return err
	}
	if err := warnFloor(rec, opts, stderr); err != nil {
		return err
	}
	if err := recording.WriteFile(o.Out, small); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%s: %d of %s keep %s under %s\n", o.Out, len(small.Events), plural.Count(len(rec.Events), "event"), what, o.Reading.Name)
	return nil
}

// warnFloor says the ground the input's run stands on without dat files
// (cmdinput.WarnFloor), as viewer run says it: the trials run copies of the
// input, so the input is run once more, whole, when it has such a floor (a
// capture's, "floor": "server").
func warnFloor(rec *recording.Recording, opts engine.Options, stderr io.Writer) error {
	if !rec.Header.Terrain.ServerFloor {
		return nil
	}
	s, err := engine.New(rec, opts)
	if err != nil {
		return cli.UsageError{Err: err}
	}
	for !s.Done() {
		s.Step()
	}
	if err := s.Err(); err != nil {
		return cli.UsageError{Err: err}
	}
	cmdinput.WarnFloor(stderr, s)
	return nil
}
