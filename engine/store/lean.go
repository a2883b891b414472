// A picture's history: a screenshot draws one tick, N, and of the history
// its frame reads only the aggregates — the bounds (the terrain and the
// framing), the indoor grid, every track's guid, name and first tick in
// the order first seen (the selection's ties, the object list) — the
// samples of the last few seconds up to N (the trails), those at N, or,
// when no object is alive at N, those of the first tick after it that
// creates a track (ui remotesAt: the first view's framing), and the
// whole-run plot of the one selected object (the distance to the queue's
// head and to the truth: ui/timeline DefaultPlot). So (Lean) a track holds
// only the samples from the trails' first tick (LeanTrail) to that point,
// after which each tick is recorded into the aggregates alone; the
// selection, when it is known before the run, keeps every sample; when it
// is not (the most eventful object, known once the log is whole), every
// object keeps the plot's series over the whole run — the two distances,
// 4 bytes of a sample's 20 — and EndLean makes the selection's series its
// track's samples.

package store

import (
	"math"

	"glidepath/internal/hugepage"
)

// lean is what a History keeps of a picture (Lean).
type lean struct {
	// after is the picture's tick, −1 when the history is whole.
	after int
	// trail is the first tick whose samples a track holds (LeanTrail).
	trail int
	// keep is the selection, known before the run (0: not known).
	keep uint32
	// ready: the first view's framing has what it reads (the samples at
	// the last recorded tick at or before after, when an object was alive
	// there, else those of the first tick after it that made a track).
	ready bool
	// on: the ticks recorded now are lean; from is the first of them.
	on   bool
	from int
	// series are, by track, the plot's series of the whole run (only
	// while keep is 0), each made with its track, with room for the rest
	// of the run, which the pre-run fills at once: so they are carved out
	// of slab.
	series []leanSeries
	slab   hugepage.Slab[leanSample]
}

// leanSeries is one track's plot series: sample i is tick first + i·stride.
type leanSeries struct {
	first   int
	samples []leanSample
}

// leanSample is what the plot reads of a Sample: its distances to the
// queue's head and to the truth, any NaN held as nanBF16, both deadBF16
// where the object was not alive.
type leanSample struct {
	distHead, errTruth BF16
}

// deadBF16 marks a leanSample of a tick the object was not alive at: a NaN
// that no distance is held as (leanSampleOf).
const deadBF16 BF16 = 0xFFFF

// leanSampleOf is the plot's part of sm.
func leanSampleOf(sm *Sample) leanSample {
	d, e := sm.DistHead, sm.ErrTruth
	if d.Float32() != d.Float32() {
		d = nanBF16
	}
	if e.Float32() != e.Float32() {
		e = nanBF16
	}
	return leanSample{distHead: d, errTruth: e}
}

// Lean has the history keep only what the picture's frame at tick after
// reads (see above): every sample of the track of keep, when it is not 0
// (the selection known before the run), otherwise every track's plot
// series, of which EndLean keeps the selection's; of the other tracks,
// the samples from LeanTrail's tick up to after. Call it before anything
// is recorded; after < 0 keeps the history whole.
func (h *History) Lean(after int, keep uint32) {
	if h.last < 0 {
		h.lean = lean{after: after, keep: keep}
	}
}

// LeanTrail has a picture's history (Lean) hold the samples of its
// tracks (but the selection known before the run) only from tick from on,
// the first its trails read (ui/overlay TrailFrom); before it, the other
// tracks hold none. Call it before anything is recorded.
func (h *History) LeanTrail(from int) {
	if h.last < 0 {
		h.lean.trail = max(from, 0)
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

// LeanTick reports whether, of a picture's history (Lean), tick's samples
// are known to go into the aggregates and the plot's series alone: it is
// before the trails' first tick, or the lean ticks have begun (decided
// when the ticks up to the picture's are recorded, so a run of ticks
// taken before that is not lean). Such a sample is read for its position
// and its two distances only — its heading, contact, queue and failure
// counter are not — but the sample of keep, the selection known before
// the run (0: none), whose track keeps every sample. It reads what
// Record writes, so it is asked while nothing is recorded, as settled is.
func (h *History) LeanTick(tick int) (lean bool, keep uint32) {
	l := &h.lean
	return l.after >= 0 && (l.on || tick < l.trail), l.keep
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

// whole says whether track k keeps every sample: the history is whole,
// or k is the selection's, known before the run.
func (h *History) whole(k int) bool {
	l := &h.lean
	return l.after < 0 || l.keep != 0 && h.tracks[k].GUID == l.keep
}

// leanSkip is how many samples from tick, its first, the track of guid
// does not hold: those before the trails' first tick, in a picture's
// history, but the selection's known before the run.
func (h *History) leanSkip(tick int, guid uint32) int {
	l := &h.lean
	if l.after < 0 || l.keep != 0 && guid == l.keep || tick >= l.trail {
		return 0
	}
	return (l.trail - tick + h.stride - 1) / h.stride
}

// leanTrack makes track k's plot series, k just made at tick, when every
// track keeps one (on the recording goroutine: the series are carved out
// of one slab).
func (h *History) leanTrack(k, tick int) {
	l := &h.lean
	if l.after < 0 || l.keep != 0 {
		return
	}
	for len(l.series) <= k {
		l.series = append(l.series, leanSeries{first: -1})
	}
	s := &l.series[k]
	s.first = tick
	if h.expect > tick {
		s.samples = l.slab.Make((h.expect-tick)/h.stride + 1)
	}
}

// leanSkips says whether the sample of track k at tick is not appended to
// the track: a lean tick, or one before the trails' first, of a track
// that does not keep every sample. When every track keeps its plot series,
// the sample joins the track's series, whichever it is.
func (h *History) leanSkips(k, tick int, sm *Sample) bool {
	l := &h.lean
	if h.whole(k) {
		return false
	}
	if l.keep == 0 {
		s := &l.series[k]
		for s.first+len(s.samples)*h.stride < tick {
			s.samples = append(s.samples, leanSample{deadBF16, deadBF16}) // not alive
		}
		s.samples = append(s.samples, leanSampleOf(sm))
	}
	return l.on || tick < l.trail
}

// EndLean ends a lean history: the track of sel (the selection, when it
// was not known before the run) takes its plot series as its samples over
// the whole run but where it holds its own — each alive where the object
// was, with the distances and NaN for the rest (nothing the picture draws
// reads more there: the first view reads the selection's position out of
// its trails only when no crowd is framed, which needs a selection given,
// kept whole) — and the other series are let go. Of a history kept whole
// it does nothing.
func (h *History) EndLean(sel uint32) {
	l := &h.lean
	defer func() { l.series = nil }()
	if l.after < 0 || l.keep != 0 {
		return
	}
	k, ok := h.index[sel]
	if !ok || k >= len(l.series) || l.series[k].first < 0 {
		return
	}
	t, s := &h.tracks[k], &l.series[k]
	nan := float32(math.NaN())
	samples := make([]Sample, len(s.samples))
	for i, ls := range s.samples { // the series has every sample the track holds, and more
		if j := i - t.skip; j >= 0 && j < len(t.Samples) {
			samples[i] = t.Samples[j]
			continue
		}
		if ls.distHead != deadBF16 {
			samples[i] = Sample{Pos: [3]float32{nan, nan, nan}, DistHead: ls.distHead, ErrTruth: ls.errTruth, bits: sampleAlive}
		}
	}
	t.Samples, t.skip = samples, 0
}
