// Stacked runs: under -compare (one run per reading) or with several
// inputs open, every lane is split into one row per run, top to bottom in
// the runs' order, each marked by its run's colour in the label column —
// the same kind of event in two readings sits in adjacent rows, so a blip
// that one reading has and another has 40 ticks later shows as two marks
// 40 ticks apart. Hover details name the run of the row under the mouse.

package timeline

import (
	"image/color"
	"math"

	"glidepath/ui/model"
)

// Stacked is one run of a stacked strip.
type Stacked struct {
	Index   *model.Index
	History *model.History
	Info    *model.Info
	Color   color.RGBA
	// Name is the run's name in hover details (the reading, or the input).
	Name string
	// Scale is the strip's ticks per tick of this run: a run recorded at
	// another tick rate than the strip's is placed by time. 0 is 1.
	Scale float64
}

// scale is s's Scale, 1 when unset.
func (s *Stacked) scale() float64 {
	if s.Scale > 0 {
		return s.Scale
	}
	return 1
}

// stacked is d seen as its run k: the events, history and notes of run k
// with d's selection; the client trace only for the selected run.
func (d *Data) stacked(k int) *Data {
	s := &d.Stack[k]
	out := &Data{Index: s.Index, History: s.History, Info: s.Info, Selected: d.Selected, Partial: d.Partial, Computed: d.Computed}
	if k == d.StackSel {
		out.ClientError, out.Divergence = d.ClientError, d.Divergence
		out.ClientGrowing, out.ClientThrough = d.ClientGrowing, d.ClientThrough
	}
	return out
}

// drawStack draws each stacked run's marks in its row of every lane.
// With a crowd, the selected run's density fills the lanes and each run's
// rows show the selection's events on top.
func (t *Timeline) drawStack(p Painter, d *Data, w, lo, hi int) {
	v := &t.View
	n := len(d.Stack)
	dense := t.dense(d, lo, hi)
	if dense {
		t.drawDensity(p, d)
		if d.Selected == 0 {
			return
		}
	}
	sub := float32((LaneHeight - 2) / n)
	for k := range d.Stack {
		dk := d.stacked(k)
		if dk.Index == nil {
			continue
		}
		for l := range NumLanes {
			clear(t.bins[l])
		}
		if k == d.StackSel {
			t.binDivergences(dk, w)
		}
		sc := d.Stack[k].scale()
		a, b := int(math.Floor(float64(lo)/sc)), int(math.Ceil(float64(hi)/sc))
		if dense {
			t.visitSelected(dk, a-5, b, t.binEvent(dk, w, sc))
		} else {
			t.visit(dk, a-5, b, t.binEvent(dk, w, sc))
			t.notes(dk, w, sc)
		}
		t.drawRows(p, dense, k, n)
		// The run's colour beside its rows, in the label column.
		for l := range NumLanes {
			y := float32(t.lanesTop()+float64(l)*LaneHeight) + 1 + float32(k)*sub
			p.Rect(float32(v.X)-7, y, 4, max(sub-1, 1), d.Stack[k].Color)
		}
	}
}

// stackRowAt is the stacked run whose row of a lane is at y.
func (t *Timeline) stackRowAt(d *Data, y float64) int {
	n := len(d.Stack)
	in := math.Mod(y-t.lanesTop(), LaneHeight) - 1
	sub := float64((LaneHeight - 2) / n)
	return min(max(int(in/sub), 0), n-1)
}
