// The strip: its layout (ruler, lanes, plot), its input — click or drag to
// scrub, wheel to zoom, right- or middle-drag to pan, click a lane's name
// to pick the kind , and . step between — and the hovered event.

package timeline

import (
	"image/color"
	"math"

	"glidepath/engine/eventlog"
	"glidepath/ui/model"
)

// Strip geometry, pixels.
const (
	LabelWidth  = 92
	RulerHeight = 16
	LaneHeight  = 15
	MinPlot     = 28
	// Height is the strip's natural height.
	Height = RulerHeight + int(NumLanes)*LaneHeight + 44 + 4
	// hoverPixels is how far from an event's mark the cursor may be.
	hoverPixels = 4
	// ZoomPerWheelStep is the span factor of one wheel step.
	ZoomPerWheelStep = 0.8
)

// Painter is the 2D drawing the strip needs (render.Flat implements it).
type Painter interface {
	Rect(x, y, w, h float32, c color.RGBA)
	Line(x0, y0, x1, y1, width float32, c color.RGBA)
	Polyline(xy []float32, width float32, c color.RGBA)
	Text(x, y float32, s string, c color.RGBA)
	Measure(s string) float32
}

// Input is the mouse for one update.
type Input struct {
	X, Y                float64
	Left, Right, Middle bool
	Wheel               float64
	// Shift held: a left drag selects a range of ticks instead of
	// scrubbing.
	Shift bool
}

// Data is what the strip shows: the selected reading's run.
type Data struct {
	Index   *model.Index
	History *model.History
	Info    *model.Info
	// Selected is the object whose events and plots are shown; 0 shows
	// every object's events and no plot.
	Selected uint32
	// Partial says the records reach only tick Computed (the pre-run is
	// still going): the strip shades what lies beyond.
	Partial  bool
	Computed int
	// ClientError, when set (viewer -against), is the distance from the
	// body to the client trace's at a tick the client logged; the plot
	// draws it as a third curve.
	ClientError func(guid uint32, tick int) (float64, bool)
	// Divergence, when set (viewer -against), says whether and how guid
	// diverges from the client trace at tick; the divergence lane marks
	// the selection's such ticks.
	Divergence func(guid uint32, tick int) (string, bool)
	// ClientGrowing says the client trace is still being read (followed
	// as the client writes it): only ticks up to ClientThrough, the last
	// whose rows are all in, are judged, and a later one is looked at
	// again once its rows come.
	ClientGrowing bool
	ClientThrough int
	// Stack, with two runs or more (readings compared, or several inputs),
	// splits each lane into one row per run (stack.go); StackSel is the
	// run Index, History and Info above belong to.
	Stack    []Stacked
	StackSel int
	// Filtered is the objects the filter in force keeps (Ctrl+F), in the
	// object list's order; nil with no filter. The plot draws them when
	// its subject is the filter.
	Filtered []uint32
}

// Rect is a rectangle in pixels.
type Rect struct{ X, Y, W, H float64 }

// Contains reports whether (x, y) is inside.
func (r Rect) Contains(x, y float64) bool {
	return x >= r.X && y >= r.Y && x < r.X+r.W && y < r.Y+r.H
}

// Timeline is the strip's state. The zero value needs SetRect and Reset.
type Timeline struct {
	View View
	// Lane is the kind , and . step between.
	Lane Lane
	// Plot is the fields the plot shows (Reset starts it at DefaultPlot
	// once).
	Plot PlotSet
	// PlotFiltered: the plot draws the objects of Data.Filtered (the
	// filter's) rather than the selection; a click on the plot's name
	// switches it.
	PlotFiltered bool

	rect      Rect
	dragScrub bool
	dragPan   bool
	dragRange bool
	// sel is the range selected by a shift-drag (selection.go).
	sel         Range
	hasSel      bool
	rangeAnchor int
	lastX       float64
	held        Input
	hoverEvent  int // index into the log, −1 for none
	hoverNote   int // index into the notes, −1 for none
	hoverText   string
	hoverRun    int // the stacked run hovered, −1 for none
	hoverGUID   uint32
	// picked is the object of the event mark last clicked, 0 for none
	// (Picked takes it).
	picked  uint32
	plotSet bool // Plot was given its default
	peaks   [NumPlotFields]float64
	// hasClient: the last drawn plot had a client trace to compare with.
	hasClient bool
	measure   func(string) float32

	// Scratch reused between frames.
	bins [NumLanes][]bin
	cols []column
	xy   []float32
	// The plot's objects and their position stamps (plot.go).
	subjects []uint32
	steps    []stampStep
	stepFrom []int
	rul      rulerLabels
	div      divergences
}

