// Snapshot: a deep copy of a PositionManager's state (DESIGN.md "Time,
// snapshots and seeking"). The state is plain values — the queue is a fixed
// ring — so a snapshot is a copy, and restoring it makes the manager evolve
// bit-identically to the original. The engine's checkpoints keep the
// flatter state words instead (state.go).

package interp

// Snapshot is a PositionManager's full state with no references: no body,
// lookup or sink. Its zero value restores a fresh manager.
type Snapshot struct {
	reading Reading
	now     float64

	hasInterp bool
	interp    interpState

	hasSticky bool
	sticky    StickyState

	hasConstraint bool
	constraint    ConstraintState
}

// Snapshot copies the manager's state.
func (pm *PositionManager) Snapshot() Snapshot {
	s := Snapshot{reading: pm.reading, now: pm.now}
	if pm.interp != nil {
		s.hasInterp, s.interp = true, pm.interp.st
	}
	if pm.sticky != nil {
		s.hasSticky, s.sticky = true, pm.sticky.st
	}
	if pm.constraint != nil {
		s.hasConstraint, s.constraint = true, pm.constraint.st
	}
	return s
}

// Restore replaces the manager's state with s, keeping the manager's own
// body, lookup and sink. A snapshot taken before a sub-manager existed
// removes it. The zero Snapshot keeps the manager's reading.
func (pm *PositionManager) Restore(s *Snapshot) {
	if s.reading != (Reading{}) {
		pm.reading = s.reading
	}
	pm.now = s.now
	if s.hasInterp {
		m := pm.makeInterpolation()
		m.reading = pm.reading
		m.st = s.interp
	} else {
		pm.interp = nil
	}
	if s.hasSticky {
		pm.makeSticky().st = s.sticky
	} else {
		pm.sticky = nil
	}
	if s.hasConstraint {
		c := pm.makeConstraint()
		c.reading = pm.reading
		c.st = s.constraint
	} else {
		pm.constraint = nil
	}
}

// Clone returns a new manager with pm's state, bound to body, lookup and
// sink (a checkpoint restored onto a copy of the world's objects).
func (pm *PositionManager) Clone(body Body, lookup ObjectLookup, sink Sink) *PositionManager {
	c := &PositionManager{reading: pm.reading, k: pm.k, body: body, lookup: lookup, sink: sink}
	s := pm.Snapshot()
	c.Restore(&s)
	return c
}
