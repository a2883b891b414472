package runcmd

import (
	"flag"
	"fmt"
	"io"
	"path/filepath"

	"glidepath/engine/loader"
	"glidepath/engine/report"

	"glidepath/assets"
	"glidepath/engine"
	"glidepath/engine/capture"
	"glidepath/engine/recording"
	"glidepath/internal/cli"
	"glidepath/internal/cmdinput"
	"glidepath/internal/tablesroute"
	"glidepath/interp"
)

// Options are the run subcommand's flags.
type Options struct {
	Reading string
	Compare string
	Ticks   int
	Trace   string
	JSON    bool
	Quiet   bool
	Tables  tablesroute.Options
	Jobs    int
	Explain ExplainFlag
	Statics bool
	Follow  FollowFlags
	// ExplainKinds and Filter are -explain-kinds and -filter; Filters
	// their parsed forms (run_filter.go).
	ExplainKinds string
	Filter       string
	Filters      runFilters
	// Long prints the table per object (-long) instead of one table.
	Long bool
	// Select is -select: under -compare, the objects (guids) whose first
	// difference is listed.
	Select string
	// First finds the readings' first difference under -compare.
	First *report.DifferenceFinder
	// World is the client's world the runs use (nil: illustrative).
	World engine.WorldData
}

// Run runs one input (not followed) under readings and prints or writes
// what o asks for.
func Run(file string, o *Options, readings []interp.Reading, copts capture.Options, stdout, stderr io.Writer) error {
	// -compare reads the input again to name the reading fields behind
	// each object's first difference (run_compare.go).
	in := cmdinput.NewRereadable(file, loader.LoadOptions{Capture: copts})
	defer in.Close()
	if err := cmdinput.CheckPlayerInput(file, copts); err != nil {
		return err
	}
	src, expect, err := in.Open()
	if err != nil {
		return err
	}
	defer src.Close()
	if err := cli.CheckTicks(o.Ticks, src.Header().TickRate); err != nil {
		return err
	}
	// A trace alone is written with a processor more than the cores
	// (traceProcs); the run leaves it to the writing, not to the chunks.
	extra := 0
	if o.Trace != "" && !o.Tables.Any() {
		extra = 1
	}
	opts := engine.Options{Assets: assets.FS(), World: o.World, EventLog: o.Trace != "" || o.Tables.Events != "",
		Explain: o.Explain.On || o.Tables.Events != "",
		// -compare records the stages too, to name the stage of the
		// readings' first difference.
		RecordStages: o.Explain.On || len(readings) > 1, Metrics: true, LastTick: o.Ticks, Expect: expect, Statics: o.Statics,
		// The input is decoded on another core while the pipeline steps,
		// and each further reading's run steps on a core of its own
		// (engine.Compare.Advance): the pass is split only over the cores
		// left.
		BusyCores: len(readings) + extra,
		// A trace alone reads the log: the glide spans, which no trace
		// row holds, need not be followed.
		TraceLogOnly: o.Trace != "" && !o.Tables.Any() && !o.Explain.On && len(readings) == 1}
	total := engine.KnownLastTick(src, o.Ticks) // before the prefetch reads src
	ahead := recording.Prefetch(src)
	defer ahead.Close()
	cmp, err := engine.NewCompareStream(ahead, readings, opts)
	if err != nil {
		return cli.UsageError{Err: err}
	}
	if len(readings) > 1 {
		o.First = report.NewDifferenceFinder(cmp)
	}
	// A long run shows how far it has stepped on a terminal (not under
	// -quiet, nor on a file or a pipe), the line cleared before anything
	// else is printed.
	shown := cli.NewTickProgress(stderr, o.Quiet, "running "+filepath.Base(file), total)
	defer shown.Finish()
	var tables *tablesroute.Files
	if o.Tables.Any() {
		o.Tables.Progress = shown
		if tables, err = o.Tables.Run(cmp, o.Trace, o.First, o.Explain.On, file, stdout); err != nil {
			return err
		}
		defer tables.Abort()
	} else if o.Trace != "" {
		restore := traceProcs()
		err := writeTrace(cmp.Sims()[0], o.Trace, file, stdout, shown)
		restore()
		if err != nil {
			return err
		}
	} else {
		if o.First != nil {
			if err := findFirstDifference(cmp, o.First); err != nil {
				return err
			}
		}
		if err := runTicksShown(CompareBatches{cmp}, shown); err != nil {
			return err
		}
	}
	shown.Finish()
	if err := cmp.Err(); err != nil {
		return cli.UsageError{Err: err}
	}
	ahead.Close() // the reading ahead has stopped: src's counters are settled
	cli.WarnSkippedSource(stderr, src)
	cmdinput.WarnMalformedFrames(stderr, src)
	cmdinput.WarnDroppedMessages(stderr, src)
	cmdinput.WarnCapturePlayer(stderr, src)
	if !o.Quiet && !o.JSON {
		cmdinput.SayTruthJoined(stderr, src)
	}
	if n := cmp.Sims()[0].Query().FloorNotice(); n != "" {
		fmt.Fprintf(stderr, "viewer: %s\n", n)
	}
	report := report.NewReport(cmdinput.TraceInputName(file), cmp)
	if err := o.Filters.checkGUIDs(report); err != nil {
		return err
	}
	if o.First != nil {
		report.SetFirstDifference(o.First.First())
		keep, err := o.selection(report)
		if err != nil {
			return err
		}
		if err := objectDifferences(report, o.First.Objects(), o.First.Others(), keep, in, readings, opts); err != nil {
			return err
		}
	}
	cmdinput.WarnFallbacks(stderr, report.WorldFallbacks)
	cmdinput.WarnWorldMismatch(stderr, report.WorldMismatch)
	if o.Explain.On {
		report.AddCauses(cmp)
		o.Filters.keepCauses(report)
		if o.Filters.expr.Empty() && o.Filters.kinds.Empty() {
			// Plain -explain: quiet by default, complete on request.
			report.GroupHitches()
		}
	}
	if err := tables.Finish(report, file); err != nil {
		return err
	}
	// The sidecar is read even under -quiet: -quiet silences the report,
	// never a warning (a sidecar that cannot be read).
	marks := LoadBookmarks(file, stderr)
	if !o.Quiet {
		out := cli.ReportTo(stdout, stderr, o.Trace, o.Tables.States, o.Tables.Events, o.Tables.Metrics)
		write := func(w io.Writer) error { return writeTextBookmarks(w, report, marks, o.Long) }
		if o.JSON {
			write = func(w io.Writer) error { return writeJSONBookmarks(w, report, marks) }
		}
		if err := write(out); err != nil {
			return err
		}
	}
	return ExpectFailure(file, report.Expectations)
}

