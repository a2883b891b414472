// Transition: the simplified CPhysicsObj::transition (0x00512DC0, seed 003
// §5). Retail sweeps the object's spheres through the BSPs of every cell
// they touch; Glidepath has no dat files, so this sweeps the body's cylinder
// over a terrain and static obstacles (world.go). docs/collision.md lists
// exactly what retail does that this does not.
//
// The sweep moves in steps no longer than the body's radius (retail's
// CTransition::calc_num_steps). Each step:
//   - a step into an obstacle is pushed back out along the obstacle's
//     normal, so the body stops against it head-on and slides along it at
//     an angle (setting the sliding and collision normals); if that lands
//     in another obstacle, the body stops where it is;
//   - a grounded body (Contact and OnWalkable, not moving away from its
//     contact plane) follows the ground: a rise within StepUpHeight or a
//     drop within StepDownHeight keeps it on the ground; a higher rise
//     blocks it; a bigger drop leaves it airborne; walking up into an
//     unwalkable slope (normal.z < FloorZ) slides along the slope's contour
//     or stops;
//   - an airborne body that reaches the ground lands: it is pushed out of
//     the ground along the surface normal, the contact plane is set, and the
//     normal is reported as a collision normal so SetPositionInternal's
//     bounce removes the velocity into the ground. A body in contact with
//     ground too steep to stand on keeps the contact only while the ground
//     drops less than 4 cm per step; otherwise it is airborne again. When
//     it is pushed back out of that ground it gets no collision normal (ACE
//     ObjectInfo.ValidateWalkable reports one only without Contact).

package physics

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"
)

// maxTransitionSteps bounds the steps of one sweep. A tick's move is a few
// steps; a longer move takes bigger steps rather than an unbounded loop.
const maxTransitionSteps = 64

// groundTolerance is how far above the ground a body may start a sweep and
// still count as touching it.
const groundTolerance = 0.05

// contactStepDown is how far a body in contact with ground it cannot stand
// on still steps down to keep the contact (retail's 0.04 in
// CTransition::transitional_insert, which uses landing_z as the walkable
// allowance there).
const contactStepDown = 0.04

// obstacleClearance is the gap left between a body pushed out of an
// obstacle and the obstacle, so float rounding does not re-detect it.
const obstacleClearance = 1e-4

// transitionResult is the part of CTransition that SetPositionInternal reads:
// sphere_path.curr_pos and collision_info (seed 003 §5 "Side effects on
// caller").
type transitionResult struct {
	// CurPos is sphere_path.curr_pos, the position the sweep reached. A
	// Cell of 0 means the object left the world (retail's lost cell).
	CurPos Position
	// Contact plane (collision_info.contact_plane*).
	ContactPlaneValid  bool
	ContactPlane       Plane
	ContactPlaneCellID uint32
	// Sliding normal (collision_info.sliding_normal*): the horizontal normal
	// of what the body slid along.
	SlidingNormalValid bool
	SlidingNormal      mgl32.Vec3
	// Collision normal (collision_info.collision_normal*): what the body
	// hit, for handle_all_collisions' bounce.
	CollisionNormalValid bool
	CollisionNormal      mgl32.Vec3
}

// sweep is the state of one transition in progress, in the landblock frame
// of the starting position.
type sweep struct {
	o        *Object
	t        *transitionResult
	lbx, lby int32
	indoor   bool
	grounded bool
	// floor is the stand-in floor of the starting cell, when it has one
	// (World.FloorAt, floors.go): the ground there.
	floor    float32
	hasFloor bool
	// contactN is the contact normal; the plane is built at the end, through
	// the final position, in the final landblock.
	contact  bool
	contactN mgl32.Vec3
}

// transition is CPhysicsObj::transition(from, to) as UpdateObjectInternal
// calls it: sweep the body from from to the frame to, which is in from's
// cell (the candidate: retail's toPos carries the current cell). It reports
// false when there is no valid position (the move is not finite).
//
// The sweep's points and steps are vecs (vec.go): the same operations in
// the same order as the mgl32 methods they stand for, kept in registers.
func (o *Object) transition(from *Position, to *Frame) (*transitionResult, bool) {
	t := &o.scratch
	*t = transitionResult{}
	start := vecOf(&from.Frame.Origin)
	offset := vecOf(&to.Origin).sub(start)
	if !offset.finite() || !start.finite() {
		return t, false
	}
	s := sweep{
		o: o, t: t,
		lbx: int32(from.LandblockX()), lby: int32(from.LandblockY()),
		indoor: from.IsIndoor(),
	}
	s.floor, s.hasFloor = o.World.FloorUnder(from.Cell, o.FloorKey)
	// CPhysicsObj::get_object_info: the object is in contact only while its
	// velocity does not carry it away from the contact plane (check_contact).
	if o.TransientState&TransientContact != 0 && vecOf(&o.Velocity).dot(vecOf(&o.ContactPlane.N)) <= Epsilon {
		s.contact, s.contactN = true, o.ContactPlane.N
		s.grounded = o.TransientState&TransientOnWalkable != 0
	}
	p := start
	if s.contact && o.ContactPlaneCellID>>16 == from.Cell>>16 {
		// A body that something else moved off its contact plane (further
		// than groundTolerance) is not touching it any more.
		if d := vecOf(&o.ContactPlane.N).dot(p) + o.ContactPlane.D; d > groundTolerance || d < -groundTolerance {
			s.contact, s.grounded = false, false
		}
	}

	steps := 1
	if dist, r := offset.len(), o.Radius; r > 0 && dist > r {
		steps = min(int(math.Ceil(float64(dist/r))), maxTransitionSteps)
	}
	step := offset
	if steps > 1 {
		step = offset.mul(1 / float32(steps)) // ×1 would change no bit
	}
	for i := 0; i < steps; i++ {
		next, ok := s.step(p, step)
		if !ok {
			break
		}
		p = next
	}

	t.CurPos.Cell = from.Cell
	t.CurPos.Frame = *to
	t.CurPos.Frame.Origin = p.v3()
	if !t.CurPos.Normalize() {
		t.CurPos.Cell = 0 // left the 256×256 landblock map: lost
	}
	if s.contact {
		t.ContactPlaneValid = true
		t.ContactPlane = PlaneThrough(s.contactN, t.CurPos.Frame.Origin)
		t.ContactPlaneCellID = t.CurPos.Cell
	}
	return t, true
}

