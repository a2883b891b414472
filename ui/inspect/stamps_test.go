// Tests of the stamp, MoveToManager and StickyManager blocks.

package inspect

import (
	"strings"
	"testing"

	"glidepath/engine"
	"glidepath/engine/recording"
	"glidepath/interp"
	"glidepath/physics"
	"glidepath/ui/model"
	"glidepath/ui/model/modeltest"
)

// stick sticks o to target, last seen d from the body, at a standoff of
// 1 m.
func stick(o *engine.ObjectView, target uint32, d model.Vec3) {
	at := model.Global(&o.Position).Add(d)
	o.Stuck, o.StickyStandoff = true, 1
	o.Sticky.TargetID, o.Sticky.TargetPosition = target, modeltest.InCell(o.Position.Cell, at, 0)
}

func text(ls []Line) string {
	s := ""
	for _, l := range ls {
		s += l.Label + " = " + l.Value + strings.Join(l.Cells, " ") + "\n"
	}
	return s
}

// seed 004 §2–§3: each stamp beside the stored one, compared as
// newer_event compares (exactly 0x8000 apart is neither newer nor older),
// and the verdict naming the stamp that dropped the update.
func TestInspect_StampBlock(t *testing.T) {
	o := object()
	o.LastRoute = physics.RouteStalePosition
	o.HasStamps = true
	o.LastStamps.Incoming = [4]uint16{1, 0x8064, 0, 0}
	o.LastStamps.Stored = [4]uint16{1, 0x64, 0, 3}
	got := text(Inspect(o, 100, 30))
	for _, want := range []string{
		"instance = message 1 · stored 1 · equal",
		"position = message 32868 · stored 100 · 0x8000 apart",
		"force_position = message 0 · stored 3 · older",
		"verdict = DROPPED as stale: position 0x8000 apart (newer_event wants newer)",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in\n%s", want, got)
		}
	}
	o.LastRoute, o.LastStamps.Incoming[1], o.LastStamps.Incoming[2], o.LastStamps.Stored[2] = physics.RouteTeleport, 0x65, 7, 6
	if got := text(Inspect(o, 100, 30)); !strings.Contains(got, "position = message 101 · stored 100 · newer") || !strings.Contains(got, "teleport stamp newer → teleport") {
		t.Errorf("accepted teleport:\n%s", got)
	}
	o.LastRoute, o.LastStamps.Incoming[0] = physics.RouteWrongInstance, 2
	if got := text(Inspect(o, 100, 30)); !strings.Contains(got, "DROPPED: instance newer (must equal)") {
		t.Errorf("wrong instance:\n%s", got)
	}
}

// The MoveToManager block lists the pending nodes and commands; the
// StickyManager block the standoff.
func TestInspect_ManagerBlocks(t *testing.T) {
	o := object()
	o.MoveTo = &interp.MoveToState{Type: interp.MoveToObject, TopLevelObjectID: 0x80000A02}
	o.MoveTo.Pending[0] = interp.MoveNode{Type: interp.TurnToHeading, Heading: 270}
	o.MoveTo.Pending[1] = interp.MoveNode{Type: interp.MoveToPosition}
	o.MoveTo.NumPending = 2
	o.MoveTo.CurrentCommand = interp.MoveCmdTurnLeft
	stick(o, 0x80000A02, model.Vec3{3, 4, 0})
	got := text(Inspect(o, 100, 30))
	for _, want := range []string{
		"movement_type = MoveToObject",
		"pending_actions = turn to 270.0° → move",
		"commands = TurnLeft · aux None",
		"standoff = 1.00 m between centres · now 5.00 m",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in\n%s", want, got)
		}
	}
}

// A move-to toward the player (a capture's monster chasing it) names the
// observer, not the reserved guid standing for it.
func TestInspect_MoveToObserverNamed(t *testing.T) {
	o := object()
	o.MoveTo = &interp.MoveToState{Type: interp.MoveToObject, TopLevelObjectID: recording.ObserverTarget}
	got := text(Inspect(o, 100, 30))
	if !strings.Contains(got, "sought object = the observer (player)") || strings.Contains(got, "0xFFFFFFFF") {
		t.Errorf("the observer target is not named:\n%s", got)
	}
}

// A stick to the player (an UpdateMotion's stick_to "observer", a monster's
// melee swing) names the observer, not the reserved guid.
func TestInspect_StickToObserverNamed(t *testing.T) {
	o := object()
	stick(o, recording.ObserverTarget, model.Vec3{1, 0, 0})
	got := text(Inspect(o, 100, 30))
	if !strings.Contains(got, "target_id = the observer (player)") || strings.Contains(got, "0xFFFFFFFF") {
		t.Errorf("sticky block:\n%s", got)
	}
}
