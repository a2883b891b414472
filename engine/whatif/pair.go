package whatif

import (
	"fmt"

	"glidepath/engine"
	"glidepath/engine/recording"
	"glidepath/interp"
)

// ChangedSuffix marks the what-if run's reading name beside the original's
// ("seed" and "seed@whatif"), so a report and its tables tell them apart.
const ChangedSuffix = "@whatif"

// NewPair makes the original run of rec under base and the what-if run of
// rec's events redelivered under c, under changed (base with its -set
// overrides; its Name gets ChangedSuffix), both with opts and over the same
// ticks: the later of the two runs' last ticks, so that a delayed tail is
// not cut off. Step the returned Compare's runs together (Compare.Advance);
// its first run is the original.
func NewPair(rec *recording.Recording, base, changed interp.Reading, c Conditions, opts engine.Options) (*engine.Compare, Stats, error) {
	return NewPairConstants(rec, base, changed, interp.Constants{}, c, opts)
}

// NewPairConstants is NewPair with the what-if run's interpolation
// thresholds k (the constants of -set; the zero value is
// interp.RetailConstants). The original runs opts.Constants.
func NewPairConstants(rec *recording.Recording, base, changed interp.Reading, k interp.Constants, c Conditions, opts engine.Options) (*engine.Compare, Stats, error) {
	if err := c.Check(); err != nil {
		return nil, Stats{}, err
	}
	events, st := Redeliver(rec.Events, c)
	what := *rec
	what.Events = events
	changed.Name = base.Name + ChangedSuffix
	build := func(o engine.Options) (*engine.Sim, *engine.Sim, error) {
		o.Reading = base
		a, err := engine.New(rec, o)
		if err != nil {
			return nil, nil, err
		}
		o.Reading, o.Constants = changed, k
		b, err := engine.New(&what, o)
		if err != nil {
			return nil, nil, fmt.Errorf("whatif: the redelivered input: %w", err)
		}
		return a, b, nil
	}
	a, b, err := build(opts)
	if err != nil {
		return nil, st, err
	}
	if opts.LastTick == 0 && a.LastTick() != b.LastTick() {
		opts.LastTick = max(a.LastTick(), b.LastTick())
		if a, b, err = build(opts); err != nil {
			return nil, st, err
		}
	}
	return engine.CompareOf(a, b), st, nil
}
