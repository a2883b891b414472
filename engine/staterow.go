// State rows: every live object's committed state after the current tick,
// compactly — what a Trace v1 state row holds — for sinks that compare or
// tabulate every object every tick (diff) without the cost of full views.

package engine

import "github.com/go-gl/mathgl/mgl32"

// StateRow is one live object after the current tick.
type StateRow struct {
	GUID uint32
	// Cell and Origin are m_position's; Heading is degrees clockwise from
	// north.
	Cell    uint32
	Origin  mgl32.Vec3
	Heading float32
	// Queue is the interpolation queue's length, Fail node_fail_counter.
	Queue, Fail int
	// Contact is transient_state & 1.
	Contact bool
}

// States appends every live object's row, in header-then-creation order
// (the order of Trace v1's state rows), to dst and returns it.
func (s *Sim) States(dst []StateRow) []StateRow {
	for _, o := range s.slots[:s.nslots] {
		if !o.st.alive {
			continue
		}
		pos := o.phys.Position()
		r := StateRow{GUID: o.guid, Cell: pos.Cell, Origin: pos.Frame.Origin, Heading: o.phys.Heading(),
			Queue: queueLen(o), Contact: o.phys.InContact()}
		if im := o.pm.Interpolation(); im != nil {
			r.Fail = int(im.FailCounter())
		}
		dst = append(dst, r)
	}
	return dst
}
