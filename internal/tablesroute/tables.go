// Package tablesroute routes a run to its tables for analysis: the
// -states, -events and -metrics flags of viewer run (and diff), which
// write Tables v1 (docs/formats.md) as CSV or Parquet by the file's
// extension, fed by the same run as the trace and the report.
package tablesroute

import (
	"flag"
	"io"

	"glidepath/engine/report"
	"glidepath/engine/trace"

	"glidepath/engine"
	"glidepath/engine/filter"
	"glidepath/engine/tables"
	"glidepath/internal/atomicfile"
	"glidepath/internal/cli"
	"glidepath/internal/cmdinput"
)

// Options are the table flags.
type Options struct {
	States  string
	Events  string
	Metrics string
	Snappy  bool
	// Filter keeps the events table's rows it matches (-filter); nil
	// keeps every row.
	Filter *filter.Expr
	// Progress is told the tick each step reaches (a terminal's line of
	// progress, cli.NewTickProgress); nil tells nothing.
	Progress *cli.TickProgress
}

// AddFlags adds -states, -events and -metrics to fs.
func (t *Options) AddFlags(fs *flag.FlagSet) {
	fs.StringVar(&t.States, "states", "", "write the states table (one row per object per tick) to `FILE` (.csv, .csv.gz or .parquet)")
	fs.StringVar(&t.Events, "events", "", "write the events table (one row per trace event) to `FILE` (.csv, .csv.gz or .parquet)")
	fs.StringVar(&t.Metrics, "metrics", "", "write the metrics table (one row per object per reading) to `FILE` (.csv, .csv.gz or .parquet)")
	fs.BoolVar(&t.Snappy, "snappy", false, "compress the events and metrics Parquet tables with snappy instead of zstd (faster, larger; the states table is always snappy)")
}

// Check refuses a table name whose extension names no format, and, with
// the command's other outputs (more), any output cli.CheckOutputs refuses: a
// directory, two flags naming one file, an output naming an input; cmd
// names the subcommand in the message.
func (t *Options) Check(cmd string, inputs []string, more ...cli.Output) error {
	for _, p := range []string{t.States, t.Events, t.Metrics} {
		if p == "" {
			continue
		}
		if _, err := tables.FormatOf(p); err != nil {
			return cli.BadInput("%s: %v", cmd, err)
		}
	}
	if t.Snappy && !t.parquetCodec() {
		return cli.BadInput("%s: -snappy compresses the events and metrics Parquet tables, and no -events or -metrics FILE.parquet is written (the states table is always snappy)", cmd)
	}
	outs := append([]cli.Output{{Flag: "-states", Path: t.States}, {Flag: "-events", Path: t.Events}, {Flag: "-metrics", Path: t.Metrics}}, more...)
	return cli.CheckOutputs(cmd, inputs, outs...)
}

// parquetCodec reports whether a table whose codec -snappy chooses is
// written: an events or metrics table in Parquet.
func (t *Options) parquetCodec() bool {
	for _, p := range []string{t.Events, t.Metrics} {
		if f, err := tables.FormatOf(p); p != "" && err == nil && f == tables.Parquet {
			return true
		}
	}
	return false
}

func (t *Options) writerOptions() tables.Options {
	if t.Snappy {
		return tables.Options{Codec: tables.Snappy}
	}
	return tables.Options{}
}

// Files are the table files being written; nil fields are tables not
// asked for.
type Files struct {
	states  tables.StatesWriter
	events  tables.Writer[tables.Event]
	metrics tables.Writer[tables.Metrics]
	filter  *filter.Expr
}

// Create starts the tables t names. A failure to create a file is the
// environment's (exit 1); on error nothing is left behind.
func (t *Options) Create() (*Files, error) {
	f := &Files{filter: t.Filter}
	var err error
	opts := t.writerOptions()
	if t.States != "" {
		// The states table's byte streams come out about a quarter larger
		// with snappy than with zstd, for well under half the CPU
		// (docs/benchmarks.md).
		sopts := opts
		sopts.Codec = tables.Snappy
		if f.states, err = tables.CreateStates(t.States, sopts); err != nil {
			f.Abort()
			return nil, err
		}
	}
	if t.Events != "" {
		if f.events, err = tables.Create[tables.Event](t.Events, opts); err != nil {
			f.Abort()
			return nil, err
		}
	}
	if t.Metrics != "" {
		if f.metrics, err = tables.Create[tables.Metrics](t.Metrics, opts); err != nil {
			f.Abort()
			return nil, err
		}
	}
	return f, nil
}

// Sink is the TableWriter that feeds the states and events files from c,
// or nil when neither was asked for.
func (f *Files) Sink(c *engine.Compare, input string) (*engine.TableWriter, error) {
	if f.states == nil && f.events == nil {
		return nil, nil
	}
	var states engine.StateSink
	var events engine.EventSink
	if f.states != nil {
		states = f.states
	}
	if f.events != nil {
		events = f.events
		if !f.filter.Empty() {
			events = &filteredEvents{to: f.events, expr: f.filter, rate: c.Sims()[0].TickRate()}
		}
	}
	return engine.NewTableWriter(c, input, states, events)
}

// WriteMetrics writes rows to the metrics file, if one was asked for.
func (f *Files) WriteMetrics(rows []tables.Metrics) error {
	if f.metrics == nil || len(rows) == 0 {
		return nil
	}
	return f.metrics.Write(rows)
}

// Close finishes every table; each appears under its name only now.
func (f *Files) Close() error {
	var first error
	if f.states != nil {
		first = f.states.Close()
	}
	if f.events != nil {
		if err := f.events.Close(); first == nil {
			first = err
		}
	}
	if f.metrics != nil {
		if err := f.metrics.Close(); first == nil {
			first = err
		}
	}
	return first
}

