// Finding where behaviours show: an input run under a reading, and for each
// behaviour an input lists, the object and the ticks where its marking
// event row is logged. A tick belongs to one behaviour of an input at most —
// the first listed that shows there — so a client that differs at one tick
// fails one behaviour, not every behaviour that happened to share the tick.

package conformcmd

import (
	"fmt"

	"glidepath/assets"
	"glidepath/engine"
	"glidepath/engine/hexid"
	"glidepath/engine/recording"
	"glidepath/interp"
)

// Occurrence is where one behaviour shows in one input.
type Occurrence struct {
	ID    string
	GUID  uint32
	Ticks []int
}

// run runs rec to its last tick under r with the event log kept and calls
// each for every tick (after it was simulated).
func run(rec *recording.Recording, r interp.Reading, each func(s *engine.Sim)) (*engine.Sim, error) {
	s, err := engine.New(rec, engine.Options{Assets: assets.FS(), Reading: r, EventLog: true, Metrics: true, Explain: true})
	if err != nil {
		return nil, err
	}
	for {
		if each != nil {
			each(s)
		}
		if s.Done() {
			break
		}
		s.Step()
	}
	return s, s.Err()
}

// detect finds, in rec run under r, where each behaviour of ids shows. A
// behaviour that shows nowhere has no ticks.
func detect(rec *recording.Recording, r interp.Reading, ids []string) ([]Occurrence, error) {
	bs := make([]*Behaviour, len(ids))
	for i, id := range ids {
		b, ok := behaviourByID(id)
		if !ok {
			return nil, fmt.Errorf("unknown behaviour %q", id)
		}
		bs[i] = b
	}
	occ := make([]Occurrence, len(ids))
	for i := range occ {
		occ[i].ID = ids[i]
	}
	var views []engine.ObjectView
	_, err := run(rec, r, func(s *engine.Sim) {
		tick := s.Tick()
		views = s.Query().Objects(views[:0])
		events := s.Query().EventsAt(tick)
		claimed := false
		for i, b := range bs {
			for j := 0; j < len(views) && !claimed; j++ {
				v := &views[j]
				if occ[i].Ticks != nil && occ[i].GUID != v.GUID {
					continue // one object per behaviour and input
				}
				for k := range events {
					e := &events[k]
					if e.GUID == v.GUID && e.Kind.InTrace() && b.Shows(e, v) {
						occ[i].GUID = v.GUID
						occ[i].Ticks = append(occ[i].Ticks, tick)
						claimed = true
						break
					}
				}
			}
			if claimed {
				break
			}
		}
	})
	return occ, err
}

// guidString is a guid as the manifest writes it.
func guidString(g uint32) string { return hexid.String(g) }
