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

// apply carries out one command: its entry of commandTable, or for an
// overlay layer's key the layer's toggle.
func (a *app) apply(c command) {
	if c >= cmdLayer && c < cmdLayer+command(overlay.NumLayers) {
		toggleLayer(a, overlay.Layer(c-cmdLayer))
		return
	}
	if int(c) < len(commandTable) && commandTable[c] != nil {
		commandTable[c](a, c)
	}
}

// commandHandler carries out one command; c is the command itself, for
// the handlers a pair of commands (back and forward, next and previous)
// shares.
type commandHandler func(a *app, c command)

// commandTable is every command's handler, by command (the keys that ask
// for them are keymap's table, input.go). cmdNone has none; the overlay
// layers' commands, from cmdLayer on, are toggleLayer's.
var commandTable = [cmdLayer]commandHandler{
	cmdPlay: func(a *app, _ command) {
		a.pb.Toggle()
		a.panels.Stepper.Reset()
	},
	cmdStepBack:      stepTicks,
	cmdStepForward:   stepTicks,
	cmdStepBack10:    stepTicks,
	cmdStepForward10: stepTicks,
	cmdPrevEvent:     func(a *app, c command) { jumpToEvent(a, c == cmdNextEvent) },
	cmdNextEvent:     func(a *app, c command) { jumpToEvent(a, c == cmdNextEvent) },
	cmdNextLane: func(a *app, _ command) {
		a.tl.Lane = (a.tl.Lane + 1) % timeline.NumLanes
		a.say("  , and . now step between " + a.tl.Lane.String())
	},
	cmdSlower: func(a *app, _ command) {
		a.pb.Slower()
		a.rate.Reset()
	},
	cmdFaster: func(a *app, _ command) {
		a.pb.Faster()
		a.rate.Reset()
	},
	cmdFirst: func(a *app, _ command) {
		a.pb.Seek(0)
		a.panels.Stepper.Reset()
		a.tl.View.Show(0)
	},
	cmdLast: func(a *app, _ command) {
		a.pb.GoLive()
		a.pb.Seek(a.pb.Last())
		a.panels.Stepper.Reset()
		a.tl.View.Show(a.pb.Last())
	},
	cmdFollow: func(a *app, _ command) {
		a.sel.SetFollow(!a.sel.Follow)
		if a.sel.Follow && a.sel.GUID == 0 {
			a.say("select an object to follow it")
		}
	},
	cmdFrameAll: func(a *app, _ command) {
		a.sel.SetFollow(false)
		a.frameAll()
	},
	cmdFrameSelection:  func(a *app, _ command) { a.fc.frameSelection(a) }, // followcam.go
	cmdNextObject:      func(a *app, c command) { cycleSelection(a, c == cmdNextObject) },
	cmdPrevObject:      func(a *app, c command) { cycleSelection(a, c == cmdNextObject) },
	cmdDeselect:        deselect,
	cmdHelp:            func(a *app, _ command) { a.help = !a.help },
	cmdBeforeAfter:     func(a *app, _ command) { a.panels.ToggleBefore() },
	cmdTourNext:        func(a *app, c command) { a.tour.tourStep(a, c == cmdTourNext) },
	cmdTourPrev:        func(a *app, c command) { a.tour.tourStep(a, c == cmdTourNext) },
	cmdScreenshot:      func(a *app, _ command) { a.savePending = true },
	cmdTopDown:         func(a *app, _ command) { a.cam.SetMode(camera.TopDown) },
	cmdIsometric:       func(a *app, _ command) { a.cam.SetMode(camera.Isometric) },
	cmdPerspective:     func(a *app, _ command) { a.cam.SetMode(camera.Perspective) },
	cmdStagePrev:       func(a *app, c command) { stepStage(a, c == cmdStageNext) },
	cmdStageNext:       func(a *app, c command) { stepStage(a, c == cmdStageNext) },
	cmdNextReading:     nextReading,
	cmdToggleLeft:      func(a *app, _ command) { togglePanel(a, panel.Left) },
	cmdToggleRight:     func(a *app, _ command) { togglePanel(a, panel.Right) },
	cmdToggleTimeline:  func(a *app, _ command) { togglePanel(a, panel.Timeline) },
	cmdNextDivergence:  func(a *app, c command) { a.jumpToDivergence(c == cmdFirstDivergence) },
	cmdFirstDivergence: func(a *app, c command) { a.jumpToDivergence(c == cmdFirstDivergence) },
	cmdBookmark:        func(a *app, _ command) { a.marks.startBookmark(a) },
	cmdUnbookmark:      func(a *app, _ command) { a.marks.removeBookmark(a) },
	cmdPrevBookmark:    func(a *app, c command) { a.marks.jumpToBookmark(a, c == cmdNextBookmark) },
	cmdNextBookmark:    func(a *app, c command) { a.marks.jumpToBookmark(a, c == cmdNextBookmark) },
	cmdToggleBookmarks: func(a *app, _ command) { a.marks.Shown = !a.marks.Shown },
	cmdExportMarks: func(a *app, _ command) {
		if r, ok := a.tl.Selection(); ok {
			a.marks.exportTicks(a, r.From, r.To)
		} else {
			a.marks.exportBetweenMarks(a)
		}
	},
	cmdOpen:     func(a *app, _ command) { a.open.startOpen(a) },
	cmdGoto:     func(a *app, _ command) { a.nav.startGoto(a) },
	cmdSplit:    func(a *app, _ command) { a.split.toggleSplit(a) }, // split.go
	cmdFilter:   func(a *app, _ command) { a.filt.startFilter(a) },
	cmdMessages: func(a *app, _ command) { a.msgs.Toggle() },
	cmdQuit:     func(a *app, _ command) { a.nav.quit = true },
	cmdOpenDat:  func(a *app, _ command) { a.open.startOpenDat(a) },
	cmdSavePack: func(a *app, _ command) { a.pack.savePack(a) }, // packsave.go
	cmdWorld: func(a *app, _ command) {
		a.hideWorld = !a.hideWorld
		state := "on"
		if a.hideWorld {
			state = "off"
		}
		a.say("world overlay " + state + " (" + a.open.worldOnly(a) + ")")
	},
}

