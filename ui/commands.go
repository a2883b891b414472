// Commands: what each key and button does to the viewer's state — the
// playback, the cursor, the selection, the camera, the panels and the
// overlays.

package ui

import (
	"fmt"
	"math"
	"path/filepath"
	"strings"

	"glidepath/ui/camera"
	"glidepath/ui/model"
	"glidepath/ui/overlay"
	"glidepath/ui/panel"
	"glidepath/ui/session"
	"glidepath/ui/timeline"
)

// apply carries out one command.
func (a *app) apply(c command) {
	switch c {
	case cmdPlay:
		a.pb.Toggle()
		a.panels.Stepper.Reset()
	case cmdStepBack, cmdStepForward, cmdStepBack10, cmdStepForward10:
		a.pb.Step(stepSize(c))
		a.panels.Stepper.Reset()
		a.tl.View.Show(a.pb.Cursor())
	case cmdPrevEvent, cmdNextEvent:
		a.jumpToEvent(c == cmdNextEvent)
	case cmdNextLane:
		a.tl.Lane = (a.tl.Lane + 1) % timeline.NumLanes
		a.say("  , and . now step between " + a.tl.Lane.String())
	case cmdSlower:
		a.pb.Slower()
		a.rate.Reset()
	case cmdFaster:
		a.pb.Faster()
		a.rate.Reset()
	case cmdFirst:
		a.pb.Seek(0)
		a.panels.Stepper.Reset()
		a.tl.View.Show(0)
	case cmdLast:
		a.pb.GoLive()
		a.pb.Seek(a.pb.Last())
		a.panels.Stepper.Reset()
		a.tl.View.Show(a.pb.Last())
	case cmdFollow:
		a.sel.SetFollow(!a.sel.Follow)
		if a.sel.Follow && a.sel.GUID == 0 {
			a.say("select an object to follow it")
		}
	case cmdFrameAll:
		a.sel.SetFollow(false)
		a.frameAll()
	case cmdFrameSelection:
		a.frameSelection() // followcam.go
	case cmdNextObject, cmdPrevObject:
		a.cycleSelection(c == cmdNextObject)
	case cmdDeselect:
		switch {
		case a.help:
			a.help = false
		case a.tour.Active():
			a.tour.End()
		case a.panels.Stepper.Active():
			a.panels.Stepper.Reset()
		case a.tl.ClearSelection():
			// the timeline's range went
		case a.sel.GUID != 0:
			a.sel.Clear()
		default:
			a.escUnclaimed() // navigate.go
		}
	case cmdHelp:
		a.help = !a.help
	case cmdBeforeAfter:
		a.panels.ToggleBefore()
	case cmdTourNext, cmdTourPrev:
		a.tourStep(c == cmdTourNext)
	case cmdScreenshot:
		a.savePending = true
	case cmdTopDown:
		a.cam.SetMode(camera.TopDown)
	case cmdIsometric:
		a.cam.SetMode(camera.Isometric)
	case cmdPerspective:
		a.cam.SetMode(camera.Perspective)
	case cmdStagePrev, cmdStageNext:
		a.stepStage(c == cmdStageNext)
	case cmdNextReading:
		if n := len(a.sess.Runs); n > 1 {
			a.sess.Sel = (a.sess.Sel + 1) % n
			a.list.Dirty = true // the rows show the selected reading's values
			if a.sess.SeveralInputs() {
				a.say("showing " + a.sess.RunName(a.sess.Sel) + "'s overlays") // an input, not a reading
			} else {
				a.say("showing the " + a.sess.Cur().Info.Reading + " reading's overlays")
			}
		}
	case cmdToggleLeft:
		a.panels.Toggle(panel.Left)
		a.relayout()
	case cmdToggleRight:
		a.panels.Toggle(panel.Right)
		a.relayout()
	case cmdToggleTimeline:
		a.panels.Toggle(panel.Timeline)
		a.relayout()
	case cmdNextDivergence, cmdFirstDivergence:
		a.jumpToDivergence(c == cmdFirstDivergence)
	case cmdBookmark:
		a.startBookmark()
	case cmdUnbookmark:
		a.removeBookmark()
	case cmdPrevBookmark, cmdNextBookmark:
		a.jumpToBookmark(c == cmdNextBookmark)
	case cmdToggleBookmarks:
		a.marks.Shown = !a.marks.Shown
	case cmdExportMarks:
		if r, ok := a.tl.Selection(); ok {
			a.exportTicks(r.From, r.To)
		} else {
			a.exportBetweenMarks()
		}
	case cmdOpen:
		a.startOpen()
	case cmdGoto:
		a.startGoto()
	case cmdSplit:
		a.toggleSplit() // split.go
	case cmdFilter:
		a.startFilter()
	case cmdMessages:
		a.msgs.Toggle()
	case cmdQuit:
		a.nav.quit = true
	case cmdOpenDat:
		a.startOpenDat()
	case cmdSavePack:
		a.savePack() // packsave.go
	case cmdWorld:
		a.hideWorld = !a.hideWorld
		state := "on"
		if a.hideWorld {
			state = "off"
		}
		a.say("world overlay " + state + " (" + a.worldOnly() + ")")
	default:
		if c >= cmdLayer && c < cmdLayer+command(overlay.NumLayers) {
			l := overlay.Layer(c - cmdLayer)
			a.layers = a.layers.Toggle(l)
			state := "off"
			if a.layers.Has(l) {
				state = "on"
			}
			a.say(overlay.Legend()[l].Name + " " + state)
		}
	}
}

