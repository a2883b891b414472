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
// overrides; its Name gets ChangedSuffix), both with opts. The original
// runs over its own ticks, exactly as `viewer run` runs the input (so its
// metrics are run's); the what-if run over the later of the two runs' last
// ticks, so that a delayed tail is not cut off. Step the returned
// Compare's runs together (Compare.Advance; each stops at its own last
// tick); its first run is the original. To compare the two over the same
// ticks, take the metrics when both stand at the original's last tick
// (SameTicks) and count the what-if's tail after it apart.
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
	if opts.LastTick == 0 && b.LastTick() < a.LastTick() {
		// A what-if that ends sooner (its last updates lost or thinned)
		// still runs every tick of the original.
		o := opts
		o.LastTick = a.LastTick()
		if _, b, err = build(o); err != nil {
			return nil, st, err
		}
	}
	return engine.CompareOf(a, b), st, nil
}

// SameTicks is the last tick both runs of a pair cover: the original's
// (NewPair runs the what-if at least as long). Ticks 0 to SameTicks are
// the ticks a pair's columns compare; the what-if's ticks after it are its
// tail.
func SameTicks(cmp *engine.Compare) int { return cmp.Sims()[0].LastTick() }