// Abort discards every table not yet closed.
func (f *Files) Abort() {
	if f.states != nil {
		f.states.Abort()
	}
	if f.events != nil {
		f.events.Abort()
	}
	if f.metrics != nil {
		f.metrics.Abort()
	}
}

// Any reports whether any table was asked for.
func (t *Options) Any() bool { return t.States != "" || t.Events != "" || t.Metrics != "" }

// Run runs c until it is done, feeding from the one run the outputs asked
// for — the trace of the first reading (traceOut, -trace; "-" is stdout), the
// readings' first difference (first, nil for none) and the states and
// events tables t names — and returns the table files still open for the
// metrics table, which Finish writes from the report. explain keeps the
// events' causes for the report (-explain). On error nothing is left
// behind.
func (t *Options) Run(c *engine.Compare, traceOut string, first *report.DifferenceFinder, explain bool, path string, stdout io.Writer) (*Files, error) {
	// The trace header names the input by its file name (Trace v1); the
	// tables' input column holds the path as given, unique within a batch
	// (Tables v1).
	input := path
	files, err := t.Create()
	if err != nil {
		return nil, err
	}
	ok := false
	defer func() {
		if !ok {
			files.Abort()
		}
	}()
	var sinks []TickSink
	var traceFile *atomicfile.File
	if traceOut != "" {
		var w io.Writer = stdout
		if traceOut != "-" {
			if traceFile, err = atomicfile.Create(traceOut); err != nil {
				return nil, err
			}
			defer traceFile.Abort()
			w = traceFile.Stream() // gigabytes: big blocks beside the run
		}
		tw, err := trace.NewRunWriter(w, c.Sims()[0].Query(), cmdinput.TraceInputName(path))
		if err != nil {
			return nil, err
		}
		sinks = append(sinks, tw)
	}
	if first != nil {
		sinks = append(sinks, first)
	}
	tw, err := files.Sink(c, input)
	if err != nil {
		return nil, err
	}
	if tw != nil {
		if !explain {
			tw.DropCauses() // the report lists no causes: the table alone needs them
		}
		sinks = append(sinks, tw)
	}
	if err := runSinks(c, sinks, partialTablesNote, t.Progress); err != nil {
		return nil, err
	}
	if traceFile != nil {
		if err := traceFile.Commit(); err != nil {
			return nil, err
		}
	}
	ok = true
	return files, nil
}

// runStates is RunSinks for a states table alone over one reading: the
// run steps BatchTicks at a time in runs of ticks over chunks of objects,
// each chunk filling its objects' rows (engine.TableWriter.AdvanceStates).
func runStates(c *engine.Compare, tw *engine.TableWriter, note string, shown *cli.TickProgress) error {
	if err := tw.WriteTick(); err != nil {
		return err
	}
	for !c.Done() {
		if err := cli.Stopped("tick %d%s", c.Tick(), note); err != nil {
			return err
		}
		if err := tw.AdvanceStates(BatchTicks); err != nil {
			return err
		}
		shown.At(c.Tick())
		if err := c.Err(); err != nil {
			return cli.UsageError{Err: err}
		}
	}
	if err := c.Err(); err != nil {
		return cli.UsageError{Err: err}
	}
	return tw.Flush()
}

// partialTablesNote says, in the message of an interruption, that no
// partial output was left.
const partialTablesNote = "; the partial tables and trace were removed"

// Finish writes the metrics table from rep and closes every table; each
// appears under its name only now. input is the input column: the input's
// path as given. A nil f has nothing to finish.
func (f *Files) Finish(rep *report.Report, input string) error {
	if f == nil {
		return nil
	}
	if err := f.WriteMetrics(report.MetricsRows(rep, input)); err != nil {
		return err
	}
	return f.Close()
}

// TickSink is an output fed once per tick from the run (trace.RunWriter,
// engine.TableWriter).
type TickSink interface {
	WriteTick() error
	Flush() error
}

var (
	_ TickSink = (*trace.RunWriter)(nil)
	_ TickSink = (*engine.TableWriter)(nil)
)

// RunSinks feeds every sink the current tick of c, then steps c until it is
// done feeding them each tick, then flushes them, stopping at a signal
// (note ends its message). A problem the input stream reached is bad input
// (exit 2).
func RunSinks(c *engine.Compare, sinks []TickSink, note string) error {
	return runSinks(c, sinks, note, nil)
}

// runSinks is RunSinks telling shown each step's tick.
func runSinks(c *engine.Compare, sinks []TickSink, note string, shown *cli.TickProgress) error {
	if len(sinks) == 1 {
		if tw, ok := sinks[0].(*engine.TableWriter); ok && tw.ChunkedStates() {
			return runStates(c, tw, note, shown)
		}
	}
	for {
		for _, s := range sinks {
			if err := s.WriteTick(); err != nil {
				return err
			}
		}
		if c.Done() {
			if err := c.Err(); err != nil {
				return cli.UsageError{Err: err}
			}
			break
		}
		if err := cli.Stopped("tick %d%s", c.Tick(), note); err != nil {
			return err
		}
		if len(sinks) == 0 {
			// Nothing is fed tick by tick (-metrics alone): the runs
			// step in batches, as without tables.
			c.Advance(BatchTicks)
		} else {
			c.Step()
		}
		shown.At(c.Tick())
		if err := c.Err(); err != nil {
			return cli.UsageError{Err: err}
		}
	}
	for _, s := range sinks {
		if err := s.Flush(); err != nil {
			return err
		}
	}
	return nil
}

// BatchTicks is how many ticks the readings of a run step, each on its own
// core, between two looks for a signal: a small fraction of a second even
// for a thousand objects.
const BatchTicks = 64
