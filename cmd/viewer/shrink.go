// The shrink subcommand: delta debugging over an input's events down to the
// smallest recording that still shows a condition (engine/shrink), written
// atomically as a Recording v1.

package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"glidepath/assets"
	"glidepath/engine"
	"glidepath/engine/clientdiff"
	"glidepath/engine/clienttrace"
	"glidepath/engine/filter"
	"glidepath/engine/loader"
	"glidepath/engine/recording"
	"glidepath/engine/shrink"
	"glidepath/interp"
)

const shrinkSynopsis = "viewer shrink (-keep EXPR | -keep-divergence CLIENT_TRACE [-tol METRES]) -o SMALL.jsonl [-reading NAME] [-jobs N] [-server-port N] [-player GUID] FILE"

func runShrink(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("shrink", shrinkSynopsis, stderr)
	keepSrc := fs.String("keep", "", "the condition to keep, in the filter grammar (docs/viewer.md \"Filters\"), matched against the run's pipeline events: `EXPR` such as 'blip guid=0x80000A01 tick~30'")
	keepDiv := fs.String("keep-divergence", "", "keep instead the first divergence of the client trace `CLIENT_TRACE` from retail (viewer diff): the same object at the same tick")
	tol := fs.Float64("tol", clientdiff.DefaultTolerance, "with -keep-divergence: the largest position error, `METRES`, that is not a divergence")
	out := fs.String("o", "", "write the smallest recording found to `FILE` (Recording v1; gzip when it ends in .gz)")
	reading := fs.String("reading", interp.DefaultReadingName, "the reading every trial runs under: "+strings.Join(interp.ReadingNames(), ", ")+", optionally +OPTION...")
	jobs := fs.Int("jobs", 1, "run `N` trials at once (the result is the same for any N)")
	var cf captureFlags
	cf.add(fs)
	files, err := parseInterspersed(fs, args)
	if err != nil {
		return err
	}
	if len(files) != 1 {
		fs.Usage()
		return badInput("shrink: want one FILE (a recording, a scenario or a capture), got %d", len(files))
	}
	if (strings.TrimSpace(*keepSrc) == "") == (*keepDiv == "") {
		return badInput("shrink: name the condition the smaller recording must still show: one of -keep EXPR or -keep-divergence CLIENT_TRACE")
	}
	var expr *filter.Expr
	if *keepDiv == "" {
		if expr, err = filter.Parse(*keepSrc, filter.Kinds()); err != nil {
			return badInput("shrink: -keep: %v", err)
		}
	} else if _, err := os.Stat(*keepDiv); err != nil {
		return badInput("shrink: -keep-divergence %s: %v", *keepDiv, unwrapPath(err))
	}
	if !(*tol >= 0) {
		return badInput("shrink: -tol %v: want 0 or more metres", *tol)
	}
	if *out == "" {
		return badInput("shrink: -o FILE is needed: where the smaller recording goes")
	}
	if !strings.HasSuffix(*out, ".jsonl") && !strings.HasSuffix(*out, ".jsonl.gz") {
		return badInput("shrink: -o %s: want a recording name ending in .jsonl or .jsonl.gz", *out)
	}
	// A directory, a loop of links or the input itself is refused before
	// any trial (checkOutputs), not when the result is written.
	if err := checkOutputs("shrink", files[:1], output{"-o", *out}); err != nil {
		return err
	}
	if *jobs < 1 || *jobs > 256 {
		return badInput("shrink: -jobs %d: want 1 to 256", *jobs)
	}
	r, err := interp.ReadingByName(*reading)
	if err != nil {
		return badInput("shrink: -reading: %v", err)
	}
	copts, err := cf.options()
	if err != nil {
		return err
	}
	rec, err := readInput(files[0], loader.LoadOptions{Capture: copts})
	if err != nil {
		return err
	}
	bar := newFrameProgress(stderr, -1, "shrink trials")
	defer bar.finish()
	opts := engine.Options{Assets: assets.FS(), Reading: r}
	stop := func() error { return stopped("a shrink trial") }
	what := fmt.Sprintf("-keep %q", *keepSrc)
	var holds shrink.Holds
	if expr != nil {
		holds = shrink.Keep(expr, opts, stop)
	} else {
		var div shrink.Divergence
		holds, div, err = shrink.KeepDivergence(rec, *keepDiv, *tol, opts, stop)
		var te *clienttrace.Error
		switch {
		case errors.Is(err, shrink.ErrNotShown):
			return badInput("shrink: %s: under reading %s, %s never diverges from retail (tolerance %v m)", files[0], r.Name, *keepDiv, *tol)
		case errors.As(err, &te):
			return usageError{err}
		case err != nil:
			return err
		}
		what = "the divergence of " + *keepDiv + " for " + div.String()
		fmt.Fprintf(stderr, "shrink: keeping %s\n", what)
	}
	small, err := shrink.Shrink(rec, holds, shrink.Options{Jobs: *jobs, Trial: bar.add,
		Step: func(phase string, objects, events int) {
			fmt.Fprintf(stderr, "shrink: %s: %d objects, %d events\n", phase, objects, events)
		}})
	if errors.Is(err, shrink.ErrNotShown) {
		return badInput("shrink: %s: no pipeline event under reading %s matches -keep %q", files[0], r.Name, *keepSrc)
	}
	if err != nil {
		return err
	}
	if err := stopped("writing %s", *out); err != nil {
		return err
	}
	if err := recording.WriteFile(*out, small); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%s: %d of %d events keep %s under %s\n", *out, len(small.Events), len(rec.Events), what, r.Name)
	return nil
}
