// The stage table: each stage of the tick as retail names it, with the
// address the seeds give (seed 003 "Top-level call graph", seed 000 §4, §6,
// seed 002 §1).

package pipeline

import (
	"glidepath/engine/eventlog"
	"glidepath/physics"
)

// Step describes one stage of UpdateObjectInternal.
type Step struct {
	Stage physics.Stage
	// Name is the retail call, Inner the manager call it is about (may be
	// empty), Addr their addresses as the seeds give them.
	Name, Inner string
	Addr        string
	// Seed is the section that specifies it (for the code's readers; the
	// panel shows Doc).
	Seed string
	// Doc is the docs/pipeline.md section that explains it to users.
	Doc string
}

// Steps are the stages in retail order.
var Steps = [physics.NumStages]Step{
	{physics.StageRootMotion, "CPartArray::Update", "CSequence::update", "0x00517DB0 → 0x00525B80", "seed 002 §1–§4, seed 003 §2 row 3", eventlog.StageDoc(physics.StageRootMotion)},
	{physics.StageAdjustOffset, "PositionManager::adjust_offset", "InterpolationManager::adjust_offset", "0x00555190 → 0x00555D30", "seed 000 §4, seed 003 §10", eventlog.StageDoc(physics.StageAdjustOffset)},
	{physics.StageCombine, "Frame::combine", "", "0x005122E0", "seed 003 §2 row 5, §7", eventlog.StageDoc(physics.StageCombine)},
	{physics.StagePhysics, "CPhysicsObj::UpdatePhysicsInternal", "", "0x00510700", "seed 003 §4", eventlog.StageDoc(physics.StagePhysics)},
	{physics.StageTransition, "CPhysicsObj::transition", "CTransition::find_valid_position", "0x00512DC0", "seed 003 §1 row 7b, §5", eventlog.StageDoc(physics.StageTransition)},
	{physics.StageCommit, "CPhysicsObj::SetPositionInternal", "", "0x00515330 (set_frame 0x00514090 when the sweep fails or does not run)", "seed 003 §1 row 7, §6, §9", eventlog.StageDoc(physics.StageCommit)},
	{physics.StageUseTime, "PositionManager::UseTime", "InterpolationManager::UseTime", "→ 0x00555F20", "seed 000 §6, seed 003 §1 rows 10–12", eventlog.StageDoc(physics.StageUseTime)},
}

// Entry is the tick's entry point.
var Entry = Step{Stage: physics.NumStages, Name: "CPhysicsObj::UpdateObjectInternal", Addr: "0x005156B0", Seed: "seed 003 §1, §12", Doc: eventlog.TickDoc}

// Stepper is the sub-tick cursor: which stage the viewport shows the
// candidate after, the deliver stage (the tick's messages, handled before
// the stages run), or none.
type Stepper struct {
	at int // −1: the whole tick; StageDeliver; else a physics.Stage
}

// StageDeliver is Stage's value on the deliver stage, the panel's first.
const StageDeliver = -2

// NewStepper returns a stepper showing the whole tick.
func NewStepper() Stepper { return Stepper{at: -1} }

// Stage is the stage stepped to: −1 for the whole tick, StageDeliver, or a
// physics.Stage.
func (s *Stepper) Stage() int { return s.at }

// Active reports whether sub-tick stepping is on.
func (s *Stepper) Active() bool { return s.at != -1 }

// Number is the stage's place in the panel, 1 (deliver) to NumPanelStages,
// or 0 for the whole tick.
func (s *Stepper) Number() int {
	switch {
	case s.at == StageDeliver:
		return 1
	case s.at < 0:
		return 0
	}
	return s.at + 2
}

// Next steps to the next stage: from the whole tick to deliver, then to
// each stage that ran (ran says which did); past the last it returns to
// the whole tick.
func (s *Stepper) Next(ran [physics.NumStages]bool) {
	if s.at == -1 {
		s.at = StageDeliver
		return
	}
	for k := max(s.at, -1) + 1; k < int(physics.NumStages); k++ {
		if ran[k] {
			s.at = k
			return
		}
	}
	s.at = -1
}

// Prev steps to the previous stage that ran; from the whole tick it goes to
// the last stage, before the first it goes to deliver, and from deliver
// back to the whole tick.
func (s *Stepper) Prev(ran [physics.NumStages]bool) {
	if s.at == StageDeliver {
		s.at = -1
		return
	}
	from := s.at
	if from < 0 {
		from = int(physics.NumStages)
	}
	for k := from - 1; k >= 0; k-- {
		if ran[k] {
			s.at = k
			return
		}
	}
	s.at = StageDeliver
}

// Reset returns to the whole tick.
func (s *Stepper) Reset() { s.at = -1 }