// stepSize is how many ticks a step command moves.
func stepSize(c command) int {
	switch c {
	case cmdStepBack:
		return -1
	case cmdStepBack10:
		return -10
	case cmdStepForward10:
		return 10
	}
	return 1
}

// jumpToEvent moves the cursor to the previous or next event of the
// timeline's selected lane, the selection's or anyone's.
func (a *app) jumpToEvent(next bool) {
	if a.tl.Lane == timeline.LaneDivergence {
		a.stepDivergence(next)
		return
	}
	r := a.sess.Cur()
	f := a.tl.Lane.Filter(a.sel.GUID)
	// The selected run's own tick (another input may run at another rate).
	at := a.sess.TickOf(r, a.pb.Cursor())
	var i int
	var ok bool
	if next {
		i, ok = r.Index.Next(at, f)
	} else {
		i, ok = r.Index.Prev(at, f)
	}
	if !ok {
		when := "earlier"
		if next {
			when = "later"
		}
		a.say("no " + when + " " + a.tl.Lane.String())
		return
	}
	ev := r.Index.Event(i)
	tick := session.StripTick(int(ev.Tick), a.sess.Runs[0].Info.TickRate, r.Info.TickRate)
	a.pb.Seek(tick)
	a.panels.Stepper.Reset()
	a.tl.View.Show(tick)
	a.say(timeline.DescribeAt(i, a.timelineData()))
}

// cycleSelection selects the next (or previous) object of the list.
func (a *app) cycleSelection(next bool) {
	vis := a.list.Visible
	if len(vis) == 0 {
		return
	}
	at := -1
	for k, i := range vis {
		if a.list.Rows[i].GUID == a.sel.GUID {
			at = k
		}
	}
	switch {
	case at < 0 && next:
		at = 0
	case at < 0:
		at = len(vis) - 1
	case next:
		at = (at + 1) % len(vis)
	default:
		at = (at + len(vis) - 1) % len(vis)
	}
	a.selectObject(a.list.Rows[vis[at]].GUID)
	a.list.Reveal(at)
}

// selectObject makes guid the selection.
func (a *app) selectObject(guid uint32) {
	if a.sel.Choose(guid) {
		a.panels.Stepper.Reset()
	}
}

