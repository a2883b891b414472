package capture_test

import (
	"bytes"
	"math"
	"strings"
	"testing"

	"glidepath/engine/capture"
	"glidepath/engine/capture/capturetest"
	"glidepath/engine/recording"
	"glidepath/physics"
)

func skippedCount(sum *capture.Summary, sub string) int {
	n := 0
	for _, c := range sum.Skipped {
		if strings.Contains(c.Name, sub) {
			n += c.Count
		}
	}
	return n
}

// A CreateObject's move-to (a monster created while it chases the player,
// ACE issue #2823) is a motion event at the create's time, right after
// it; a movement type no server writes into a CreateObject (3,
// StopRawCommand) is counted, not imported (ACE MovementData writes an
// interpreted state or a move-to).
func TestCreateObject_MoveToIsAMotionAfterTheCreate(t *testing.T) {
	var buf bytes.Buffer
	s := session(&buf)
	const player, monster, other = capturetest.PlayerGUID, 0x80000050, 0x80000051
	s.Message(0, capturetest.PlayerCreate(player))
	u := recording.UpdatePosition{GUID: player, Pos: at(0xA9B4001F, 1, 1, 0)}
	s.Message(0, recording.EncodeUpdatePosition(&u))
	p := at(0xA9B4001F, 20, 1, 0)
	chase := recording.NewMotion()
	chase.Target = player
	params := recording.DefaultMoveToParams()
	chase.MoveTo = &params
	s.Message(0.5, capturetest.CreateObjectWith(capturetest.Create{GUID: monster, Name: "Drudge", Pos: &p, State: 0x408,
		MotionTable: 0x09000001, Stamps: [9]uint16{1, 2, 0, 0, 0, 3, 0, 0, 4},
		Movement: &capturetest.Movement{Type: 6, Motion: chase, RunRate: 1.25}}))
	s.Flush(0.5)
	s.Message(0.6, capturetest.CreateObjectWith(capturetest.Create{GUID: other, Pos: &p, State: 0x408, MotionTable: 0x09000001,
		Movement: &capturetest.Movement{Type: 3}}))
	s.Flush(0.6)
	rec, sum := importBytes(t, "create-moveto", buf.Bytes(), capture.Options{})
	var kinds []string
	for _, ev := range rec.Events {
		if ev.Kind != recording.KindObserver {
			kinds = append(kinds, ev.Kind.String())
		}
	}
	if strings.Join(kinds, " ") != "create motion create" {
		t.Fatalf("events %v, want create motion create", kinds)
	}
	var mo recording.Event
	for _, ev := range rec.Events {
		if ev.Kind == recording.KindMotion {
			mo = ev
		}
	}
	m := mo.Motion
	if mo.GUID != monster || mo.T != 0.5 || m.MovementType != recording.MoveToObject || m.Target != recording.ObserverTarget ||
		!m.HasRunRate || m.RunRate != 1.25 {
		t.Errorf("motion %+v at %v", m, mo.T)
	}
	if skippedCount(sum, "CreateObject movement of another movement type") != 1 {
		t.Errorf("skipped %v, want the type-3 movement counted", sum.Skipped)
	}
	if len(sum.CreateMovements) != 2 {
		t.Errorf("create movement types %v", sum.CreateMovements)
	}
}

// A CreateObject's action list is carried with its stamps.
func TestCreateObject_ActionsCarried(t *testing.T) {
	var buf bytes.Buffer
	s := session(&buf)
	p := at(0xA9B4001F, 20, 1, 0)
	s.Message(0.5, capturetest.CreateObjectWith(capturetest.Create{GUID: 0x80000052, Pos: &p, State: 0x408, MotionTable: 0x09000001,
		Movement: &capturetest.Movement{Motion: recording.NewMotion(), Actions: []capturetest.Action{{Command: 0x0087, Stamp: 9, Speed: 1}}}}))
	s.Flush(0.5)
	rec, _ := importBytes(t, "create-actions", buf.Bytes(), capture.Options{})
	if len(rec.Events) != 2 || rec.Events[1].Kind != recording.KindMotion {
		t.Fatalf("events %v", rec.Events)
	}
	if a := rec.Events[1].Motion.ActionList(); len(a) != 1 || a[0].Stamp != 9 || a[0].Command != recording.ActionWave {
		t.Errorf("actions %+v, want Wave at stamp 9", a)
	}
}

