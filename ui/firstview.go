// The first view: the camera frames the remotes (not the observer, which
// may stand far away) at a zoom where a body is at least minBodyPixels
// across, and, when nothing is selected, the most eventful object — the one
// with the most blips and snaps — is selected, so a newcomer sees the bodies
// and the panels filled at once.

package ui

import (
	"math"

	"glidepath/ui/camera"
	"glidepath/ui/model"
	"glidepath/ui/session"
)

const (
	// minBodyPixels is the smallest a body may be drawn in the first view.
	minBodyPixels = 12
	// defaultBodyRadius is used when no body is alive to measure.
	defaultBodyRadius = 0.35
)

// mostEventful is the guid of the track with the most blips and snaps
// (session.MostEventful: a lean picture's pre-run keeps its plot).
func mostEventful(h *model.History, x *model.Index) uint32 { return session.MostEventful(h, x) }

// remotesAt returns the box of the remotes alive at the first tick at or
// after tick where any is alive, and that tick; ok is false when none ever
// is.
func remotesAt(h *model.History, tick int) (lo, hi model.Vec3, at int, ok bool) {
	at = -1
	for _, t := range h.Tracks() {
		first := max(tick, t.First)
		if _, alive := t.At(first); alive && (at < 0 || first < at) {
			at = first
		}
	}
	if at < 0 {
		return lo, hi, 0, false
	}
	for _, t := range h.Tracks() {
		s, alive := t.At(at)
		if !alive {
			continue
		}
		p := h.Pos(&s)
		if !ok {
			lo, hi, ok = p, p, true
			continue
		}
		for i := range 3 {
			lo[i], hi[i] = math.Min(lo[i], p[i]), math.Max(hi[i], p[i])
		}
	}
	return lo, hi, at, ok
}

// firstSpan clamps a framed span so a body of the given radius is between
// minBodyPixels and twice that across in a viewport h pixels high.
func firstSpan(span, radius, h float64) float64 {
	maxSpan := 2 * radius * h / minBodyPixels
	return math.Min(math.Max(span, maxSpan/2), maxSpan)
}

// frameFirst sets up the first view: it selects the most eventful object
// when nothing is selected, then frames the remotes around the start tick
// so bodies are at least minBodyPixels; when they are too spread out for
// that, the view centres on the selection. It falls back to frameAll.
func (a *app) frameFirst() {
	r := a.sess.Cur()
	if a.sel.GUID == 0 {
		a.sel.Choose(mostEventful(r.Hist, r.Index))
	}
	lo, hi, at, ok := remotesAt(r.Hist, a.pb.Cursor())
	if !ok {
		a.frameAll()
		return
	}
	vp := a.viewport()
	hi[2] += 2
	a.cam.FrameBox(vp, lo, hi)
	radius := defaultBodyRadius
	if o := a.selectedObject(); o != nil && o.Radius > 0 {
		radius = float64(o.Radius)
	}
	span := firstSpan(a.cam.Span, radius, vp.H)
	if span < a.cam.Span && a.opts.Select == 0 && a.fc.frameCrowd(a, r, at, span) {
		// A crowd, no selection asked for: its densest region (followcam.go).
	} else if span < a.cam.Span && a.sel.GUID != 0 {
		// Too spread out: centre on the selection and its queue.
		if o := a.selectedObject(); o != nil {
			lo := model.Global(&o.Position)
			hi := lo
			for k := range o.Queue {
				n := model.Global(&o.Queue[k].Position)
				for i := range 3 {
					lo[i], hi[i] = math.Min(lo[i], n[i]), math.Max(hi[i], n[i])
				}
			}
			a.cam.Target = camera.Vec3(lo.Add(hi).Mul(0.5))
		} else if t := r.Hist.Track(a.sel.GUID); t != nil {
			if s, alive := t.At(max(at, t.First)); alive {
				a.cam.Target = camera.Vec3(r.Hist.Pos(&s))
			}
		}
	}
	a.cam.Span = span
	a.cam.Normalize()
}
