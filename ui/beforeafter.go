// Before / after: at a tick where the selection blipped or was snapped, the
// inspector shows by default the state after the tick — already past the
// jump. V shows instead the state before it (as the previous tick left
// it), so the cause can be read where it was; V again returns.

package ui

import (
	"fmt"

	"glidepath/engine"
	"glidepath/engine/eventlog"
	"glidepath/ui/inspect"
	"glidepath/ui/model"
	"glidepath/ui/session"
)

// beforeAfter holds the state before the cursor's tick, fetched on demand.
type beforeAfter struct {
	snap model.Snapshot
	// tick and reading are what snap was taken for (tick is the cursor's).
	tick, reading int
	ids           []int32
}

// beforeObject returns the selection as the tick before the cursor left it,
// or nil (before mode off, tick 0, the pre-run still going, or the object
// not alive then). The run's source is sought to the tick before, read and
// stepped back, which leaves it where it was.
func (ba *beforeAfter) beforeObject(a *app, r *session.Run) *engine.ObjectView {
	b := &a.before
	t := r.Snap.Tick
	if !a.panels.Before || t == 0 || !a.sess.Ready || a.sel.GUID == 0 {
		return nil
	}
	if b.tick != t || b.reading != a.sess.Sel || b.snap.Tick != t-1 {
		if err := r.Src.Seek(t - 1); err != nil {
			return nil
		}
		r.Src.Snapshot(&b.snap)
		r.Src.Step()
		b.tick, b.reading = t, a.sess.Sel
	}
	if i := b.snap.Find(a.sel.GUID); i >= 0 {
		return &b.snap.Objects[i]
	}
	return nil
}

// jumpedAt reports whether the selection blipped or was snapped at tick.
func (ba *beforeAfter) jumpedAt(a *app, r *session.Run, tick int) bool {
	f := model.Filter{Kinds: model.KindSet(eventlog.EventBlip, eventlog.EventSnap), OneObject: true, GUID: a.sel.GUID}
	ba.ids = r.Index.Recent(a.sel.GUID, f, tick, tick, 1, ba.ids[:0])
	return len(ba.ids) > 0
}

// beforeAfterLines heads the inspector: in before mode, which state it
// shows; at a jump tick in after mode, the hint that V shows the state
// before the jump.
func (ba *beforeAfter) beforeAfterLines(a *app, r *session.Run) []inspect.Line {
	t := r.Snap.Tick
	switch {
	case a.panels.Before:
		return []inspect.Line{{Value: fmt.Sprintf("BEFORE tick %d: the state tick %d left (V: after)", t, t-1)}}
	case a.sel.GUID != 0 && ba.jumpedAt(a, r, t):
		return []inspect.Line{{Value: "the body jumped this tick: V shows the state before the jump"}}
	}
	return nil
}
