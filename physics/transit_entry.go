// Entering retail's transition from the pipeline: CPhysicsObj::transition
// (0x00512DC0; ACE PhysicsObj.transition) builds a CTransition from the
// object (get_object_info, the Setup's spheres, init_path) and runs
// find_valid_position; the placement form is what SetPosition runs. Both
// hand SetPositionInternal a transitionResult.

package physics

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/go-gl/mathgl/mgl32"
)

// DummySphereRadius is PhysicsGlobals::DummySphere's radius: a body with no
// Setup spheres is swept as one 0.1 m sphere resting on its origin.
const DummySphereRadius float32 = 0.1

// BodySpheres returns the body's collision spheres in its own frame: the
// Setup's (Spheres) when set, else derived from Radius and Height — a
// sphere of the radius resting on the origin and, for a body taller than
// two radii, one of the same radius touching the top (a humanoid Setup's
// feet and head spheres; a project choice where no Setup is known) —
// else retail's dummy sphere.
func (o *Object) BodySpheres() (out [maxSpheres]Sphere, n int) {
	n = o.bodySpheres(&out)
	return out, n
}

// bodySpheres is BodySpheres into *out (each sphere written by its parts,
// as the transition reads them); it returns the count.
func (o *Object) bodySpheres(out *[maxSpheres]Sphere) int {
	if len(o.Spheres) > 0 {
		return copy(out[:], o.Spheres)
	}
	if !(o.Radius > 0) {
		setSphere(&out[0], 0, 0, DummySphereRadius, DummySphereRadius)
		return 1
	}
	setSphere(&out[0], 0, 0, o.Radius, o.Radius)
	if o.Height > 2*o.Radius {
		setSphere(&out[1], 0, 0, o.Height-o.Radius, o.Radius)
		return 2
	}
	return 1
}

func setSphere(s *Sphere, x, y, z, r float32) {
	s.Center[0], s.Center[1], s.Center[2], s.Radius = x, y, z, r
}

// planeOffsetInto moves plane pl from a landblock frame into one where that
// landblock's origin sits at (ox, oy, oz) (points p' = p + off), into *dst:
// D − N·off.
func planeOffsetInto(dst, pl *Plane, ox, oy, oz float32) {
	n := &pl.N
	d := pl.D - (n[0]*ox + n[1]*oy + n[2]*oz)
	dst.N[0], dst.N[1], dst.N[2], dst.D = n[0], n[1], n[2], d
}

// blockOffsetXY is the sweep-frame x and y of cell's landblock origin
// (its z is 0).
func (t *transit) blockOffsetXY(cell uint32) (float32, float32) {
	lbx, lby := int32(cell>>24), int32(cell>>16&0xFF)
	return float32((lbx - t.lbx) * LandblockLength), float32((lby - t.lby) * LandblockLength)
}

// transitIn is begin's first part, which the shortcuts make too: the
// object's transit (made at its first transition) with the object, its
// world, and the cell pool kept for cell's landblock (the sweep frame's
// origin).
func (o *Object) transitIn(cell uint32) *transit {
	if o.tr == nil {
		o.tr = new(transit)
	}
	t := o.tr
	t.o, t.w = o, o.World
	t.lbx, t.lby = int32(cell>>24), int32(cell>>16&0xFF)
	t.cells.reuse(o.World, t.lbx, t.lby)
	return t
}

// begin resets the object's transit for a transition starting in cell,
// with OBJECTINFO from the object (get_object_info) and the spheres.
func (o *Object) begin(cell uint32, rot *Frame, placement bool) *transit {
	t := o.transitIn(cell)
	t.listMemo.valid = false
	t.arr.n, t.arrIsMemo = 0, false
	t.path = spherePath{placementAllowsSliding: true}
	t.coll = collisionInfo{}
	t.events = transitEvents{}
	t.rot = *rot
	t.rot.Origin = mgl32.Vec3{}
	t.path.rot = &t.rot
	scale := o.Scale
	if scale == 0 {
		scale = 1
	}
	t.obj = objectInfo{scale: scale, stepUpHeight: o.StepUpHeight, stepDownHeight: o.StepDownHeight, stepDown: o.State&StateMissile == 0}
	if o.State&StateEdgeSlide != 0 {
		t.obj.state |= oiEdgeSlide
	}
	if !placement && o.TransientState&TransientContact != 0 {
		c := &t.coll
		bx, by := t.blockOffsetXY(o.ContactPlaneCellID)
		planeOffsetInto(&c.lastKnownContactPlane, &o.ContactPlane, bx, by, 0)
		c.lastKnownContactPlaneValid, c.lastKnownContactPlaneCellID = true, o.ContactPlaneCellID
		// check_contact: the velocity does not carry the body off the plane.
		if o.Velocity.Dot(o.ContactPlane.N) <= Epsilon {
			c.contactPlaneValid, c.contactPlaneCellID = true, o.ContactPlaneCellID
			planeOffsetInto(&c.contactPlane, &o.ContactPlane, bx, by, 0)
			t.obj.state |= oiContact
			if o.TransientState&TransientOnWalkable != 0 {
				t.obj.state |= oiOnWalkable
			}
		}
	}
	if !placement && o.TransientState&TransientSliding != 0 {
		c := &t.coll
		c.slidingNormalValid, c.slidingNormal = true, o.SlidingNormal
		if normalizeCheckSmall(&c.slidingNormal) {
			c.slidingNormal = mgl32.Vec3{}
		}
	}
	n := o.bodySpheres(&t.spheres)
	t.path.initSphere(t.spheres[:n], scale)
	return t
}

