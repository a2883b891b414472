// Checking one row ahead of its tick: a follower of a client trace still
// being written (viewer live) has the rows of the tick the client is on
// before the tick is known to be complete. Each such row is final — a later
// row of the tick names another object — so one that differs from the Sim
// is a divergence whatever the rest of the tick holds.

package clientdiff

import (
	"math"

	"glidepath/engine"
	"glidepath/engine/clienttrace"
)

// CheckRow is what the comparison of s's current tick would find of row
// alone, recording nothing: the fields that differ (nil when the row
// agrees in every field it gives) and the position error, metres. ok is
// false when s has no such object at this tick (the comparison would list
// the row, not compare it). A route record after the row in the file is
// not seen here: the branch is checked when the tick is complete.
func (c *Comparer) CheckRow(s *engine.Sim, row *clienttrace.Row) (fields []string, err float64, ok bool) {
	c.scratch = s.Query().States(c.scratch[:0])
	for i := range c.scratch {
		st := &c.scratch[i]
		if st.GUID != row.GUID {
			continue
		}
		err = positionError(st, row)
		plain := *row
		plain.HasBranch = false
		return c.differences(s.Query(), st, &plain, err, nil), err, true
	}
	if _, known := c.objs[row.GUID]; !known {
		c.tellClientOnly(row.Tick, row)
	}
	return nil, 0, false
}

// positionError is the distance, metres, between the retail state and the
// client's row in global coordinates; 0 without the sum when they give the
// same cell and finite origin.
func positionError(st *engine.StateRow, row *clienttrace.Row) float64 {
	if st.Cell == row.Cell && st.Origin == row.Origin && finite(st.Origin) {
		return 0
	}
	a, b := clienttrace.Global(st.Cell, st.Origin), row.Global()
	return math.Sqrt((a[0]-b[0])*(a[0]-b[0]) + (a[1]-b[1])*(a[1]-b[1]) + (a[2]-b[2])*(a[2]-b[2]))
}
