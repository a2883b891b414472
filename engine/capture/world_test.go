package capture_test

import (
	"bytes"
	"fmt"
	"net/netip"
	"strings"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/engine/capture"
	"glidepath/engine/capture/capturetest"
	"glidepath/engine/recording"
	"glidepath/physics"
)

var (
	serverAddr = netip.MustParseAddrPort("127.0.0.1:9001")
	clientAddr = netip.MustParseAddrPort("127.0.0.1:61000")
	base       = time.Date(2026, 11, 25, 9, 0, 0, 0, time.UTC)
)

// session returns a session writing a pcap on Ethernet into buf, with its
// first server frame at t = 0.
func session(buf *bytes.Buffer) *capturetest.Session {
	s := testSession(buf, capturetest.Pcap, capturetest.Ethernet)
	s.TimeSync(0)
	return s
}

func testSession(buf *bytes.Buffer, f capturetest.Format, l capturetest.Link) *capturetest.Session {
	s := &capturetest.Session{F: capturetest.NewFile(buf, f, l)}
	s.Server, s.Client = serverAddr, clientAddr
	s.Base = base
	return s
}

func at(cell uint32, x, y, z float32) physics.Position {
	return physics.Position{Cell: cell, Frame: physics.NewFrame(mgl32.Vec3{x, y, z}, mgl32.QuatIdent())}
}

func TestUpdateBeforeCreate_CreatedWithDefaults(t *testing.T) {
	var buf bytes.Buffer
	s := session(&buf)
	u := recording.UpdatePosition{GUID: 0x80000001, Pos: at(0xA9B4001F, 10, 20, 5), Grounded: true,
		Seq: recording.PositionSeq{Instance: 3, Position: 0, Teleport: 2, ForcePosition: 1}}
	s.Message(0.5, recording.EncodeUpdatePosition(&u))
	s.Flush(0.5)
	rec, _ := importBytes(t, "before", buf.Bytes(), capture.Options{})
	if len(rec.Events) != 2 || rec.Events[0].Kind != recording.KindCreate || rec.Events[1].Kind != recording.KindPosition {
		t.Fatalf("events %v", rec.Events)
	}
	e := rec.Events[0].Entity
	want := recording.Seq{Instance: 3, Position: 0xFFFF, Teleport: 2, ForcePosition: 1}
	if e.GUID != u.GUID || e.Pos.Frame.Origin != u.Pos.Frame.Origin || e.Seq != want || !e.HasMotion || rec.Events[0].T != 0.5 {
		t.Errorf("created %+v at %v; want the update's position, stamps %+v (the update newer), a motion interpreter", e, rec.Events[0].T, want)
	}
	if rec.Header.Terrain.Z != 5 {
		t.Errorf("terrain z %v, want the first position's 5", rec.Header.Terrain.Z)
	}
}

func TestPlayer_PositionsAreObserverEvents(t *testing.T) {
	for _, given := range []bool{false, true} {
		var buf bytes.Buffer
		s := session(&buf)
		const player = 0x50000009
		if !given {
			s.Message(0, capturetest.PlayerCreate(player))
		}
		s.Message(0, capturetest.CreateObject(player, "Me", at(0xA9B4001F, 1, 2, 3), recording.Seq{Instance: 1}, true, nil))
		u := recording.UpdatePosition{GUID: player, Pos: at(0xA9B4001F, 4, 5, 6)}
		s.Message(1, recording.EncodeUpdatePosition(&u))
		s.Flush(1)
		s.ClientMessage(2, capturetest.AutonomousPosition(1, at(0xA9B4001F, 7, 8, 9)))
		s.ClientMessage(3, capturetest.MoveToState(2, at(0xA9B4001F, 10, 11, 12)))
		opts := capture.Options{Player: player, HasPlayer: given}
		rec, sum := importBytes(t, "player", buf.Bytes(), opts)
		var obs []mgl32.Vec3
		for _, ev := range rec.Events {
			if ev.Kind != recording.KindObserver {
				t.Fatalf("given=%v: a %s event for the player", given, ev.Kind)
			}
			obs = append(obs, ev.Pos.Frame.Origin)
		}
		want := []mgl32.Vec3{{1, 2, 3}, {4, 5, 6}, {7, 8, 9}, {10, 11, 12}}
		if len(obs) != 4 || obs[0] != want[0] || obs[1] != want[1] || obs[2] != want[2] || obs[3] != want[3] {
			t.Errorf("given=%v: observer positions %v, want %v", given, obs, want)
		}
		if !rec.Header.HasObserver || rec.Header.Observer.Frame.Origin != want[0] || sum.Player != "0x50000009" {
			t.Errorf("given=%v: header observer %v, player %q", given, rec.Header.Observer, sum.Player)
		}
	}
}