// stepTicks moves the cursor by a step command's ticks.
func stepTicks(a *app, c command) {
	a.pb.Step(stepSize(c))
	a.panels.Stepper.Reset()
	a.tl.View.Show(a.pb.Cursor())
}

// deselect is Esc: it closes the help, ends the tour, leaves stage
// stepping, clears the timeline's range, then the selection, each in turn.
func deselect(a *app, _ command) {
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
		a.nav.escUnclaimed(a) // navigate.go
	}
}

// nextReading selects the next compared reading (or input) whose overlays
// the view shows.
func nextReading(a *app, _ command) {
	if n := len(a.sess.Runs); n > 1 {
		a.sess.Sel = (a.sess.Sel + 1) % n
		a.list.Dirty = true // the rows show the selected reading's values
		if a.sess.SeveralInputs() {
			a.say("showing " + a.sess.RunName(a.sess.Sel) + "'s overlays") // an input, not a reading
		} else {
			a.say("showing the " + a.sess.Cur().Info.Reading + " reading's overlays")
		}
	}
}

// togglePanel shows or hides one of the window's panels.
func togglePanel(a *app, p panel.ID) {
	a.panels.Toggle(p)
	a.relayout()
}

// toggleLayer turns an overlay layer on or off.
func toggleLayer(a *app, l overlay.Layer) {
	a.layers = a.layers.Toggle(l)
	state := "off"
	if a.layers.Has(l) {
		state = "on"
	}
	a.say(overlay.Legend()[l].Name + " " + state)
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
func jumpToEvent(a *app, next bool) {
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
func cycleSelection(a *app, next bool) {
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
	selectObject(a, a.list.Rows[vis[at]].GUID)
	a.list.Reveal(at)
}

// selectObject makes guid the selection.
func selectObject(a *app, guid uint32) {
	if a.sel.Choose(guid) {
		a.panels.Stepper.Reset()
	}
}

// stepStage moves sub-tick stepping through the selection's stages.
func stepStage(a *app, next bool) {
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
func (sb *statusBar) statusLine(a *app) string {
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
	fmt.Fprintf(&b, "   tick %d / %d   %.2f s   %s", a.pb.Cursor(), a.pb.Last(), a.pb.Seconds(), sb.playState(a))
	if a.sel.Follow {
		b.WriteString("   following the selection")
	}
	b.WriteString(sb.preRunStatus(a))
	b.WriteString(a.liveStatus())
	if sb.status != "" {
		b.WriteString("   — ")
		b.WriteString(sb.status)
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

// tourGuide is the guided tour (panel.Tour) with its commands: Enter and
// Backspace step through its stops.
type tourGuide struct{ panel.Tour }

// tourGo shows stop i (clamped): the cursor at its tick, paused, its object
// selected and followed.
func (tg *tourGuide) tourGo(a *app, i int) {
	if len(tg.Stops) == 0 {
		a.say("no tour: start the viewer with -tour")
		return
	}
	s := tg.Go(i, a.pb.Last(), func(tick int, guid uint32) bool {
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
// Back with no tour shown goes nowhere: Enter starts it again.
func (tg *tourGuide) tourStep(a *app, next bool) {
	if i, more := tg.Step(next); more || len(tg.Stops) == 0 {
		tg.tourGo(a, i)
		return
	}
	a.say("end of the tour: Enter starts it again")
}

// playState is the status line's play state: "● live" while following the
// live edge (the cursor is held there, whatever Space says), else playing
// or paused with the speed and, when short of it, the rate achieved.
func (sb *statusBar) playState(a *app) string {
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
func (sb *statusBar) preRunStatus(a *app) string {
	if a.sess.Ready {
		return ""
	}
	return fmt.Sprintf("   pre-running %.0f %%", math.Min(math.Floor(100*a.sess.Progress()), 99))
}
