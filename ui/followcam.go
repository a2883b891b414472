// The follow camera and framing: with follow on (F, and on when an object
// is picked from the list), the camera keeps the selection within the
// viewport's middle third, easing after it as it moves and jumping only
// when it would otherwise leave the view (camera.Keep); "frame selection"
// fits the selection and its queue; the first view on a crowd frames its
// densest region, with the observer when it is near.

package ui

import (
	"math"

	"glidepath/ui/camera"
	"glidepath/ui/model"
	"glidepath/ui/session"
)

// followEase is the share of the way to the middle third the follow camera
// moves each update (60 a second): about a quarter of a second to settle.
const followEase = 0.2

// followState is what the follow camera last stepped for.
type followState struct {
	stepped bool
	tick    int
}

// followSelection keeps the selection in the middle third of the view. A
// screenshot or an export steps the camera once per tick shown, not once
// per update, so the same command gives the same frames however many
// updates run between two draws.
func (fs *followState) followSelection(a *app, r *session.Run) {
	if a.headless() {
		if fs.stepped && fs.tick == r.Snap.Tick {
			return
		}
		fs.stepped, fs.tick = true, r.Snap.Tick
	}
	if i := r.Snap.Find(a.sel.GUID); i >= 0 {
		a.cam.Keep(a.viewport(), camera.Vec3(model.Global(&r.Snap.Objects[i].Position)), followEase)
	}
}

// frameSelection fits the camera to the selection, its queue and the
// server truth, at a zoom where the body is at least minBodyPixels.
func (fs *followState) frameSelection(a *app) {
	o := a.selectedObject()
	if o == nil {
		a.say("select an object to frame it")
		return
	}
	pos := model.Global(&o.Position)
	lo, hi := pos, pos
	grow := func(p model.Vec3) {
		for i := range 3 {
			lo[i], hi[i] = math.Min(lo[i], p[i]), math.Max(hi[i], p[i])
		}
	}
	for k := range o.Queue {
		grow(model.Global(&o.Queue[k].Position))
	}
	r := math.Max(float64(o.Radius), defaultBodyRadius) * 8
	lo = lo.Sub(model.Vec3{r, r, 0})
	hi = hi.Add(model.Vec3{r, r, 2})
	vp := a.viewport()
	a.cam.FrameBox(vp, camera.Vec3(lo), camera.Vec3(hi))
	radius := math.Max(float64(o.Radius), defaultBodyRadius)
	if limit := 2 * radius * vp.H / minBodyPixels; a.cam.Span > limit {
		a.cam.Span = limit // too spread out: the body comes first
		a.cam.Follow(camera.Vec3(pos))
	}
	a.cam.Normalize()
}

// densest is the centre of the square cell, side metres across, holding
// the most of the points (the observer counting as one more when it is
// given, and in the centre), ties going to the cell met first; ok is false with no points.
// Cells are anchored at the grid and at half a side's offset, so a
// cluster on a cell's edge is not split.
func densest(pts []model.Vec3, obs *model.Vec3, side float64) (c model.Vec3, n int, ok bool) {
	if len(pts) == 0 || side <= 0 {
		return c, 0, false
	}
	type key struct{ x, y int64 }
	for _, off := range []float64{0, side / 2} {
		counts := map[key]int{}
		sums := map[key]model.Vec3{}
		var order []key
		add := func(p model.Vec3, w int) {
			k := key{int64(math.Floor((p[0] + off) / side)), int64(math.Floor((p[1] + off) / side))}
			if _, seen := counts[k]; !seen {
				order = append(order, k)
			}
			counts[k] += w
			sums[k] = sums[k].Add(p)
		}
		for _, p := range pts {
			add(p, 1)
		}
		if obs != nil {
			add(*obs, 1)
		}
		for _, k := range order { // first met wins a tie: no map order
			if counts[k] > n {
				n, c, ok = counts[k], sums[k].Mul(1/float64(counts[k])), true
			}
		}
	}
	return c, n, ok
}

// frameCrowd centres the camera on the densest region of the remotes alive
// at tick at, a region as wide as the view shows at span metres; the
// observer counts towards a region it stands in.
func (fs *followState) frameCrowd(a *app, r *session.Run, at int, span float64) bool {
	var pts []model.Vec3
	for _, t := range r.Hist.Tracks() {
		if s, alive := t.At(at); alive {
			pts = append(pts, r.Hist.Pos(&s))
		}
	}
	var obs *model.Vec3
	if r.Snap.HasObserver {
		o := r.Snap.Observer
		obs = &o
	}
	c, _, ok := densest(pts, obs, span*0.8)
	if ok {
		a.cam.Target = camera.Vec3(c)
	}
	return ok
}