// setFloor sets the stand-in floor of an indoor cell without geometry:
// World.Floor's when it knows one, else the body's feet when it stands
// (contact), else none.
func (t *transit) setFloor(p *Position) {
	t.floorZ = float32(math.Inf(-1))
	if !p.IsIndoor() {
		return
	}
	if t.w != nil && t.w.Floor != nil {
		if z, ok := t.w.Floor.FloorZ(p.Cell, p.Frame.Origin[0], p.Frame.Origin[1]); ok {
			t.floorZ = z
			return
		}
	}
	if t.obj.state&oiContact != 0 {
		t.floorZ = p.Frame.Origin[2]
	}
}

// result fills the object's transitionResult from the finished transit
// (what SetPositionInternal reads: sphere_path.curr_pos and cell,
// collision_info's contact plane, sliding and collision normals).
func (t *transit) result(to *Frame) *transitionResult {
	r := &t.o.scratch
	*r = transitionResult{}
	path, c := &t.path, &t.coll
	r.CurPos.Frame = *to
	if path.curCell == nil {
		r.CurPos.Frame.Origin = path.curPos.o
		r.CurPos.Cell = 0
	} else {
		r.CurPos.Cell = path.curCell.id
		o, off := &path.curPos.o, &path.curCell.off
		x, y, z := o[0]-off[0], o[1]-off[1], o[2]-off[2]
		r.CurPos.Frame.Origin[0], r.CurPos.Frame.Origin[1], r.CurPos.Frame.Origin[2] = x, y, z
	}
	if c.contactPlaneValid {
		r.ContactPlaneValid = true
		r.ContactPlaneCellID = c.contactPlaneCellID
		// blockOffset(cell).Mul(-1): −x, −y and 0·−1 = −0.
		bx, by := t.blockOffsetXY(c.contactPlaneCellID)
		planeOffsetInto(&r.ContactPlane, &c.contactPlane, bx*-1, by*-1, math.Float32frombits(negZero))
	}
	if c.slidingNormalValid {
		r.SlidingNormalValid, r.SlidingNormal = true, c.slidingNormal
	}
	if c.collisionNormalValid {
		r.CollisionNormalValid, r.CollisionNormal = true, c.collisionNormal
	}
	r.events = t.events
	return r
}

// retailTransition is CPhysicsObj::transition(from, to): sweep the body's
// spheres from from to the frame to (in from's landblock). It reports false
// when find_valid_position finds no valid position.
func (o *Object) retailTransition(from *Position, to *Frame) (*transitionResult, bool) {
	start := vecOf(&from.Frame.Origin)
	end := vecOf(&to.Origin)
	if !start.finite() || !end.finite() {
		t := &o.scratch
		*t = transitionResult{}
		return t, false
	}
	var after func(*transitionResult, bool)
	if transitionTap != nil {
		after = transitionTap(o, from, to)
	}
	// The shortcuts over a bare LandCell (transit_fast.go) and inside an
	// EnvCell (transit_cells.go's last section) first; where they give up, the whole
	// transition from the start.
	r, ok, done := o.terrainTransition(from, to)
	if !done {
		r, ok, done = o.envTransition(from, to)
	}
	if !done {
		t := o.startTransition(from, to)
		ok = t.findTransitionalPosition()
		r = t.result(to)
	}
	if done && fastTransitCheck != nil {
		o.checkFastTransition(from, to, r, ok)
	}
	if after != nil {
		after(r, ok)
	}
	return r, ok
}