// Held items (a PhysicsDesc parent; ACE SerializePhysicsData writes
// WielderId, ParentLocation) are created with their parent at the
// holder's position, never free-standing; one whose holder has no position
// yet is remembered, and its first UpdatePosition creates it held.
// Statics are marked and counted; their UpdateMotion is not imported.
func TestHeldItemsAndStatics(t *testing.T) {
	var buf bytes.Buffer
	s := session(&buf)
	const player = capturetest.PlayerGUID
	s.Message(0, capturetest.PlayerCreate(player))
	s.Message(0, recording.EncodeUpdatePosition(&recording.UpdatePosition{GUID: player, Pos: at(0xA9B4001F, 5, 5, 0)}))
	s.Message(0.1, capturetest.CreateObjectWith(capturetest.Create{GUID: 0x80000060, Name: "Ancient Arbalest", Parent: player, ParentLocation: 2}))
	mp := at(0xA9B4001F, 30, 30, 0)
	s.Message(0.2, capturetest.CreateObjectWith(capturetest.Create{GUID: 0x80000061, Name: "Shoushi Guard", Pos: &mp, State: 0x408, MotionTable: 0x09000001}))
	s.Message(0.2, capturetest.CreateObjectWith(capturetest.Create{GUID: 0x80000062, Name: "Frost Silifi", Parent: 0x80000061, ParentLocation: 1}))
	s.Message(0.3, capturetest.CreateObjectWith(capturetest.Create{GUID: 0x80000063, Name: "Pumpkin Shield", Parent: 0x80000099, ParentLocation: 3}))
	dp := at(0xA9B4001F, 40, 40, 0)
	s.Message(0.4, capturetest.CreateObjectWith(capturetest.Create{GUID: 0x80000064, Name: "Door", Pos: &dp, State: 0x10408, MotionTable: 0x09000002}))
	s.Message(0.5, capturetest.UpdateMotionWith(0x80000064, capturetest.MotionHeader{}, capturetest.Movement{Motion: recording.NewMotion()}))
	s.Message(0.6, recording.EncodeUpdatePosition(&recording.UpdatePosition{GUID: 0x80000063, Pos: at(0xA9B4001F, 50, 50, 0)}))
	s.Flush(0.6)
	rec, sum := importBytes(t, "held", buf.Bytes(), capture.Options{})
	ents := map[uint32]*recording.Entity{}
	for i := range rec.Header.Entities {
		ents[rec.Header.Entities[i].GUID] = &rec.Header.Entities[i]
	}
	for _, ev := range rec.Events {
		if ev.Kind == recording.KindCreate {
			ents[ev.GUID] = ev.Entity
		}
		if ev.Kind == recording.KindMotion && ev.GUID == 0x80000064 {
			t.Errorf("a motion event for the door")
		}
	}
	check := func(g, parent, loc uint32, static bool, pos physics.Position) {
		t.Helper()
		e := ents[g]
		if e == nil {
			t.Fatalf("no entity %08X", g)
		}
		if e.Parent != parent || e.ParentLocation != loc || e.Static != static || e.Pos.Frame.Origin != pos.Frame.Origin {
			t.Errorf("%s: parent %08X at %d, static %v, at %v", e.Name, e.Parent, e.ParentLocation, e.Static, e.Pos.Frame.Origin)
		}
	}
	// The player is no entity: what it holds is held by "observer".
	check(0x80000060, recording.ObserverTarget, 2, false, at(0, 5, 5, 0))
	check(0x80000061, 0, 0, false, mp)
	check(0x80000062, 0x80000061, 1, false, mp)
	check(0x80000063, 0x80000099, 3, false, at(0, 50, 50, 0))
	check(0x80000064, 0, 0, true, dp)
	if sum.HeldItems != 3 || sum.Statics != 1 {
		t.Errorf("held %d statics %d, want 3 and 1", sum.HeldItems, sum.Statics)
	}
	if skippedCount(sum, "UpdateMotion of a static object") != 1 {
		t.Errorf("skipped %v", sum.Skipped)
	}
}

