// Package batch is viewer run over many inputs on N workers (-jobs),
// writing one table of each kind for all of them (the input column tells
// them apart). Each input runs exactly as it would alone; its state and
// event rows are spooled to a Parquet file of its own and copied into the
// tables in input order, so the tables are the same bytes whatever N, and
// memory stays flat. A bad input is reported and skipped; the others still
// run, and the exit status is then 2 with a summary of every failed input.
package batch

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"

	"glidepath/engine/loader"
	"glidepath/engine/report"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"

	"glidepath/assets"
	"glidepath/engine"
	"glidepath/engine/recording"
	"glidepath/engine/tables"
	"glidepath/internal/cli"
	"glidepath/internal/cmdinput"
	"glidepath/internal/runcmd"
	"glidepath/internal/tablesroute"
	"glidepath/interp"
)

// batchResult is what one input's run left for the writer.
type batchResult struct {
	// err is the input's failure: a cli.UsageError for bad input, any other
	// error stops the batch.
	err error
	// states and events are the spooled tables ("" when not asked for).
	states, events string
	metrics        []tables.Metrics
	// report is the printed metrics (text or JSON).
	report []byte
	// warnings are the input's warnings (events of unknown types, a
	// capture's broken frames), printed even under -quiet.
	warnings []byte
	// expect is the failure of a scenario's expectations, if one failed.
	expect error
}

// Run runs files under o on o.Jobs workers (0: one per core), writing
// the tables o names for all of them and each input's report in input
// order; fs is the run subcommand's flags (its usage, what was set).
func Run(files []string, o *runcmd.Options, load loader.LoadOptions, fs *flag.FlagSet, stdout, stderr io.Writer) error {
	if len(files) == 0 {
		fs.Usage()
		return cli.BadInput("run: want at least one FILE (a recording .jsonl[.gz], a scenario .yaml or a capture .pcap/.pcapng)")
	}
	if o.Jobs < 0 {
		return cli.BadInput("run: -jobs %d: want a positive number of workers", o.Jobs)
	}
	if o.Trace != "" {
		return cli.BadInput("run: -trace writes one input's trace; run each input alone for its trace")
	}
	if o.Ticks < 0 || (o.Ticks == 0 && cli.IsSet(fs, "ticks")) {
		return cli.BadInput("run: -ticks %d: want a positive number of ticks", o.Ticks)
	}
	readings, err := o.Readings(fs)
	if err != nil {
		return err
	}
	jobs := o.Jobs
	if jobs == 0 {
		jobs = runtime.NumCPU()
	}
	spool, err := os.MkdirTemp("", "glidepath-run-*")
	if err != nil {
		return err
	}
	defer os.RemoveAll(spool)
	out, err := o.Tables.Create()
	if err != nil {
		return err
	}
	defer out.Abort()

	// Workers take inputs in order and post each result to its own channel;
	// the writer below takes the results in input order.
	results := make([]chan batchResult, len(files))
	for i := range results {
		results[i] = make(chan batchResult, 1)
	}
	next := make(chan int)
	stop := make(chan struct{})
	var wg sync.WaitGroup
	// Every input in progress keeps a core busy per reading and one
	// decoding: a run splits its pass only over the cores the others
	// leave.
	busy := min(jobs, len(files))*(len(readings)+1) - 1
	for range min(jobs, len(files)) {
		wg.Go(func() {
			for i := range next {
				results[i] <- runBatchInput(files[i], filepath.Join(spool, strconv.Itoa(i)), o, load, readings, busy)
			}
		})
	}
	go func() {
		defer close(next)
		for i := range files {
			select {
			case next <- i:
			case <-stop:
				return
			}
		}
	}()
	defer wg.Wait()
	defer close(stop)

	bar := newProgress(stderr, len(files))
	var failed, unmet []string
	for i, path := range files {
		r := <-results[i]
		bar.Add(1)
		if r.err != nil {
			var ue cli.UsageError
			if !errors.As(r.err, &ue) {
				return fmt.Errorf("%s: %w", path, r.err)
			}
			bar.Clear()
			fmt.Fprintf(stderr, "viewer: %v\n", r.err)
			msg := r.err.Error()
			if !strings.Contains(msg, cmdinput.TraceInputName(path)) {
				msg = path + ": " + msg
			}
			failed = append(failed, msg)
			continue
		}
		if r.expect != nil {
			unmet = append(unmet, r.expect.Error())
		}
		if len(r.warnings) > 0 {
			bar.Clear()
			stderr.Write(r.warnings)
		}
		if err := out.AppendSpooled(r.states, r.events); err != nil {
			return err
		}
		if err := out.WriteMetrics(r.metrics); err != nil {
			return err
		}
		if !o.Quiet {
			bar.Clear()
			if _, err := stdout.Write(r.report); err != nil {
				return err
			}
		}
	}
	bar.Finish()
	if len(failed) == len(files) {
		// Nothing ran: tables of no row would read as a run that found
		// nothing, so none is written (out.Abort keeps what was there).
		return cli.BadInput("run: every input failed (%d of %d); nothing was run and no table was written:\n  %s",
			len(failed), len(files), strings.Join(failed, "\n  "))
	}
	if err := out.Close(); err != nil {
		return err
	}
	if len(failed) > 0 {
		return cli.BadInput("run: %d of %d inputs failed (the others were run and written):\n  %s",
			len(failed), len(files), strings.Join(failed, "\n  "))
	}
	if len(unmet) > 0 {
		return fmt.Errorf("run: the expectations of %d of %d inputs fail:\n  %s",
			len(unmet), len(files), strings.Join(unmet, "\n  "))
	}
	return nil
}