// startTransition is CPhysicsObj::transition's set-up of the CTransition
// (get_object_info, init_sphere, init_path) for a sweep from from to to.
func (o *Object) startTransition(from *Position, to *Frame) *transit {
	t := o.begin(from.Cell, to, false)
	t.setFloor(from)
	path := &t.path
	path.beginPos = tpos{o: from.Frame.Origin, cell: from.Cell}
	path.endPos = tpos{o: to.Origin, cell: from.Cell}
	path.insertType = insertTransition
	path.curPos = path.beginPos
	path.curCell = t.cells.get(t, from.Cell)
	path.cacheGlobalCurrCenter()
	return t
}

// fastTransitCheck, when set, is shown every transition the shortcut
// answered beside the whole transition's answer to the same sweep
// (transit_fast_test.go). Nil outside those tests.
var fastTransitCheck func(o *Object, fast, whole *transitionResult, fastOK, wholeOK bool, wholeVelocity mgl32.Vec3)

// checkFastTransition runs the whole transition on the sweep the shortcut
// answered (r, ok) and shows both to fastTransitCheck, with the velocity
// the whole transition left; the object is left as the shortcut left it.
func (o *Object) checkFastTransition(from *Position, to *Frame, r *transitionResult, ok bool) {
	fast, vel := *r, o.Velocity
	t := o.startTransition(from, to)
	wholeOK := t.findTransitionalPosition()
	whole, wholeVel := *t.result(to), o.Velocity
	o.scratch, o.Velocity = fast, vel
	fastTransitCheck(o, &fast, &whole, ok, wholeOK, wholeVel)
}

// transitionTap and placementTap, when set, are shown each transition's
// (each placement's) inputs before it runs and return what is shown its
// result: the cross-check of the transition against ACE's code writes its
// case files through them (transit_ace_dump_test.go). Nil outside those
// tests.
var (
	transitionTap func(o *Object, from *Position, to *Frame) func(*transitionResult, bool)
	placementTap  func(o *Object, p *Position, slide bool) func(*transitionResult, bool)
)

// retailPlacement is the placement transition (CTransition::
// find_placement_position) SetPosition runs: fit the body at p, sliding out
// of what it overlaps when slide is set, and settle it on the ground.
func (o *Object) retailPlacement(p *Position, slide bool) (*transitionResult, SetPositionError) {
	if p.Cell == 0 {
		t := &o.scratch
		*t = transitionResult{}
		return t, SetPositionNoCell
	}
	if !p.Frame.IsValidExceptForHeading() || !finiteVec(p.Frame.Origin) {
		t := &o.scratch
		*t = transitionResult{}
		return t, SetPositionNoValidPosition
	}
	q := *p
	q.Frame.Cache()
	if !q.Normalize() {
		t := &o.scratch
		*t = transitionResult{}
		return t, SetPositionNoCell
	}
	var after func(*transitionResult, bool)
	if placementTap != nil {
		after = placementTap(o, &q, slide)
	}
	t := o.begin(q.Cell, &q.Frame, true)
	t.floorZ = float32(math.Inf(-1))
	if q.IsIndoor() {
		t.floorZ = q.Frame.Origin[2]
		if t.w != nil && t.w.Floor != nil {
			if z, ok := t.w.Floor.FloorZ(q.Cell, q.Frame.Origin[0], q.Frame.Origin[1]); ok {
				t.floorZ = z
			}
		}
	}
	path := &t.path
	path.placementAllowsSliding = slide
	path.endPos = tpos{o: q.Frame.Origin, cell: q.Cell}
	path.insertType = insertPlacement
	path.curPos = path.endPos
	path.curCell = t.cells.get(t, q.Cell)
	path.cacheGlobalCurrCenter()
	ok := t.findPlacementPosition()
	r := t.result(&q.Frame)
	if after != nil {
		after(r, ok)
	}
	if !ok {
		if !slide {
			return r, SetPositionCollided
		}
		return r, SetPositionNoValidPosition
	}
	if r.CurPos.Cell == 0 {
		return r, SetPositionNoCell
	}
	return r, SetPositionOK
}

