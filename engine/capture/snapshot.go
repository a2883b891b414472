// Snapshot: the state of the world after the events handed out so far, as
// the header (and opening motion events) of a recording that goes on from
// there. An import longer than one recording may hold (recording.MaxEvents)
// is written as pieces, each starting from the snapshot of where the one
// before ended.

package capture

import (
	"sort"

	"glidepath/engine/recording"
	"glidepath/physics"
)

// objState is a live object as the events so far left it.
type objState struct {
	order     int
	entity    recording.Entity
	motion    recording.Motion
	hasMotion bool
}

// track applies a handed-out event to the snapshot state.
func (r *Reader) track(ev *recording.Event) {
	if r.state == nil {
		r.state = make(map[uint32]*objState)
	}
	// span_seconds runs to the last event handed out, whatever messages
	// were read and skipped after it.
	if ev.T > r.sum.Span {
		r.sum.Span = ev.T
	}
	switch ev.Kind {
	case recording.KindCreate:
		r.created++
		r.state[ev.GUID] = &objState{order: r.created, entity: *ev.Entity}
	case recording.KindDelete:
		delete(r.state, ev.GUID)
	case recording.KindPosition:
		if o := r.state[ev.GUID]; o != nil {
			u := &ev.Update
			o.entity.Pos = u.Pos
			o.entity.Seq.Instance, o.entity.Seq.Position = u.Seq.Instance, u.Seq.Position
			o.entity.Seq.Teleport, o.entity.Seq.ForcePosition = u.Seq.Teleport, u.Seq.ForcePosition
		}
	case recording.KindVector:
		if o := r.state[ev.GUID]; o != nil {
			o.entity.Seq.Vector = ev.Vector.Seq.Vector
		}
	case recording.KindMotion:
		if o := r.state[ev.GUID]; o != nil {
			o.motion, o.hasMotion = ev.Motion, true
			o.entity.HasMotion = true
		}
	case recording.KindObserver:
		r.observer, r.hasObserver = ev.Pos, true
	}
}

// Snapshot returns the header of a recording that goes on from the events
// handed out so far: the live objects as those events left them (position,
// stamps, motion interpreter), in creation order; the player's last
// position as the observer; the same tick rate and terrain. The motion
// events restate each object's last motion at t = 0.
func (r *Reader) Snapshot() (recording.Header, []recording.Event) {
	h := recording.NewHeader()
	h.TickRate, h.Terrain = r.header.TickRate, r.header.Terrain
	h.HasObserver, h.Observer = r.header.HasObserver, r.header.Observer
	if r.hasObserver {
		h.HasObserver, h.Observer = true, physics.Position{Cell: r.observer.Cell, Frame: r.observer.Frame}
	}
	live := make([]*objState, 0, len(r.state))
	for _, o := range r.state {
		live = append(live, o)
	}
	sort.Slice(live, func(i, j int) bool { return live[i].order < live[j].order })
	var motions []recording.Event
	for _, o := range live {
		h.Entities = append(h.Entities, o.entity)
		if o.hasMotion {
			m := o.motion
			// A stick-to target deleted since is no object of the new
			// piece (Recording v1 checks stick_to names a live one).
			if m.StickTo != 0 && m.StickTo != recording.ObserverTarget && r.state[m.StickTo] == nil {
				m.StickTo = 0
			}
			motions = append(motions, recording.Event{Kind: recording.KindMotion, GUID: o.entity.GUID, HasGUID: true, Motion: m})
		}
	}
	return h, motions
}
