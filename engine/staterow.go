// State rows: every live object's committed state after the current tick,
// compactly — what a Trace v1 state row holds — for sinks that compare or
// tabulate every object every tick (diff) without the cost of full views.

package engine

import (
	"github.com/go-gl/mathgl/mgl32"

	"glidepath/engine/trace"
)

// StateRow is one live object after the current tick.
type StateRow struct {
	GUID uint32
	// Cell and Origin are m_position's (the heading, which costs an atan2,
	// is Query.RowHeading's).
	Cell   uint32
	Origin mgl32.Vec3
	// Queue is the interpolation queue's length, Fail node_fail_counter.
	Queue, Fail int
	// Contact is transient_state & 1.
	Contact bool

	slot int32
	// heading is the object's heading at the row's tick, when headed (a
	// row AdvanceRows gave, taken while the Sim stepped on past it).
	heading float32
	headed  bool
}

// States appends every live object's row, in header-then-creation order
// (the order of Trace v1's state rows), to dst and returns it.
func (q Query) States(dst []StateRow) []StateRow {
	for _, o := range q.s.slots[:q.s.nslots] {
		if !o.st.alive {
			continue
		}
		pos := o.phys.PositionRef()
		r := StateRow{GUID: o.guid, Cell: pos.Cell, Origin: pos.Frame.Origin,
			Queue: queueLen(o), Contact: o.phys.InContact(), slot: o.slot}
		if im := o.pm.Interpolation(); im != nil {
			r.Fail = int(im.FailCounter())
		}
		dst = append(dst, r)
	}
	return dst
}

// Slot is the row's object's slot (ObjectView.Slot): a guid deleted and
// created again is another object in another slot, so the slot tells a
// guid's lives apart where the guid alone does not.
func (r *StateRow) Slot() int { return int(r.slot) }

// RowRotationDiffers reports whether the objects of a (a row States gave
// for q's current tick) and b (one of r's) are turned differently: their
// rotations differ and so do the headings a trace row gives. Equal
// rotations, the common case, cost no atan2.
func (q Query) RowRotationDiffers(a *StateRow, r Query, b *StateRow) bool {
	if a.slot < 0 || int(a.slot) >= len(q.s.slots) || b.slot < 0 || int(b.slot) >= len(r.s.slots) {
		return q.RowHeading(a) != r.RowHeading(b)
	}
	if q.s.slots[a.slot].phys.PositionRef().Frame.Rot == r.s.slots[b.slot].phys.PositionRef().Frame.Rot {
		return false
	}
	return q.RowHeading(a) != r.RowHeading(b)
}

// RowHeading is the current heading, degrees clockwise from north, of the
// object of a row States gave for the current tick.
func (q Query) RowHeading(r *StateRow) float32 {
	if r.headed {
		return r.heading
	}
	if r.slot < 0 || int(r.slot) >= len(q.s.slots) {
		return 0
	}
	return q.s.slots[r.slot].phys.Heading()
}

// TraceStates appends the current tick's Trace v1 state rows, one per live
// object in header-then-creation order, to dst and returns it (what
// trace.RunWriter writes).
func (q Query) TraceStates(dst []trace.State) []trace.State {
	for _, o := range q.s.slots[:q.s.nslots] {
		if !o.st.alive {
			continue
		}
		dst = append(dst, trace.State{})
		traceState(q.s.tick, o, &dst[len(dst)-1])
	}
	return dst
}

// traceState sets row to o's Trace v1 state row after tick.
func traceState(tick int, o *object, row *trace.State) {
	pos := o.phys.PositionRef()
	*row = trace.State{
		Tick:    tick,
		GUID:    o.guid,
		Cell:    pos.Cell,
		Origin:  pos.Frame.Origin,
		Heading: o.phys.Heading(),
		Queue:   queueLen(o),
		Contact: o.phys.InContact(),
	}
	if im := o.pm.Interpolation(); im != nil {
		row.Fail = int(im.FailCounter())
	}
}

// KeepsEventLog reports whether the Sim keeps its event log
// (Options.EventLog).
func (q Query) KeepsEventLog() bool { return q.s.opts.EventLog }
