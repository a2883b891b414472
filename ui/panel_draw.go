// Drawing the panels' content over their ebitenui backgrounds: the object
// list, the legend, the inspector and the pipeline panel, each clipped to
// its rectangle by leaving out what does not fit.

package ui

import (
	"fmt"
	"image"

	"glidepath/interp"
	"glidepath/ui/inspect"
	"glidepath/ui/model"
	"glidepath/ui/overlay"
	"glidepath/ui/panel"
	"glidepath/ui/pipeline"
	"glidepath/ui/render"
	"glidepath/ui/session"
	"glidepath/ui/simsource"
)

// drawPanels draws the shown panels' content.
func (a *app) drawPanels() {
	f := a.flat
	if a.panels.Open.Left {
		a.list.Draw(f, a.lay.List, a.sel.GUID)
		a.list.Scroll.DrawBar(f, a.lay.List)
		a.legend.Draw(f, a.lay.Legend, a.layers)
	}
	if a.panels.Open.Right {
		a.insp.draw(f, a.lay.Inspector)
		a.insp.scroll.DrawBar(f, a.lay.Inspector)
		a.pipe.draw(f, a.lay.Pipeline, a.panels.Stepper.Stage())
		a.pipe.scroll.DrawBar(f, a.lay.Pipeline)
	}
}

// inspector caches the selection's lines.
type inspector struct {
	lines  []inspect.Line
	scroll panel.Scroller
	key    [4]int64
}

func (p *inspector) update(a *app, r *session.Run) {
	key := [4]int64{int64(r.Snap.Tick), int64(a.sel.GUID), int64(a.sess.Sel), 0}
	if a.panels.Before {
		key[3] = 1
	}
	if p.lines != nil && key == p.key {
		return
	}
	p.key = key
	o := a.selectedObject()
	tick := r.Snap.Tick
	if b := a.beforeObject(r); b != nil {
		o, tick = b, tick-1
	}
	if o == nil {
		msg := "Click a body, a row of the object list, or press Tab to select an object."
		if a.sel.GUID != 0 {
			msg = "The selected object does not exist at this tick."
		}
		p.lines = p.lines[:0]
		for _, l := range panel.Wrap(a.flat, msg, float32(a.lay.Inspector.Dx())) {
			p.lines = append(p.lines, inspect.Line{Value: l})
		}
	} else {
		p.lines = append(a.beforeAfterLines(r), inspect.Inspect(o, tick, r.Info.TickRate)...)
		p.lines = a.clientLines(p.lines, o, tick)
		p.lines = panel.WrapValues(a.flat, p.lines, float32(a.lay.Inspector.Dx()-valueColumn))
	}
	p.scroll.SetContent(len(p.lines)*panel.LineHeight, a.lay.Inspector.Dy())
}

// valueColumn is where field values start, pixels from the panel's left.
const valueColumn = 138

// queueColumns are the x offsets of the queue table's columns.
var queueColumns = [...]float32{0, 22, 86, 160, 214, 268, 312}

func (p *inspector) draw(f *render.Flat, rect image.Rectangle) {
	x := float32(rect.Min.X)
	for k, l := range p.lines {
		y := rect.Min.Y + k*panel.LineHeight - p.scroll.Y
		if y < rect.Min.Y || y+panel.LineHeight > rect.Max.Y {
			continue
		}
		fy := float32(y)
		switch {
		case l.Heading:
			f.Text(x, fy, l.Label, panel.HeadColor)
		case l.Cells != nil:
			col := panel.TextColor
			if k > 0 && p.lines[k-1].Heading {
				col = panel.DimColor // the column heads
			}
			for c, s := range l.Cells {
				if c < len(queueColumns) {
					f.Text(x+4+queueColumns[c], fy, s, col)
				}
			}
		case l.Label == "":
			f.Text(x, fy, l.Value, panel.DimColor)
		default:
			f.Text(x+8, fy, l.Label, panel.DimColor)
			f.Text(x+valueColumn, fy, l.Value, panel.TextColor)
		}
	}
}

// pipelinePanel caches the selection's pipeline rows, wrapped to the
// panel's width.
type pipelinePanel struct {
	lines  []pipeLine
	scroll panel.Scroller
	key    [5]int64
	ids    []int32
	events []model.Event
	// opened are the stages a click opened (1) or folded (−1); folded
	// says the lines are folded to fit (pipefold.go).
	opened map[int]int8
	folded bool
}

// pipeLine is one drawn line: its text, indent, colour and the stage it
// belongs to (−1 for the entry row and captions).
type pipeLine struct {
	text   string
	indent float32
	kind   uint8 // 0 name, 1 value, 2 why, 3 caption, 4 doc link, 5 cause chain
	stage  int
	ran    bool
	fold   bool // a folded group's one line (pipefold.go)
}