// TransitionReport is what the last tick's transition saw, for the
// pipeline's events (issue 40 item 4: wall, step, cell, land).
type TransitionReport struct {
	// Ran says a transition ran this tick (the body moved and has spheres).
	Ran bool
	// Wall says the body's spheres met a polygon or an object; Slid that a
	// step slid along it (slide_sphere). The hit is named by HitKind,
	// HitID (the GfxObj or CellStruct id; a scenario obstacle's place in
	// the world's obstacle list), HitCell, HitPoly (the polygon's id) and
	// HitName (an object's name). HitKind is "CellStruct", "GfxObj",
	// "cylsphere N" or "sphere N" (an object's Nth), or for a scenario
	// obstacle "obstacle" (a box's polygon) or "obstacle cylsphere N".
	Wall    bool
	Slid    bool
	HitKind string
	HitID   uint32
	HitCell uint32
	HitPoly uint16
	HitName string
	// Step is the largest step up (positive) or down a step_up or step_down
	// made, in metres; Stepped says one did.
	Step    float32
	Stepped bool
	// Landed says validate_walkable landed the body (it was not in contact).
	Landed bool
	// Stopped says find_valid_position found no valid position: the body
	// kept its origin (ToCell is FromCell).
	Stopped bool
	// FromCell and ToCell are the cells before and after: they differ when
	// the body crossed a portal or a cell line.
	FromCell, ToCell uint32
}

// Text says what the body met: "wall polygon 12 of cell 0x01D90108's
// CellStruct 0x3", "cylsphere 0 of object \"well\"". Empty without a hit.
func (r *TransitionReport) Text() string {
	if !r.Wall {
		return ""
	}
	what := "wall"
	if r.Slid {
		what = "slid along wall"
	}
	switch r.HitKind {
	case "CellStruct":
		return fmt.Sprintf("%s polygon %d of cell 0x%08X's CellStruct 0x%X", what, r.HitPoly, r.HitCell, r.HitID)
	case "GfxObj":
		return fmt.Sprintf("%s polygon %d of GfxObj 0x%08X%s in cell 0x%08X", what, r.HitPoly, r.HitID, nameText(r.HitName), r.HitCell)
	case "obstacle":
		return fmt.Sprintf("%s polygon %d of obstacle %d%s in cell 0x%08X", what, r.HitPoly, r.HitID, nameText(r.HitName), r.HitCell)
	}
	if strings.HasPrefix(r.HitKind, "obstacle ") {
		return fmt.Sprintf("%s: obstacle %d%s (its %s) in cell 0x%08X", what, r.HitID, nameText(r.HitName), r.HitKind[len("obstacle "):], r.HitCell)
	}
	return fmt.Sprintf("%s: %s%s in cell 0x%08X", what, r.HitKind, nameText(r.HitName), r.HitCell)
}

func nameText(n string) string {
	if n == "" {
		return ""
	}
	return " (" + strconv.Quote(n) + ")"
}

// LastTransition is what the last tick's transition saw.
func (o *Object) LastTransition() TransitionReport { return o.report }

// LastTransitionRef is LastTransition in place, read-only: the report's
// fields were just stored one by one (setReport), and copying it whole
// read them back in wider loads that stall on those stores — the engine's
// transition events read a few of its fields every object-tick.
func (o *Object) LastTransitionRef() *TransitionReport { return &o.report }

// setReport fills the object's report from the finished transition.
func (o *Object) setReport(from uint32, t *transitionResult) {
	e := &t.events
	// Field by field into place: a report built on the stack and copied
	// whole stalls the store buffer at every tick.
	r := &o.report
	*r = TransitionReport{}
	r.Ran, r.FromCell, r.ToCell = true, from, t.CurPos.Cell
	r.Step, r.Stepped, r.Landed, r.Slid = e.step, e.stepValid, e.landed, e.slid
	if w := &e.wall; w.kind != hitNone {
		r.Wall, r.HitID, r.HitCell, r.HitPoly = true, w.id, w.cell, w.poly
		if w.object != nil {
			r.HitName = w.object.Name
		}
		switch w.kind {
		case hitGfxObj:
			r.HitKind = "GfxObj"
		case hitCellStruct:
			r.HitKind = "CellStruct"
		case hitCylSphere:
			r.HitKind = "cylsphere " + strconv.Itoa(w.index)
		case hitSphere:
			r.HitKind = "sphere " + strconv.Itoa(w.index)
		}
		// A scenario obstacle is named by its place in the world's
		// obstacle list, not by the GfxObj id 0 its box was given.
		if w.object != nil && w.object.Obstacle > 0 {
			r.HitID = uint32(w.object.Obstacle - 1)
			if w.kind == hitGfxObj {
				r.HitKind = "obstacle"
			} else {
				r.HitKind = "obstacle " + r.HitKind
			}
		}
	}
}
