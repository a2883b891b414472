package whatif

import (
	"errors"
	"fmt"
	"slices"

	"glidepath/engine/recording"
	"glidepath/engine/scenario"
)

// Conditions are the changed network conditions of a what-if. The zero
// value changes nothing.
type Conditions struct {
	// Latency is added to every delivered message, Jitter's uniform
	// sample in [0, Jitter] too (s).
	Latency, Jitter float64
	// Loss and Reorder are the probabilities that an UpdatePosition is lost
	// or held back past the next one (scenario network.go).
	Loss, Reorder float64
	// Cadence keeps at most one UpdatePosition per object per Cadence
	// seconds, the first of each (0: all of them).
	Cadence float64
	// Seed seeds the draws.
	Seed uint64
}

// IsZero reports whether c changes nothing.
func (c Conditions) IsZero() bool {
	return c.Latency == 0 && c.Jitter == 0 && c.Loss == 0 && c.Reorder == 0 && c.Cadence == 0
}

// Check refuses negative delays and probabilities outside [0, 1], naming
// the field.
func (c Conditions) Check() error {
	for _, f := range []struct {
		name string
		v    float64
		max  float64
	}{{"latency", c.Latency, scenario.MaxNetworkDelay}, {"jitter", c.Jitter, scenario.MaxNetworkDelay},
		{"cadence", c.Cadence, scenario.MaxNetworkDelay}, {"loss", c.Loss, 1}, {"reorder", c.Reorder, 1}} {
		if !(f.v >= 0 && f.v <= f.max) {
			return fmt.Errorf("whatif: %s %v is outside [0, %v]", f.name, f.v, f.max)
		}
	}
	return nil
}

// cadenceTolerance absorbs float error in recorded times when thinning.
const cadenceTolerance = 1e-6

// Stats count what a redelivery did to the UpdatePositions.
type Stats struct {
	// Thinned were dropped by Cadence, Lost by Loss, Reordered held back,
	// AfterDelete arrived after their object's delete and were dropped.
	Thinned, Lost, Reordered, AfterDelete int
}

// ErrNoEvents is returned for an input without events.
var ErrNoEvents = errors.New("whatif: the input has no events")

// Redeliver returns events delivered again under c, sorted by receive time
// (ties keep the input's order). events is not changed. With c.IsZero() the
// result is a copy of events.
func Redeliver(events []recording.Event, c Conditions) ([]recording.Event, Stats) {
	var st Stats
	out := slices.Clone(events)
	if c.IsZero() {
		return out, st
	}
	gaps := sendGaps(events)
	links := map[uint32]*scenario.Link{}
	link := func(guid uint32) *scenario.Link {
		l, ok := links[guid]
		if !ok {
			l = scenario.NewLink(scenario.NetworkConditions{Latency: c.Latency, Jitter: c.Jitter,
				Loss: c.Loss, Reorder: c.Reorder, SendGap: gaps[guid]}, c.Seed, guid)
			links[guid] = l
		}
		return l
	}
	lastKept := map[uint32]float64{}
	// created holds each object's latest create's input and receive times.
	created := map[uint32][2]float64{}
	// deletes holds each object's deletes' receive times in input order;
	// an UpdatePosition belongs to the life its object's delete count had
	// when it was sent, and only that life's delete can drop it (an object
	// deleted and created again keeps the new life's updates).
	deletes := map[uint32][]float64{}
	// prevCreate is the guid of the event just before, when it was a
	// create (0 otherwise).
	var prevCreate uint32
	type delivered struct {
		ev   recording.Event
		life int
	}
	keep := make([]delivered, 0, len(out))
	for _, ev := range out {
		wasCreate := prevCreate
		prevCreate = 0
		switch ev.Kind {
		case recording.KindCreate:
			// A create after its object's delete arrives after that delete,
			// as the server sent it: a delayed delete never removes the
			// object created again.
			sent := ev.T
			if d := deletes[ev.GUID]; len(d) > 0 {
				ev.T = max(ev.T, d[len(d)-1])
			}
			created[ev.GUID] = [2]float64{sent, ev.T}
			prevCreate = ev.GUID
		case recording.KindPosition:
			if c.Cadence > 0 {
				if last, ok := lastKept[ev.GUID]; ok && ev.T+cadenceTolerance < last+c.Cadence {
					st.Thinned++
					continue
				}
				lastKept[ev.GUID] = ev.T
			}
			at, ok := link(ev.GUID).Unreliable(ev.T)
			if !ok {
				st.Lost++
				continue
			}
			if at > ev.T+c.Latency+c.Jitter+cadenceTolerance {
				st.Reordered++
			}
			ev.T = at
		case recording.KindMotion:
			// A CreateObject's movement block, imported as a motion right
			// after its create at the same t, arrives with the create.
			if cr, ok := created[ev.GUID]; ok && wasCreate == ev.GUID && ev.T == cr[0] {
				ev.T = cr[1]
				break
			}
			ev.T = link(ev.GUID).Reliable(ev.T)
		case recording.KindVector:
			ev.T = link(ev.GUID).Reliable(ev.T)
		case recording.KindDelete:
			ev.T = link(ev.GUID).Reliable(ev.T)
			deletes[ev.GUID] = append(deletes[ev.GUID], ev.T)
			keep = append(keep, delivered{ev, len(deletes[ev.GUID]) - 1})
			continue
		}
		keep = append(keep, delivered{ev, len(deletes[ev.GUID])})
	}
	slices.SortStableFunc(keep, func(a, b delivered) int {
		switch {
		case a.ev.T < b.ev.T:
			return -1
		case a.ev.T > b.ev.T:
			return 1
		}
		return 0
	})
	// A position that now arrives after its object's delete has nothing to
	// move: the client would have dropped it with the object.
	final := out[:0]
	for _, d := range keep {
		if d.ev.Kind == recording.KindPosition {
			if del := deletes[d.ev.GUID]; d.life < len(del) && d.ev.T >= del[d.life] {
				st.AfterDelete++
				continue
			}
		}
		final = append(final, d.ev)
	}
	return final, st
}

// sendGaps is each object's mean interval between recorded UpdatePositions
// (the base of the default reorder delay); 1 s for an object with fewer
// than two.
func sendGaps(events []recording.Event) map[uint32]float64 {
	first, last, n := map[uint32]float64{}, map[uint32]float64{}, map[uint32]int{}
	for i := range events {
		ev := &events[i]
		if ev.Kind != recording.KindPosition {
			continue
		}
		if n[ev.GUID] == 0 {
			first[ev.GUID] = ev.T
		}
		last[ev.GUID] = ev.T
		n[ev.GUID]++
	}
	gaps := map[uint32]float64{}
	for g, k := range n {
		gaps[g] = 1
		if k > 1 && last[g] > first[g] {
			gaps[g] = (last[g] - first[g]) / float64(k-1)
		}
	}
	return gaps
}