func (p *pipelinePanel) update(a *app, r *session.Run) {
	key := [5]int64{int64(r.Snap.Tick), int64(a.sel.GUID), int64(a.sess.Sel), int64(a.panels.Stepper.Stage()), int64(a.lay.Pipeline.Dx())}
	if p.lines != nil && key == p.key {
		return
	}
	p.key = key
	p.lines = p.lines[:0]
	width := float32(a.lay.Pipeline.Dx())
	add := func(text string, indent float32, kind uint8, stage int, ran bool) {
		for _, ln := range panel.Wrap(a.flat, text, width-indent) {
			p.lines = append(p.lines, pipeLine{text: ln, indent: indent, kind: kind, stage: stage, ran: ran})
		}
	}
	for _, n := range r.Info.Notes {
		if n.Tick == r.Snap.Tick {
			add("note: "+n.Text, 0, 3, -1, true)
		}
	}
	o := a.selectedObject()
	if o == nil {
		add("Select an object to see what each stage of its tick produced, and why. Z and X step through the stages.", 0, 2, -1, false)
		p.scroll.SetContent(len(p.lines)*panel.LineHeight, a.lay.Pipeline.Dy())
		return
	}
	p.ids = r.Index.Recent(o.GUID, model.Filter{}, r.Snap.Tick, r.Snap.Tick, 64, p.ids[:0])
	p.events = p.events[:0]
	for k := len(p.ids) - 1; k >= 0; k-- {
		p.events = append(p.events, r.Index.Event(int(p.ids[k])))
	}
	reading := runReading(r)
	tk := &pipeline.Tick{Object: o, Events: p.events, Reading: reading, TickRate: r.Info.TickRate}
	// Why the body jumped this tick, before the stages that show how.
	for _, c := range causeLines(r.Index, p.ids) {
		add("why: "+c, 0, 5, -1, true)
	}
	// The deliver stage first: the messages handled before the stages ran.
	for i, row := range pipeline.DeliverRows(tk) {
		if i == 0 {
			add("1 "+row.Step.Name+" → "+row.Step.Inner+"  "+row.Step.Addr, 0, 0, stageDeliver, row.Ran)
			add(row.Value, 12, 1, stageDeliver, row.Ran)
			if row.Why != "" {
				add(row.Why, 12, 2, stageDeliver, row.Ran)
			}
			add(row.Step.Doc, 12, 4, stageDeliver, row.Ran)
			continue
		}
		add("• "+row.Value, 12, 1, stageDeliver, row.Ran)
		add(row.Why+" ("+row.Doc+")", 24, 2, stageDeliver, row.Ran)
	}
	rows := pipeline.Explain(tk)
	for i, row := range rows {
		stage := -1
		if i > 0 {
			stage = int(row.Step.Stage)
		}
		name := row.Step.Name + "  " + row.Step.Addr
		if row.Step.Inner != "" {
			name = row.Step.Name + " → " + row.Step.Inner + "  " + row.Step.Addr
		}
		if stage >= 0 {
			name = fmt.Sprintf("%d %s", stage+2, name) // deliver is 1
		}
		add(name, 0, 0, stage, row.Ran)
		add(row.Value, 12, 1, stage, row.Ran)
		if row.Why != "" {
			add(row.Why, 12, 2, stage, row.Ran)
		}
		add(row.Step.Doc, 12, 4, stage, row.Ran)
	}
	p.foldToFit(a) // pipefold.go
	p.scroll.SetContent(len(p.lines)*panel.LineHeight, a.lay.Pipeline.Dy())
	if a.panels.Stepper.Active() {
		st := a.panels.Stepper.Stage()
		for k, l := range p.lines {
			if l.stage == st {
				p.scroll.Y = k*panel.LineHeight - panel.LineHeight
				p.scroll.Clamp()
				break
			}
		}
	}
}

// stageDeliver marks the deliver stage's lines (−1 is the entry row), as
// the stepper names the deliver stage.
const stageDeliver = pipeline.StageDeliver

func (p *pipelinePanel) draw(f *render.Flat, rect image.Rectangle, stage int) {
	x := float32(rect.Min.X)
	for k, l := range p.lines {
		y := rect.Min.Y + k*panel.LineHeight - p.scroll.Y
		if y < rect.Min.Y || y+panel.LineHeight > rect.Max.Y {
			continue
		}
		fy := float32(y)
		if stage != -1 && l.stage == stage {
			f.Rect(x-4, fy, float32(rect.Dx())+8, panel.LineHeight, panel.RowSelected)
		}
		col := panel.TextColor
		switch {
		case l.kind == 3:
			col = panel.NoteColor
		case l.kind == 4:
			col = panel.LinkColor
		case l.kind == 5:
			col = overlay.BlipColor
		case !l.ran:
			col = panel.OffColor
		case l.kind == 0:
			col = panel.HeadColor
		case l.kind == 2:
			col = panel.DimColor
		}
		f.Text(x+l.indent, fy, l.text, col)
	}
}

// runReading is the reading r runs under: the run's own, so that a what-if
// run's (READING@whatif, viewer -whatif) has its -set overrides though its
// name is no reading's; else the one its name names, or seed.
func runReading(r *session.Run) interp.Reading {
	if s, ok := r.Src.(*simsource.Source); ok {
		return s.Sim().Reading()
	}
	reading, err := interp.ReadingByName(r.Info.Reading)
	if err != nil {
		return interp.SeedReading()
	}
	return reading
}