// bin is one pixel column of a lane.
type bin struct {
	col  color.RGBA
	prio int
	set  bool
}

// Reset fits the view to a run of last+1 ticks.
func (t *Timeline) Reset(last int) {
	t.View.Last = last
	t.View.Fit()
	t.hoverEvent, t.hoverNote, t.hoverRun = -1, -1, -1
	if !t.plotSet {
		t.Plot, t.plotSet = DefaultPlot, true
	}
}

// SetRect places the strip; the lanes and plot span its width after the
// label column.
func (t *Timeline) SetRect(r Rect) {
	t.rect = r
	t.View.X = r.X + LabelWidth
	t.View.W = math.Max(r.W-LabelWidth-8, 1)
}

// Rect is where the strip is.
func (t *Timeline) Rect() Rect { return t.rect }

func (t *Timeline) lanesTop() float64 { return t.rect.Y + RulerHeight }

func (t *Timeline) plotRect() Rect {
	top := t.lanesTop() + float64(NumLanes)*LaneHeight + 4
	return Rect{t.View.X, top, t.View.W, math.Max(t.rect.Y+t.rect.H-top-4, 0)}
}

// laneAt is the lane under y; ok is false outside the lanes.
func (t *Timeline) laneAt(y float64) (Lane, bool) {
	k := math.Floor((y - t.lanesTop()) / LaneHeight)
	if k < 0 || k >= float64(NumLanes) {
		return 0, false
	}
	return Lane(k), true
}

// Update applies one update's mouse input. It moves pb's cursor when the
// strip is clicked or dragged, and reports whether it did. free says no
// widget has the mouse.
func (t *Timeline) Update(in Input, free bool, pb *Playback, d *Data) (scrubbed bool) {
	clickedLane := false // a left press on the lanes or plot, not a label or a chip
	inside := free && t.rect.Contains(in.X, in.Y)
	pressed := func(now, before bool) bool { return now && !before }
	if inside && in.Wheel != 0 {
		t.View.Zoom(math.Max(in.X, t.View.X), math.Pow(ZoomPerWheelStep, in.Wheel))
	}
	switch {
	case t.dragRange:
		t.dragRangeTo(in)
	case t.dragScrub:
		if !in.Left {
			t.dragScrub = false
			break
		}
		pb.Seek(t.View.TickAt(in.X))
		scrubbed = true
	case t.dragPan:
		if !in.Right && !in.Middle {
			t.dragPan = false
			break
		}
		t.View.Pan(in.X - t.lastX)
	case inside && pressed(in.Left, t.held.Left):
		if t.measure != nil {
			if f, ok := t.chipAt(in.X, in.Y, t.measure); ok {
				t.Plot = t.Plot.Toggle(f)
				break
			}
		}
		if in.X < t.View.X {
			if pr := t.plotRect(); in.Y >= pr.Y && in.Y < pr.Y+pr.H {
				t.PlotFiltered = !t.PlotFiltered
				break
			}
			if l, ok := t.laneAt(in.Y); ok {
				t.Lane = l
			}
			break
		}
		if in.Shift {
			t.startRange(in.X)
			break
		}
		t.dragScrub = true
		pb.Seek(t.View.TickAt(in.X))
		scrubbed, clickedLane = true, true
	case inside && (pressed(in.Right, t.held.Right) || pressed(in.Middle, t.held.Middle)):
		t.dragPan = true
	}
	t.lastX = in.X
	t.held = in
	t.hover(in, inside, d)
	if clickedLane && t.hoverEvent >= 0 && t.hoverGUID != 0 {
		t.picked = t.hoverGUID
	}
	return scrubbed
}

// Picked returns, once, the object whose event mark was clicked (the click
// also moved the cursor, as any click on the lanes does); ok is false when no mark was
// clicked since the last call.
func (t *Timeline) Picked() (guid uint32, ok bool) {
	guid, t.picked = t.picked, 0
	return guid, guid != 0
}

// Captured reports whether a drag that began in the strip is in progress:
// the camera must not take the mouse.
func (t *Timeline) Captured() bool { return t.dragScrub || t.dragPan || t.dragRange }

// HoverText is the hovered event's details, "" when none.
func (t *Timeline) HoverText() string { return t.hoverText }

