// The plot under the lanes: the chosen fields of the selection, or of the
// filter's objects (a click on the plot's name switches), over the visible
// ticks, each pixel column the largest value of its ticks so single-tick
// spikes show, each field on its own scale (its peak is printed beside its
// name, "speed peak 6.24 m/s": the largest value over the visible ticks,
// never the value at the cursor). The names across the plot's top are switches: a click shows or
// hides that field.

package timeline

import (
	"image/color"
	"math"
	"sort"
	"strconv"

	"glidepath/engine/eventlog"

	"glidepath/engine/store"
	"glidepath/ui/model"
)

// PlotField is one quantity the plot can draw.
type PlotField uint8

// The plot's fields.
const (
	// PlotDistHead is the distance from the body to the queue's head.
	PlotDistHead PlotField = iota
	// PlotErrTruth is the distance from the body to the server truth.
	PlotErrTruth
	// PlotSpeed is how fast the body moved over the tick, m/s.
	PlotSpeed
	// PlotQueue is the InterpolationManager's position_queue length.
	PlotQueue
	// PlotFail is node_fail_counter.
	PlotFail
	// PlotClient is the distance from the body to the client's body at
	// the same tick (viewer -against); shown only with a client trace.
	PlotClient
	// PlotZ is the body's height, metres (the landblock's frame).
	PlotZ
	// PlotCourse is the direction the body moved over the tick, degrees
	// clockwise from north (+y), 0–360; none while it stands still: where
	// it went, where PlotHeading is where it faced.
	PlotCourse
	// PlotStamp is the position stamp of the latest UpdatePosition
	// delivered at or before the tick (seed 004 §2), dropped or not.
	PlotStamp
	// PlotHeading is the body's committed heading, degrees clockwise from
	// north (+y), 0–360 (engine.ObjectView.Heading, as the history holds
	// it: to 0.022°).
	PlotHeading
	NumPlotFields
)

// PlotSet is a set of fields.
type PlotSet uint16

// DefaultPlot is what the plot shows at start.
const DefaultPlot = PlotSet(1<<PlotDistHead | 1<<PlotErrTruth | 1<<PlotClient)

// Has reports whether f is in the set.
func (s PlotSet) Has(f PlotField) bool { return s&(1<<f) != 0 }

// Toggle adds or removes f.
func (s PlotSet) Toggle(f PlotField) PlotSet { return s ^ (1 << f) }

// plotFields name, colour and unit each field.
var plotFields = [NumPlotFields]struct {
	name, unit string
	col        color.RGBA
	digits     int
}{
	PlotDistHead: {"to head", "m", distHeadColor, 2},
	PlotErrTruth: {"to truth", "m", errTruthColor, 2},
	PlotSpeed:    {"speed", "m/s", speedColor, 1},
	PlotQueue:    {"queue", "", queueLenColor, 0},
	PlotFail:     {"fails", "", failColor, 0},
	PlotClient:   {"to client", "m", errClientColor, 2},
	PlotZ:        {"z", "m", zColor, 2},
	PlotCourse:   {"course", "°", courseColor, 0},
	PlotStamp:    {"pos stamp", "", stampColor, 0},
	PlotHeading:  {"heading", "°", headingColor, 0},
}

// angular says f is an angle in [0, 360): its line breaks where it wraps
// rather than drawing a stroke across the plot.
func (f PlotField) angular() bool { return f == PlotCourse || f == PlotHeading }

var (
	speedColor    = color.RGBA{0x9b, 0xe5, 0x64, 0xff}
	queueLenColor = color.RGBA{0xc7, 0x7d, 0xff, 0xff}
	failColor     = color.RGBA{0xff, 0x4d, 0x4d, 0xff}
	zColor        = color.RGBA{0x5c, 0xc8, 0xff, 0xff}
	courseColor   = color.RGBA{0xff, 0x9e, 0xd8, 0xff}
	stampColor    = color.RGBA{0xd8, 0xd8, 0x8c, 0xff}
	headingColor  = color.RGBA{0xff, 0xc8, 0x6e, 0xff}
)

// maxPlotObjects is how many of the filter's objects the plot draws.
const maxPlotObjects = 16

// String is the field's name as the plot shows it.
func (f PlotField) String() string { return plotFields[f].name }

