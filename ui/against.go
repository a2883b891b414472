// -against in the app: the client trace's values for the selection, added
// to the inspector, and its distance to retail's body for the timeline's
// plot (the track itself is an overlay, overlay.ClientTrack).

package ui

import (
	"glidepath/ui/inspect"
	"glidepath/ui/model"
)

// clientLines adds the inspector's client section for o at tick when a
// client trace is loaded and has a row for o by then.
func (a *app) clientLines(ls []inspect.Line, o *model.Object, tick int) []inspect.Line {
	if a.opts.Client == nil {
		return ls
	}
	row, ok := a.opts.Client.At(o.GUID, tick)
	if !ok {
		return ls
	}
	section := inspect.Client(o, tick, &inspect.ClientValues{
		Tick: row.Tick, Pos: row.Pos, Heading: row.Heading, HasHeading: row.HasHeading,
		Queue: row.Queue, HasQueue: row.HasQueue, Contact: row.Contact, HasContact: row.HasContact,
	})
	// Right after the body's own fields, before the managers' sections, so
	// it is in view without scrolling.
	at := len(ls)
	for i := 1; i < len(ls); i++ {
		if ls[i].Heading {
			at = i
			break
		}
	}
	out := make([]inspect.Line, 0, len(ls)+len(section))
	out = append(out, ls[:at]...)
	out = append(out, section...)
	return append(out, ls[at:]...)
}

// clientError is the distance at tick from retail's body to the client's,
// for ticks the client logged and the object lived.
func (a *app) clientError(guid uint32, tick int) (float64, bool) {
	if !a.sess.ready && tick > a.sess.frontier {
		return 0, false
	}
	r := a.sess.cur()
	tr := r.hist.Track(guid)
	if tr == nil {
		return 0, false
	}
	s, alive := tr.At(tick)
	if !alive {
		return 0, false
	}
	row, ok := a.opts.Client.At(guid, tick)
	if !ok || row.Tick != tick {
		return 0, false
	}
	return row.Pos.Sub(r.hist.Pos(&s)).Len(), true
}
