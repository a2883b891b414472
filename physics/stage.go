// Stage: the named stages of one UpdateObjectInternal, in retail order (seed
// 003 §12), and the optional per-tick record of the frame each produced. The
// record is what the viewer's pipeline panel and stage vectors read; it costs
// one nil check per stage when off.

package physics

import "strconv"

// Stage names one stage of the per-tick pipeline.
type Stage uint8

// Stages in the order UpdateObjectInternal runs them.
const (
	// StageRootMotion: CPartArray::Update wrote the animation's root motion
	// into the local offset frame (seed 003 §2 row 3a), after the on-walkable
	// scale (row 3b).
	StageRootMotion Stage = iota
	// StageAdjustOffset: PositionManager::adjust_offset rewrote the local
	// offset frame (seed 003 §2 row 4, §10).
	StageAdjustOffset
	// StageCombine: Frame::combine put the offset on the body frame, giving
	// the candidate (seed 003 §2 row 5).
	StageCombine
	// StagePhysics: UpdatePhysicsInternal integrated velocity, acceleration
	// and omega into the candidate (seed 003 §2 row 6, §4).
	StagePhysics
	// StageTransition: the position the collision sweep reached (seed 003 §5);
	// not run when the body has no sphere, did not move, or the sweep failed.
	StageTransition
	// StageCommit: m_position after set_frame or SetPositionInternal
	// (seed 003 §1 row 7, §6, §9).
	StageCommit
	// StageUseTime: m_position after MovementManager::UseTime and
	// PositionManager::UseTime, where interpolation blips happen (seed 003 §1
	// rows 10–12, seed 000 §6).
	StageUseTime
	// NumStages counts the stages.
	NumStages
)

var stageNames = [NumStages]string{
	StageRootMotion:   "CPartArray::Update",
	StageAdjustOffset: "PositionManager::adjust_offset",
	StageCombine:      "Frame::combine",
	StagePhysics:      "UpdatePhysicsInternal",
	StageTransition:   "transition",
	StageCommit:       "SetPositionInternal",
	StageUseTime:      "PositionManager::UseTime",
}

// String is the retail function the stage is.
func (s Stage) String() string {
	if s < NumStages {
		return stageNames[s]
	}
	return "Stage(" + strconv.Itoa(int(s)) + ")"
}

// CommitPath says how the tick committed its candidate (seed 003 §1 row 7).
type CommitPath uint8

// Commit paths.
const (
	// CommitNone: the tick did not run (dormant or no cell).
	CommitNone CommitPath = iota
	// CommitTransition: the sweep succeeded; SetPositionInternal committed
	// its position (row 7b3).
	CommitTransition
	// CommitTransitionFailed: the sweep found no valid position; set_frame
	// committed the unswept candidate (row 7b3, §12).
	CommitTransitionFailed
	// CommitNoSphere: the body has no collision sphere; set_frame committed
	// the candidate (row 7a).
	CommitNoSphere
	// CommitUnmoved: the candidate's origin equals the body's; set_frame
	// committed it without a sweep (row 7a "zero-translation").
	CommitUnmoved
)

var commitNames = [...]string{
	CommitNone:             "none",
	CommitTransition:       "SetPositionInternal",
	CommitTransitionFailed: "set_frame(transition failed)",
	CommitNoSphere:         "set_frame(no sphere)",
	CommitUnmoved:          "set_frame(unmoved)",
}

// String names the retail call that committed.
func (c CommitPath) String() string {
	if int(c) < len(commitNames) {
		return commitNames[c]
	}
	return "CommitPath(" + strconv.Itoa(int(c)) + ")"
}

// StageRecord holds what each stage of the last UpdateObjectInternal
// produced. Set Object.Record to a StageRecord to enable it; the tick
// overwrites it in place and never allocates.
type StageRecord struct {
	// Ran reports which stages ran this tick.
	Ran [NumStages]bool
	// Pos is each stage's output. For StageRootMotion and StageAdjustOffset
	// it is the body-local offset frame and Cell is 0; for the others it is a
	// position in Cell's landblock (StageCombine and StagePhysics carry the
	// body's cell, though the candidate may lie past the landblock edge).
	Pos [NumStages]Position
	// Commit says which path committed the candidate.
	Commit CommitPath
}

// record stores p as stage s's output when recording is on. Only the
// nil test is inlined into the tick: it is one compare of the field in
// memory, where the store inlined at each of the seven call sites cost a
// load, a test and the code of the copy around every one.
func (o *Object) record(s Stage, cell uint32, f *Frame) {
	if o.Record != nil {
		o.Record.store(s, cell, f)
	}
}

// store is record's work, kept out of line.
//
//go:noinline
func (r *StageRecord) store(s Stage, cell uint32, f *Frame) {
	r.Ran[s] = true
	r.Pos[s] = Position{Cell: cell, Frame: *f}
}
