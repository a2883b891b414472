// Bookmarks in the window: L marks the cursor's tick with a label typed in a
// small box, Shift+L removes the mark, Page Up / Page Down jump to the
// previous / next one, F4 shows the list. Marks stand on the timeline's
// ruler. They are saved beside the input (FILE.glidepath.json,
// engine/bookmarks) at every change and loaded when the file is opened; a
// sidecar that cannot be read is reported and never saved over.

package ui

import (
	"fmt"
	"image"

	"glidepath/ui/camera"
	"glidepath/ui/panel"
)

// marksView is the bookmarks of the input (panel.Marks) with their
// commands: L's label box, Shift+L, PgUp/PgDn and E's export between two.
type marksView struct{ panel.Marks }

// startBookmark opens the label box for the cursor's tick, holding the
// label already there.
func (bm *marksView) startBookmark(a *app) {
	if bm.Sidecar == nil {
		bm.sayMarksOff(a)
		return
	}
	a.pb.SetPlaying(false)
	b, _ := bm.Sidecar.Bookmarks.At(a.pb.Cursor())
	bm.StartLabel(b.Label)
}

// sayMarksOff explains why there are no bookmarks.
func (bm *marksView) sayMarksOff(a *app) {
	if bm.LoadErr != nil {
		a.say("bookmarks off: " + bm.LoadErr.Error() + " (fix or remove it)")
		return
	}
	a.say("bookmarks need an input file (the built-in scenario has none)")
}

// typeLabel applies what was typed into the label box this tick: characters,
// Backspace, Enter (keep) and Esc (drop).
func (bm *marksView) typeLabel(a *app, chars []rune, backspace, enter, escape bool) {
	label, keep := bm.Type(chars, backspace, enter, escape)
	if !keep {
		return
	}
	tick := a.pb.Cursor()
	if err := bm.Sidecar.Bookmarks.Add(tick, label); err != nil {
		a.say("bookmark: " + err.Error())
		return
	}
	bm.saveMarks(a, fmt.Sprintf("bookmarked tick %d", tick))
}

// readLabelKeys reads the keyboard for the label box.
func (bm *marksView) readLabelKeys(a *app) {
	k := bm.Keys()
	bm.typeLabel(a, k.Chars, k.Backspace, k.Enter, k.Escape)
}

// removeBookmark deletes the mark at the cursor.
func (bm *marksView) removeBookmark(a *app) {
	if bm.Sidecar == nil {
		bm.sayMarksOff(a)
		return
	}
	tick := a.pb.Cursor()
	if !bm.Sidecar.Bookmarks.Remove(tick) {
		a.say(fmt.Sprintf("no bookmark at tick %d", tick))
		return
	}
	bm.saveMarks(a, fmt.Sprintf("removed the bookmark at tick %d", tick))
}

// saveMarks writes the sidecar and says so, or why not.
func (bm *marksView) saveMarks(a *app, done string) {
	if err := bm.Sidecar.Save(); err != nil {
		a.say("bookmarks not saved: " + err.Error())
		return
	}
	a.say(done + "; saved in " + bm.Sidecar.File())
}

// jumpToBookmark moves the cursor to the previous or next mark.
func (bm *marksView) jumpToBookmark(a *app, next bool) {
	if bm.Sidecar == nil {
		bm.sayMarksOff(a)
		return
	}
	set := &bm.Sidecar.Bookmarks
	b, ok := set.Prev(a.pb.Cursor())
	if next {
		b, ok = set.Next(a.pb.Cursor())
	}
	if !ok {
		a.say("no bookmark " + map[bool]string{true: "after", false: "before"}[next] + " this tick")
		return
	}
	a.pb.Seek(b.Tick)
	a.panels.Stepper.Reset()
	a.tl.View.Show(b.Tick)
	a.say(fmt.Sprintf("bookmark: tick %d %s", b.Tick, b.Label))
}

// ExportRequest is a range the window asks to have exported (E): the ticks
// between two bookmarks, the camera's mode and the selection.
type ExportRequest struct {
	// File is the input shown (the window may have opened another since
	// it started).
	File     string
	From, To int
	Camera   camera.Mode
	Select   uint32
}

// exportBetweenMarks asks for the range from the bookmark at or before the
// cursor to the next one to be exported; Options.ExportRange does it off
// the window's loop and its message comes back to the status line.
func (bm *marksView) exportBetweenMarks(a *app) {
	if bm.Sidecar == nil {
		bm.sayMarksOff(a)
		return
	}
	if a.opts.ExportRange == nil {
		a.say("export is not available here")
		return
	}
	set := &bm.Sidecar.Bookmarks
	cur := a.pb.Cursor()
	from, ok := set.At(cur)
	if !ok {
		from, ok = set.Prev(cur)
	}
	to, ok2 := set.Next(cur)
	if !ok || !ok2 {
		a.say("E exports between two bookmarks: put the cursor between them")
		return
	}
	bm.exportTicks(a, from.Tick, to.Tick)
}

// exportTicks asks for an export of ticks from..to as the window shows
// them (camera mode, selection).
func (bm *marksView) exportTicks(a *app, from, to int) {
	if a.opts.ExportRange == nil {
		a.say("export is not available here")
		return
	}
	req := ExportRequest{File: a.opts.File, From: from, To: to, Camera: a.cam.Mode, Select: a.sel.GUID}
	if a.exportMsgs == nil {
		a.exportMsgs = make(chan string, 4)
	}
	a.say(fmt.Sprintf("exporting ticks %d–%d…", req.From, req.To))
	run, msgs := a.opts.ExportRange, a.exportMsgs
	go func() { msgs <- run(req) }()
}

// pollExports shows the message of an export that finished.
func (bm *marksView) pollExports(a *app) {
	select {
	case msg := <-a.exportMsgs:
		a.say(msg)
	default:
	}
}

// bookmarkListW is the bookmark list's width with its margin
// (panel.Marks.Draw: 260 px, 8 from the viewport's edge).
const bookmarkListW = 260 + 8

// captionArea is where a note's caption may go: the viewport, less the
// bookmark list's column when the list is shown, so the two never
// overlap.
func (bm *marksView) captionArea(a *app, vp image.Rectangle) image.Rectangle {
	if bm.Shown && vp.Dx() > 2*bookmarkListW {
		vp.Max.X -= bookmarkListW + 8
	}
	return vp
}
