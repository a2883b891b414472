//go:build !js

// The window's -whatif flag: the input opened beside itself delivered again
// under changed network conditions and/or reading overrides, the two runs
// side by side (docs/viewer.md "What-if, shrink and evidence packs"). The
// conditions are written as the whatif subcommand takes them, in one
// quoted string: -whatif '-latency 150ms -loss 5% -set NAME=VALUE'.

package launch

import (
	"flag"
	"fmt"
	"io"
	"strings"

	"glidepath/assets"
	"glidepath/engine"
	"glidepath/engine/recording"
	"glidepath/engine/scenario"
	"glidepath/engine/whatif"
	"glidepath/internal/cli"
	"glidepath/internal/whatifcmd"
	"glidepath/interp"
	"glidepath/ui/model"
	"glidepath/ui/simsource"
)

// whatifSpec is -whatif's value: the what-if run's conditions and its
// reading overrides, parsed by the whatif subcommand's own flags
// (whatifcmd.Conds, whatifcmd.SetList).
type whatifSpec struct {
	raw  string
	cond whatif.Conditions
	sets whatifcmd.SetList
	// label names the setting as the subcommand prints it: latency=150ms …
	label string
}

func (w *whatifSpec) String() string { return w.raw }

// Set parses the conditions: the whatif subcommand's -latency, -jitter,
// -loss, -reorder, -cadence, -set and -seed, one value each (a sweep opens
// no window).
func (w *whatifSpec) Set(s string) error {
	fs := flag.NewFlagSet("-whatif", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	conds := whatifcmd.Conds()
	for _, c := range conds {
		fs.Var(c, c.Name, "")
	}
	var sets whatifcmd.SetList
	fs.Var(&sets, "set", "")
	seed := fs.Uint64("seed", 1, "")
	if err := fs.Parse(strings.Fields(s)); err != nil {
		return fmt.Errorf("%w (want the whatif subcommand's -latency, -jitter, -loss, -reorder, -cadence, -set NAME=VALUE and -seed, e.g. '-latency 150ms -loss 5%%')", err)
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("%q: not a condition flag (e.g. '-latency 150ms -loss 5%%')", fs.Arg(0))
	}
	c := whatif.Conditions{Seed: *seed}
	var label []string
	for _, f := range conds {
		if f.IsSweep() {
			return fmt.Errorf("-%s %s: a sweep opens no window; use the whatif subcommand's -metrics", f.Name, f.Raw)
		}
		vs, _ := f.Values()
		if len(vs) == 1 {
			f.Apply(&c, vs[0])
			label = append(label, f.Name+"="+f.Label(vs[0]))
		}
	}
	if err := c.Check(); err != nil {
		return err
	}
	// The overrides are checked against the default reading here; runOpen
	// applies them to the -reading chosen (whatifReading).
	probe := interp.SeedReading()
	for _, v := range sets {
		name, value, _ := strings.Cut(v, "=")
		if interp.IsConstant(name) {
			return fmt.Errorf("-set %s: a retail constant: the window's -whatif sets reading fields only; `viewer whatif -set %s` runs it headless", name, v)
		}
		if err := whatif.SetReading(&probe, name, value); err != nil {
			// whatif.Set's error names the field (and value) itself.
			return fmt.Errorf("-set %s", strings.TrimPrefix(err.Error(), "whatif: "))
		}
	}
	*w = whatifSpec{raw: s, cond: c, sets: sets, label: strings.Join(append(label, sets...), " ")}
	return nil
}

// whatifReading is base with the spec's -set overrides, named base's name
// with whatif.ChangedSuffix as the whatif subcommand names it.
func (w *whatifSpec) whatifReading(base interp.Reading) (interp.Reading, error) {
	changed := base
	for _, v := range w.sets {
		name, value, _ := strings.Cut(v, "=")
		if err := whatif.SetReading(&changed, name, value); err != nil {
			return interp.Reading{}, cli.BadInput("-whatif: -set %s: %v", v, err)
		}
	}
	changed.Name = base.Name + whatif.ChangedSuffix
	return changed, nil
}

// checkWhatif refuses what -whatif cannot do: it re-delivers one input,
// read whole.
func checkWhatif(files []string, follow bool, against string) error {
	switch {
	case len(files) > 1:
		return cli.BadInput("-whatif re-delivers one FILE, got %d", len(files))
	case follow:
		return cli.BadInput("-whatif re-delivers a whole input: it cannot -follow one still being written")
	case against != "":
		return cli.BadInput("-whatif and -against: compare the what-if with a client trace in the whatif subcommand's report instead")
	}
	return nil
}

// whatifSources makes the what-if run of path (""; the built-in scenario)
// under the reading named: its events delivered again under the spec's
// conditions (whatif.Redeliver, as whatif.NewPair does), in the client's
// world w (nil: illustrative). What the redelivery did is written to
// stderr. Every failure is bad input.
func whatifSources(path, reading string, spec *whatifSpec, w engine.WorldData, stderr io.Writer) ([]model.Source, error) {
	base, err := interp.One(reading)
	if err != nil {
		return nil, cli.BadInput("-reading: %v", err)
	}
	changed, err := spec.whatifReading(base)
	if err != nil {
		return nil, err
	}
	rec, err := simsource.Load(simsource.Spec{Path: path, Assets: assets.FS()})
	if err != nil {
		return nil, cli.UsageError{Err: err}
	}
	events, st := whatif.Redeliver(rec.Events, spec.cond)
	what := *rec
	what.Events = events
	store, err := engine.ReadEvents(recording.NewSource(&what), engine.Options{Assets: assets.FS(), World: w})
	if err != nil {
		return nil, cli.UsageError{Err: fmt.Errorf("-whatif: the redelivered input: %w", err)}
	}
	file := path
	if file == "" {
		file = scenario.DefaultName + " (built-in)" // as openGrowing names it
	}
	runs, err := simsource.NewFromStoreWorld(store, file, []interp.Reading{changed}, assets.FS(), w)
	if err != nil {
		return nil, cli.UsageError{Err: err}
	}
	setting := spec.label
	if setting == "" {
		setting = "no change"
	}
	fmt.Fprintf(stderr, "viewer: what-if (%s, seed %d): %d UpdatePositions thinned, %d lost, %d reordered, %d after their delete\n",
		setting, spec.cond.Seed, st.Thinned, st.Lost, st.Reordered, st.AfterDelete)
	out := make([]model.Source, len(runs))
	for i, r := range runs {
		out[i] = r
	}
	return out, nil
}