// Without PlayerCreate, the player is the first object whose server
// position is one the client reported (AutonomousPosition, MoveToState),
// in either order; the summary names the rule, or "none".
func TestPlayer_FromTheClientsOwnPosition(t *testing.T) {
	const me, them = 0x50000077, 0x80000078
	for _, clientFirst := range []bool{true, false} {
		var buf bytes.Buffer
		s := session(&buf)
		s.Message(0, recording.EncodeUpdatePosition(&recording.UpdatePosition{GUID: them, Pos: at(0xA9B4001F, 9, 9, 0)}))
		s.Flush(0)
		mine := recording.UpdatePosition{GUID: me, Pos: at(0xA9B4001F, 3, 4, 0)}
		if clientFirst {
			s.ClientMessage(0.5, capturetest.AutonomousPosition(1, at(0xA9B4001F, 3, 4, 0)))
			s.Message(1, recording.EncodeUpdatePosition(&mine))
			s.Flush(1)
		} else {
			s.Message(0.5, recording.EncodeUpdatePosition(&mine))
			s.Flush(0.5)
			s.ClientMessage(1, capturetest.MoveToState(1, at(0xA9B4001F, 3, 4, 0)))
		}
		rec, sum := importBytes(t, "noplayer", buf.Bytes(), capture.Options{})
		if sum.Player != "0x50000077" || sum.PlayerRule != capture.RuleClientPosition {
			t.Errorf("client first %v: player %q by %q", clientFirst, sum.Player, sum.PlayerRule)
		}
		live := map[uint32]bool{}
		for _, e := range rec.Header.Entities {
			live[e.GUID] = true
		}
		for _, ev := range rec.Events {
			switch ev.Kind {
			case recording.KindCreate:
				live[ev.GUID] = true
			case recording.KindDelete:
				delete(live, ev.GUID)
			}
		}
		if live[me] || !live[them] {
			t.Errorf("client first %v: objects left %v, want the other object alone", clientFirst, live)
		}
	}
	var buf bytes.Buffer
	s := session(&buf)
	s.Message(0, recording.EncodeUpdatePosition(&recording.UpdatePosition{GUID: them, Pos: at(0xA9B4001F, 9, 9, 0)}))
	s.Flush(0)
	_, sum := importBytes(t, "none", buf.Bytes(), capture.Options{})
	if sum.Player != "" || sum.PlayerRule != capture.RuleNone {
		t.Errorf("player %q by %q, want none", sum.Player, sum.PlayerRule)
	}
	_, sum = importBytes(t, "given", buf.Bytes(), capture.Options{Player: them, HasPlayer: true})
	if sum.PlayerRule != capture.RuleOption {
		t.Errorf("rule %q, want option", sum.PlayerRule)
	}
}

// span_seconds runs to the last event, not to the last message read; a
// count taken back to 0 is not listed.
func TestSummary_SpanToLastEventNoEmptyCounts(t *testing.T) {
	var buf bytes.Buffer
	s := session(&buf)
	s.Message(0, capturetest.CreateObject(0x80000080, "A", at(0xA9B4001F, 1, 2, 3), recording.Seq{Instance: 1}, true, nil))
	s.Message(1, recording.EncodeUpdatePosition(&recording.UpdatePosition{GUID: 0x80000080, Pos: at(0xA9B4001F, 1, 2, 3), Seq: recording.PositionSeq{Instance: 1, Position: 1}}))
	s.Flush(1)
	s.Message(5, capturetest.CreateContained(0x80000081))
	s.Message(6, capturetest.RawCommandMotion(0x80000080))
	s.Flush(6)
	_, sum := importBytes(t, "span", buf.Bytes(), capture.Options{})
	if sum.Span != 1 {
		t.Errorf("span %v, want 1 (the last event)", sum.Span)
	}
	for _, c := range sum.Events {
		if c.Count == 0 {
			t.Errorf("events %v list an empty type", sum.Events)
		}
	}
}

// The text summary groups dropped messages by reason, with counts and the
// first five frames.
func TestSummary_DroppedGroupedByReason(t *testing.T) {
	var buf bytes.Buffer
	s := session(&buf)
	for i := 0; i < 7; i++ {
		u := recording.UpdatePosition{GUID: 0x80000090, Pos: at(0xA9B4001F, 1, 1, 0), Seq: recording.PositionSeq{Position: uint16(i)}}
		frags := s.Fragments(recording.EncodeUpdatePosition(&u), 16)
		s.Queue(float64(i), frags[0])
		s.Flush(float64(i))
	}
	_, sum := importBytes(t, "grouped", buf.Bytes(), capture.Options{})
	if sum.DroppedCount != 7 || len(sum.DroppedByReason) != 1 || sum.DroppedByReason[0].Count != 7 || len(sum.DroppedByReason[0].Frames) != 5 {
		t.Fatalf("dropped %d, grouped %+v", sum.DroppedCount, sum.DroppedByReason)
	}
	var text bytes.Buffer
	if err := sum.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	g := sum.DroppedByReason[0]
	if !strings.Contains(text.String(), "dropped messages: 7\n  7 × "+g.Reason+" (frames ") || strings.Count(text.String(), g.Reason) != 1 {
		t.Errorf("text:\n%s", text.String())
	}
}

