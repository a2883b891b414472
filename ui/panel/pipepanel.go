// The pipeline panel: what each stage of the selection's tick produced,
// and why, wrapped to the panel's width, the stage stepped to marked.

package panel

import (
	"fmt"
	"image"

	"glidepath/engine"
	"glidepath/interp"
	"glidepath/ui/model"
	"glidepath/ui/overlay"
	"glidepath/ui/pipeline"
	"glidepath/ui/render"
	"glidepath/ui/session"
	"glidepath/ui/simsource"
)

// Pipeline caches the selection's pipeline rows, wrapped to the
// panel's width.
type Pipeline struct {
	Lines  []PipeLine
	Scroll Scroller
	key    [5]int64
	ids    []int32
	events []model.Event
	// opened are the stages a click opened (1) or folded (−1); folded
	// says the lines are folded to fit (pipefold.go).
	opened map[int]int8
	Folded bool
}

// PipeLine is one drawn line: its text, indent, colour and the stage it
// belongs to (−1 for the entry row and captions).
type PipeLine struct {
	Text   string
	Indent float32
	Kind   uint8 // 0 name, 1 value, 2 why, 3 caption, 4 doc link, 5 cause chain
	Stage  int
	ran    bool
	Fold   bool // a folded group's one line (pipefold.go)
}

// Update builds the lines for r's object o (nil: none selected, sel its
// guid, reading the session's selected reading) at the stage st steps to,
// wrapped to rect as f measures, when any of them changed.
func (p *Pipeline) Update(f *render.Flat, rect image.Rectangle, r *session.Run, reading int, o *engine.ObjectView, sel uint32, st *pipeline.Stepper) {
	key := [5]int64{int64(r.Snap.Tick), int64(sel), int64(reading), int64(st.Stage()), int64(rect.Dx())}
	if p.Lines != nil && key == p.key {
		return
	}
	p.key = key
	p.Lines = p.Lines[:0]
	width := float32(rect.Dx())
	add := func(text string, indent float32, kind uint8, stage int, ran bool) {
		for _, ln := range Wrap(f, text, width-indent) {
			p.Lines = append(p.Lines, PipeLine{Text: ln, Indent: indent, Kind: kind, Stage: stage, ran: ran})
		}
	}
	for _, n := range r.Info.Notes {
		if n.Tick == r.Snap.Tick {
			add("note: "+n.Text, 0, 3, -1, true)
		}
	}
	if o == nil {
		add("Select an object to see what each stage of its tick produced, and why. Z and X step through the stages.", 0, 2, -1, false)
		p.Scroll.SetContent(len(p.Lines)*LineHeight, rect.Dy())
		return
	}
	p.ids = r.Index.Recent(o.GUID, model.Filter{}, r.Snap.Tick, r.Snap.Tick, 64, p.ids[:0])
	p.events = p.events[:0]
	for k := len(p.ids) - 1; k >= 0; k-- {
		p.events = append(p.events, r.Index.Event(int(p.ids[k])))
	}
	tk := &pipeline.Tick{Object: o, Events: p.events, Reading: RunReading(r), TickRate: r.Info.TickRate}
	// Why the body jumped this tick, before the stages that show how.
	for _, c := range causeLines(r.Index, p.ids) {
		add("why: "+c, 0, 5, -1, true)
	}
	// The deliver stage first: the messages handled before the stages ran.
	for i, row := range pipeline.DeliverRows(tk) {
		if i == 0 {
			add("1 "+row.Step.Name+" → "+row.Step.Inner+"  "+row.Step.Addr, 0, 0, StageDeliver, row.Ran)
			add(row.Value, 12, 1, StageDeliver, row.Ran)
			if row.Why != "" {
				add(row.Why, 12, 2, StageDeliver, row.Ran)
			}
			add(row.Step.Doc, 12, 4, StageDeliver, row.Ran)
			continue
		}
		add("• "+row.Value, 12, 1, StageDeliver, row.Ran)
		add(row.Why+" ("+row.Doc+")", 24, 2, StageDeliver, row.Ran)
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
	p.foldToFit(f, rect, st) // pipefold.go
	p.Scroll.SetContent(len(p.Lines)*LineHeight, rect.Dy())
	if st.Active() {
		st := st.Stage()
		for k, l := range p.Lines {
			if l.Stage == st {
				p.Scroll.Y = k*LineHeight - LineHeight
				p.Scroll.Clamp()
				break
			}
		}
	}
}

// StageDeliver marks the deliver stage's lines (−1 is the entry row), as
// the stepper names the deliver stage.
const StageDeliver = pipeline.StageDeliver

// Draw draws the lines in rect, the stage stepped to marked.
func (p *Pipeline) Draw(f *render.Flat, rect image.Rectangle, stage int) {
	x := float32(rect.Min.X)
	for k, l := range p.Lines {
		y := rect.Min.Y + k*LineHeight - p.Scroll.Y
		if y < rect.Min.Y || y+LineHeight > rect.Max.Y {
			continue
		}
		fy := float32(y)
		if stage != -1 && l.Stage == stage {
			f.Rect(x-4, fy, float32(rect.Dx())+8, LineHeight, RowSelected)
		}
		col := TextColor
		switch {
		case l.Kind == 3:
			col = NoteColor
		case l.Kind == 4:
			col = LinkColor
		case l.Kind == 5:
			col = overlay.BlipColor
		case !l.ran:
			col = OffColor
		case l.Kind == 0:
			col = HeadColor
		case l.Kind == 2:
			col = DimColor
		}
		f.Text(x+l.Indent, fy, l.Text, col)
	}
}

// RunReading is the reading r runs under: the run's own, so that a what-if
// run's (READING@whatif, viewer -whatif) has its -set overrides though its
// name is no reading's; else the one its name names, or seed.
func RunReading(r *session.Run) interp.Reading {
	if s, ok := r.Src.(*simsource.Source); ok {
		return s.Sim().Reading()
	}
	reading, err := interp.ReadingByName(r.Info.Reading)
	if err != nil {
		return interp.SeedReading()
	}
	return reading
}

// BuiltFor is the reading the lines were last built for.
func (p *Pipeline) BuiltFor() int { return int(p.key[2]) }
