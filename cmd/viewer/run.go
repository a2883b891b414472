// The run subcommand: replay a recording or scenario headless under one
// reading (or several side by side), optionally writing its trace, and print
// each object's glide metrics. It needs no display.

package main

import (
	"flag"
	"fmt"
	"io"
	"strings"

	"glidepath/assets"
	"glidepath/engine"
	"glidepath/engine/loader"
	"glidepath/engine/recording"
	"glidepath/engine/report"
	"glidepath/engine/scenario"
	"glidepath/interp"
)

const runSynopsis = "viewer run [-reading NAME | -compare NAME,NAME...] [-ticks N] [-trace FILE] [-states FILE] [-events FILE] [-metrics FILE] [-jobs N] [-explain[=KINDS]] [-explain-kinds KINDS] [-filter EXPR] [-statics] [-json] [-long] [-quiet] [-server-port N] [-player GUID] [-follow [-idle D]] [-dat DIR] FILE..."

// runOptions are the run subcommand's flags.
type runOptions struct {
	reading string
	compare string
	ticks   int
	trace   string
	json    bool
	quiet   bool
	tables  tableOptions
	jobs    int
	explain explainFlag
	statics bool
	follow  followFlags
	// explainKinds and filter are -explain-kinds and -filter; filters
	// their parsed forms (run_filter.go).
	explainKinds string
	filter       string
	filters      runFilters
	// long prints the table per object (-long) instead of one table.
	long bool
	// first finds the readings' first difference under -compare.
	first *report.DifferenceFinder
	dat   datFlags
	// world is the client's world the runs use (nil: illustrative).
	world engine.WorldData
}