func TestCreateMotionVectorDelete(t *testing.T) {
	var buf bytes.Buffer
	s := session(&buf)
	const g = 0x80000002
	walk := recording.NewMotion()
	walk.Forward, walk.ForwardSpeed = recording.RunForward, 1.5
	s.Message(0, capturetest.CreateObject(g, "Drudge", at(0xA9B4001F, 1, 2, 3), recording.Seq{Instance: 4, Position: 9, Vector: 2}, true, &walk))
	m := recording.NewMotion()
	m.Forward, m.Sidestep, m.SidestepSpeed, m.Turn, m.TurnSpeed = recording.WalkBackward, recording.SideStepLeft, 0.5, recording.TurnRight, 1.25
	s.Message(1, capturetest.UpdateMotion(g, 4, 1, m, []capturetest.Action{{Command: 0x0062, Stamp: 3, Autonomous: true, Speed: 1}, {Command: 0x0063, Stamp: 4, Speed: 2}}))
	v := recording.Vector{Velocity: mgl32.Vec3{1, 2, 3}, Omega: mgl32.Vec3{0, 0, 1}, Seq: recording.VectorSeq{Instance: 4, Vector: 3}}
	s.Message(1, capturetest.VectorUpdate(g, v))
	s.Message(2, capturetest.DeleteObject(g, 4))
	s.Flush(2)
	rec, sum := importBytes(t, "cmvd", buf.Bytes(), capture.Options{})
	kinds := []recording.Kind{recording.KindCreate, recording.KindMotion, recording.KindMotion, recording.KindVector, recording.KindDelete}
	if len(rec.Events) != len(kinds) {
		t.Fatalf("events %v", rec.Events)
	}
	for i, k := range kinds {
		if rec.Events[i].Kind != k {
			t.Fatalf("event %d is %s, want %s", i, rec.Events[i].Kind, k)
		}
	}
	e := rec.Events[0].Entity
	if e.Name != "Drudge" || e.Seq != (recording.Seq{Instance: 4, Position: 9, Vector: 2}) || !e.HasMotion {
		t.Errorf("entity %+v", e)
	}
	// Of the action list, AttackHigh1 (0x0062) is carried as Attack;
	// AttackMed1 (0x0063) has no recording command and is dropped, counted.
	got := rec.Events[2].Motion
	acts := got.ActionList()
	got.Actions, got.NumActions = nil, 0
	// The stamps each came with: the CreateObject's instance (its
	// movement and server-control stamps 0), the UpdateMotion's.
	walk.Seq, walk.HasSeq = recording.MotionSeq{Instance: 4}, true
	m.Seq, m.HasSeq = recording.MotionSeq{Instance: 4, Movement: 1}, true
	if rec.Events[1].Motion != walk || got != m {
		t.Errorf("motions %+v %+v, want %+v %+v", rec.Events[1].Motion, got, walk, m)
	}
	if len(acts) != 1 || acts[0] != (recording.Action{Command: recording.ActionAttack, Stamp: 3, Speed: 1, Autonomous: true}) {
		t.Errorf("actions %+v, want Attack stamp 3 autonomous", acts)
	}
	if n := sum.MotionCommands; len(n) == 0 || !strings.Contains(fmt.Sprint(n), "action 0x0063 (dropped)") {
		t.Errorf("not carried %v, want action 0x0063 counted", n)
	}
	if rec.Events[3].Vector != v {
		t.Errorf("vector %+v, want %+v", rec.Events[3].Vector, v)
	}
	if sum.Actions != 2 {
		t.Errorf("actions %d, want the 2 of the action list", sum.Actions)
	}
}

// TestRetransmitAndDuplicateFragment_NoDoubleEvents: a packet sent again
// with flag 0x1, and a fragment repeated in a later packet, give one event.
func TestRetransmitAndDuplicateFragment_NoDoubleEvents(t *testing.T) {
	var buf bytes.Buffer
	s := session(&buf)
	u := recording.UpdatePosition{GUID: 0x80000003, Pos: at(0xA9B4001F, 1, 1, 0), Seq: recording.PositionSeq{Position: 1}}
	msg := recording.EncodeUpdatePosition(&u)
	frags := s.Fragments(msg, 16)
	s.Queue(0.1, frags[2], frags[0])
	s.Flush(0.1)
	s.Retransmit(0.2)
	s.Queue(0.3, frags[0], frags[1])
	s.Flush(0.3)
	s.Queue(0.4, frags[1])
	s.Flush(0.4)
	rec, sum := importBytes(t, "dup", buf.Bytes(), capture.Options{})
	if len(rec.Events) != 2 || rec.Events[1].Kind != recording.KindPosition || rec.Events[1].T != 0.3 {
		t.Fatalf("events %+v", rec.Events)
	}
	if sum.Retransmits != 1 || sum.DuplicateFragments != 2 {
		t.Errorf("retransmits %d, duplicate fragments %d; want 1 and 2", sum.Retransmits, sum.DuplicateFragments)
	}
}

