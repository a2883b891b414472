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
	"image/color"
	"unicode"

	"glidepath/engine/bookmarks"
	"glidepath/ui/camera"
	"glidepath/ui/panel"
)

// bookmarkColor marks bookmarks on the timeline and in their panel.
var bookmarkColor = color.RGBA{0xb3, 0x88, 0xff, 0xff}

// marks is the window's bookmark state.
type marks struct {
	sc      *bookmarks.Sidecar // nil: no file, or its sidecar is unreadable
	loadErr error              // why sc is nil for a file
	panel   bool               // the list is shown
	editing bool               // the label box has the keyboard
	text    []rune
	chars   []rune
}

// loadMarks reads the input's sidecar; a problem is kept to be shown.
func (m *marks) load(file string) {
	if file == "" {
		return
	}
	sc, err := bookmarks.Load(file)
	if err != nil {
		m.loadErr = err
		return
	}
	m.sc = sc
}

// list is the bookmarks in tick order (none without a sidecar).
func (m *marks) list() []bookmarks.Bookmark {
	if m.sc == nil {
		return nil
	}
	return m.sc.Bookmarks.List()
}

// startBookmark opens the label box for the cursor's tick, holding the
// label already there.
func (a *app) startBookmark() {
	if a.marks.sc == nil {
		a.sayMarksOff()
		return
	}
	a.pb.SetPlaying(false)
	a.marks.editing = true
	a.marks.text = a.marks.text[:0]
	if b, ok := a.marks.sc.Bookmarks.At(a.pb.Cursor()); ok {
		a.marks.text = append(a.marks.text, []rune(b.Label)...)
	}
}

// sayMarksOff explains why there are no bookmarks.
func (a *app) sayMarksOff() {
	if a.marks.loadErr != nil {
		a.say("bookmarks off: " + a.marks.loadErr.Error() + " (fix or remove it)")
		return
	}
	a.say("bookmarks need an input file (the built-in scenario has none)")
}

// typeLabel applies what was typed into the label box this tick: characters,
// Backspace, Enter (keep) and Esc (drop).
func (a *app) typeLabel(chars []rune, backspace, enter, escape bool) {
	m := &a.marks
	for _, c := range chars {
		if unicode.IsPrint(c) && len(m.text) < bookmarks.MaxLabel {
			m.text = append(m.text, c)
		}
	}
	if backspace && len(m.text) > 0 {
		m.text = m.text[:len(m.text)-1]
	}
	switch {
	case escape:
		m.editing = false
	case enter:
		m.editing = false
		tick := a.pb.Cursor()
		if err := m.sc.Bookmarks.Add(tick, string(m.text)); err != nil {
			a.say("bookmark: " + err.Error())
			return
		}
		a.saveMarks(fmt.Sprintf("bookmarked tick %d", tick))
	}
}

// readLabelKeys reads the keyboard for the label box.
func (a *app) readLabelKeys() {
	k := panel.ReadBoxKeys(a.marks.chars)
	a.marks.chars = k.Chars
	a.typeLabel(k.Chars, k.Backspace, k.Enter, k.Escape)
}

// removeBookmark deletes the mark at the cursor.
func (a *app) removeBookmark() {
	if a.marks.sc == nil {
		a.sayMarksOff()
		return
	}
	tick := a.pb.Cursor()
	if !a.marks.sc.Bookmarks.Remove(tick) {
		a.say(fmt.Sprintf("no bookmark at tick %d", tick))
		return
	}
	a.saveMarks(fmt.Sprintf("removed the bookmark at tick %d", tick))
}

// saveMarks writes the sidecar and says so, or why not.
func (a *app) saveMarks(done string) {
	if err := a.marks.sc.Save(); err != nil {
		a.say("bookmarks not saved: " + err.Error())
		return
	}
	a.say(done + "; saved in " + a.marks.sc.File())
}

