// The diff subcommand: run INPUT under a reading and compare it, tick by
// tick and object by object, with the client's own trace (Client trace v1,
// docs/formats.md); print each object's error and first divergence with
// what retail did there and why. Exit 0 when nothing diverged, 1 when
// something did, 2 on bad input — like diff(1).

package main

import (
	"encoding/json"
	"errors"
	"io"
	"os"
	"strings"

	"glidepath/assets"
	"glidepath/engine"
	"glidepath/engine/clientdiff"
	"glidepath/engine/clienttrace"
	"glidepath/engine/loader"
	"glidepath/engine/recording"
	"glidepath/interp"
)

const diffSynopsis = "viewer diff [-reading R] [-tol METRES] [-json] [-context N] [-strict-objects] [-server-port N] [-player GUID] [-states FILE] [-events FILE] [-metrics FILE] [-dat DIR] INPUT CLIENT_TRACE\n       viewer diff -vs [-tol METRES] [-json] [-context N] [-strict-objects] TRACE_A TRACE_B"

func runDiff(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("diff", diffSynopsis, stderr)
	reading := fs.String("reading", interp.DefaultReadingName, "the reading to run: "+strings.Join(interp.ReadingNames(), ", ")+", optionally +OPTION... ("+strings.Join(interp.ReadingOptionNames(), ", ")+"; docs/readings.md)")
	tol := fs.Float64("tol", clientdiff.DefaultTolerance, "the largest position error, `METRES`, that is not a divergence")
	asJSON := fs.Bool("json", false, "print the comparison as JSON")
	context := fs.Int("context", 5, "show `N` ticks before each first divergence")
	strict := fs.Bool("strict-objects", false, "count a client object the run never has as a divergence (exit 1); without it such objects are only listed")
	var cf captureFlags
	cf.add(fs)
	var tabs tableOptions
	tabs.addFlags(fs)
	var df datFlags
	df.add(fs)
	vs := fs.Bool("vs", false, "compare TRACE_B with TRACE_A (two client traces or Glidepath traces) instead of INPUT's run with CLIENT_TRACE")
	files, err := parseInterspersed(fs, args)
	if err != nil {
		return err
	}
	if *vs {
		if !(*tol >= 0) {
			return badInput("diff: -tol %v: want a distance of 0 m or more", *tol)
		}
		if *context < 0 || *context > 1000 {
			return badInput("diff: -context %d: want 0 to 1000 ticks", *context)
		}
		return runVersus(fs, files, clientdiff.Options{Tolerance: *tol, Context: *context, StrictObjects: *strict}, *asJSON, stdout)
	}
	world, err := df.open(stderr, true)
	if err != nil {
		return err
	}
	if len(files) != 2 {
		fs.Usage()
		return badInput("diff: want INPUT (a recording or scenario) and CLIENT_TRACE, got %d files", len(files))
	}
	if !(*tol >= 0) {
		return badInput("diff: -tol %v: want a distance of 0 m or more", *tol)
	}
	if *context < 0 || *context > 1000 {
		return badInput("diff: -context %d: want 0 to 1000 ticks", *context)
	}
	rs, err := interp.ReadingChoice{Reading: *reading}.Resolve()
	if err != nil {
		return badInput("diff: %v", err)
	}
	r := rs[0]
	if err := tabs.check("diff", files); err != nil {
		return err
	}
	copts, err := cf.options()
	if err != nil {
		return err
	}
	input := newRereadable(files[0], loader.LoadOptions{Capture: copts})
	defer input.close()
	src, _, err := input.open()
	if err != nil {
		return err
	}
	defer src.Close()
	cmp := clientdiff.NewComparer(clientdiff.Options{Tolerance: *tol, Context: *context,
		Input: namedInput(files[0]), StrictObjects: *strict})
	cmp.Interrupt = func(tick int) error { return stopped("tick %d of diff", tick) }
	// No stage records and no glide metrics (unless a table wants them):
	// each costs a tenth of the run, and only a divergence's report uses
	// them; when something diverged, a second run made only then gives
	// the report its pops, hitches and cause chains (NameStages, below).
	// The input is decoded on another core while the pipeline steps, as in
	// viewer run.
	ahead := recording.Prefetch(src)
	defer ahead.Close()
	sim, err := engine.NewStream(ahead, engine.Options{Assets: assets.FS(), World: world, Reading: r, Metrics: tabs.any(), Sink: cmp,
		EventLog: tabs.events != "", Explain: tabs.events != "",
		// The input is decoded on one core and the client trace read on
		// another while the pipeline steps: the pass is split only over
		// the cores left.
		BusyCores: 2})
	if err != nil {
		return usageError{err}
	}
	tabFiles, err := startDiffTables(&tabs, sim, files[0])
	if err != nil {
		return err
	}
	defer tabFiles.abort()
	stop := cmp.Interrupt
	cmp.Interrupt = tabFiles.hook(stop)
	rd, err := clienttrace.Open(files[1], sim.TickRate())
	if err != nil {
		return usageError{err}
	}
	defer rd.Close()
	res, err := clientdiff.Run(sim, cmp, rd)
	if err != nil {
		var te *clienttrace.Error
		var ie *interruptedError
		var ne *clientdiff.NothingComparedError
		switch {
		case errors.As(err, &ie):
			return err
		case errors.As(err, &te) || errors.As(err, &ne) || sim.Err() != nil:
			return usageError{err}
		}
		return err
	}
	// The divergences' causes (and a pop's stage) come from the input run
	// again, up to the last divergence, only when something diverged. The
	// tables are the first run's: the second writes none.
	cmp.Interrupt = stop
	var again recording.Source
	err = cmp.NameStages(res, func(sink engine.TickSink) (*engine.Sim, error) {
		if again, _, err = input.open(); err != nil {
			return nil, err
		}
		return engine.NewStream(again, engine.Options{Assets: assets.FS(), World: world, Reading: r, Metrics: true, RecordStages: true, Sink: sink})
	})
	if again != nil {
		again.Close()
	}
	if err != nil {
		return err
	}
	res.Input = traceInputName(files[0])
	if err := tabFiles.finish(); err != nil {
		return err
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		err = enc.Encode(res)
	} else {
		err = writeDiffText(stdout, res)
	}
	if err != nil {
		return err
	}
	if res.Diverged {
		return statusError{exitFailure}
	}
	return nil
}

// namedInput is path when its name says which input it is — a regular
// file — and "" otherwise: standard input ("-"), a pipe or a device
// (/dev/fd/63 of a shell's <(zcat rec.jsonl.gz)) have names of their own,
// and a Glidepath trace's header cannot be checked against them.
func namedInput(path string) string {
	if path == "-" {
		return ""
	}
	if st, err := os.Stat(path); err != nil || !st.Mode().IsRegular() {
		return ""
	}
	return path
}
