// The divergence lane (viewer -against): the ticks where the selection
// diverges from the client trace — over the tolerance apart, or a queue
// length or Contact bit other than retail's where the client gave them —
// the ones D and Shift+D jump between. They are found once per selection
// and reading as the pre-run reaches them, not every frame — and, for a
// client trace still being written, as its ticks are read whole.

package timeline

import (
	"math"
	"sort"

	"glidepath/ui/model"
)

// ColorDivergence marks a tick where the client diverges (the client
// trace's orange).
var ColorDivergence = errClientColor

// divergences caches the divergence ticks of one selection and reading.
type divergences struct {
	guid  uint32
	index any // the reading's index the ticks belong to
	upTo  int // ticks 0..upTo-1 have been checked
	ticks []int
}

// divergenceTicks brings the cache up to the ticks d has computed and
// returns the selection's divergence ticks, nil without a client trace or
// a selection.
func (t *Timeline) divergenceTicks(d *Data) []int {
	if d == nil || d.Divergence == nil || d.Selected == 0 || d.Info == nil {
		return nil
	}
	c := &t.div
	if c.guid != d.Selected || c.index != any(d.Index) {
		*c = divergences{guid: d.Selected, index: d.Index, ticks: c.ticks[:0]}
	}
	end := d.Info.LastTick
	if d.Partial {
		end = min(end, d.Computed)
	}
	if d.ClientGrowing {
		end = min(end, d.ClientThrough)
	}
	for ; c.upTo <= end; c.upTo++ {
		if _, ok := d.Divergence(d.Selected, c.upTo); ok {
			c.ticks = append(c.ticks, c.upTo)
		}
	}
	return c.ticks
}

// NextDivergence is the selection's first divergence tick after tick (or
// before it, when next is false).
func (t *Timeline) NextDivergence(d *Data, tick int, next bool) (int, bool) {
	ticks := t.divergenceTicks(d)
	k := sort.SearchInts(ticks, tick+1)
	if next {
		if k < len(ticks) {
			return ticks[k], true
		}
		return 0, false
	}
	k = sort.SearchInts(ticks, tick)
	if k > 0 {
		return ticks[k-1], true
	}
	return 0, false
}

// binDivergences marks the visible divergence ticks.
func (t *Timeline) binDivergences(d *Data, w int) {
	v := &t.View
	ticks := t.divergenceTicks(d)
	for k := sort.SearchInts(ticks, int(math.Floor(v.From))); k < len(ticks) && float64(ticks[k]) <= v.To; k++ {
		if x := int(math.Floor(v.XOf(float64(ticks[k])) - v.X)); x >= 0 && x < w {
			t.bins[LaneDivergence][x] = bin{col: ColorDivergence, prio: 1, set: true}
		}
	}
}

// hoverDivergence is the divergence tick nearest x within hoverPixels, and
// how it diverges.
func (t *Timeline) hoverDivergence(d *Data, x float64) (string, bool) {
	best, at := hoverPixels+1.0, -1
	ticks := t.divergenceTicks(d)
	lo := t.View.TickAt(x - hoverPixels - 1)
	for i := sort.SearchInts(ticks, lo); i < len(ticks) && ticks[i] <= t.View.TickAt(x+hoverPixels+1); i++ {
		k := ticks[i]
		if dx := math.Abs(t.View.XOf(float64(k)) - x); dx < best {
			best, at = dx, k
		}
	}
	if at < 0 {
		return "", false
	}
	what, _ := d.Divergence(d.Selected, at)
	return tickLabel(at, tickRate(d)) + who(&model.Event{GUID: d.Selected}, d) + " · the client diverges: " + what, true
}
