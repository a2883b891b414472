package scenario

import (
	"testing"

	"glidepath/engine/recording"
)

// docs/scenarios.md "attack and emote": each step sends one UpdateMotion
// whose action list holds the action under the next 15-bit action stamp,
// at the step's time; the body stands (Ready) and its truth does not move.
func TestActions_AttackAndEmoteSendActionLists(t *testing.T) {
	rec := compileText(t, `duration: 6
remotes:
  - guid: 0x80001501
    position: [90, 90]
    heading: 90
    script:
      - wait: 1
      - attack: true
      - wait: 2
      - emote: Wave
        speed: 1.5
      - attack: Attack
`)
	var got []recording.Action
	var times []float64
	for _, ev := range ofKind(rec, recording.KindMotion, 0x80001501) {
		if ev.Motion.NumActions == 0 {
			continue
		}
		if ev.Motion.Forward != recording.Ready || ev.Motion.NumActions != 1 {
			t.Errorf("t %.2f: motion %+v", ev.T, ev.Motion)
		}
		got = append(got, ev.Motion.ActionList()...)
		times = append(times, ev.T)
	}
	want := []recording.Action{
		{Command: recording.ActionAttack, Stamp: 1, Speed: 1},
		{Command: recording.ActionWave, Stamp: 2, Speed: 1.5},
		{Command: recording.ActionAttack, Stamp: 3, Speed: 1},
	}
	if len(got) != len(want) {
		t.Fatalf("actions %+v, want %+v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("action %d: %+v, want %+v", i, got[i], want[i])
		}
	}
	// Reliable delivery at the default latency: each is sent at its step.
	if times[0] < 1 || times[0] > 1.5 || times[1] < 3 || times[1] > 3.5 {
		t.Errorf("sent at %v", times)
	}
	for _, ev := range ofKind(rec, recording.KindTruth, 0x80001501) {
		if x, y, _ := globalXY(ev.Pos); x != 0xA9*192+90 || y != 0xB4*192+90 {
			t.Fatalf("truth moved to (%v, %v) at t %.2f", x, y, ev.T)
		}
	}
}

// docs/scenarios.md "stick_to": one UpdateMotion of movement type
// MoveToObject naming the target, sticky, at the step's time; a later
// remote may be the target.
func TestActions_StickToSendsStickyMoveToObject(t *testing.T) {
	rec := compileText(t, `duration: 3
remotes:
  - guid: 0x80001502
    position: [95, 90]
    script:
      - wait: 1
      - stick_to: 0x80001501
  - guid: 0x80001501
    position: [90, 90]
`)
	var found []recording.Motion
	for _, ev := range ofKind(rec, recording.KindMotion, 0x80001502) {
		if ev.Motion.MovementType != recording.InterpretedCommand {
			found = append(found, ev.Motion)
			if ev.T < 1 || ev.T > 1.5 {
				t.Errorf("sent at %v", ev.T)
			}
		}
	}
	if len(found) != 1 || found[0].MovementType != recording.MoveToObject || found[0].Target != 0x80001501 || !found[0].Sticky {
		t.Errorf("move-to events %+v", found)
	}
}

// docs/scenarios.md "move_to": a remote's guid sends a MoveToObject with
// its parameters (distance, speed, sticky as flag 0x80, heading as
// use_final_heading 0x40 with desired_heading); a point sends a
// MoveToPosition to that point's cell and origin on the ground.
func TestActions_MoveToSendsMoveToParameters(t *testing.T) {
	rec := compileText(t, `duration: 3
remotes:
  - guid: 0x80001502
    position: [95, 90]
    script:
      - move_to: 0x80001501
        sticky: true
        distance: 1.5
        speed: 2
      - wait: 1
      - move_to: [100, 80]
        heading: 90
  - guid: 0x80001501
    position: [90, 90]
`)
	var found []recording.Motion
	for _, ev := range ofKind(rec, recording.KindMotion, 0x80001502) {
		if ev.Motion.MovementType != recording.InterpretedCommand {
			found = append(found, ev.Motion)
		}
	}
	if len(found) != 2 {
		t.Fatalf("move-to events %+v", found)
	}
	o, p := found[0], found[1]
	if o.MovementType != recording.MoveToObject || o.Target != 0x80001501 || !o.Sticky || o.MoveTo == nil ||
		o.MoveTo.Distance != 1.5 || o.MoveTo.Speed != 2 || o.MoveTo.Flags != recording.DefaultMoveFlags|recording.MoveFlagSticky {
		t.Errorf("MoveToObject %+v %+v", o, o.MoveTo)
	}
	if p.MovementType != recording.MoveToPosition || p.MoveTo == nil || p.MoveTo.Flags&recording.MoveFlagUseFinalHeading == 0 ||
		p.MoveTo.DesiredHeading != 90 || p.MoveTo.Distance != recording.DefaultMoveDistance {
		t.Fatalf("MoveToPosition %+v %+v", p, p.MoveTo)
	}
	if x, y, _ := globalXY(p.MoveTo.Position); x != 0xA9*192+100 || y != 0xB4*192+80 {
		t.Errorf("destination (%v, %v)", x, y)
	}
}

// docs/scenarios.md "turn_to_object", "turn_to_heading": the client's
// TurnToObject (naming the remote) and TurnToHeading (the heading as
// desired_heading, wrapped into [0, 360)) with their speed; turn_to, which
// turns the server's truth, sends no move-to.
func TestActions_TurnToObjectAndHeading(t *testing.T) {
	rec := compileText(t, `duration: 3
remotes:
  - guid: 0x80001502
    position: [95, 90]
    script:
      - turn_to_object: 0x80001501
        speed: 1.5
      - wait: 1
      - turn_to_heading: -90
      - turn_to: 45
  - guid: 0x80001501
    position: [90, 90]
`)
	var found []recording.Motion
	for _, ev := range ofKind(rec, recording.KindMotion, 0x80001502) {
		if ev.Motion.MovementType != recording.InterpretedCommand {
			found = append(found, ev.Motion)
		}
	}
	if len(found) != 2 {
		t.Fatalf("move-to events %+v", found)
	}
	o, h := found[0], found[1]
	if o.MovementType != recording.TurnToObject || o.Target != 0x80001501 || o.MoveTo == nil || o.MoveTo.Speed != 1.5 {
		t.Errorf("TurnToObject %+v %+v", o, o.MoveTo)
	}
	if h.MovementType != recording.TurnToHeading || h.MoveTo == nil || h.MoveTo.DesiredHeading != 270 || h.MoveTo.Speed != 1 {
		t.Errorf("TurnToHeading %+v %+v", h, h.MoveTo)
	}
}
