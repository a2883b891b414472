// Density: when the visible ticks hold more events than the strip has
// pixels for (a crowd of hundreds), each lane shows how many events of its
// kind every column holds — brighter for more, red where stall windows or
// node completions failed — from the index's per-bucket counts, and the
// selection's own events are drawn on top. Past the pre-run's reach the
// strip is shaded.

package timeline

import (
	"image/color"
	"math"
	"strconv"

	"glidepath/ui/model"
)

// denseEvents is how many events per pixel column of the strip make the
// lanes aggregate.
const denseEvents = 4

var (
	pendingShade = color.RGBA{0x0a, 0x0b, 0x0d, 0xb0}
	// laneDensity is each lane's aggregate colour: its kind's (the kinds
	// table's Color), the stamps lane's passed colour.
	laneDensity = func() (out [NumLanes]color.RGBA) {
		for l, k := range laneKinds {
			out[l] = k.Info().Color
		}
		out[LaneStamps] = ColorStampPass
		return out
	}()
)

// dense reports whether ticks lo..hi hold too many events to draw one by
// one.
func (t *Timeline) dense(d *Data, lo, hi int) bool {
	a, b := d.Index.Span(lo, hi)
	return b-a > denseEvents*int(math.Max(t.View.W, 1))
}

// visitSelected calls fn with the index of every event of the selection
// in ticks lo..hi.
func (t *Timeline) visitSelected(d *Data, lo, hi int, fn func(int)) {
	for _, id := range d.Index.Of(d.Selected) {
		if tk := int(d.Index.Tick(int(id))); tk >= lo && tk <= hi {
			fn(int(id))
		}
	}
}

// column is one pixel column's count of a lane's events and failures.
type column struct{ n, fails float64 }

// drawDensity draws every lane but the notes as a density strip.
func (t *Timeline) drawDensity(p Painter, d *Data) {
	v := &t.View
	w := int(math.Ceil(v.W))
	if cap(t.cols) < w {
		t.cols = make([]column, w)
	}
	cols := t.cols[:w]
	for l := range LaneNotes {
		kind := laneKinds[l]
		peak, peakFail := 0.0, 0.0
		for x := range cols {
			a := v.TickAt(v.X + float64(x))
			b := max(v.TickAt(v.X+float64(x+1))-1, a)
			cols[x] = column{}
			for k := a / model.DensityTicks; k <= b/model.DensityTicks; k++ {
				n, f := d.Index.Density(kind, k)
				cols[x].n += float64(n)
				cols[x].fails += float64(f)
			}
			// A column narrower than a bucket holds its share of it.
			if span := float64(b - a + 1); span < model.DensityTicks {
				cols[x].n *= span / model.DensityTicks
				cols[x].fails *= span / model.DensityTicks
			}
			peak, peakFail = math.Max(peak, cols[x].n), math.Max(peakFail, cols[x].fails)
		}
		if peak == 0 {
			continue
		}
		y := float32(t.lanesTop()+float64(l)*LaneHeight) + 2
		for x := range cols {
			c := cols[x]
			if c.n == 0 {
				continue
			}
			col := laneDensity[l]
			f := math.Log1p(c.n) / math.Log1p(peak)
			if c.fails > 0 {
				col, f = ColorFail, 0.45+0.55*math.Log1p(c.fails)/math.Log1p(peakFail)
			}
			p.Rect(float32(v.X)+float32(x), y, 1, LaneHeight-4, fade(col, 0.15+0.85*f))
		}
	}
	t.notes(d, w, 1)
}

// drawPending shades the ticks the pre-run has not reached and says how
// far it is.
func (t *Timeline) drawPending(p Painter, d *Data) {
	if d == nil || !d.Partial || d.Info == nil {
		return
	}
	v := &t.View
	x := math.Max(v.XOf(float64(d.Computed)), v.X)
	if end := v.X + v.W; x < end {
		top := t.lanesTop()
		p.Rect(float32(x), float32(top), float32(end-x), float32(t.rect.Y+t.rect.H-top), pendingShade)
	}
	pct := 100 * d.Computed / max(d.Info.LastTick, 1)
	msg := "pre-running " + strconv.Itoa(pct) + " %"
	// On the notes lane's right end, clear of the ruler's labels (text is
	// drawn over every rect, so a backing would not hide them).
	y := float32(t.lanesTop()+float64(LaneNotes)*LaneHeight) - 1
	p.Text(float32(v.X+v.W)-p.Measure(msg)-6, y, msg, ColorQueue)
}

// fade scales a colour's alpha by f in [0, 1] (premultiplied).
func fade(c color.RGBA, f float64) color.RGBA {
	f = math.Min(math.Max(f, 0), 1)
	return color.RGBA{uint8(float64(c.R) * f), uint8(float64(c.G) * f), uint8(float64(c.B) * f), uint8(float64(c.A) * f)}
}