// runBatchInput runs one input, streamed, with its tables spooled under
// prefix.
func runBatchInput(path, prefix string, o *runcmd.Options, load loader.LoadOptions, readings []interp.Reading, busy int) (r batchResult) {
	src, expect, err := cmdinput.OpenInput(path, load)
	if err != nil {
		return batchResult{err: err}
	}
	defer src.Close()
	if err := cli.CheckTicks(o.Ticks, src.Header().TickRate); err != nil {
		return batchResult{err: err}
	}
	opts := engine.Options{Assets: assets.FS(), World: o.World, EventLog: o.Tables.Events != "",
		Explain: o.Tables.Events != "", Metrics: true, LastTick: o.Ticks, Expect: expect, Statics: o.Statics,
		// The input is decoded on another core while the pipeline steps.
		BusyCores: busy}
	ahead := recording.Prefetch(src)
	defer ahead.Close()
	cmp, err := engine.NewCompareStream(ahead, readings, opts)
	if err != nil {
		return batchResult{err: cli.UsageError{Err: err}}
	}
	spool := tablesroute.Options{Snappy: true, Filter: o.Tables.Filter}
	if o.Tables.States != "" {
		spool.States, r.states = prefix+".states.parquet", prefix+".states.parquet"
	}
	if o.Tables.Events != "" {
		spool.Events, r.events = prefix+".events.parquet", prefix+".events.parquet"
	}
	files, err := spool.Create()
	if err != nil {
		return batchResult{err: err}
	}
	defer files.Abort()
	// The tables' input column is the path as given (unique within a
	// batch: a/x.yaml and b/x.yaml differ); the report names the file.
	input := path
	tw, err := files.Sink(cmp, input)
	if err != nil {
		return batchResult{err: err}
	}
	var sinks []tablesroute.TickSink
	if tw != nil {
		tw.DropCauses() // a batch's reports list no causes
		sinks = append(sinks, tw)
	}
	if err := tablesroute.RunSinks(cmp, sinks, ""); err != nil {
		return batchResult{err: err}
	}
	if err := files.Close(); err != nil {
		return batchResult{err: err}
	}
	ahead.Close() // the reading ahead has stopped: src's counters are settled
	var warn bytes.Buffer
	cli.WarnSkippedSource(&warn, src)
	cmdinput.WarnMalformedFrames(&warn, src)
	cmdinput.WarnDroppedMessages(&warn, src)
	var floor bytes.Buffer
	cmdinput.WarnFloor(&floor, cmp.Sims()...)
	warn.Write(bytes.Replace(floor.Bytes(), []byte("viewer: "), []byte("viewer: "+path+": "), 1))
	rep := report.NewReport(cmdinput.TraceInputName(path), cmp)
	// The dats' fallbacks are warned of as a single run warns of them
	// (runcmd.Run), under the input's name: a batch is never quieter.
	var fb bytes.Buffer
	cmdinput.WarnFallbacks(&fb, rep.WorldFallbacks)
	warn.Write(bytes.Replace(fb.Bytes(), []byte("viewer: warning: "), []byte("viewer: warning: "+path+": "), 1))
	r.warnings = warn.Bytes()
	r.metrics = report.MetricsRows(rep, input)
	r.expect = runcmd.ExpectFailure(path, rep.Expectations)
	if !o.Quiet {
		var buf bytes.Buffer
		if o.JSON {
			err = rep.WriteJSON(&buf)
		} else {
			err = runcmd.WriteReport(&buf, rep, o.Long)
			buf.WriteByte('\n')
		}
		if err != nil {
			return batchResult{err: err}
		}
		r.report = buf.Bytes()
	}
	return r
}

// newProgress is a progress bar over n inputs on stderr when stderr is a
// terminal, and a silent one otherwise.
func newProgress(stderr io.Writer, n int) *progressbar.ProgressBar {
	f, ok := stderr.(*os.File)
	if !ok || !term.IsTerminal(int(f.Fd())) {
		return progressbar.DefaultSilent(int64(n))
	}
	return progressbar.NewOptions(n,
		progressbar.OptionSetWriter(stderr),
		progressbar.OptionSetDescription("run"),
		progressbar.OptionShowCount(),
		progressbar.OptionSetElapsedTime(true),
		progressbar.OptionSetPredictTime(true),
		progressbar.OptionClearOnFinish(),
	)
}
