// The transition's events (issue 40 item 4): after each object's
// UpdateObjectInternal, what its CPhysicsObj::transition (0x00512DC0) did —
// physics.Object.LastTransition — becomes at most one wall, step, cell and
// land event, never one a tick for a steady state (docs/pipeline.md,
// "Transition events"):
//
//   - wall: the sweep stopped the body or slid it along a polygon or an
//     object (a successful step up over it is a step, not a wall). One
//     event per contact start: a tick meeting the same polygon or object
//     as a contact less than WallGapSeconds before is the same contact.
//   - step: step_up or step_down changed the body's height by at least
//     StepMin more than the plane it stood on explains (walking up or down
//     a slope is not a step; a 0.3 m stair is).
//   - cell: the transition carried the body into another cell (a portal,
//     a building's doorway, an outdoor cell line).
//   - land: a body that was not in contact is after the transition; From
//     is the highest place of its fall, Hit what it landed on when the
//     report names it (the polygon it landed on is not also a wall).

package engine

import (
	"strconv"
	"strings"

	"glidepath/engine/eventlog"
	"glidepath/physics"
)

// Thresholds of the transition's events.
const (
	// StepMin is the least height, metres, a step_up or step_down must
	// add to what the ground plane explains to be a step event.
	StepMin = 0.05
	// WallGapSeconds is how long a body must go without meeting a polygon
	// or object before meeting it again is a new wall event.
	WallGapSeconds = 0.5
)

// transitBefore is what the detector needs of the body before the tick.
type transitBefore struct {
	from    eventlog.Place
	plane   physics.Plane
	planeLB uint32
	contact bool
}

// take sets b to o's place, contact plane and Contact bit before its
// UpdateObjectInternal, a field at a time: built aside and copied whole
// (the place, then b), they were read back in wide loads just after the
// narrow stores that made them, which the store buffer cannot forward —
// a stall on every object-tick of a logged run.
func (b *transitBefore) take(o *object) {
	setPlace(&b.from, o.phys.PositionRef())
	b.plane = o.phys.ContactPlane
	b.planeLB = o.phys.ContactPlaneCellID >> 16
	b.contact = o.st.contact
}

// hitOf is the report's hit as the log keeps it.
func hitOf(r *physics.TransitionReport) eventlog.Hit {
	h := eventlog.Hit{ID: r.HitID, Cell: r.HitCell, Poly: r.HitPoly}
	switch k := r.HitKind; {
	case k == "obstacle":
		h.Kind, h.Name = eventlog.HitObstacle, r.HitName
	case strings.HasPrefix(k, "obstacle "):
		h.Kind, h.Name, h.Index, h.Poly = eventlog.HitObstacle, r.HitName, 1, 0
	case k == "CellStruct":
		h.Kind = eventlog.HitCellStruct
	case k == "GfxObj":
		h.Kind = eventlog.HitGfxObj
	case strings.HasPrefix(k, "cylsphere "):
		h.Kind = eventlog.HitCylSphere
		i, _ := strconv.Atoi(k[len("cylsphere "):])
		h.Index = uint8(min(max(i, 0), 255))
	case strings.HasPrefix(k, "sphere "):
		h.Kind = eventlog.HitSphere
		i, _ := strconv.Atoi(k[len("sphere "):])
		h.Index = uint8(min(max(i, 0), 255))
	default:
		h.Kind = eventlog.HitOther
	}
	return h
}

// stepHeight is how much higher (negative: lower) the body stands at to
// than the plane it stood on at from would put it: the rise the ground
// does not explain. Across landblocks, or off a plane too steep to stand
// on, it is the height difference.
func stepHeight(b *transitBefore, to *eventlog.Place) float32 {
	dz := to.Origin[2] - b.from.Origin[2]
	n := b.plane.N
	if b.from.Cell>>16 != to.Cell>>16 || b.planeLB != b.from.Cell>>16 || n[2] < 0.1 {
		return dz
	}
	dx, dy := to.Origin[0]-b.from.Origin[0], to.Origin[1]-b.from.Origin[1]
	return dz + (n[0]*dx+n[1]*dy)/n[2]
}

// meetWall notes that the body met h at tick and reports whether that
// starts a contact: h is not what it last met, or it last met it more than
// gap ticks before.
func (st *objectBook) meetWall(h eventlog.Hit, tick, gap int32) bool {
	start := !st.wallOn || !h.Same(&st.wall) || tick-st.wallTick > gap
	st.wall, st.wallOn, st.wallTick = h, true, tick
	return start
}

// transitEvents records o's transition events of the tick just run in s
// (b is the body before it). The report is read in place and the body's
// place taken only where an event or the fall reads it: most object-ticks
// log nothing.
func (o *object) transitEvents(s *Sim, b *transitBefore) {
	r := o.phys.LastTransitionRef()
	st := &o.st
	pos := o.phys.PositionRef()
	contact := o.phys.InContact()
	ran := r.Ran || r.Stopped
	if ran {
		landing := !b.contact && contact
		if r.Wall && (r.Slid || r.Stopped || !r.Stepped) && !landing {
			h := hitOf(r)
			if st.meetWall(h, int32(s.tick), int32(WallGapSeconds*float32(s.rate))) {
				s.emit(o, eventlog.Event{Kind: eventlog.EventWall, From: b.from, To: eventlog.PlaceOf(pos), Hit: h, Slid: r.Slid})
			}
		}
		if r.Stepped && b.contact && !r.Stopped {
			to := eventlog.PlaceOf(pos)
			if d := stepHeight(b, &to); d >= StepMin || d <= -StepMin {
				s.emit(o, eventlog.Event{Kind: eventlog.EventStep, From: b.from, To: to, Distance: d})
			}
		}
		if r.FromCell != r.ToCell && !r.Stopped && b.from.Cell != pos.Cell {
			s.emit(o, eventlog.Event{Kind: eventlog.EventCell, From: b.from, To: eventlog.PlaceOf(pos)})
		}
	}
	switch {
	case !contact:
		if !st.airborne {
			st.airborne, st.airTop = true, b.from
		}
		if pos.Frame.Origin[2] > st.airTop.Origin[2] {
			st.airTop = eventlog.PlaceOf(pos)
		}
	case !b.contact && ran:
		to := eventlog.PlaceOf(pos)
		top := b.from
		if st.airborne && st.airTop.Origin[2] > top.Origin[2] {
			top = st.airTop
		}
		e := eventlog.Event{Kind: eventlog.EventLand, From: top, To: to, Distance: max(top.Origin[2]-to.Origin[2], 0)}
		if r.Wall {
			e.Hit = hitOf(r) // what it landed on
		}
		s.emit(o, e)
		st.airborne = false
	default:
		st.airborne = false
	}
}
