// The strip's view of the run: which ticks it shows across its width, zoom
// about a point and pan, and the ruler's tick spacing.

package timeline

import "math"

// MinVisibleTicks is the narrowest the view zooms to.
const MinVisibleTicks = 10

// View maps ticks to the strip's pixels: From at X, To at X+W.
type View struct {
	From, To float64
	X, W     float64
	// Last is the run's last tick; the view stays within [0, Last].
	Last int
}

// Fit shows the whole run.
func (v *View) Fit() { v.From, v.To = 0, float64(max(v.Last, 1)) }

// Span is the number of ticks shown.
func (v *View) Span() float64 { return v.To - v.From }

// XOf is the pixel column of tick t.
func (v *View) XOf(t float64) float64 {
	if v.Span() <= 0 {
		return v.X
	}
	return v.X + (t-v.From)/v.Span()*v.W
}

// TickAt is the tick under pixel column x, rounded and clamped to the run.
func (v *View) TickAt(x float64) int {
	if v.W <= 0 {
		return 0
	}
	t := v.From + (x-v.X)/v.W*v.Span()
	return min(max(int(math.Round(t)), 0), v.Last)
}

// Zoom multiplies the span by factor (below 1 zooms in), keeping the tick
// under pixel column x where it is.
func (v *View) Zoom(x, factor float64) {
	if !(factor > 0) || v.W <= 0 {
		return
	}
	at := v.From + (x-v.X)/v.W*v.Span()
	span := math.Min(math.Max(v.Span()*factor, MinVisibleTicks), float64(max(v.Last, MinVisibleTicks)))
	f := (at - v.From) / v.Span()
	v.From = at - f*span
	v.To = v.From + span
	v.clamp()
}

// Pan shifts the view by dx pixels (positive moves the content right,
// showing earlier ticks).
func (v *View) Pan(dx float64) {
	if v.W <= 0 {
		return
	}
	d := dx / v.W * v.Span()
	v.From -= d
	v.To -= d
	v.clamp()
}

// Show pans, if needed, so tick t is inside the view.
func (v *View) Show(t int) {
	ft := float64(t)
	switch {
	case ft < v.From:
		v.To -= v.From - ft
		v.From = ft
	case ft > v.To:
		v.From += ft - v.To
		v.To = ft
	}
	v.clamp()
}

func (v *View) clamp() {
	span := v.Span()
	last := float64(max(v.Last, 1))
	if span >= last {
		v.Fit()
		return
	}
	if v.From < 0 {
		v.From, v.To = 0, span
	}
	if v.To > last {
		v.From, v.To = last-span, last
	}
}

// rulerSteps are the candidate ruler spacings, seconds.
var rulerSteps = [...]float64{1.0 / 30, 0.1, 0.2, 0.5, 1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 1800, 3600}

// RulerStep is the spacing, in ticks, of labelled ruler marks: the smallest
// of rulerSteps (in seconds, at rate ticks a second, never under a tick)
// that leaves at least minPixels between marks.
func (v *View) RulerStep(rate int, minPixels float64) int {
	pxPerTick := v.W / math.Max(v.Span(), 1)
	for _, s := range rulerSteps {
		ticks := max(int(math.Round(s*float64(rate))), 1)
		if float64(ticks)*pxPerTick >= minPixels {
			return ticks
		}
	}
	return max(int(rulerSteps[len(rulerSteps)-1])*rate, 1)
}
