// Expectations: checking what a scenario claims (scenario.Expectation)
// against the glide metrics of a run, over each claim's object and window of
// ticks. The checker is one more consumer of the metrics: it reads the
// cumulative counts at the window's edges and the queue's peak on each tick
// inside it, as the run goes, so checking costs no second simulation and
// works whether the run is stepped by `viewer run`, a trace writer or a test.

package engine

import (
	"fmt"
	"strings"

	"glidepath/engine/hexid"
	"glidepath/engine/scenario"
	"glidepath/interp"
	"glidepath/physics"
)

// ExpectResult is one check of one expectation after a run.
type ExpectResult struct {
	// Expectation is the claim; Check the count checked.
	Expectation *scenario.Expectation
	Check       scenario.Check
	// FromTick and ToTick are the window as run (ToTick resolved to the
	// run's last tick when the claim runs to the end).
	FromTick, ToTick int
	// Got is the count over the window (for a window the run did not
	// finish, over the part it ran).
	Got int
	// Reached is false when the run stopped before the window's end; such
	// a check is not judged.
	Reached bool
	// Holds is true when the window was reached and Got lies in the
	// claimed range.
	Holds bool
	// Applies is true when the claim is made for the run's reading
	// (scenario.Expectation.AppliesTo); a check that does not apply is
	// reported but never fails.
	Applies bool
}

// Fails reports whether the check applies, was judged and does not hold.
func (r *ExpectResult) Fails() bool { return r.Applies && r.Reached && !r.Holds }

// Where is FILE:LINE of the claimed count.
func (r *ExpectResult) Where() string {
	return fmt.Sprintf("%s:%d", r.Expectation.File, r.Check.Line)
}

// Object names the expectation's object: "Courier (0x80000C01)", or "all
// objects".
func (r *ExpectResult) Object() string {
	e := r.Expectation
	switch {
	case e.AllObjects:
		return "all objects"
	case strings.HasPrefix(e.Object, "0x"):
		return e.Object
	}
	return fmt.Sprintf("%s (%s)", e.Object, hexid.String(e.GUID))
}

// String is one line: where, object, window, claim and count.
func (r *ExpectResult) String() string {
	verdict := "holds"
	switch {
	case !r.Reached:
		verdict = "not reached"
	case !r.Holds && r.Applies:
		verdict = "FAILS"
	case !r.Holds:
		verdict = "differs"
	}
	return fmt.Sprintf("%-11s %s %s, ticks %d–%d: %s %s, got %d", verdict, r.Where(), r.Object(),
		r.FromTick, r.ToTick, r.Check.Metric, r.Check.Want(), r.Got)
}

// expectState follows one expectation through a run.
type expectState struct {
	e *scenario.Expectation
	// slot is the object's slot, −1 for all objects or an object the run
	// never has.
	slot int32
	// base are the cumulative counts at the end of tick FromTick−1, end at
	// the end of ToTick (or of the furthest tick, while unfinished).
	base, end []int
	peak      int
	done      bool
}

// expectChecker holds every expectation of a run.
type expectChecker struct {
	states []expectState
}

// newExpectChecker starts checking exps on s, at tick 0.
func newExpectChecker(s *Sim, exps []scenario.Expectation) *expectChecker {
	c := &expectChecker{states: make([]expectState, len(exps))}
	for i := range exps {
		st := &c.states[i]
		st.e = &exps[i]
		st.slot = -1
		if !st.e.AllObjects {
			for _, o := range s.slots {
				if o.guid == st.e.GUID {
					st.slot = o.slot
					break
				}
			}
		}
		st.base = make([]int, len(st.e.Checks))
		st.end = make([]int, len(st.e.Checks))
	}
	return c
}

// afterTick takes what the windows need from the metrics of the tick just
// simulated.
func (c *expectChecker) afterTick(s *Sim) {
	k := s.tick
	for i := range c.states {
		st := &c.states[i]
		if st.done {
			continue
		}
		if k == st.e.FromTick-1 {
			st.counts(s, st.base)
		}
		if k >= st.e.FromTick {
			st.peak = max(st.peak, st.tickPeak(s, k))
			if k == st.e.ToTick {
				st.counts(s, st.end)
				st.done = true
			}
		}
	}
}

// counts writes the cumulative value of each check's metric into dst.
func (st *expectState) counts(s *Sim, dst []int) {
	for j, ch := range st.e.Checks {
		dst[j] = 0
		st.each(s, func(m *ObjectMetrics) { dst[j] += metricCount(m, ch.Metric) })
	}
}

// tickPeak is the most nodes the object's queue (any object's, for all
// objects) held during tick k.
func (st *expectState) tickPeak(s *Sim, k int) int {
	p := 0
	st.eachTracker(s, func(t *tracker) {
		if t.peakTick == k {
			p = max(p, t.peak)
		}
	})
	return p
}

func (st *expectState) each(s *Sim, f func(*ObjectMetrics)) {
	st.eachTracker(s, func(t *tracker) { f(&t.m) })
}

func (st *expectState) eachTracker(s *Sim, f func(*tracker)) {
	if !st.e.AllObjects {
		if st.slot >= 0 {
			f(&s.metrics.t[st.slot])
		}
		return
	}
	for i := range s.metrics.t[:s.nslots] {
		f(&s.metrics.t[i])
	}
}

// metricCount is the cumulative count of a metric (scenario.ExpectCounts,
// or a branch); queue_max is not cumulative and counts 0 here.
func metricCount(m *ObjectMetrics, metric string) int {
	switch metric {
	case "blips":
		return m.Blips
	case "snaps":
		return m.Snaps
	case "pops":
		return m.Pops
	case "hitches":
		return m.Hitches
	case "stops":
		return m.Stops
	case "stall_failures":
		return m.StallFailures
	case "evictions":
		return m.Evictions
	case "pruned":
		return m.Pruned
	}
	name, _ := strings.CutPrefix(metric, scenario.BranchPrefix)
	for r := physics.RouteTeleport; r <= physics.RouteWrongInstance; r++ {
		if r.String() == name {
			return m.Routes[r]
		}
	}
	for b := interp.BranchFar; b <= interp.BranchNear; b++ {
		if b.String() == name {
			return m.Enqueues[b]
		}
	}
	return 0
}

// results judges every check at the furthest tick simulated.
func (c *expectChecker) results(s *Sim) []ExpectResult {
	var out []ExpectResult
	for i := range c.states {
		st := &c.states[i]
		end := st.end
		to := st.e.ToTick
		reached := st.done
		if !st.done {
			end = make([]int, len(st.e.Checks))
			st.counts(s, end)
			if to < 0 {
				to, reached = s.furthest, s.furthest >= st.e.FromTick
			}
		}
		base := st.base
		if s.furthest < st.e.FromTick-1 {
			base = end // the window was not entered: nothing counted
		}
		for j, ch := range st.e.Checks {
			got := end[j] - base[j]
			if ch.Metric == "queue_max" {
				got = st.peak
			}
			out = append(out, ExpectResult{
				Expectation: st.e, Check: ch, FromTick: st.e.FromTick, ToTick: to,
				Got: got, Reached: reached, Holds: reached && got >= ch.Min && got <= ch.Max,
				Applies: st.e.AppliesTo(s.reading.Name),
			})
		}
	}
	return out
}

// Expectations returns the verdict on every check of Options.Expect over
// the ticks simulated so far (call it after running to LastTick). It is nil
// when Options.Expect is empty.
func (q Query) Expectations() []ExpectResult {
	if q.s.expect == nil {
		return nil
	}
	return q.s.expect.results(q.s)
}