// An UpdateMotion's stamps, autonomous byte and StickToObject guid reach
// the motion event (a melee swing sticks the attacker to its target: ACE
// Monster_Melee.cs); a stick-to the recording cannot name is dropped and
// counted, the motion kept. The recording written from them reads back.
func TestUpdateMotion_StampsAndStickTo(t *testing.T) {
	var buf bytes.Buffer
	s := session(&buf)
	const player, a, b = capturetest.PlayerGUID, 0x800000A0, 0x800000A1
	s.Message(0, capturetest.PlayerCreate(player))
	s.Message(0, recording.EncodeUpdatePosition(&recording.UpdatePosition{GUID: player, Pos: at(0xA9B4001F, 1, 1, 0)}))
	s.Message(0, capturetest.CreateObject(a, "A", at(0xA9B4001F, 2, 2, 0), recording.Seq{Instance: 1}, true, nil))
	s.Message(0, capturetest.CreateObject(b, "B", at(0xA9B4001F, 3, 3, 0), recording.Seq{Instance: 1}, true, nil))
	s.Flush(0)
	swing := recording.NewMotion()
	swing.Forward = recording.RunForward
	for i, to := range []uint32{b, player, 0x800000FF, a} {
		h := capturetest.MotionHeader{Instance: 1, Movement: uint16(5 + i), ServerControl: uint16(9 + i), Autonomous: i == 1}
		s.Message(float64(i+1), capturetest.UpdateMotionWith(a, h, capturetest.Movement{Motion: swing, StickTo: to}))
		s.Flush(float64(i + 1))
	}
	rec, sum := importBytes(t, "stick", buf.Bytes(), capture.Options{})
	var got []recording.Motion
	for _, ev := range rec.Events {
		if ev.Kind == recording.KindMotion {
			got = append(got, ev.Motion)
		}
	}
	if len(got) != 4 {
		t.Fatalf("%d motions, want 4", len(got))
	}
	for i, want := range []uint32{b, recording.ObserverTarget, 0, 0} {
		m := got[i]
		if m.StickTo != want || !m.HasSeq || m.Seq != (recording.MotionSeq{Instance: 1, Movement: uint16(5 + i), ServerControl: uint16(9 + i)}) || m.Autonomous != (i == 1) {
			t.Errorf("motion %d: stick_to %08X seq %+v (%v) autonomous %v, want stick_to %08X", i, m.StickTo, m.Seq, m.HasSeq, m.Autonomous, want)
		}
	}
	n := 0
	for _, c := range sum.MotionCommands {
		if strings.HasPrefix(c.Name, "stick_to") {
			n += c.Count
		}
	}
	if n != 2 {
		t.Errorf("not carried %v, want the two stick_to dropped", sum.MotionCommands)
	}
	var out bytes.Buffer
	if err := recording.Write("stick", &out, rec); err != nil {
		t.Fatal(err)
	}
	if _, err := recording.Read("stick", &out); err != nil {
		t.Fatal(err)
	}
}

