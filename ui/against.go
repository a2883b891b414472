// -against in the app: the client trace's values for the selection, added
// to the inspector, and its distance to retail's body for the timeline's
// plot (the track itself is an overlay, overlay.ClientTrack).

package ui

import (
	"fmt"
	"strings"

	"glidepath/engine"
	"glidepath/engine/agree"
	"glidepath/engine/eventlog"
	"glidepath/physics"
	"glidepath/ui/inspect"
	"glidepath/ui/model"
	"glidepath/ui/overlay"
)

// clientLines adds the inspector's client section for o at tick when a
// client trace is loaded and has a row for o by then.
func (a *app) clientLines(ls []inspect.Line, o *engine.ObjectView, tick int) []inspect.Line {
	if a.opts.Client == nil {
		return ls
	}
	row, ok := a.opts.Client.At(o.GUID, tick)
	if !ok {
		return ls
	}
	section := inspect.Client(o, tick, &inspect.ClientValues{
		Tick: row.Tick, Pos: row.Pos, Cell: row.Cell, Heading: row.Heading, HasHeading: row.HasHeading,
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
	if !a.sess.Ready && tick > a.sess.Frontier {
		return 0, false
	}
	r := a.sess.Cur()
	tr := r.Hist.Track(guid)
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
	return row.Pos.Sub(r.Hist.Pos(&s)).Len(), true
}

// DivergenceTolerance is the distance, metres, past which the selection
// diverges from the client for D and Shift+D: viewer diff's default -tol.
const DivergenceTolerance = agree.DefaultTolerance

// divergence reports whether guid diverges from the client at tick — a
// client row of that tick more than DivergenceTolerance from retail's body,
// in another cell where either is indoors (agree.CellDiffers: the
// history's room at the tick, 0 outdoors, which that judges alike), or
// giving a heading (beyond agree.HeadingTolerance, as viewer diff judges
// it), queue length, Contact bit or branch (the tick's last route, as
// viewer diff takes it) other than retail's — and says how.
func (a *app) divergence(guid uint32, tick int) (string, bool) {
	if !a.sess.Ready && tick > a.sess.Frontier {
		return "", false
	}
	r := a.sess.Cur()
	tr := r.Hist.Track(guid)
	if tr == nil {
		return "", false
	}
	s, alive := tr.At(tick)
	row, ok := a.opts.Client.At(guid, tick)
	if !alive || !ok || row.Tick != tick {
		return "", false
	}
	var what []string
	if e := row.Pos.Sub(r.Hist.Pos(&s)).Len(); e > DivergenceTolerance {
		what = append(what, fmt.Sprintf("%.3f m apart", e))
	}
	if cell := tr.Room(tick); agree.CellDiffers(cell, row.Cell) {
		what = append(what, fmt.Sprintf("cell %s, retail %s", roomName(row.Cell), roomName(cell)))
	}
	if h := s.Heading(); row.HasHeading && agree.HeadingDiffers(float32(h), row.Heading) {
		what = append(what, fmt.Sprintf("heading %.1f°, retail %.1f°", row.Heading, h))
	}
	if row.HasQueue && row.Queue != int(s.Queue) {
		what = append(what, fmt.Sprintf("queue %d, retail %d", row.Queue, s.Queue))
	}
	if row.HasContact && row.Contact != s.Contact() {
		what = append(what, fmt.Sprintf("Contact %v, retail %v", row.Contact, s.Contact()))
	}
	if row.HasBranch {
		var ids [1]int32
		f := model.Filter{Kinds: model.KindSet(eventlog.EventRoute), OneObject: true, GUID: guid}
		retail := "no UpdatePosition" // as viewer diff says it
		if id := r.Index.Recent(guid, f, tick, tick, 1, ids[:0]); len(id) > 0 {
			retail = r.Index.Event(int(id[0])).Route.String()
		}
		if client := row.Branch.String(); client != retail {
			what = append(what, fmt.Sprintf("branch %s, retail %s", client, retail))
		}
	}
	if len(what) == 0 {
		return "", false
	}
	return strings.Join(what, "; "), true
}

// roomName is a cell as the divergence names it: an indoor cell by its
// id, any other as outdoors (the history holds no outdoor cell: the
// position tells them apart).
func roomName(cell uint32) string {
	if !physics.IsIndoorCell(cell) {
		return "outdoors"
	}
	return fmt.Sprintf("0x%08X", cell)
}

// stepDivergence is , and . on the divergence lane: the selection's
// previous or next tick diverging from the client.
func (a *app) stepDivergence(next bool) {
	switch {
	case a.opts.Client == nil:
		a.say("no client trace: open with -against CLIENT_TRACE")
		return
	case a.sel.GUID == 0:
		a.say("select an object to find where it diverges from the client")
		return
	}
	k, ok := a.tl.NextDivergence(a.timelineData(), a.pb.Cursor(), next)
	if !ok {
		when := "earlier"
		if next {
			when = "later"
		}
		a.say("no " + when + " divergence from the client")
		return
	}
	what, _ := a.divergence(a.sel.GUID, k)
	a.pb.Seek(k)
	a.panels.Stepper.Reset()
	a.tl.View.Show(k)
	a.say(fmt.Sprintf("tick %d: the client diverges: %s", k, what))
}

// jumpToDivergence moves the cursor to the selection's first divergence
// from the client trace, or its next one after the cursor.
func (a *app) jumpToDivergence(first bool) {
	switch {
	case a.opts.Client == nil:
		a.say("no client trace: open with -against CLIENT_TRACE")
		return
	case a.sel.GUID == 0:
		a.say("select an object to find where it diverges from the client")
		return
	}
	from := a.pb.Cursor() + 1
	if first {
		from = 0
	}
	for k := from; k <= a.pb.Last(); k++ {
		if what, ok := a.divergence(a.sel.GUID, k); ok {
			a.pb.Seek(k)
			a.panels.Stepper.Reset()
			a.tl.View.Show(k)
			a.say(fmt.Sprintf("tick %d: the client diverges: %s", k, what))
			return
		}
	}
	a.say("no later divergence from the client")
}

// pollClient takes the rows of a followed client trace (viewer live's
// window, -follow -against) read since the last update into its track,
// so the client's body and trail grow as the client writes them; the
// error that ended the following is said once.
func (a *app) pollClient() {
	if !a.opts.Client.Following() {
		return
	}
	n, err := a.opts.Client.Take()
	if n > 0 {
		a.idler.wake()
	}
	if err != nil {
		a.say("client trace: stopped following it: " + err.Error() + "; showing the rows read")
	}
}

// clientStatus is the status line's word on a followed client trace c: the
// tick it has reached, what it waits for, or why it stopped.
func clientStatus(c *overlay.ClientTrack) string {
	if !c.Following() {
		return ""
	}
	last, _, waiting, err := c.Progress()
	switch {
	case err != nil:
		return "   client trace stopped"
	case last < 0 && waiting != "":
		return "   client trace: waiting for " + waiting
	case last < 0:
		return "   client trace: no row yet"
	}
	return fmt.Sprintf("   client at tick %d", last)
}
