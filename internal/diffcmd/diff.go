// Package diffcmd is the work of viewer diff: an input run tick by tick
// beside a client's per-tick trace (or, with -vs, one trace beside another)
// and the comparison printed as text or JSON, with the run's tables; a
// divergence ends the command with status 1 (docs/viewer.md, "Your
// client against retail").
package diffcmd

import (
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"

	"glidepath/engine/loader"

	"glidepath/assets"
	"glidepath/engine"
	"glidepath/engine/capture"
	"glidepath/engine/clientdiff"
	"glidepath/engine/clienttrace"
	"glidepath/engine/recording"
	"glidepath/internal/cli"
	"glidepath/internal/cmdinput"
	"glidepath/internal/tablesroute"
	"glidepath/interp"
)

// NamedInput is path when its name says which input it is — a regular
// file — and "" otherwise: standard input ("-"), a pipe or a device
// (/dev/fd/63 of a shell's <(zcat rec.jsonl.gz)) have names of their own,
// and a Glidepath trace's header cannot be checked against them.
func NamedInput(path string) string {
	if path == "-" {
		return ""
	}
	if st, err := os.Stat(path); err != nil || !st.Mode().IsRegular() {
		return ""
	}
	return path
}

// Options are what diff runs an input under and how it compares and
// reports.
type Options struct {
	// Reading is the reading the input runs under; World the client's
	// world (nil: illustrative); Capture reads a capture input.
	Reading interp.Reading
	World   engine.WorldData
	Capture capture.Options
	// Tables are the tables the run writes (-states, -events, -metrics).
	Tables *tablesroute.Options
	// Compare is the comparison's tolerance, context and strictness; its
	// Input is set from the input's name.
	Compare clientdiff.Options
	// JSON prints the result as JSON instead of text.
	JSON bool
	// Stderr takes the run's notices (cmdinput.WarnFloor); nil: none.
	Stderr io.Writer
}

// diffBusyCores is the cores the diff's run leaves to others: the input's
// decoder, as viewer run leaves it. The client trace's reader takes none
// of its own: reading a 2.77 GB trace costs 2 CPU s where stepping its
// crowd costs 3, so the runs of ticks are split over both cores (as in
// viewer run) and the reader, up to two runs ahead, takes a core whenever
// a run is compared or a chunk waits (docs/benchmarks.md, "The diff's
// reading").
const diffBusyCores = 1

// simOptions are the diff's run's options: no stage records and no glide
// metrics unless a table wants them.
func simOptions(o Options, cmp *clientdiff.Comparer) engine.Options {
	return engine.Options{Assets: assets.FS(), World: o.World, Reading: o.Reading, Metrics: o.Tables.Any(), Sink: cmp,
		EventLog: o.Tables.Events != "", Explain: o.Tables.Events != "", BusyCores: diffBusyCores}
}

// Run runs input under o beside the client trace clientTrace,
// tick by tick, and prints the comparison to w; a divergence ends it with
// status 1.
func Run(input, clientTrace string, o Options, w io.Writer) error {
	in := cmdinput.NewRereadable(input, loader.LoadOptions{Capture: o.Capture})
	defer in.Close()
	src, _, err := in.Open()
	if err != nil {
		return err
	}
	defer src.Close()
	copts := o.Compare
	copts.Input = NamedInput(input)
	cmp := clientdiff.NewComparer(copts)
	// A long diff shows how far it has stepped when stderr is a terminal,
	// the line cleared before the comparison is printed.
	shown := cli.NewTickProgress(o.Stderr, false, "diffing "+filepath.Base(input), engine.KnownLastTick(src, 0))
	defer shown.Finish()
	cmp.Interrupt = func(tick int) error {
		shown.At(tick)
		return cli.Stopped("tick %d of diff", tick)
	}
	// No stage records and no glide metrics (unless a table wants them):
	// each costs a tenth of the run, and only a divergence's report uses
	// them; when something diverged, a second run made only then gives
	// the report its pops, hitches and cause chains (NameStages, below).
	// The input is decoded on another core while the pipeline steps, as in
	// viewer run.
	ahead := recording.Prefetch(src)
	defer ahead.Close()
	sim, err := engine.NewStream(ahead, simOptions(o, cmp))
	if err != nil {
		return cli.UsageError{Err: err}
	}
	tabFiles, err := startDiffTables(o.Tables, sim, input)
	if err != nil {
		return err
	}
	defer tabFiles.abort()
	stop := cmp.Interrupt
	cmp.Interrupt = tabFiles.hook(stop)
	rd, err := clienttrace.Open(clientTrace, sim.TickRate())
	if err != nil {
		return cli.UsageError{Err: err}
	}
	defer rd.Close()
	res, err := clientdiff.Run(sim, cmp, rd)
	shown.Finish()
	if err != nil {
		var te *clienttrace.Error
		var ie *cli.InterruptedError
		var ne *clientdiff.NothingComparedError
		switch {
		case errors.As(err, &ie):
			return err
		case errors.As(err, &te) || errors.As(err, &ne) || sim.Err() != nil:
			return cli.UsageError{Err: err}
		}
		return err
	}
	// The divergences' causes (and a pop's stage) come from the input run
	// again, up to the last divergence, only when something diverged. The
	// tables are the first run's: the second writes none.
	cmp.Interrupt = stop
	var again recording.Source
	err = cmp.NameStages(res, func(sink engine.TickSink) (*engine.Sim, error) {
		if again, _, err = in.Open(); err != nil {
			return nil, err
		}
		return engine.NewStream(again, engine.Options{Assets: assets.FS(), World: o.World, Reading: o.Reading, Metrics: true, RecordStages: true, Sink: sink})
	})
	if again != nil {
		again.Close()
	}
	if err != nil {
		return err
	}
	res.Input = cmdinput.TraceInputName(input)
	if o.Stderr != nil {
		cmdinput.WarnFloor(o.Stderr, sim)
	}
	if err := tabFiles.finish(); err != nil {
		return err
	}
	if o.JSON {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		err = enc.Encode(res)
	} else {
		err = writeDiffText(w, res)
	}
	if err != nil {
		return err
	}
	if res.Diverged {
		return cli.StatusError{Code: cli.ExitFailure}
	}
	return nil
}
