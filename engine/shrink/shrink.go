// Package shrink reduces a recording to the fewest events that still show a
// condition — delta debugging (ddmin: Zeller and Hildebrandt, "Simplifying
// and Isolating Failure-Inducing Input", 2002) over, in turn, the input's
// objects, then its events (contiguous runs of them first, which are time
// ranges, down to single messages). Each trial is a full run of the
// candidate under the same reading; a condition is a predicate over the
// run (Keep builds one from a filter expression). Trials may run in
// parallel, and the result is the same whatever the number of workers: each
// round takes the first candidate, in ddmin's order, that keeps the
// condition.
package shrink

import (
	"errors"
	"slices"
	"sync"

	"glidepath/engine/recording"
)

// Holds reports whether a candidate recording still shows the condition. An
// error stops the shrink (an interrupt); a candidate the pipeline refuses
// (an event of an object whose create was dropped) should report false.
type Holds func(rec *recording.Recording) (bool, error)

// Options adjust a shrink.
type Options struct {
	// Jobs is the number of trials run at once (0 or 1: one).
	Jobs int
	// Step, when set, is told the input's size and the size after each
	// phase: the phase ("objects", "events") and the candidate's objects
	// (its guids: events about no object, notes and observer moves, are
	// not an object) and events.
	Step func(phase string, objects, events int)
	// Trial, when set, is told after every trial.
	Trial func()
}

// ErrNotShown is returned when the whole input does not show the condition.
var ErrNotShown = errors.New("shrink: the input does not show the condition")

// Shrink returns the smallest recording it finds that keeps the condition:
// rec's header with only the kept objects' entities, and the kept events in
// their order with their times. rec is not changed.
func Shrink(rec *recording.Recording, holds Holds, opts Options) (*recording.Recording, error) {
	ok, err := holds(rec)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, ErrNotShown
	}
	r := &runner{rec: rec, holds: holds, opts: opts}
	// Objects: the units are guids; guid-less events (observer moves, notes
	// about no object) are one more unit, guid 0 never being an object's.
	guids := objectUnits(rec)
	r.step("objects", objectCount(guids), len(rec.Events))
	keptGUIDs, err := ddmin(guids, func(c []uint32) (bool, error) {
		return r.try(r.byObjects(c))
	}, r.opts.Jobs)
	if err != nil {
		return nil, err
	}
	cur := r.byObjects(keptGUIDs)
	r.step("objects", objectCount(objectUnits(cur)), len(cur.Events))
	// Events: ddmin over their indices, contiguous halves first.
	idx := make([]int, len(cur.Events))
	for i := range idx {
		idx[i] = i
	}
	keptIdx, err := ddmin(idx, func(c []int) (bool, error) {
		return r.try(r.byEvents(cur, c))
	}, r.opts.Jobs)
	if err != nil {
		return nil, err
	}
	out := r.byEvents(cur, keptIdx)
	r.step("events", objectCount(objectUnits(out)), len(out.Events))
	return out, nil
}

type runner struct {
	rec   *recording.Recording
	holds Holds
	opts  Options
	mu    sync.Mutex
}

func (r *runner) step(phase string, objects, events int) {
	if r.opts.Step != nil {
		r.opts.Step(phase, objects, events)
	}
}

func (r *runner) try(rec *recording.Recording) (bool, error) {
	ok, err := r.holds(rec)
	if r.opts.Trial != nil {
		r.mu.Lock()
		r.opts.Trial()
		r.mu.Unlock()
	}
	return ok, err
}

// objectUnits lists the input's objects (header entities, then objects of
// events, in first appearance) and 0 for the guid-less events.
func objectUnits(rec *recording.Recording) []uint32 {
	var out []uint32
	seen := map[uint32]bool{}
	add := func(g uint32) {
		if !seen[g] {
			seen[g] = true
			out = append(out, g)
		}
	}
	for i := range rec.Header.Entities {
		add(rec.Header.Entities[i].GUID)
	}
	for i := range rec.Events {
		add(unitOf(&rec.Events[i]))
	}
	return out
}

// objectCount is the objects among units: all but the unit of the events
// about no object (guid 0).
func objectCount(units []uint32) int {
	n := len(units)
	if slices.Contains(units, 0) {
		n--
	}
	return n
}

