package capture_test

import (
	"bytes"
	"testing"

	"glidepath/assets"
	"glidepath/engine"
	"glidepath/engine/capture"
	"glidepath/engine/capture/capturetest"
	"glidepath/engine/recording"
)

// A monster already in melee when it comes into view: its CreateObject's
// movement block is a standing Ready with a stick-to target (motion flag
// 0x1, the sticky guid after the interpreted state: ACE MovementData,
// InterpretedMotionState; Monster_Melee.cs sets StickToObject on every
// swing). Standing Ready alone is what a new object does anyway and
// emits nothing, but the stick-to must reach the StickyManager
// (MovementManager::unpack_movement → PositionManager::StickTo), so the
// block is a motion event carrying stick_to "observer", and a run of the
// import has the monster stuck to the player.
func TestCreateObject_StandingReadyKeepsStickTo(t *testing.T) {
	var buf bytes.Buffer
	s := session(&buf)
	const player, monster, idle = capturetest.PlayerGUID, 0x80000070, 0x80000071
	s.Message(0, capturetest.PlayerCreate(player))
	s.Message(0, recording.EncodeUpdatePosition(&recording.UpdatePosition{GUID: player, Pos: at(0xA9B4001F, 10, 10, 0)}))
	p := at(0xA9B4001F, 11.8, 10, 0)
	s.Message(0.5, capturetest.CreateObjectWith(capturetest.Create{GUID: monster, Name: "Drudge", Pos: &p, State: 0x408,
		MotionTable: 0x09000001, Stamps: [9]uint16{1, 2, 0, 0, 0, 3, 0, 0, 4},
		Movement: &capturetest.Movement{Motion: recording.NewMotion(), StickTo: player}}))
	// The same block without the stick-to: nothing to emit.
	q := at(0xA9B4001F, 30, 30, 0)
	s.Message(0.5, capturetest.CreateObjectWith(capturetest.Create{GUID: idle, Name: "Idle", Pos: &q, State: 0x408,
		MotionTable: 0x09000001, Movement: &capturetest.Movement{Motion: recording.NewMotion()}}))
	s.Flush(0.5)
	rec, _ := importBytes(t, "create-ready-sticky", buf.Bytes(), capture.Options{})
	var motions []recording.Event
	for _, ev := range rec.Events {
		if ev.Kind == recording.KindMotion {
			motions = append(motions, ev)
		}
	}
	if len(motions) != 1 {
		t.Fatalf("%d motion events, want 1 (the monster's stick-to; the idle one's standing Ready emits nothing): %v", len(motions), motions)
	}
	m := motions[0]
	if m.GUID != monster || m.T != 0.5 || m.Motion.StickTo != recording.ObserverTarget || m.Motion.Forward != recording.Ready {
		t.Fatalf("motion %+v of %08X at %v, want the monster's standing Ready stuck to the observer at 0.5", m.Motion, m.GUID, m.T)
	}

	// The import run: the StickyManager holds the player.
	sim, err := engine.New(rec, engine.Options{Assets: assets.FS()})
	if err != nil {
		t.Fatal(err)
	}
	for sim.Tick() < 20 {
		sim.Step()
	}
	v, ok := sim.Query().Object(monster)
	if !ok || !v.Stuck || v.Sticky.TargetID != recording.ObserverTarget {
		t.Errorf("monster at tick %d: stuck %v, sticky target %08X; want stuck to the observer", sim.Tick(), v.Stuck, v.Sticky.TargetID)
	}
}