// jumpToBookmark moves the cursor to the previous or next mark.
func (a *app) jumpToBookmark(next bool) {
	if a.marks.sc == nil {
		a.sayMarksOff()
		return
	}
	set := &a.marks.sc.Bookmarks
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

// drawBookmarkMarks stands a flag for each mark on the timeline's ruler.
func (a *app) drawBookmarkMarks() {
	if !a.panels.Open.Timeline {
		return
	}
	v := &a.tl.View
	r := a.lay.Timeline
	for _, b := range a.marks.list() {
		if float64(b.Tick) < v.From || float64(b.Tick) > v.To {
			continue
		}
		x := float32(v.XOf(float64(b.Tick)))
		y := float32(r.Min.Y)
		a.flat.Rect(x-1, y, 2, float32(r.Dy()), withAlpha(bookmarkColor, 0x60))
		a.flat.Rect(x-1, y, 8, 7, bookmarkColor)
	}
}

// withAlpha is c at alpha a (premultiplied).
func withAlpha(c color.RGBA, a uint8) color.RGBA {
	f := func(v uint8) uint8 { return uint8(uint16(v) * uint16(a) / 0xff) }
	return color.RGBA{f(c.R), f(c.G), f(c.B), a}
}

// drawBookmarkPanel lists the marks at the viewport's top right (F4), the
// one at or before the cursor highlighted, and the label box when typing.
func (a *app) drawBookmarkPanel() {
	f := a.top
	vp := a.lay.Viewport
	lh := f.LineHeight() + 2
	if a.marks.panel {
		list := a.marks.list()
		const w = 260
		rows := min(len(list), 20)
		x := float32(vp.Max.X) - w - 8
		y := float32(vp.Min.Y) + 32 // below the camera's hint line
		f.Rect(x, y, w, lh*float32(rows+1)+12, panel.BoxColor)
		title := fmt.Sprintf("Bookmarks (%d)   L mark · PgUp/PgDn jump", len(list))
		if a.marks.sc == nil {
			title = "Bookmarks: off"
		}
		f.Text(x+8, y+6, title, panel.HeadColor)
		cur := a.pb.Cursor()
		first := 0
		for i, b := range list {
			if b.Tick <= cur {
				first = max(0, i-rows+1)
			}
		}
		for k, b := range list[first : first+rows] {
			col := panel.TextColor
			if b.Tick == cur {
				col = bookmarkColor
			}
			line := fmt.Sprintf("%6d  %s", b.Tick, b.Label)
			f.Text(x+8, y+6+lh*float32(k+1), panel.Clip(f.Measure, line, w-16), col)
		}
	}
	if a.marks.editing {
		a.drawLabelBox(vp)
	}
}

// drawLabelBox is the box the label is typed in.
func (a *app) drawLabelBox(vp image.Rectangle) {
	f := a.top
	const w = 420
	x := float32(vp.Min.X) + (float32(vp.Dx())-w)/2
	y := float32(vp.Min.Y) + float32(vp.Dy())/3
	lh := f.LineHeight()
	f.Rect(x, y, w, 2*lh+24, panel.BoxColor)
	f.Rect(x, y, w, 2, bookmarkColor)
	f.Text(x+10, y+8, fmt.Sprintf("Bookmark tick %d — Enter keeps, Esc drops", a.pb.Cursor()), panel.DimColor)
	label := panel.Clip(f.Measure, string(a.marks.text), w-24)
	f.Text(x+10, y+12+lh, label, panel.TextColor)
	f.Rect(x+11+f.Measure(label), y+12+lh, 2, lh, panel.TextColor) // the caret
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
func (a *app) exportBetweenMarks() {
	if a.marks.sc == nil {
		a.sayMarksOff()
		return
	}
	if a.opts.ExportRange == nil {
		a.say("export is not available here")
		return
	}
	set := &a.marks.sc.Bookmarks
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
	a.exportTicks(from.Tick, to.Tick)
}

// exportTicks asks for an export of ticks from..to as the window shows
// them (camera mode, selection).
func (a *app) exportTicks(from, to int) {
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
func (a *app) pollExports() {
	select {
	case msg := <-a.exportMsgs:
		a.say(msg)
	default:
	}
}

// bookmarkListW is the bookmark list's width with its margin
// (drawBookmarkPanel: 260 px, 8 from the viewport's edge).
const bookmarkListW = 260 + 8

// captionArea is where a note's caption may go: the viewport, less the
// bookmark list's column when the list is shown, so the two never
// overlap.
func (a *app) captionArea(vp image.Rectangle) image.Rectangle {
	if a.marks.panel && vp.Dx() > 2*bookmarkListW {
		vp.Max.X -= bookmarkListW + 8
	}
	return vp
}