// step advances the body by d from p. It returns the new position, or false
// when the body cannot move this step.
func (s *sweep) step(p, d vec) (vec, bool) {
	target, ok := s.avoidObstacles(p, d)
	if !ok {
		return p, false
	}
	if s.indoor && !s.hasFloor {
		// No indoor geometry: a grounded body stays on a level floor at its
		// feet; an airborne one moves freely.
		if s.grounded {
			s.contactN = up
		}
		return target, true
	}
	if s.grounded {
		return s.followGround(p, target)
	}
	f := s.fall(target.v3())
	return vecOf(&f), true
}

// avoidObstacles returns p+d, pushed back out of the first obstacle it
// enters along that obstacle's normal — so a head-on move ends against the
// obstacle and a glancing one slides along it (retail's sphere slide). It
// reports false when the pushed-out position is inside another obstacle.
func (s *sweep) avoidObstacles(p, d vec) (vec, bool) {
	o := s.o
	target := p.add(d)
	n, depth, hit := o.obstacleHit(s.lbx, s.lby, target.v3())
	if !hit {
		return target, true
	}
	s.collide(n)
	s.slide(n)
	target = target.add(vecOf(&n).mul(depth + obstacleClearance))
	if _, _, hit := o.obstacleHit(s.lbx, s.lby, target.v3()); hit {
		return p, false
	}
	return target, true
}

// followGround moves a grounded body from p to target over the terrain.
func (s *sweep) followGround(p, target vec) (vec, bool) {
	o := s.o
	gz, gn := s.ground(target.x, target.y)
	if gn[2] < FloorZ && gz > p.z+Epsilon {
		// Walking up into an unwalkable slope: keep only the part of the
		// step along its contour.
		pv, tv := p.v3(), target.v3()
		nh := horizontal(gn)
		d := tv.Sub(pv)
		if into := d.Dot(nh); into < 0 {
			d = d.Sub(nh.Mul(into))
			s.slide(nh)
		}
		tv = pv.Add(d)
		if _, _, hit := o.obstacleHit(s.lbx, s.lby, tv); hit {
			return p, false
		}
		target = vecOf(&tv)
		gz, gn = s.ground(target.x, target.y)
		if gn[2] < FloorZ && gz > p.z+Epsilon {
			s.collide(nh)
			return p, false
		}
	}
	switch dz := gz - target.z; {
	case dz > o.StepUpHeight:
		// A rise too high to step up: a wall facing the move.
		s.collide(horizontal(p.v3().Sub(target.v3())))
		return p, false
	case -dz > o.StepDownHeight:
		// The ground fell away by more than a step down: airborne.
		s.grounded, s.contact = false, false
		return target, true
	}
	target.z = gz
	s.contact, s.contactN = true, gn
	s.grounded = gn[2] >= FloorZ
	return target, true
}

// fall moves an airborne body to target, landing it when it reaches the
// ground.
func (s *sweep) fall(target mgl32.Vec3) mgl32.Vec3 {
	gz, gn := s.ground(target[0], target[1])
	if target[2] > gz {
		if s.contact && target[2]-gz <= contactStepDown && gn[2] >= LandingZ {
			// Still touching: a body in contact steps down a little.
			target[2] = gz
			s.contactN = gn
			return target
		}
		s.contact = false
		return target
	}
	// Push out of the ground along its normal: on a slope that moves the
	// body downhill, so a body on an unwalkable slope slides.
	target = target.Add(gn.Mul((gz - target[2]) * gn[2]))
	if gz2, _ := s.ground(target[0], target[1]); target[2] < gz2 {
		target[2] = gz2
	}
	// ACE ObjectInfo.ValidateWalkable: the ground reports a collision
	// normal (which handle_all_collisions bounces off) only to a body that
	// is not already in contact; one in contact is just put back on it.
	if !s.contact {
		s.collide(gn)
	}
	if gn[2] >= LandingZ {
		s.contact, s.contactN = true, gn
		s.grounded = gn[2] >= FloorZ
	}
	return target
}

// ground is the terrain height and normal under (x, y).
func (s *sweep) ground(x, y float32) (float32, mgl32.Vec3) {
	if s.hasFloor {
		return s.floor, up
	}
	var t *Terrain
	if w := s.o.World; w != nil {
		t = w.Terrain
	}
	return t.sample(s.lbx, s.lby, x, y)
}

func (s *sweep) collide(n mgl32.Vec3) {
	s.t.CollisionNormalValid, s.t.CollisionNormal = true, n
}

func (s *sweep) slide(n mgl32.Vec3) {
	s.t.SlidingNormalValid, s.t.SlidingNormal = true, n
}

// horizontal returns v's ground-plane direction, or zero when v is vertical.
func horizontal(v mgl32.Vec3) mgl32.Vec3 {
	l := float32(math.Sqrt(float64(v[0]*v[0] + v[1]*v[1])))
	if l < 1e-9 {
		return mgl32.Vec3{}
	}
	return mgl32.Vec3{v[0] / l, v[1] / l, 0}
}