// value is f at tick k of tr; ok is false where it has none.
func (f PlotField) value(tr *store.Track, h *model.History, k, rate int) (float64, bool) {
	s, alive := tr.At(k)
	if !alive {
		return 0, false
	}
	var v float64
	switch f {
	case PlotDistHead:
		v = float64(s.DistHead.Float32())
	case PlotErrTruth:
		v = float64(s.ErrTruth.Float32())
	case PlotSpeed:
		p, ok := tr.At(k - 1)
		if !ok || k <= 0 {
			return 0, false
		}
		a, b := h.Pos(&p), h.Pos(&s)
		v = math.Sqrt((b[0]-a[0])*(b[0]-a[0])+(b[1]-a[1])*(b[1]-a[1])+(b[2]-a[2])*(b[2]-a[2])) * float64(rate)
	case PlotZ:
		v = h.Pos(&s)[2]
	case PlotCourse:
		p, ok := tr.At(k - 1)
		if !ok || k <= 0 {
			return 0, false
		}
		a, b := h.Pos(&p), h.Pos(&s)
		dx, dy := b[0]-a[0], b[1]-a[1]
		if dx*dx+dy*dy < 1e-8 {
			return 0, false // standing still: no course
		}
		v = math.Mod(math.Atan2(dx, dy)*180/math.Pi+360, 360)
	case PlotHeading:
		v = s.Heading()
	case PlotQueue:
		v = float64(s.Queue)
	case PlotFail:
		v = float64(s.Fail)
	default:
		return 0, false // not a sample's field
	}
	return v, !math.IsNaN(v)
}

// chipRects are the switches' places along the plot's top.
func (t *Timeline) chipAt(x, y float64, measure func(string) float32) (PlotField, bool) {
	pr := t.plotRect()
	if y < pr.Y || y >= pr.Y+14 {
		return 0, false
	}
	cx := pr.X + 6
	for f := PlotField(0); f < NumPlotFields; f++ {
		if f == PlotClient && !t.hasClient {
			continue
		}
		w := float64(measure(t.chipLabel(f))) + 14
		if x >= cx && x < cx+w {
			return f, true
		}
		cx += w
	}
	return 0, false
}

// chipLabel is a switch's text: the name, and its peak when shown, said to
// be the peak ("z peak 5.99 m") so it is not read as the value at the
// cursor.
func (t *Timeline) chipLabel(f PlotField) string {
	pf := plotFields[f]
	if !t.Plot.Has(f) || t.peaks[f] == 0 {
		return pf.name
	}
	s := pf.name + " peak " + strconv.FormatFloat(t.peaks[f], 'f', pf.digits, 64)
	if pf.unit != "" {
		s += " " + pf.unit
	}
	return s
}

// stampStep is a delivered UpdatePosition's position stamp at its tick.
type stampStep struct {
	tick  int
	stamp uint16
}

// stampSteps appends guid's delivered UpdatePositions' position stamps,
// in tick order, to dst.
func stampSteps(dst []stampStep, x *model.Index, guid uint32) []stampStep {
	for _, id := range x.Of(guid) {
		e := x.Event(int(id))
		if e.Kind == eventlog.EventRoute && e.HasStamps {
			dst = append(dst, stampStep{int(e.Tick), e.StampsIn[1]})
		}
	}
	return dst
}

// stampAt is the stamp of the last step at or before tick.
func stampAt(steps []stampStep, tick int) (float64, bool) {
	i := sort.Search(len(steps), func(i int) bool { return steps[i].tick > tick })
	if i == 0 {
		return 0, false
	}
	return float64(steps[i-1].stamp), true
}

// plotSubjects are the objects the plot draws: the filter's (the first
// maxPlotObjects) when PlotFiltered, else the selection.
func (t *Timeline) plotSubjects(d *Data) []uint32 {
	t.subjects = t.subjects[:0]
	if d == nil || d.History == nil {
		return t.subjects
	}
	if t.PlotFiltered {
		for _, g := range d.Filtered {
			if len(t.subjects) == maxPlotObjects {
				break
			}
			if d.History.Track(g) != nil {
				t.subjects = append(t.subjects, g)
			}
		}
	} else if d.Selected != 0 && d.History.Track(d.Selected) != nil {
		t.subjects = append(t.subjects, d.Selected)
	}
	return t.subjects
}

// shade darkens c for the j-th of several objects plotted, so the series
// of one field tell apart while keeping its hue.
func shade(c color.RGBA, j int) color.RGBA {
	f := 1 - 0.15*float64(j%4)
	return color.RGBA{uint8(float64(c.R) * f), uint8(float64(c.G) * f), uint8(float64(c.B) * f), c.A}
}