// meaningSeed is a capture of the layouts this file tests, for the fuzz
// corpus.
func meaningSeed(f *testing.F) []byte {
	var buf bytes.Buffer
	s := session(&buf)
	const player, a, b = capturetest.PlayerGUID, 0x800000C0, 0x800000C1
	s.ClientMessage(0, capturetest.AutonomousPosition(1, at(0xA9B4001F, 1, 1, 0)))
	s.Message(0, recording.EncodeUpdatePosition(&recording.UpdatePosition{GUID: player, Pos: at(0xA9B4001F, 1, 1, 0)}))
	p := at(0xA9B4001F, 5, 5, 0)
	chase := recording.NewMotion()
	chase.Target = player
	s.Message(0.1, capturetest.CreateObjectWith(capturetest.Create{GUID: a, Name: "A", Pos: &p, State: 0x408, MotionTable: 0x09000001, Setup: 0x02000001,
		Stamps: [9]uint16{1, 2, 3, 4, 5, 6, 7, 8, 9}, Movement: &capturetest.Movement{Type: 6, Motion: chase, RunRate: 0}}))
	s.Message(0.1, capturetest.CreateObjectWith(capturetest.Create{GUID: b, Name: "Sword", Parent: a, ParentLocation: 1}))
	s.Message(0.1, capturetest.CreateObjectWith(capturetest.Create{GUID: b + 1, Name: "Door", Pos: &p, State: 0x10408, MotionTable: 0x09000002,
		Movement: &capturetest.Movement{Motion: recording.NewMotion(), Actions: []capturetest.Action{{Command: 0x0087, Stamp: 1, Speed: 1}}}}))
	s.Message(0.15, parentEventMsg(a, b+2, 2))
	swing := recording.NewMotion()
	swing.Turn = recording.TurnLeft
	s.Message(0.2, capturetest.UpdateMotionWith(a, capturetest.MotionHeader{Instance: 9, Movement: 3, ServerControl: 7, Autonomous: true},
		capturetest.Movement{Motion: swing, StickTo: player}))
	s.Flush(0.2)
	if err := s.F.Err(); err != nil {
		f.Fatal(err)
	}
	return buf.Bytes()
}

// A long capture's next piece restates each object's last motion; a
// stick-to target deleted since is left out (the piece has no such
// object), a live one kept.
func TestSnapshot_StickToDeletedTargetDropped(t *testing.T) {
	var buf bytes.Buffer
	s := session(&buf)
	const a, b, c = 0x800000D0, 0x800000D1, 0x800000D2
	for _, g := range []uint32{a, b, c} {
		s.Message(0, capturetest.CreateObject(g, "X", at(0xA9B4001F, 2, 2, 0), recording.Seq{Instance: 1}, true, nil))
	}
	s.Flush(0)
	m := recording.NewMotion()
	m.Forward = recording.RunForward
	s.Message(1, capturetest.UpdateMotionWith(a, capturetest.MotionHeader{Instance: 1, Movement: 1}, capturetest.Movement{Motion: m, StickTo: b}))
	s.Message(1, capturetest.UpdateMotionWith(c, capturetest.MotionHeader{Instance: 1, Movement: 1}, capturetest.Movement{Motion: m, StickTo: a}))
	s.Flush(1)
	s.Message(2, capturetest.DeleteObject(b, 1))
	s.Flush(2)
	r, err := capture.NewReader("snap", bytes.NewReader(buf.Bytes()), capture.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := r.Next(); err != nil {
			break
		}
	}
	_, motions := r.Snapshot()
	got := map[uint32]uint32{}
	for _, ev := range motions {
		got[ev.GUID] = ev.Motion.StickTo
	}
	if len(motions) != 2 || got[a] != 0 || got[c] != a {
		t.Errorf("restated stick-to %v, want a's dropped (b deleted), c's to a kept", got)
	}
}

// parentEventMsg is a ParentEvent 0xF749 (ACE GameMessageParentEvent):
// holder, item, location, placement, holder instance, item position stamp.
func parentEventMsg(parent, child, location uint32) []byte {
	b := []byte{0x49, 0xF7, 0, 0}
	for _, v := range []uint32{parent, child, location, 0} {
		b = append(b, byte(v), byte(v>>8), byte(v>>16), byte(v>>24))
	}
	return append(b, 1, 0, 2, 0)
}

