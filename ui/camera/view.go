// View: one frame's matrices for a camera and a viewport rectangle, and the
// projections derived from them: world → clip space → screen pixels (origin
// top-left, as Ebitengine draws), the depth used for painter's sorting, and
// rays from the screen back into the world.

package camera

import (
	"errors"
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// Viewport is the rectangle of the destination image the view fills, pixels.
type Viewport struct {
	X, Y, W, H float64
}

// Contains reports whether the pixel (x, y) is inside the viewport.
func (v Viewport) Contains(x, y float64) bool {
	return x >= v.X && y >= v.Y && x < v.X+v.W && y < v.Y+v.H
}

// View is a camera's matrices for one frame. Build it once per frame with
// Camera.View and project everything through VP.
type View struct {
	Mode        Mode
	Perspective bool
	Viewport    Viewport
	// ViewMat, Proj and VP (= Proj·ViewMat) map global metres to clip space
	// (OpenGL conventions: the visible depth range is -w ≤ z ≤ w).
	ViewMat, Proj, VP mgl64.Mat4
	// Eye, Target and the unit Forward, Right and Up vectors of the camera.
	Eye, Target, Forward, Right, Up Vec3
	// Span is the camera's span; Near the perspective near-plane distance.
	Span, Near float64
}

// View returns the camera's matrices for viewport vp. An empty viewport (the
// first frame, before layout) is treated as 1×1 pixel.
func (c Camera) View(vp Viewport) View {
	c.Normalize()
	if !(vp.W >= 1) {
		vp.W = 1
	}
	if !(vp.H >= 1) {
		vp.H = 1
	}
	yaw := mgl64.DegToRad(c.Yaw)
	pitch := mgl64.DegToRad(c.elevation())
	fwd := Vec3{math.Sin(yaw) * math.Cos(pitch), math.Cos(yaw) * math.Cos(pitch), -math.Sin(pitch)}
	right := Vec3{math.Cos(yaw), -math.Sin(yaw), 0}
	up := right.Cross(fwd)
	dist := c.distance()
	eye := c.Target.Sub(fwd.Mul(dist))
	v := View{
		Mode:     c.Mode,
		Viewport: vp,
		ViewMat:  mgl64.LookAtV(eye, c.Target, up),
		Eye:      eye,
		Target:   c.Target,
		Forward:  fwd,
		Right:    right,
		Up:       up,
		Span:     c.Span,
	}
	aspect := vp.W / vp.H
	if c.Mode == Perspective {
		v.Perspective = true
		v.Near = math.Min(math.Max(dist*0.01, 0.05), 10)
		v.Proj = mgl64.Perspective(mgl64.DegToRad(FovY), aspect, v.Near, dist*100+10000)
	} else {
		hh := c.Span / 2
		hw := hh * aspect
		v.Proj = mgl64.Ortho(-hw, hw, -hh, hh, -orthoDepth, orthoDepth)
	}
	v.VP = v.Proj.Mul4(v.ViewMat)
	return v
}

// Clip returns p in clip space.
func (v *View) Clip(p Vec3) mgl64.Vec4 {
	m := &v.VP
	return mgl64.Vec4{
		m[0]*p[0] + m[4]*p[1] + m[8]*p[2] + m[12],
		m[1]*p[0] + m[5]*p[1] + m[9]*p[2] + m[13],
		m[2]*p[0] + m[6]*p[1] + m[10]*p[2] + m[14],
		m[3]*p[0] + m[7]*p[1] + m[11]*p[2] + m[15],
	}
}

// InFront reports whether a clip-space point is on the visible side of the
// near plane (z ≥ -w).
func InFront(c mgl64.Vec4) bool { return c[2]+c[3] >= 0 && c[3] > 0 }

// ScreenOf maps a clip-space point in front of the camera to pixels.
func (v *View) ScreenOf(c mgl64.Vec4) (x, y float64) {
	iw := 1 / c[3]
	return v.Viewport.X + (c[0]*iw+1)*0.5*v.Viewport.W,
		v.Viewport.Y + (1-c[1]*iw)*0.5*v.Viewport.H
}

// Project returns p's pixel position; ok is false when p is behind the
// near plane.
func (v *View) Project(p Vec3) (x, y float64, ok bool) {
	c := v.Clip(p)
	if !InFront(c) {
		return 0, 0, false
	}
	x, y = v.ScreenOf(c)
	return x, y, true
}

// Depth is p's distance in front of the eye along the view direction: the
// painter's sort key (larger is farther, drawn first).
func (v *View) Depth(p Vec3) float64 {
	return (p[0]-v.Eye[0])*v.Forward[0] + (p[1]-v.Eye[1])*v.Forward[1] + (p[2]-v.Eye[2])*v.Forward[2]
}

// MetresPerPixel is the world size of one pixel at p's depth.
func (v *View) MetresPerPixel(p Vec3) float64 {
	if !v.Perspective {
		return v.Span / v.Viewport.H
	}
	d := math.Max(v.Depth(p), v.Near)
	return 2 * d * math.Tan(mgl64.DegToRad(FovY)/2) / v.Viewport.H
}

// Ray is a half-line from Origin along the unit vector Dir.
type Ray struct {
	Origin, Dir Vec3
}

// Ray returns the ray through pixel (x, y): unprojected at window depths 0
// and 1 with mathgl's UnProject, whose window origin is bottom-left (GL).
func (v *View) Ray(x, y float64) (Ray, error) {
	w, h := int(math.Round(v.Viewport.W)), int(math.Round(v.Viewport.H))
	gx, gy := x-v.Viewport.X, v.Viewport.H-(y-v.Viewport.Y)
	near, err := mgl64.UnProject(Vec3{gx, gy, 0}, v.ViewMat, v.Proj, 0, 0, w, h)
	if err != nil {
		return Ray{}, err
	}
	far, err := mgl64.UnProject(Vec3{gx, gy, 1}, v.ViewMat, v.Proj, 0, 0, w, h)
	if err != nil {
		return Ray{}, err
	}
	d := far.Sub(near)
	l := d.Len()
	if !(l > 0) || !finite(l) {
		return Ray{}, errors.New("camera: degenerate pick ray")
	}
	return Ray{Origin: near, Dir: d.Mul(1 / l)}, nil
}

// GroundPoint is where the ray through pixel (x, y) meets the horizontal
// plane at height z; ok is false when it does not (looking above the
// horizon).
func (v *View) GroundPoint(x, y, z float64) (Vec3, bool) {
	r, err := v.Ray(x, y)
	if err != nil || math.Abs(r.Dir[2]) < 1e-9 {
		return Vec3{}, false
	}
	t := (z - r.Origin[2]) / r.Dir[2]
	if t < 0 {
		return Vec3{}, false
	}
	return r.Origin.Add(r.Dir.Mul(t)), true
}