func runRun(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("run", runSynopsis, stderr)
	var o runOptions
	fs.StringVar(&o.reading, "reading", interp.DefaultReadingName, "the reading to run: "+strings.Join(interp.ReadingNames(), ", ")+", optionally +OPTION... ("+strings.Join(interp.ReadingOptionNames(), ", ")+"; docs/readings.md)")
	fs.StringVar(&o.compare, "compare", "", "run these readings (comma-separated) side by side and print their metrics together")
	fs.IntVar(&o.ticks, "ticks", 0, "run ticks 1 to `N` (default: until 2 s after the last event; at most 48 h of ticks)")
	fs.StringVar(&o.trace, "trace", "", "write the trace (trace v1) to `FILE` (- for standard output)")
	fs.BoolVar(&o.json, "json", false, "print the metrics as JSON")
	fs.BoolVar(&o.long, "long", false, "print the metrics as a table per object, a row per metric (the one table has a row per object)")
	fs.BoolVar(&o.quiet, "quiet", false, "print no report: no metrics, no -explain cause chains, no bookmarks (outputs named by -trace, -states, -events, -metrics are still written; warnings are still printed)")
	fs.BoolVar(&o.statics, "statics", false, "list static objects (doors, chests, portals: Recording v1 entity static) in the per-object report and the -states, -events and -metrics tables; held items are never listed")
	o.addFilterFlags(fs)
	var cf captureFlags
	cf.add(fs)
	o.tables.addFlags(fs)
	fs.IntVar(&o.jobs, "jobs", 0, "run several FILEs on `N` workers (default: the number of cores)")
	o.follow.add(fs)
	o.dat.add(fs)
	files, err := parseInterspersed(fs, args)
	if err != nil {
		return err
	}
	if o.world, err = o.dat.open(stderr, true); err != nil {
		return err
	}
	if !o.json && !o.quiet {
		fmt.Fprintf(stderr, "world: %s\n", worldLine(o.world))
	}
	if err := o.tables.check("run", files, output{"-trace", o.trace}); err != nil {
		return err
	}
	if err := o.parseFilters(fs); err != nil {
		return err
	}
	if !o.follow.on && isSet(fs, "idle") {
		// Without -follow the input is read to its end: an -idle would be
		// silently ignored, and the user expects a follow.
		return badInput("run: -idle works with -follow only")
	}
	if o.follow.on && (len(files) > 1 || o.jobs != 0) {
		return badInput("run: -follow follows one FILE; it cannot be combined with several inputs or -jobs")
	}
	if len(files) > 1 || o.jobs != 0 {
		if o.filters.expr != nil && o.tables.events == "" {
			// A batch lists no cause chains: the filter would do nothing.
			return badInput("run: -filter narrows -events when several FILEs run; give -events FILE")
		}
		copts, err := cf.options()
		if err != nil {
			return err
		}
		return runBatch(files, &o, loader.LoadOptions{Capture: copts}, fs, stdout, stderr)
	}
	if len(files) != 1 {
		fs.Usage()
		return badInput("run: want one FILE (a recording .jsonl[.gz], a scenario .yaml or a capture .pcap/.pcapng), got %d", len(files))
	}
	if o.ticks < 0 {
		return badInput("run: -ticks %d: want a positive number of ticks", o.ticks)
	}
	readings, err := o.readings(fs)
	if err != nil {
		return err
	}
	if len(readings) > 1 && o.trace != "" {
		return badInput("run: -trace writes one reading's trace; it cannot be combined with -compare")
	}
	copts, err := cf.options()
	if err != nil {
		return err
	}
	if o.follow.on && isStream(files[0]) {
		// A FIFO or standard input is read as it is written already, to
		// its writer's end: there is no file to watch grow or be cut.
		o.follow.on = false
	}
	if o.follow.on {
		return runFollow(files[0], &o, readings, copts, stdout, stderr)
	}
	src, expect, err := openInput(files[0], loader.LoadOptions{Capture: copts})
	if err != nil {
		return err
	}
	defer src.Close()
	if err := checkTicks(o.ticks, src.Header().TickRate); err != nil {
		return err
	}
	opts := engine.Options{Assets: assets.FS(), World: o.world, EventLog: o.trace != "" || o.tables.events != "",
		Explain: o.explain.on || o.tables.events != "",
		// -compare records the stages too, to name the stage of the
		// readings' first difference.
		RecordStages: o.explain.on || len(readings) > 1, Metrics: true, LastTick: o.ticks, Expect: expect, Statics: o.statics,
		// The input is decoded on another core while the pipeline steps,
		// and each further reading's run steps on a core of its own
		// (engine.Compare.Advance): the pass is split only over the cores
		// left.
		BusyCores: len(readings)}
	ahead := recording.Prefetch(src)
	defer ahead.Close()
	cmp, err := engine.NewCompareStream(ahead, readings, opts)
	if err != nil {
		return usageError{err}
	}
	if len(readings) > 1 {
		o.first = report.NewDifferenceFinder(cmp)
	}
	var tables *tableFiles
	if o.tables.any() {
		if tables, err = runTables(cmp, &o, files[0], stdout); err != nil {
			return err
		}
		defer tables.abort()
	} else if o.trace != "" {
		if err := writeTrace(cmp.Sims()[0], o.trace, files[0], stdout); err != nil {
			return err
		}
	} else {
		if o.first != nil {
			if err := findFirstDifference(cmp, o.first); err != nil {
				return err
			}
		}
		if err := runTicks(compareBatches{cmp}); err != nil {
			return err
		}
	}
	if err := cmp.Err(); err != nil {
		return usageError{err}
	}
	ahead.Close() // the reading ahead has stopped: src's counters are settled
	warnSkippedSource(stderr, src)
	warnMalformedFrames(stderr, src)
	warnCapturePlayer(stderr, src)
	report := report.NewReport(traceInputName(files[0]), cmp)
	if o.first != nil {
		report.SetFirstDifference(o.first.First())
	}
	warnFallbacks(stderr, report.WorldFallbacks)
	if o.explain.on {
		report.AddCauses(cmp)
		o.filters.keepCauses(report)
	}
	if err := tables.finish(report, files[0]); err != nil {
		return err
	}
	// The sidecar is read even under -quiet: -quiet silences the report,
	// never a warning (a sidecar that cannot be read).
	marks := loadBookmarks(files[0], stderr)
	if !o.quiet {
		out := reportTo(stdout, stderr, o.trace, o.tables.states, o.tables.events, o.tables.metrics)
		write := func(w io.Writer) error { return writeTextBookmarks(w, report, marks, o.long) }
		if o.json {
			write = func(w io.Writer) error { return writeJSONBookmarks(w, report, marks) }
		}
		if err := write(out); err != nil {
			return err
		}
	}
	return expectFailure(files[0], report.Expectations)
}

