package interp

import (
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/physics"
)

// unstickCounter is a walker that counts unstick_from_object.
type unstickCounter struct {
	*walker
	unsticks int
}

func (u *unstickCounter) Unstick() { u.unsticks++ }

// PerformMovement unsticks before it starts the request (ACE
// MoveToManager.PerformMovement: CancelMoveTo, then
// PhysicsObj.unstick_from_object): a mover stuck to its melee target and
// sent a new move-to leaves the target first.
func TestMoveTo_PerformUnsticksFirst(t *testing.T) {
	u := &unstickCounter{walker: newWalker(10, 10, 0)}
	var m MoveToManager
	m.Bind(u, 1, 0)
	m.St.Stuck = true
	p := DefaultMovementParams()
	p.DesiredHeading = 90
	m.Perform(&MoveToRequest{Type: TurnToHeading, Params: p})
	if u.unsticks != 1 || m.St.Stuck {
		t.Errorf("unsticks %d, stuck %v; want one unstick before the turn", u.unsticks, m.St.Stuck)
	}
}

// HandleTurnToHeading's progress window (ACE MoveToManager
// HandleTurnToHeading): a tick whose heading moved the way of the turn by
// less than 180° is progress and clears fail_progress_count; a tick that
// moved the other way (the difference the long way round) is none and
// counts.
func TestMoveTo_TurnProgressWindow(t *testing.T) {
	w := newWalker(10, 10, 0)
	var m MoveToManager
	m.Bind(w, 1, 0)
	p := DefaultMovementParams()
	p.DesiredHeading = 90
	m.Perform(&MoveToRequest{Type: TurnToHeading, Params: p})
	m.UseTime() // begins the turn right
	if w.turn != MoveCmdTurnRight {
		t.Fatalf("turn %v", w.turn)
	}
	step := func(h float32) uint32 {
		w.pos.Frame.SetHeading(h)
		m.UseTime()
		return uint32(m.St.FailProgressCount)
	}
	step(10)
	if n := step(20); n != 0 {
		t.Errorf("10° the way of the turn: fail count %d, want 0", n)
	}
	if n := step(15); n != 1 {
		t.Errorf("5° back against the turn: fail count %d, want 1", n)
	}
	if n := step(25); n != 0 {
		t.Errorf("turning on again: fail count %d, want 0", n)
	}
}

// HitGround restarts the head node (ACE MoveToManager.HitGround:
// BeginNextNode): landing from a jump mid-move-to issues the walk again.
func TestMoveTo_HitGroundRestartsTheNode(t *testing.T) {
	w := newWalker(10, 10, 0)
	var m MoveToManager
	now := 0.0
	m.Bind(w, 1, now)
	p := DefaultMovementParams()
	dest := physics.NewPosition(0xA9B4001C, mgl32.Vec3{10, 40, 0}, 0)
	m.Perform(&MoveToRequest{Type: MoveToPosition, Position: dest, Params: p})
	runMoveTo(&m, w, &now, 10)
	if !m.IsMovingTo() {
		t.Fatal("the move-to ended early")
	}
	w.calls = nil
	m.HitGround()
	if !strings.Contains(strings.Join(w.calls, ","), "do ") {
		t.Errorf("HitGround issued %v; want the head node begun again", w.calls)
	}
}
