// A picture's history: a screenshot draws one tick, N, and of the history
// after N its frame reads only the aggregates — the bounds (the terrain and
// the framing), the indoor grid, every track's guid, name and first tick
// in the order first seen (the selection's ties, the object list) — and
// the whole-run plot of the one selected object (the distance to the
// queue's head and to the truth by default: ui/timeline DefaultPlot). The
// trails and the first view's framing read the samples up to N, or, when
// no object is alive at N, those of the first tick after it that creates a
// track (ui remotesAt). So past that point (Lean) each tick is recorded
// into the aggregates alone, and the samples only of the selection when it
// is known; when it is not (the most eventful object, known once the log
// is whole), every object keeps the plot's series — its sample less the
// position, 8 bytes of 20 — and EndLean makes the selection's series its
// track's samples.

package store

import (
	"math"

	"glidepath/internal/hugepage"
)

// lean is what a History keeps past a picture's tick (Lean).
type lean struct {
	// after is the picture's tick, −1 when the history is whole.
	after int
	// keep is the selection, known before the run (0: not known).
	keep uint32
	// ready: the first view's framing has what it reads (the samples at
	// the last recorded tick at or before after, when an object was alive
	// there, else those of the first tick after it that made a track).
	ready bool
	// on: the ticks recorded now are lean; from is the first of them.
	on   bool
	from int
	// series are, by track, the plot's series of the lean ticks (only
	// while keep is 0), carved out of slab: they are made together at the
	// first lean tick, each with room for the rest of the run, which the
	// pre-run fills at once.
	series []leanSeries
	slab   hugepage.Slab[leanSample]
}

// leanSeries is one track's plot series: sample i is tick first + i·stride.
type leanSeries struct {
	first   int
	samples []leanSample
}

// leanSample is a Sample less its position: what the plot reads of it.
type leanSample struct {
	distHead, errTruth BF16
	queue              uint8
	fail               int8
	bits               uint16
}

// Lean has the history keep, past tick after (a screenshot's), only what
// the picture's frame reads (see above): every sample of the track of
// keep, when it is not 0 (the selection known before the run), otherwise
// every track's plot series, of which EndLean keeps the selection's. Call
// it before anything is recorded; after < 0 keeps the history whole.
func (h *History) Lean(after int, keep uint32) {
	if h.last < 0 {
		h.lean = lean{after: after, keep: keep}
	}
}

// Leaned reports whether ticks were recorded lean (tracks other than the
// selection's end at the first of them), and from which tick.
func (h *History) Leaned() (from int, ok bool) { return h.lean.from, h.lean.on }

// leanBegin says, before tick is recorded, whether it is recorded lean.
func (h *History) leanBegin(tick int) {
	l := &h.lean
	if !l.on && l.after >= 0 && l.ready && tick > l.after {
		l.on, l.from = true, tick
	}
}

// leanEnd notes, once tick is recorded with objects live objects and
// before tracks, whether the first view's framing now has what it reads.
func (h *History) leanEnd(tick, objects, before int) {
	l := &h.lean
	if l.ready || l.after < 0 {
		return
	}
	switch {
	case tick <= l.after:
		// The last tick at or before after is on the stride: At(after)
		// reads it.
		l.ready = tick > l.after-h.stride && objects > 0
	default:
		l.ready = len(h.tracks) > before
	}
}

// settled says whether tick is recorded (due) and whether it is recorded
// lean is known before the ticks of its run of ticks before it are: the
// lean ticks have begun, or tick is not past the picture's (or the
// history is kept whole). Only then may its samples go to their tracks
// as they are taken (PartRecorder.Take).
func (h *History) settled(tick int) bool {
	l := &h.lean
	return h.due(tick) && (l.on || l.after < 0 || tick <= l.after)
}

// leanSkips says whether the sample of track k at tick is not appended to
// the track (a lean tick, not the selection's); when the selection is not
// known, the sample joins the track's series.
func (h *History) leanSkips(k, tick int, sm *Sample) bool {
	l := &h.lean
	if !l.on || h.tracks[k].GUID == l.keep && l.keep != 0 {
		return false
	}
	if l.keep != 0 {
		return true
	}
	for len(l.series) <= k {
		l.series = append(l.series, leanSeries{first: -1})
	}
	s := &l.series[k]
	if s.first < 0 {
		s.first = tick
		if h.expect > tick {
			s.samples = l.slab.Make((h.expect-tick)/h.stride + 1)
		}
	}
	for s.first+len(s.samples)*h.stride < tick {
		s.samples = append(s.samples, leanSample{}) // not alive
	}
	s.samples = append(s.samples, leanSample{distHead: sm.DistHead, errTruth: sm.ErrTruth, queue: sm.Queue, fail: sm.Fail, bits: sm.bits})
	return true
}

// EndLean ends a lean history: the track of sel (the selection, when it
// was not known before the run) takes its plot series as its samples
// past the lean ticks' first — each the object's sample but for its
// position, which is NaN (nothing the picture draws reads it there: the
// first view reads the selection's position past the picture's tick only
// when no crowd is framed, which needs a selection given, kept whole) —
// and the other series are let go. Of a history kept whole it does
// nothing.
func (h *History) EndLean(sel uint32) {
	l := &h.lean
	defer func() { l.series = nil }()
	if !l.on || l.keep != 0 {
		return
	}
	k, ok := h.index[sel]
	if !ok || k >= len(l.series) || l.series[k].first < 0 {
		return
	}
	t, s := &h.tracks[k], &l.series[k]
	nan := float32(math.NaN())
	for i, ls := range s.samples {
		tick := s.first + i*h.stride
		for t.tickOf(len(t.Samples)) < tick {
			t.Samples = append(t.Samples, Sample{})
		}
		t.Samples = append(t.Samples, Sample{
			Pos: [3]float32{nan, nan, nan}, DistHead: ls.distHead, ErrTruth: ls.errTruth,
			Queue: ls.queue, Fail: ls.fail, bits: ls.bits,
		})
	}
}
