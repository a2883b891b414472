// Drawn over the viewport: the help overlay listing every key and mouse
// gesture, the caption of a scenario note at its tick, the pre-run's
// progress bar, and the screenshot key's PNG.

package ui

import (
	"fmt"
	"image"
	"image/color"
	"os"
	"path/filepath"
	"strings"

	"glidepath/ui/panel"

	"github.com/hajimehoshi/ebiten/v2"
)

// mouseHelp lists the mouse gestures, for the help overlay.
var mouseHelp = [][2]string{
	{"drag", "pan (in the viewport)"},
	{"right-drag", "orbit; tilt in the perspective camera"},
	{"wheel", "zoom to the cursor"},
	{"click", "select the body under the cursor"},
	{"timeline", "click or drag scrubs; wheel zooms; right-drag pans"},
	{"Shift-drag", "on the timeline: select a range of ticks (E exports it; Esc clears)"},
	{"lane name", "select the lane , and . step between"},
	{"panel edge", "drag the right column's edge or the inspector/pipeline gap to resize"},
}

// drawOverlays draws, in the top batch, what goes over everything else: the
// caption, the timeline's hover details and the help.
func (a *app) drawOverlays() {
	if a.help {
		// Alone: text is drawn over every box, so another layer's words
		// would show through the help's.
		a.drawHelp()
		return
	}
	vp := a.lay.Viewport
	r := a.sess.Cur()
	// The latest note within the last few seconds, as a caption.
	// The status line's tooltip covers the caption; its words would show
	// through.
	if n := panel.CaptionNote(r.Info.Notes, r.Snap.Tick, r.Info.TickRate); n != nil && !a.tour.Active() && !a.statusTipShown() && !a.msgs.On {
		a.caption(n.Text, a.captionArea(vp)) // honest.go
	}
	a.tour.Draw(a.top, vp)
	panel.DrawReadingLegend(a.top, vp, a.sess)
	a.drawSplitNames() // split.go
	if a.panels.Open.Timeline {
		a.tl.DrawHover(a.top)
	}
	a.drawBookmarkPanel()
	a.msgs.Draw(a.top, a.pb.Cursor())
	a.drawOpenBox()
	a.drawGotoBox()
	a.drawFilterBox()
	a.drawEdge()
	a.drawStatusTip()
}

// caption draws text centred at the top of the viewport, wrapped.
func (a *app) caption(s string, vp image.Rectangle) {
	f := a.top
	lines := panel.Wrap(f, s, float32(vp.Dx())-80)
	lh := f.LineHeight() + 2
	w := float32(0)
	for _, l := range lines {
		w = max(w, f.Measure(l))
	}
	x := float32(vp.Min.X) + (float32(vp.Dx())-w)/2
	y := float32(vp.Min.Y) + 34
	f.Rect(x-10, y-6, w+20, lh*float32(len(lines))+10, panel.BoxColor)
	for k, l := range lines {
		f.Text(x, y+float32(k)*lh, l, panel.NoteColor)
	}
}

// drawHelp lists every key and gesture, centred over the window.
func (a *app) drawHelp() {
	f := a.top
	const keyW, lh, pad, gap = 84, 16, 16, 24
	type row struct {
		key, help string
		col       color.RGBA
	}
	var rows []row
	// Each column's help text gets half of what the window leaves after
	// the key columns; a longer text wraps onto rows of its own.
	room := max((float32(a.w)-2*pad-2*keyW-gap)/2, 80)
	add := func(key, help string, col color.RGBA) {
		for i, l := range panel.Wrap(f, help, room) {
			if i > 0 {
				key = ""
			}
			rows = append(rows, row{key, l, col})
		}
	}
	for _, b := range a.in.keys {
		if b.name != "" {
			add(b.name, b.help, panel.HeadColor)
		}
	}
	for _, c := range ctrlHelp { // navigate.go
		add(c[0], c[1], panel.HeadColor)
	}
	rows = append(rows, row{})
	for _, m := range mouseHelp {
		add(m[0], m[1], panel.DimColor)
	}
	perCol := (len(rows) + 1) / 2
	var helpW [2]float32
	for i, r := range rows {
		helpW[i/perCol] = max(helpW[i/perCol], f.Measure(r.help))
	}
	colX := [2]float32{0, keyW + helpW[0] + gap}
	w := colX[1] + keyW + helpW[1] + 2*pad
	h := float32(perCol*lh + 2*pad + 24)
	x0 := max((float32(a.w)-w)/2, 0)
	y0 := max((float32(a.h)-h)/2, 0)
	f.Rect(x0, y0, w, h, panel.BoxColor)
	f.Text(x0+pad, y0+pad-4, "Keys and mouse (H or Esc closes)", panel.HeadColor)
	for i, r := range rows {
		c := i / perCol
		x := x0 + pad + colX[c]
		y := y0 + pad + 20 + float32((i%perCol)*lh)
		f.Text(x, y, r.key, r.col)
		f.Text(x+keyW, y, r.help, panel.TextColor)
	}
}

// drawLoading shows the pre-run's progress (or its error) in the middle of
// the window.
func (a *app) drawLoading(screen *ebiten.Image) {
	f := a.flat
	f.Reset()
	w, h := float32(a.w), float32(a.h)
	bw := min(w-40, 480)
	x, y := (w-bw)/2, h/2
	p := float32(a.sess.Progress())
	msg := fmt.Sprintf("Pre-running %s: %.0f %%", a.opts.Sources[0].Info().File, 100*p)
	if a.sess.Err != nil {
		msg = "Pre-run failed: " + a.sess.Err.Error()
	}
	f.Text(x, y-24, msg, panel.TextColor)
	f.Rect(x, y, bw, 12, panel.RowHover)
	f.Rect(x, y, bw*min(max(p, 0), 1), 12, panel.BarColor)
	if err := a.renderer.DrawFlat(screen, f); err != nil {
		a.shotErr, a.shotDone = err, true
	}
}

// screenshotPath is where P saves: next to the input file (the current
// directory for the built-in scenario), named after it and the tick.
func (a *app) screenshotPath() string {
	dir, base := ".", "glidepath"
	if a.opts.File != "" {
		dir = filepath.Dir(a.opts.File)
		base = strings.TrimSuffix(filepath.Base(a.opts.File), filepath.Ext(a.opts.File))
		base = strings.TrimSuffix(base, ".jsonl")
	}
	for n := 0; ; n++ {
		name := fmt.Sprintf("%s-tick%05d.png", base, a.pb.Cursor())
		if n > 0 {
			name = fmt.Sprintf("%s-tick%05d-%d.png", base, a.pb.Cursor(), n)
		}
		p := filepath.Join(dir, name)
		if _, err := os.Stat(p); os.IsNotExist(err) {
			return p
		}
	}
}

// saveScreenshot writes the window for the P key and says where.
func (a *app) saveScreenshot(screen *ebiten.Image) {
	a.savePending = false
	p := a.screenshotPath()
	if err := writeScreenshot(screen, p); err != nil {
		a.say(err.Error())
		return
	}
	a.say("saved " + p)
}
