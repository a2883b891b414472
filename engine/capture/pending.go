// Pending objects: an UpdateMotion or VectorUpdate for an object no
// CreateObject announced (it was created before the capture began) cannot
// become an event yet — a Recording v1 event must name an object that
// exists, and an object needs a position. The reader holds the stream back
// from that message until the object's first UpdatePosition (or a late
// CreateObject) arrives, then creates the object at the time of its first
// message, so every event keeps its time and its order. An object still
// without a position after maxHeld events or heldTimeout of capture time,
// or at the end, is given up: its held messages are dropped and counted.

package capture

import "glidepath/engine/recording"

// Bounds of the hold-back.
const (
	maxHeld     = 16384
	maxPending  = 256  // objects waiting at once
	heldTimeout = 30.0 // seconds of capture time
)

// pend is an object waiting for its position: where its create goes in
// the held events and when its first message came.
type pend struct {
	slot int
	t    float64
}

// hold starts holding the stream for guid (a motion or vector update of an
// unknown object at time t); the caller then emits the update.
func (w *world) hold(guid uint32, t float64) {
	if _, ok := w.pending[guid]; ok {
		return
	}
	if w.pending == nil {
		w.pending = make(map[uint32]pend)
	}
	w.pending[guid] = pend{slot: len(w.held), t: t}
	// A placeholder create, filled when the position comes.
	w.held = append(w.held, recording.Event{T: t, Kind: recording.KindCreate, GUID: guid, HasGUID: true, Line: w.r.frame})
}

// isPending says whether guid's create is held.
func (w *world) isPending(guid uint32) bool {
	_, ok := w.pending[guid]
	return ok
}

// resolve fills guid's held create with e and lets the stream go on.
func (w *world) resolve(guid uint32, e *recording.Entity) {
	p := w.pending[guid]
	delete(w.pending, guid)
	w.held[p.slot].Entity = e
	w.live[guid] = obj{instance: e.Seq.Instance, ent: e, pos: e.Pos, static: e.Static}
	w.r.sum.Objects++
	w.r.sum.events[recording.KindCreate.String()]++
	w.seePosition(e.Pos)
	w.release()
}

// giveUp drops guid's held create and updates.
func (w *world) giveUp(guid uint32, why string) {
	delete(w.pending, guid)
	kept := w.held[:0]
	for _, ev := range w.held {
		if ev.GUID == guid && ev.HasGUID && (ev.Kind == recording.KindCreate && ev.Entity == nil || ev.Kind == recording.KindMotion || ev.Kind == recording.KindVector) {
			if ev.Kind != recording.KindCreate {
				w.r.sum.skip(why)
				w.r.sum.events[ev.Kind.String()]--
			}
			continue
		}
		kept = append(kept, ev)
	}
	w.held = kept
	// The slots after the dropped events moved: one pass finds them.
	for i, ev := range w.held {
		if p, ok := w.pending[ev.GUID]; ok && ev.Kind == recording.KindCreate && ev.Entity == nil {
			p.slot = i
			w.pending[ev.GUID] = p
		}
	}
	w.release()
}

// release hands the held events up to the first unresolved create on.
func (w *world) release() {
	n := 0
	for n < len(w.held) && !(w.held[n].Kind == recording.KindCreate && w.held[n].Entity == nil) {
		n++
	}
	if n == 0 {
		return
	}
	w.r.out = append(w.r.out, w.held[:n]...)
	w.held = append(w.held[:0], w.held[n:]...)
	for g, p := range w.pending {
		p.slot -= n
		w.pending[g] = p
	}
}

// noPosition is why an object held back is given up: no position came
// for it in time, or before the capture ended.
const noPosition = "UpdateMotion/VectorUpdate of an object no position came for"

// oldestPending is the object held longest (the lowest slot; there must be
// one) and its entry.
func (w *world) oldestPending() (uint32, pend) {
	var oldest uint32
	first := true
	var op pend
	for g, p := range w.pending {
		if first || p.slot < op.slot {
			oldest, op, first = g, p, false
		}
	}
	return oldest, op
}

// checkHeld gives up the object held longest when the hold-back exceeds
// its bounds at time t.
func (w *world) checkHeld(t float64) {
	for len(w.pending) > 0 {
		oldest, op := w.oldestPending()
		if len(w.held) <= maxHeld && len(w.pending) <= maxPending && t-op.t <= heldTimeout {
			return
		}
		w.giveUp(oldest, noPosition)
	}
}

// giveUpAll ends the hold-back (the end of the capture).
func (w *world) giveUpAll() {
	for len(w.pending) > 0 {
		oldest, _ := w.oldestPending()
		w.giveUp(oldest, noPosition)
	}
	w.release()
}
