// History: every object's state tick by tick, recorded once while the run
// is pre-run (trails, the timeline's plots, the object list's live
// metrics). The history itself is the engine's store's (engine/store);
// Record feeds it a snapshot.

package model

import "glidepath/engine/store"

// The viewer's history, as engine/store defines it.
type (
	// Sample is one object's state at one tick.
	Sample = store.Sample
	// Track is one object's samples from the first tick it was seen.
	Track = store.Track
	// History holds the tracks of one run.
	History = store.History
	// Brief is one live object as History.Record reads it.
	Brief = store.Brief
	// BF16 is a bfloat16 (the history's plotted distances).
	BF16 = store.BF16
)

// HistoryBudget is the memory the samples of one run's history may use,
// bytes.
const HistoryBudget = store.HistoryBudget

// NewHistory returns an empty history.
func NewHistory() *History { return store.NewHistory() }

// StrideFor is the smallest stride at which objects objects over ticks
// ticks fit HistoryBudget.
func StrideFor(objects, ticks int) int { return store.StrideFor(objects, ticks) }

// ToBF16 rounds f to the nearest bfloat16 (ties to even); NaN stays NaN.
func ToBF16(f float32) BF16 { return store.ToBF16(f) }

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