// stepStage moves sub-tick stepping through the selection's stages.
func (a *app) stepStage(next bool) {
	o := a.selectedObject()
	if o == nil {
		a.say("select an object to step through its tick's stages")
		return
	}
	g := model.Geometry(o)
	switch {
	case !g.OK && a.sess.Cur().Snap.Tick == 0:
		a.say("tick 0 is the initial state: step forward to see a tick's stages")
		return
	case !g.OK:
		a.say(o.Name + " is dormant: no stages ran this tick")
		return
	}
	a.pb.SetPlaying(false)
	if next {
		a.panels.Stepper.Next(g.Ran)
	} else {
		a.panels.Stepper.Prev(g.Ran)
	}
}

// statusLine is the top bar's text: input, readings, tick and time, play
// state and speed, and the last message.
func (a *app) statusLine() string {
	var b strings.Builder
	r := a.sess.Cur()
	if !a.sess.SeveralInputs() {
		b.WriteString(filepath.Base(r.Info.File))
		b.WriteString("   reading ")
	}
	for i := range a.sess.Runs {
		if i > 0 {
			b.WriteString(", ")
		}
		if i == a.sess.Sel && len(a.sess.Runs) > 1 {
			b.WriteString("[" + a.sess.RunName(i) + "]")
		} else {
			b.WriteString(a.sess.RunName(i))
		}
	}
	if t := a.sess.TickOf(r, a.pb.Cursor()); a.sess.SeveralInputs() && t == r.Info.LastTick && a.pb.Cursor() > session.StripTick(t, a.sess.Runs[0].Info.TickRate, r.Info.TickRate) {
		fmt.Fprintf(&b, " (ended at its tick %d)", t)
	}
	fmt.Fprintf(&b, "   tick %d / %d   %.2f s   %s", a.pb.Cursor(), a.pb.Last(), a.pb.Seconds(), a.playState())
	if a.sel.Follow {
		b.WriteString("   following")
	}
	b.WriteString(a.preRunStatus())
	b.WriteString(a.liveStatus())
	if a.status != "" {
		b.WriteString("   — ")
		b.WriteString(a.status)
	}
	return b.String()
}

func speedLabel(s float64) string {
	switch s {
	case 0.25:
		return "¼"
	case 0.5:
		return "½"
	}
	return fmt.Sprintf("%g", s)
}

// tourGo shows stop i (clamped): the cursor at its tick, paused, its object
// selected and followed.
func (a *app) tourGo(i int) {
	if len(a.tour.Stops) == 0 {
		a.say("no tour: start the viewer with -tour")
		return
	}
	s := a.tour.Go(i, a.pb.Last(), func(tick int, guid uint32) bool {
		return a.sess.Seek(tick) == nil && a.sess.Cur().Snap.Find(guid) >= 0
	})
	a.pb.SetPlaying(false)
	a.pb.Seek(s.Tick)
	a.panels.Stepper.Reset()
	a.tl.View.Show(s.Tick)
	if s.GUID != 0 {
		a.sel.Choose(s.GUID)
		a.sel.SetFollow(true)
	}
}

// tourStep moves the tour on (next) or back; past the last stop it ends.
func (a *app) tourStep(next bool) {
	if i, more := a.tour.Step(next); more {
		a.tourGo(i)
		return
	}
	a.say("end of the tour: Enter starts it again")
}

// playState is the status line's play state: "● live" while following the
// live edge (the cursor is held there, whatever Space says), else playing
// or paused with the speed and, when short of it, the rate achieved.
func (a *app) playState() string {
	if a.pb.Following() && a.pb.AtEdge() {
		return "● live"
	}
	if !a.pb.Playing() {
		return "paused " + speedLabel(a.pb.Speed()) + "×"
	}
	return "playing " + speedLabel(a.pb.Speed()) + "×" + a.rate.Label(a.pb.Speed())
}

// preRunStatus is the pre-run's progress while it runs, "" once done (a
// rounded 100 % is never shown).
func (a *app) preRunStatus() string {
	if a.sess.Ready {
		return ""
	}
	return fmt.Sprintf("   pre-running %.0f %%", math.Min(math.Floor(100*a.sess.Progress()), 99))
}
