// MotionInterp: the part of CMotionInterp the remote-object pipeline needs —
// the interpreted motion state a server UpdateMotion carries, my_run_rate and
// current_speed_factor, the speeds the catch-up formula and the legacy
// reading read (get_adjusted_max_speed, get_max_speed, get_state_velocity),
// and applying the state to the part array's sequence (READINGS.md items 10
// and 11; seed 002 §5; ACE MotionInterp.cs).

package anim

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/physics"
)

// InterpretedState is the interpreted motion state of the recording's
// motion event (spec/recording-v1.md): InterpretedMotionState's forward,
// sidestep and turn commands with their speeds, plus the event's optional
// run_rate and its moving_to flag. Forward is the command after run
// conversion. The left and backward names are kept as the recording spells
// them; StateVelocity folds them as adjust_motion does.
type InterpretedState struct {
	Forward       Motion // Ready, WalkForward, RunForward or WalkBackward
	ForwardSpeed  float32
	Sidestep      Motion // MotionNone, SideStepRight or SideStepLeft
	SidestepSpeed float32
	Turn          Motion // MotionNone, TurnRight or TurnLeft
	TurnSpeed     float32
	// RunRate sets my_run_rate when HasRunRate is true.
	RunRate    float32
	HasRunRate bool
	// MovingTo is what IsMovingTo answers.
	MovingTo bool
}

// DefaultInterpretedState is the state CMotionInterp starts in and
// StopCompletely returns to: Ready at speed 1, no sidestep, no turn, every
// speed 1 (ACE InterpretedMotionState, StopCompletely).
func DefaultInterpretedState() InterpretedState {
	return InterpretedState{Forward: Ready, ForwardSpeed: 1, SidestepSpeed: 1, TurnSpeed: 1}
}

// Validate reports the first field that is out of range: a command in the
// wrong slot, a speed that is not finite, or a run rate that is negative or
// not finite.
func (st *InterpretedState) Validate() error {
	switch {
	case !st.Forward.IsForward():
		return fmt.Errorf("forward: %s is not a forward command", st.Forward)
	case !st.Sidestep.IsSidestep():
		return fmt.Errorf("sidestep: %s is not a sidestep command", st.Sidestep)
	case !st.Turn.IsTurn():
		return fmt.Errorf("turn: %s is not a turn command", st.Turn)
	case !finite(st.ForwardSpeed):
		return fmt.Errorf("forward_speed: must be finite")
	case !finite(st.SidestepSpeed):
		return fmt.Errorf("sidestep_speed: must be finite")
	case !finite(st.TurnSpeed):
		return fmt.Errorf("turn_speed: must be finite")
	case st.HasRunRate && (!finite(st.RunRate) || st.RunRate < 0):
		return fmt.Errorf("run_rate: must be finite and >= 0")
	}
	return nil
}

// MotionInterp is a CMotionInterp reduced to what the pipeline reads. Create
// it with NewMotionInterp; it holds only plain values, so copying the struct
// (or CopyFrom / Clone) is a deep copy.
type MotionInterp struct {
	state              InterpretedState
	myRunRate          float32
	currentSpeedFactor float32
	// serverActionStamp is server_action_stamp (actions.go).
	serverActionStamp uint16
	// moveTo says a MoveToManager is running (engine sets it): the other
	// half of MovementManager::IsMovingTo.
	moveTo bool
}

// Compile-time check: the physics object and the interpolation manager read
// the motion interpreter through physics.MotionInterpreter.
var _ physics.MotionInterpreter = (*MotionInterp)(nil)

// NewMotionInterp returns a motion interpreter as the CMotionInterp
// constructor leaves it: my_run_rate 1, current_speed_factor 1, and the
// default interpreted state (ACE MotionInterp.cs).
func NewMotionInterp() *MotionInterp {
	return &MotionInterp{
		state:              DefaultInterpretedState(),
		myRunRate:          DefaultRunRate,
		currentSpeedFactor: DefaultSpeedFactor,
	}
}

// SetRunRate sets my_run_rate (the recording's motion.run_rate); it must be
// finite and ≥ 0.
func (m *MotionInterp) SetRunRate(r float32) error {
	if !finite(r) || r < 0 {
		return fmt.Errorf("run_rate: must be finite and >= 0, got %v", r)
	}
	m.myRunRate = r
	return nil
}

// MyRunRate is my_run_rate.
func (m *MotionInterp) MyRunRate() float32 { return m.myRunRate }

// CurrentSpeedFactor is current_speed_factor (1.0; nothing in the remote
// pipeline changes it).
func (m *MotionInterp) CurrentSpeedFactor() float32 { return m.currentSpeedFactor }

// State returns the interpreted state as last applied.
func (m *MotionInterp) State() InterpretedState { return m.state }

// IsMovingTo is what CPhysicsObj::IsMovingTo answers for the object
// (MovementManager::IsMovingTo, seed 004 §6): the moving_to flag of the
// last motion event, or a MoveToManager running (SetMoveToRunning).
func (m *MotionInterp) IsMovingTo() bool { return m.state.MovingTo || m.moveTo }

// SetMoveToRunning records whether the object's MoveToManager is moving it
// (MoveToManager::is_moving_to).
func (m *MotionInterp) SetMoveToRunning(on bool) { m.moveTo = on }