// drawPlot draws the chosen fields of the selection, or of the filter's
// objects, over the visible ticks.
func (t *Timeline) drawPlot(p Painter, d *Data) {
	pr := t.plotRect()
	t.measure = p.Measure // for the switches' clicks
	if pr.H < MinPlot/2 {
		return
	}
	x0, y0 := float32(pr.X), float32(pr.Y)
	p.Rect(x0, y0, float32(pr.W), float32(pr.H), laneBackground)
	p.Text(float32(t.rect.X)+6, y0, "plot", textColor)
	subjects := t.plotSubjects(d)
	who := "selection"
	if t.PlotFiltered {
		who = "filter " + strconv.Itoa(len(subjects))
	}
	if pr.H >= 30 {
		p.Text(float32(t.rect.X)+6, y0+14, who, dimText)
	}
	v := &t.View
	w := int(math.Ceil(v.W))
	rate := tickRate(d)
	// The selected run's ticks per strip tick: an input at another tick
	// rate is plotted by time (stack.go).
	sc := 1.0
	if d != nil && len(d.Stack) > 1 {
		sc = d.Stack[d.StackSel].scale()
	}
	if t.Plot.Has(PlotStamp) {
		t.steps = t.steps[:0]
		for j, g := range subjects {
			t.stepFrom = append(t.stepFrom[:j], len(t.steps))
			t.steps = stampSteps(t.steps, d.Index, g)
		}
		t.stepFrom = append(t.stepFrom[:len(subjects)], len(t.steps))
	}
	sample := func(x, j int, f PlotField) (float64, bool) {
		a := v.TickAt(v.X + float64(x))
		b := max(v.TickAt(v.X+float64(x+1))-1, a)
		if sc != 1 {
			a, b = int(math.Floor(float64(a)/sc)), max(int(math.Ceil(float64(b+1)/sc))-1, int(math.Floor(float64(a)/sc)))
		}
		g := subjects[j]
		tr := d.History.Track(g)
		best, ok := 0.0, false
		for k := a; k <= b; k++ {
			val, alive := 0.0, false
			switch f {
			case PlotClient:
				val, alive = d.ClientError(g, k)
				alive = alive && !math.IsNaN(val)
			case PlotStamp:
				val, alive = stampAt(t.steps[t.stepFrom[j]:t.stepFrom[j+1]], k)
			default:
				val, alive = f.value(tr, d.History, k, rate)
			}
			if alive && (!ok || val > best) {
				best, ok = val, true
			}
		}
		return best, ok
	}
	t.hasClient = d != nil && d.ClientError != nil
	for f := PlotField(0); f < NumPlotFields; f++ {
		t.peaks[f] = 0
		if len(subjects) == 0 || !t.Plot.Has(f) || f == PlotClient && !t.hasClient {
			continue
		}
		peak := 0.0
		for j := range subjects {
			for x := 0; x < w; x++ {
				if val, ok := sample(x, j, f); ok {
					peak = math.Max(peak, val)
				}
			}
		}
		t.peaks[f] = peak
		scale := math.Max(peak, 0.5)
		if plotFields[f].digits == 0 {
			scale = math.Max(peak, 1)
		}
		for j := range subjects {
			col := shade(plotFields[f].col, j)
			t.xy = t.xy[:0]
			prev := 0.0
			for x := 0; x < w; x++ {
				val, ok := sample(x, j, f)
				// An angle that wraps (359° → 1°) ends the line and
				// starts the next at the other edge.
				wrapped := ok && f.angular() && len(t.xy) > 0 && math.Abs(val-prev) > 180
				if !ok || wrapped {
					if len(t.xy) >= 4 {
						p.Polyline(t.xy, 1.5, col)
					}
					t.xy = t.xy[:0]
					if !ok {
						continue
					}
				}
				prev = val
				t.xy = append(t.xy, x0+float32(x), y0+float32(pr.H)-2-float32(val/scale*(pr.H-16)))
			}
			if len(t.xy) >= 4 {
				p.Polyline(t.xy, 1.5, col)
			}
		}
	}
	cx := x0 + 6
	for f := PlotField(0); f < NumPlotFields; f++ {
		if f == PlotClient && !t.hasClient {
			continue
		}
		label := t.chipLabel(f)
		col := dimText
		if t.Plot.Has(f) {
			col = plotFields[f].col
		}
		p.Text(cx, y0, label, col)
		cx += p.Measure(label) + 14
	}
	switch {
	case len(subjects) > 0:
	case t.PlotFiltered:
		p.Text(x0+6, y0+16, "no object passes the filter (Ctrl+F); click \"plot\" to plot the selection", dimText)
	default:
		p.Text(x0+6, y0+16, "select an object to plot these fields; click a name to show or hide it, \"plot\" for the filter's objects", dimText)
	}
}