// batchTicks is how many ticks the readings of a run step, each on its own
// core, between two looks for a signal: a small fraction of a second even
// for a thousand objects.
const batchTicks = 64

// compareBatches steps a run's readings side by side, batchTicks at a time
// (engine.Compare.Advance).
type compareBatches struct{ *engine.Compare }

func (c compareBatches) Step() { c.Advance(batchTicks) }

// expectFailure is the error (exit 1) of a run in which a scenario's
// expectation does not hold: the input is sound, its claim is not.
func expectFailure(file string, ex *report.ReportExpectations) error {
	if ex == nil || ex.Failed == 0 {
		return nil
	}
	for _, c := range ex.Checks {
		if c.Applies && c.Reached && !c.Holds {
			return fmt.Errorf("%s: %d of %d expectations fail; the first: %s (%s) %s, ticks %d–%d: got %d",
				file, ex.Failed, ex.Checked, c.At, c.Field, c.Metric, c.FromTick, c.ToTick, c.Got)
		}
	}
	return nil
}

// readings resolves -reading and -compare (interp.ReadingChoice): -compare
// lists every reading, so -reading beside it is refused.
func (o *runOptions) readings(fs *flag.FlagSet) ([]interp.Reading, error) {
	c := interp.ReadingChoice{Reading: o.reading, ReadingSet: isSet(fs, "reading"),
		Compare: o.compare, CompareSet: isSet(fs, "compare"), Exclusive: true}
	rs, err := c.Resolve()
	if err != nil {
		return nil, badInput("run: %v", err)
	}
	return rs, nil
}

// readInput reads the whole input at path (a recording, scenario or
// capture) into memory, for the commands that run it more than once
// (whatif, shrink, pack); a malformed input is bad input.
func readInput(path string, opts loader.LoadOptions) (*recording.Recording, error) {
	src, _, err := openInput(path, opts)
	if err != nil {
		return nil, err
	}
	rec, err := recording.ReadSource(src)
	src.Close()
	if err != nil {
		return nil, usageError{err}
	}
	return rec, nil
}

// openInput opens a recording or a capture as a stream, or compiles a
// scenario and returns its expectations too ("-" is standard input; the
// file is opened once, so a FIFO works); every failure is bad input
// (exit 2) and names the file.
func openInput(path string, opts loader.LoadOptions) (recording.Source, []scenario.Expectation, error) {
	if err := checkPlayerInput(path, opts.Capture); err != nil {
		return nil, nil, err
	}
	src, expect, err := loader.OpenExpectWith(path, assets.FS(), opts)
	if err != nil {
		return nil, nil, usageError{err}
	}
	return src, expect, nil
}

// traceInputName is the input the trace header names: the file's base name,
// so a trace does not depend on where the file was.
func traceInputName(path string) string {
	if i := strings.LastIndexAny(path, `/\`); i >= 0 {
		return path[i+1:]
	}
	return path
}

// parseInterspersed parses flags that may come before or after the
// positional arguments (viewer compile IN.yaml -o OUT.jsonl) and returns the
// positional ones.
func parseInterspersed(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := parseFlags(fs, args); err != nil {
			return nil, err
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, nil
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}