// ApplyInterpreted applies a motion event: CMotionInterp::
// move_to_interpreted_state followed by apply_interpreted_movement (ACE
// MotionInterp.cs). It stores st, sets my_run_rate from st.RunRate when
// given, then — as apply_interpreted_movement does — sets my_run_rate to the
// forward speed when the forward command is RunForward, and drives pa's
// sequence from pa's motion table:
//
//   - the forward command's MotionData becomes the cycle at ForwardSpeed:
//     add_motion, which assigns velocity and omega and appends the
//     animations with framerate × speed (the same cycle at a same-signed
//     speed is retimed in place instead, keeping its phase);
//   - the sidestep and then the turn command's MotionData are layered on it
//     with combine_motion at their speeds (physics only, no animations);
//     None removes a layer with subtract_motion.
//
// Retail's motion table can also make a sidestep or turn the cycle itself
// when the forward command is Ready (CMotionTable::is_allowed); Glidepath
// always layers them, which gives the same velocity and omega.
//
// Each command is looked up under its own name, so the table's
// WalkBackward, SideStepLeft and TurnLeft entries carry their direction
// (negative framerate and mirrored velocity or omega) and the speeds stay
// positive. pa may be nil (the state changes, no sequence is driven). On
// error nothing changes.
func (m *MotionInterp) ApplyInterpreted(st InterpretedState, pa *PartArray) error {
	if err := st.Validate(); err != nil {
		return err
	}
	var fwd, side, turn *MotionData
	if pa != nil {
		var err error
		if fwd, err = pa.motionData(st.Forward); err != nil {
			return err
		}
		if st.Sidestep != MotionNone {
			if side, err = pa.motionData(st.Sidestep); err != nil {
				return err
			}
		}
		if st.Turn != MotionNone {
			if turn, err = pa.motionData(st.Turn); err != nil {
				return err
			}
		}
	}
	m.state = st
	if st.HasRunRate {
		m.myRunRate = st.RunRate
	}
	if st.Forward == RunForward {
		m.myRunRate = st.ForwardSpeed
	}
	if pa == nil {
		return nil
	}
	pa.setCycle(st.Forward, fwd, st.ForwardSpeed)
	pa.setModifier(slotSidestep, st.Sidestep, side, st.SidestepSpeed)
	pa.setModifier(slotTurn, st.Turn, turn, st.TurnSpeed)
	return nil
}

// AdjustedMaxSpeed is CMotionInterp::get_adjusted_max_speed (READINGS.md
// item 10; ACE MotionInterp.cs): 4.0 × (forward_speed /
// current_speed_factor when the interpreted forward command is RunForward,
// else my_run_rate). The interpolation manager's catch-up speed is twice
// this.
func (m *MotionInterp) AdjustedMaxSpeed() float32 {
	rate := m.myRunRate
	if m.state.Forward == RunForward {
		rate = float32(m.state.ForwardSpeed / m.currentSpeedFactor)
	}
	return float32(rate * AdjustedMaxSpeedScale)
}

// MaxSpeed is CMotionInterp::get_max_speed (ACE MotionInterp.cs):
// RunAnimSpeed × my_run_rate.
func (m *MotionInterp) MaxSpeed() float32 {
	return float32(RunAnimSpeed * m.myRunRate)
}

// StateVelocity is CMotionInterp::get_state_velocity (0x00528960, seed 002
// §5; ACE MotionInterp.cs): the body-local velocity the interpreted state
// asks for — SidestepAnimSpeed × sidestep speed on X, WalkAnimSpeed or
// RunAnimSpeed × forward speed on Y — capped in length at RunAnimSpeed ×
// my_run_rate. WalkBackward counts as WalkForward at speed ×
// −BackwardsFactor and SideStepLeft as SideStepRight at −speed, the
// commands adjust_motion would have produced.
func (m *MotionInterp) StateVelocity() mgl32.Vec3 {
	var v mgl32.Vec3
	st := &m.state
	switch st.Sidestep {
	case SideStepRight:
		v[0] = float32(SidestepAnimSpeed * st.SidestepSpeed)
	case SideStepLeft:
		v[0] = float32(SidestepAnimSpeed * -st.SidestepSpeed)
	}
	switch st.Forward {
	case WalkForward:
		v[1] = float32(WalkAnimSpeed * st.ForwardSpeed)
	case RunForward:
		v[1] = float32(RunAnimSpeed * st.ForwardSpeed)
	case WalkBackward:
		v[1] = float32(WalkAnimSpeed * float32(st.ForwardSpeed*-BackwardsFactor))
	}
	maxSpeed := float32(RunAnimSpeed * m.myRunRate)
	if l := v.Len(); l > maxSpeed && l > 0 {
		v = v.Mul(float32(maxSpeed / l))
	}
	return v
}

// CopyFrom makes m a copy of src.
func (m *MotionInterp) CopyFrom(src *MotionInterp) { *m = *src }

// Clone returns a copy of m.
func (m *MotionInterp) Clone() *MotionInterp {
	c := *m
	return &c
}

func finite(x float32) bool {
	f := float64(x)
	return !math.IsNaN(f) && !math.IsInf(f, 0)
}
