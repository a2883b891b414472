package shrink

import (
	"glidepath/engine"
	"glidepath/engine/filter"
	"glidepath/engine/recording"
)

// stopEvery is how many ticks a trial runs between two looks at stop.
const stopEvery = 256

// Keep is the condition "a run of the candidate under opts.Reading has a
// pipeline event matching expr" (engine/filter's grammar, the events'
// items: `blip guid=0x80000A01 tick~30`). opts gets the event log and the
// metrics it needs (pops are found by the metrics). stop, when set, is
// asked between ticks and its error ends the shrink (an interrupt). A
// candidate the pipeline refuses does not keep the condition.
func Keep(expr *filter.Expr, opts engine.Options, stop func() error) Holds {
	opts.EventLog, opts.Metrics = true, true
	return func(rec *recording.Recording) (bool, error) {
		if len(rec.Events) == 0 {
			return false, nil
		}
		s, err := engine.New(rec, opts)
		if err != nil {
			return false, nil
		}
		for n := 0; !s.Done(); n++ {
			if stop != nil && n%stopEvery == 0 {
				if err := stop(); err != nil {
					return false, err
				}
			}
			s.Step()
		}
		if s.Err() != nil {
			return false, nil
		}
		rate := s.TickRate()
		for _, e := range s.Query().AllEvents() {
			if it := filter.Event(&e, rate); expr.Match(&it) {
				return true, nil
			}
		}
		return false, nil
	}
}