// batchTicks is how many ticks the readings of a run step between two
// looks for a signal (tablesroute.BatchTicks).
const batchTicks = tablesroute.BatchTicks

// CompareBatches steps a run's readings side by side, batchTicks at a time
// (engine.Compare.Advance).
type CompareBatches struct{ *engine.Compare }

func (c CompareBatches) Step() { c.Advance(batchTicks) }

// ExpectFailure is the error (exit 1) of a run in which a scenario's
// expectation does not hold: the input is sound, its claim is not.
func ExpectFailure(file string, ex *report.ReportExpectations) error {
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

// Readings resolves -reading and -compare (interp.ReadingChoice): -compare
// lists every reading, so -reading beside it is refused.
func (o *Options) Readings(fs *flag.FlagSet) ([]interp.Reading, error) {
	c := interp.ReadingChoice{Reading: o.Reading, ReadingSet: cli.IsSet(fs, "reading"),
		Compare: o.Compare, CompareSet: cli.IsSet(fs, "compare"), Exclusive: true}
	rs, err := c.Resolve()
	if err != nil {
		return nil, cli.BadInput("run: %v", err)
	}
	if c.CompareSet && len(rs) < 2 {
		// One reading beside nothing is a plain run: printed as one, it
		// would read as a comparison that found no difference.
		other := interp.ReadingNames()[0]
		if other == rs[0].Name {
			other = interp.ReadingNames()[1]
		}
		return nil, cli.BadInput("run: -compare %q names one reading: nothing to compare it with; give two or more (-compare %s,%s), or -reading %s to run one",
			c.Compare, rs[0].Name, other, rs[0].Name)
	}
	return rs, nil
}
