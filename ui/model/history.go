// History: every object's state tick by tick, recorded once while the run
// is pre-run (trails, the timeline's plots, the object list's live
// metrics). The history itself is the engine's store's (engine/store);
// Record feeds it a snapshot.

package model

import "glidepath/engine/store"

// History holds the tracks of one run (store.History: each object's
// store.Samples tick by tick, in a store.Track).
type History = store.History

// NewHistory returns an empty history.
func NewHistory() *History { return store.NewHistory() }

// StrideFor is the smallest stride at which objects objects over ticks
// ticks fit store.HistoryBudget.
func StrideFor(objects, ticks int) int { return store.StrideFor(objects, ticks) }

// Record appends the snapshot's tick to h (History.Record): a full
// snapshot's objects as their briefs (store.BriefOfObject), then its briefs, and the
// observer. A tick h would not record is not converted.
func Record(h *History, s *Snapshot) {
	if s.Tick <= h.LastTick() || s.Tick%h.Stride() != 0 {
		return
	}
	objects := s.Briefs
	if len(s.Objects) > 0 {
		s.recorded = s.recorded[:0]
		for i := range s.Objects {
			s.recorded = append(s.recorded, store.BriefOfObject(&s.Objects[i]))
		}
		s.recorded = append(s.recorded, s.Briefs...)
		objects = s.recorded
	}
	var observer *Vec3
	if s.HasObserver {
		observer = &s.Observer
	}
	h.Record(s.Tick, objects, observer, s.ObserverIndoor)
}