// ParentEvent 0xF749 puts an item in a holder's hand after its
// CreateObject: a free item is created again held at its holder; one not
// created yet is created held when its CreateObject comes.
func TestParentEvent_ItemCreatedAgainHeld(t *testing.T) {
	var buf bytes.Buffer
	s := session(&buf)
	const holder, sword, shield = 0x800000E0, 0x800000E1, 0x800000E2
	hp, sp := at(0xA9B4001F, 10, 10, 0), at(0xA9B4001F, 20, 20, 0)
	s.Message(0, capturetest.CreateObjectWith(capturetest.Create{GUID: holder, Name: "Guard", Pos: &hp, State: 0x408, MotionTable: 0x09000001}))
	s.Message(0, capturetest.CreateObjectWith(capturetest.Create{GUID: sword, Name: "Sword", Pos: &sp, State: 0x408}))
	s.Flush(0)
	s.Message(1, parentEventMsg(holder, sword, 1))
	s.Message(1, parentEventMsg(holder, shield, 3))
	s.Flush(1)
	s.Message(2, capturetest.CreateObjectWith(capturetest.Create{GUID: shield, Name: "Shield", Pos: &sp, State: 0x408}))
	s.Flush(2)
	rec, sum := importBytes(t, "parent", buf.Bytes(), capture.Options{})
	var creates []*recording.Entity
	for _, ev := range rec.Events {
		if ev.Kind == recording.KindCreate {
			creates = append(creates, ev.Entity)
		}
	}
	if len(creates) != 2 {
		t.Fatalf("creates %d, want the sword again and the shield", len(creates))
	}
	for i, want := range []struct {
		guid, loc uint32
	}{{sword, 1}, {shield, 3}} {
		e := creates[i]
		if e.GUID != want.guid || e.Parent != holder || e.ParentLocation != want.loc || e.Pos.Frame.Origin != hp.Frame.Origin {
			t.Errorf("create %d: %08X held by %08X at %d, at %v", i, e.GUID, e.Parent, e.ParentLocation, e.Pos.Frame.Origin)
		}
	}
	if sum.HeldItems != 2 || sum.Objects != 3 {
		t.Errorf("held %d, objects %d; want 2 and 3", sum.HeldItems, sum.Objects)
	}
}

// A ParentEvent that would make two objects hold each other is malformed
// (a recording refuses a cycle of holders): the second is counted, not
// imported, and the import still succeeds.
func TestParentEvent_CycleOfHoldersRefused(t *testing.T) {
	var buf bytes.Buffer
	s := session(&buf)
	const a, b = 0x800000F0, 0x800000F1
	pa, pb := at(0xA9B4001F, 10, 10, 0), at(0xA9B4001F, 20, 20, 0)
	s.Message(0, capturetest.CreateObjectWith(capturetest.Create{GUID: a, Name: "A", Pos: &pa, State: 0x408, MotionTable: 0x09000001}))
	s.Message(0, capturetest.CreateObjectWith(capturetest.Create{GUID: b, Name: "B", Pos: &pb, State: 0x408, MotionTable: 0x09000001}))
	s.Flush(0)
	s.Message(1, parentEventMsg(a, b, 1))
	s.Message(1, parentEventMsg(b, a, 1))
	s.Flush(1)
	rec, sum := importBytes(t, "cycle", buf.Bytes(), capture.Options{})
	held := 0
	for _, ev := range rec.Events {
		if ev.Kind == recording.KindCreate && ev.Entity.Parent != 0 {
			held++
		}
	}
	if held != 1 || sum.HeldItems != 1 || sum.MalformedCount != 1 {
		t.Errorf("held creates %d, held items %d, malformed %d; want 1, 1, 1", held, sum.HeldItems, sum.MalformedCount)
	}
}

// TestTime_HeldOnlyBeforeThePreviousEvent: an event whose frame is stamped
// earlier than the previous event's keeps that event's time and is counted
// in time_held (docs/formats.md "Time"); a frame stamped earlier than a
// frame that made no event (a client's ack) but not than the previous
// event keeps its own time and is not counted.
func TestTime_HeldOnlyBeforeThePreviousEvent(t *testing.T) {
	var buf bytes.Buffer
	s := session(&buf)
	pos := func(tm float64, stamp uint16) {
		s.Message(tm, recording.EncodeUpdatePosition(&recording.UpdatePosition{GUID: 0x80000080, Pos: at(0xA9B4001F, float32(stamp), 2, 0), Seq: recording.PositionSeq{Instance: 1, Position: stamp}}))
		s.Flush(tm)
	}
	pos(0, 1)
	pos(1, 2)
	s.ClientAck(1.2)
	pos(1.1, 3)  // before the ack's frame, after the previous event: its own time
	pos(1.05, 4) // before the previous event: held at 1.1
	rec, sum := importBytes(t, "held", buf.Bytes(), capture.Options{})
	var times []float64
	for _, ev := range rec.Events {
		if ev.Kind == recording.KindPosition {
			times = append(times, ev.T)
		}
	}
	want := []float64{0, 1, 1.1, 1.1}
	if len(times) != len(want) || sum.TimeHeld != 1 {
		t.Fatalf("position times %v, time_held %d; want %v, 1", times, sum.TimeHeld, want)
	}
	for i := range want {
		if math.Abs(times[i]-want[i]) > 1e-6 {
			t.Errorf("position %d at t %v, want %v", i, times[i], want[i])
		}
	}
}
