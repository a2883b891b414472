// Flags: the pops the glide metrics count, logged with the stage that moved
// the body most that tick, so a cause chain can say what made the jump
// (explain.go). The stage displacements come from the stage record
// (Options.RecordStages); without it the stage is unknown.

package engine

import (
	"glidepath/engine/eventlog"
	"glidepath/physics"
)

// flagPop logs a pop of o from prev to pos.
func (s *Sim) flagPop(o *object, prev, pos *physics.Position) {
	if !s.logging {
		return
	}
	stage, moved := dominantStage(o)
	s.record(o.slot, eventlog.Event{GUID: o.guid, Kind: eventlog.EventPop, From: eventlog.PlaceOf(prev), To: eventlog.PlaceOf(pos),
		Stage: stage, Distance: moved, Contact: o.phys.InContact(),
		Sticky: stage == physics.StageAdjustOffset && (o.pm.StickyObjectID() != 0 || s.metrics.t[o.slot].g.stuck != 0)})
}

// dominantStage is the stage of o's last tick that displaced the body most
// (seed 003 §12): the root-motion and interpolation offsets by their length,
// the physics step, the collision sweep's correction and UseTime's snap by
// the distance between their input and output. physics.NumStages when no
// stage was recorded.
func dominantStage(o *object) (physics.Stage, float32) {
	r := o.phys.Record
	if r == nil {
		return physics.NumStages, 0
	}
	best, dist := physics.NumStages, float32(0)
	try := func(st physics.Stage, d float32) {
		if r.Ran[st] && d > dist {
			best, dist = st, d
		}
	}
	try(physics.StageRootMotion, r.Pos[physics.StageRootMotion].Frame.Origin.Len())
	try(physics.StageAdjustOffset, r.Pos[physics.StageAdjustOffset].Frame.Origin.Len())
	between := func(a, b physics.Stage) float32 {
		if !r.Ran[a] {
			return 0
		}
		return r.Pos[a].Offset(&r.Pos[b]).Len()
	}
	try(physics.StagePhysics, between(physics.StageCombine, physics.StagePhysics))
	try(physics.StageTransition, between(physics.StagePhysics, physics.StageTransition))
	try(physics.StageUseTime, between(physics.StageCommit, physics.StageUseTime))
	return best, dist
}