func unitOf(ev *recording.Event) uint32 {
	if !ev.HasGUID {
		return 0
	}
	return ev.GUID
}

// byObjects is the input with only the objects in keep.
func (r *runner) byObjects(keep []uint32) *recording.Recording {
	in := map[uint32]bool{}
	for _, g := range keep {
		in[g] = true
	}
	out := *r.rec
	out.Header.Entities = nil
	for _, e := range r.rec.Header.Entities {
		if in[e.GUID] {
			out.Header.Entities = append(out.Header.Entities, e)
		}
	}
	out.Events = nil
	for _, ev := range r.rec.Events {
		if in[unitOf(&ev)] {
			out.Events = append(out.Events, ev)
		}
	}
	return &out
}

// byEvents is cur with only the events at the indices keep (ascending),
// and the header entities those events or a kept create still name.
func (r *runner) byEvents(cur *recording.Recording, keep []int) *recording.Recording {
	out := *cur
	out.Events = make([]recording.Event, len(keep))
	named := map[uint32]bool{}
	for i, k := range keep {
		out.Events[i] = cur.Events[k]
		if ev := &out.Events[i]; ev.HasGUID {
			named[ev.GUID] = true
		}
	}
	out.Header.Entities = nil
	for _, e := range cur.Header.Entities {
		if named[e.GUID] {
			out.Header.Entities = append(out.Header.Entities, e)
		}
	}
	return &out
}

// ddmin is the minimising delta debugging algorithm over c: it returns a
// subset of c (in c's order) that still passes test and from which no
// single chunk at the final granularity can be removed. Each round's
// candidates — the n chunks, then their complements — are tried in that
// order, jobs at a time, and the first that passes is taken, so the result
// does not depend on jobs.
func ddmin[T any](c []T, test func([]T) (bool, error), jobs int) ([]T, error) {
	jobs = max(jobs, 1)
	n := 2
	for len(c) >= 2 {
		n = min(n, len(c))
		chunks := split(c, n)
		var cands [][]T
		cands = append(cands, chunks...)
		if n > 2 { // with two chunks each complement is the other chunk
			for i := range chunks {
				cands = append(cands, complement(chunks, i))
			}
		}
		found, err := firstPassing(cands, test, jobs)
		if err != nil {
			return nil, err
		}
		switch {
		case found >= 0 && found < len(chunks):
			c, n = cands[found], 2
		case found >= 0:
			c, n = cands[found], max(n-1, 2)
		case n < len(c):
			n = min(2*n, len(c))
		default:
			return c, nil
		}
	}
	return c, nil
}

// firstPassing returns the index of the first candidate that passes, or
// −1, trying them jobs at a time.
func firstPassing[T any](cands [][]T, test func([]T) (bool, error), jobs int) (int, error) {
	for lo := 0; lo < len(cands); lo += jobs {
		hi := min(lo+jobs, len(cands))
		ok := make([]bool, hi-lo)
		errs := make([]error, hi-lo)
		if hi-lo == 1 {
			ok[0], errs[0] = test(cands[lo])
		} else {
			var wg sync.WaitGroup
			for i := lo; i < hi; i++ {
				wg.Add(1)
				go func() {
					defer wg.Done()
					ok[i-lo], errs[i-lo] = test(cands[i])
				}()
			}
			wg.Wait()
		}
		for i := range ok {
			if errs[i] != nil {
				return -1, errs[i]
			}
			if ok[i] {
				return lo + i, nil
			}
		}
	}
	return -1, nil
}

// split cuts c into n contiguous chunks of nearly equal length.
func split[T any](c []T, n int) [][]T {
	out := make([][]T, 0, n)
	start := 0
	for i := range n {
		end := start + (len(c)-start)/(n-i)
		out = append(out, c[start:end:end])
		start = end
	}
	return out
}

// complement is every chunk but chunk i, joined.
func complement[T any](chunks [][]T, i int) []T {
	var out []T
	for j, ch := range chunks {
		if j != i {
			out = append(out, ch...)
		}
	}
	return slices.Clip(out)
}
