// Tables for analysis: the -states, -events and -metrics flags of viewer
// run, which write Tables v1 (docs/formats.md) as CSV or Parquet by the
// file's extension, fed by the same run as the trace and the report.

package main

import (
	"flag"
	"io"

	"glidepath/engine"
	"glidepath/internal/atomicfile"
	"glidepath/engine/filter"
	"glidepath/engine/tables"
)

// tableOptions are the table flags.
type tableOptions struct {
	states  string
	events  string
	metrics string
	snappy  bool
	// filter keeps the events table's rows it matches (-filter); nil
	// keeps every row.
	filter *filter.Expr
}

func (t *tableOptions) addFlags(fs *flag.FlagSet) {
	fs.StringVar(&t.states, "states", "", "write the states table (one row per object per tick) to `FILE` (.csv, .csv.gz or .parquet)")
	fs.StringVar(&t.events, "events", "", "write the events table (one row per trace event) to `FILE` (.csv, .csv.gz or .parquet)")
	fs.StringVar(&t.metrics, "metrics", "", "write the metrics table (one row per object per reading) to `FILE` (.csv, .csv.gz or .parquet)")
	fs.BoolVar(&t.snappy, "snappy", false, "compress the events and metrics Parquet tables with snappy instead of zstd (faster, larger; the states table is always snappy)")
}

// check refuses a table name whose extension names no format, and, with
// the command's other outputs (more), any output checkOutputs refuses: a
// directory, two flags naming one file, an output naming an input; cmd
// names the subcommand in the message.
func (t *tableOptions) check(cmd string, inputs []string, more ...output) error {
	for _, p := range []string{t.states, t.events, t.metrics} {
		if p == "" {
			continue
		}
		if _, err := tables.FormatOf(p); err != nil {
			return badInput("%s: %v", cmd, err)
		}
	}
	outs := append([]output{{"-states", t.states}, {"-events", t.events}, {"-metrics", t.metrics}}, more...)
	return checkOutputs(cmd, inputs, outs...)
}

func (t *tableOptions) writerOptions() tables.Options {
	if t.snappy {
		return tables.Options{Codec: tables.Snappy}
	}
	return tables.Options{}
}

// tableFiles are the table files being written; nil fields are tables not
// asked for.
type tableFiles struct {
	states  tables.StatesWriter
	events  tables.Writer[tables.Event]
	metrics tables.Writer[tables.Metrics]
	filter  *filter.Expr
}

// create starts the tables t names. A failure to create a file is the
// environment's (exit 1); on error nothing is left behind.
func (t *tableOptions) create() (*tableFiles, error) {
	f := &tableFiles{filter: t.filter}
	var err error
	opts := t.writerOptions()
	if t.states != "" {
		// The states table's byte streams come out about a quarter larger
		// with snappy than with zstd, for well under half the CPU
		// (docs/benchmarks.md).
		sopts := opts
		sopts.Codec = tables.Snappy
		if f.states, err = tables.CreateStates(t.states, sopts); err != nil {
			f.abort()
			return nil, err
		}
	}
	if t.events != "" {
		if f.events, err = tables.Create[tables.Event](t.events, opts); err != nil {
			f.abort()
			return nil, err
		}
	}
	if t.metrics != "" {
		if f.metrics, err = tables.Create[tables.Metrics](t.metrics, opts); err != nil {
			f.abort()
			return nil, err
		}
	}
	return f, nil
}

// sink is the TableWriter that feeds the states and events files from c,
// or nil when neither was asked for.
func (f *tableFiles) sink(c *engine.Compare, input string) (*engine.TableWriter, error) {
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

// writeMetrics writes rows to the metrics file, if one was asked for.
func (f *tableFiles) writeMetrics(rows []tables.Metrics) error {
	if f.metrics == nil || len(rows) == 0 {
		return nil
	}
	return f.metrics.Write(rows)
}

// close finishes every table; each appears under its name only now.
func (f *tableFiles) close() error {
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

// abort discards every table not yet closed.
func (f *tableFiles) abort() {
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

// any reports whether any table was asked for.
func (t *tableOptions) any() bool { return t.states != "" || t.events != "" || t.metrics != "" }

// runTables runs c until it is done, feeding from the one run the outputs
// o asks for — the trace of the first reading (-trace; "-" is stdout) and
// the states and events tables — and returns the table files still open
// for the metrics table, which finish writes from the report. On error
// nothing is left behind.
func runTables(c *engine.Compare, o *runOptions, path string, stdout io.Writer) (*tableFiles, error) {
	// The trace header names the input by its file name (Trace v1); the
	// tables' input column holds the path as given, unique within a batch
	// (Tables v1).
	input := path
	files, err := o.tables.create()
	if err != nil {
		return nil, err
	}
	ok := false
	defer func() {
		if !ok {
			files.abort()
		}
	}()
	var sinks []tickSink
	var trace *atomicfile.File
	if o.trace != "" {
		var w io.Writer = stdout
		if o.trace != "-" {
			if trace, err = atomicfile.Create(o.trace); err != nil {
				return nil, err
			}
			defer trace.Abort()
			w = trace
		}
		tw, err := engine.NewTraceWriter(w, c.Sims()[0], traceInputName(path))
		if err != nil {
			return nil, err
		}
		sinks = append(sinks, tw)
	}
	if o.first != nil {
		sinks = append(sinks, o.first)
	}
	tw, err := files.sink(c, input)
	if err != nil {
		return nil, err
	}
	if tw != nil {
		if !o.explain.on {
			tw.DropCauses() // the report lists no causes: the table alone needs them
		}
		sinks = append(sinks, tw)
	}
	if err := runSinks(c, sinks, partialTablesNote); err != nil {
		return nil, err
	}
	if trace != nil {
		if err := trace.Commit(); err != nil {
			return nil, err
		}
	}
	ok = true
	return files, nil
}

// partialTablesNote says, in the message of an interruption, that no
// partial output was left.
const partialTablesNote = "; the partial tables and trace were removed"

// finish writes the metrics table from report and closes every table; each
// appears under its name only now. input is the input column: the input's
// path as given. A nil f has nothing to finish.
func (f *tableFiles) finish(report *engine.Report, input string) error {
	if f == nil {
		return nil
	}
	if err := f.writeMetrics(engine.MetricsRows(report, input)); err != nil {
		return err
	}
	return f.close()
}

// tickSink is an output fed once per tick from the run (engine.TraceWriter,
// engine.TableWriter).
type tickSink interface {
	WriteTick() error
	Flush() error
}

// runSinks feeds every sink the current tick of c, then steps c until it is
// done feeding them each tick, then flushes them, stopping at a signal
// (note ends its message). A problem the input stream reached is bad input
// (exit 2).
func runSinks(c *engine.Compare, sinks []tickSink, note string) error {
	for {
		for _, s := range sinks {
			if err := s.WriteTick(); err != nil {
				return err
			}
		}
		if c.Done() {
			if err := c.Err(); err != nil {
				return usageError{err}
			}
			break
		}
		if err := stopped("tick %d%s", c.Tick(), note); err != nil {
			return err
		}
		if len(sinks) == 0 {
			// Nothing is fed tick by tick (-metrics alone): the runs
			// step in batches, as without tables.
			c.Advance(batchTicks)
		} else {
			c.Step()
		}
		if err := c.Err(); err != nil {
			return usageError{err}
		}
	}
	for _, s := range sinks {
		if err := s.Flush(); err != nil {
			return err
		}
	}
	return nil
}