// hover finds the event or note mark under the mouse.
func (t *Timeline) hover(in Input, inside bool, d *Data) {
	all := d
	prevE, prevN := t.hoverEvent, t.hoverNote
	t.hoverEvent, t.hoverNote = -1, -1
	lane, ok := t.laneAt(in.Y)
	if !inside || !ok || in.X < t.View.X || d == nil || d.Index == nil {
		t.hoverText = ""
		return
	}
	best := hoverPixels + 1.0
	scale, run := 1.0, -1
	if len(d.Stack) > 1 {
		// The row under the mouse is one run's.
		run = t.stackRowAt(d, in.Y)
		scale = d.Stack[run].scale()
		if d = d.stacked(run); d.Index == nil {
			t.hoverText = ""
			return
		}
	}
	if run != t.hoverRun {
		prevE, prevN, t.hoverRun = -2, -2, run // another run: describe afresh
	}
	if lane == LaneDivergence {
		t.hoverText, _ = t.hoverDivergence(d, in.X)
		return
	}
	if lane == LaneNotes && d.Info != nil {
		for i, n := range d.Info.Notes {
			if dx := math.Abs(t.View.XOf(float64(n.Tick)*scale) - in.X); dx < best {
				best, t.hoverNote = dx, i
			}
		}
	} else {
		f := lane.Filter(d.Selected)
		lo := int(math.Floor(float64(t.View.TickAt(in.X-hoverPixels-1)) / scale))
		hi := int(math.Ceil(float64(t.View.TickAt(in.X+hoverPixels+1)) / scale))
		span := lane == LaneSprints || lane == LaneSnapbacks || lane == LaneLags
		if span {
			hi += spanHoverReach // logged once over: look past the mouse
		}
		t.visit(d, lo, hi, func(i int) {
			ev := d.Index.Event(i)
			e := &ev
			if !laneMatch(lane, f, e) {
				return
			}
			x := t.View.XOf(float64(e.Tick) * scale)
			dx := math.Abs(x - in.X)
			if span {
				a, b := t.View.XOf(float64(e.Since)*scale), t.View.XOf(float64(e.Until)*scale)
				dx = max(a-in.X, in.X-b, 0)
			}
			if dx < best || t.hoverEvent >= 0 && dx == best && preferred(e, d.Index.Event(t.hoverEvent)) {
				best, t.hoverEvent = dx, i
			}
		})
	}
	if t.hoverEvent == prevE && t.hoverNote == prevN && t.hoverText != "" {
		return
	}
	t.hoverGUID = 0
	if t.hoverEvent >= 0 {
		t.hoverGUID = d.Index.Event(t.hoverEvent).GUID
	}
	switch {
	case t.hoverEvent >= 0:
		t.hoverText = DescribeAt(t.hoverEvent, d)
	case t.hoverNote >= 0:
		n := d.Info.Notes[t.hoverNote]
		t.hoverText = tickLabel(n.Tick, d.Info.TickRate) + " · note: " + n.Text
	default:
		t.hoverText = ""
	}
	if run >= 0 && t.hoverText != "" {
		t.hoverText = all.Stack[run].Name + " · " + t.hoverText
	}
}

// spanHoverReach is how many ticks past the mouse the hover looks for a
// sprint, snap-back or lag, which is logged at the tick it ended: one
// spanning the mouse and ending further on is not found.
const spanHoverReach = 300

// preferred breaks a tie between two events in the same column: the one
// whose mark shows.
func preferred(e *model.Event, than model.Event) bool {
	_, p := mark(e)
	_, q := mark(&than)
	return p > q
}

// laneMatch is f.Match for the strip: the stall lane shows every window,
// not only the failures its stepping filter keeps.
func laneMatch(l Lane, f model.Filter, e *model.Event) bool {
	f.FailOnly = false
	if l == LaneNotes {
		return e.Kind == eventlog.EventNote
	}
	return f.Match(e.GUID, e.Kind, e.Pass, e.Success)
}

// visit calls fn with the index of every event of ticks lo..hi that the
// strip shows: the selection's, or all.
func (t *Timeline) visit(d *Data, lo, hi int, fn func(int)) {
	if d.Selected != 0 {
		ids := d.Index.Of(d.Selected)
		for _, id := range ids {
			if tk := int(d.Index.Tick(int(id))); tk >= lo && tk <= hi {
				fn(int(id))
			}
		}
		return
	}
	a, b := d.Index.Span(lo, hi)
	for i := a; i < b; i++ {
		fn(i)
	}
}