// TestLongName_Shortened: a CreateObject naming its object with 5000
// characters (and control characters) still gives a valid entity.
func TestLongName_Shortened(t *testing.T) {
	var buf bytes.Buffer
	s := session(&buf)
	name := "\x01" + strings.Repeat("\"é", 2500)
	s.Message(0.5, capturetest.CreateObject(0x80000004, name, at(0xA9B4001F, 1, 2, 3), recording.Seq{Instance: 1}, true, nil))
	s.Flush(0.5)
	rec, _ := importBytes(t, "long", buf.Bytes(), capture.Options{})
	if len(rec.Events) != 1 || rec.Events[0].Kind != recording.KindCreate {
		t.Fatalf("events %v", rec.Events)
	}
	got := []rune(rec.Events[0].Entity.Name)
	if len(got) != 256 || got[0] != '?' {
		t.Errorf("name of %d runes starting %q", len(got), string(got[:3]))
	}
	var out bytes.Buffer
	if err := recording.Write("long", &out, rec); err != nil {
		t.Fatal(err)
	}
}

// TestHeldMotion_NeverPositioned: motion of an object that never gets a
// position is dropped and counted; the events after it are not held back
// for ever.
func TestHeldMotion_NeverPositioned(t *testing.T) {
	var buf bytes.Buffer
	s := session(&buf)
	m := recording.NewMotion()
	m.Forward = recording.WalkForward
	s.Message(0.1, capturetest.UpdateMotion(0x80000020, 1, 1, m, nil))
	s.Flush(0.1)
	for i := 0; i < 40; i++ {
		u := recording.UpdatePosition{GUID: 0x80000021, Pos: at(0xA9B4001F, float32(i), 1, 0), Seq: recording.PositionSeq{Position: uint16(i + 1)}}
		s.Message(0.5+float64(i), recording.EncodeUpdatePosition(&u))
		s.Flush(0.5 + float64(i))
	}
	rec, sum := importBytes(t, "held", buf.Bytes(), capture.Options{})
	for _, ev := range rec.Events {
		if ev.GUID == 0x80000020 {
			t.Fatalf("an event for the object never positioned: %+v", ev)
		}
	}
	if len(rec.Events) != 41 {
		t.Errorf("%d events, want the other object's create and 40 positions", len(rec.Events))
	}
	found := false
	for _, c := range sum.Skipped {
		found = found || strings.Contains(c.Name, "no position came")
	}
	if !found {
		t.Errorf("skipped %v lacks the held motion", sum.Skipped)
	}
}

// TestHeldMotion_ManyUnknownObjects: thousands of objects moving before
// any position is known keep the hold-back within its bounds (at most 256
// waiting); those positioned in time are created, the rest counted.
func TestHeldMotion_ManyUnknownObjects(t *testing.T) {
	var buf bytes.Buffer
	s := session(&buf)
	m := recording.NewMotion()
	m.Forward = recording.RunForward
	for g := uint32(0); g < 3000; g++ {
		s.Message(0.1, capturetest.UpdateMotion(0x80100000+g, 1, 1, m, nil))
	}
	s.Flush(0.1)
	for g := uint32(2900); g < 3000; g++ {
		u := recording.UpdatePosition{GUID: 0x80100000 + g, Pos: at(0xA9B4001F, 1, 1, 0), Seq: recording.PositionSeq{Position: 1}}
		s.Message(0.2, recording.EncodeUpdatePosition(&u))
	}
	s.Flush(0.2)
	rec, sum := importBytes(t, "many", buf.Bytes(), capture.Options{})
	creates, motions := 0, 0
	for _, ev := range rec.Events {
		switch ev.Kind {
		case recording.KindCreate:
			creates++
		case recording.KindMotion:
			motions++
		}
	}
	if creates+len(rec.Header.Entities) != 100 || motions != 100 || sum.Objects != 100 {
		t.Errorf("%d creates (+%d in the header), %d motions, %d objects; want the 100 positioned", creates, len(rec.Header.Entities), motions, sum.Objects)
	}
}
