// Tests of the writer: exact read→write→read round trips and refusal of
// anything the reader would reject.

package recording

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/physics"
)

// withoutLines returns the events with Line cleared: line numbers change
// when a file is rewritten (blank lines and unknown events are dropped).
func withoutLines(evs []Event) []Event {
	out := make([]Event, len(evs))
	for i, ev := range evs {
		ev.Line = 0
		out[i] = ev
	}
	return out
}

// roundTrip writes rec and reads it back, returning the written bytes too.
func roundTrip(t *testing.T, rec *Recording) (*Recording, []byte) {
	t.Helper()
	var buf bytes.Buffer
	if err := Write("out.jsonl", &buf, rec); err != nil {
		t.Fatalf("write: %v", err)
	}
	back, err := Read("out.jsonl", bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatalf("read back: %v\n%s", err, buf.Bytes())
	}
	return back, buf.Bytes()
}

func sameRecording(t *testing.T, a, b *Recording) {
	t.Helper()
	if !reflect.DeepEqual(a.Header, b.Header) {
		t.Errorf("header\n%+v\nread back as\n%+v", a.Header, b.Header)
	}
	ea, eb := withoutLines(a.Events), withoutLines(b.Events)
	if len(ea) != len(eb) {
		t.Fatalf("%d events read back as %d", len(ea), len(eb))
	}
	for i := range ea {
		if !reflect.DeepEqual(ea[i], eb[i]) {
			t.Errorf("event %d\n%+v\nread back as\n%+v", i, ea[i], eb[i])
		}
	}
}

// read→write→read gives the same header and events, and writing is
// canonical: writing the re-read recording gives the same bytes.
func TestWriteRead_RoundTripIsExact(t *testing.T) {
	rec, err := ReadFile("testdata/walk.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	back, out1 := roundTrip(t, rec)
	sameRecording(t, rec, back)
	_, out2 := roundTrip(t, back)
	if !bytes.Equal(out1, out2) {
		t.Errorf("second write differs:\n%s\n%s", out1, out2)
	}
}

// Floats are written as the shortest decimal that parses back to the same
// float32, so every float32 survives, including -0, subnormals and the
// extremes.
func TestWriteRead_Float32ValuesSurviveExactly(t *testing.T) {
	values := []float32{
		0, float32(math.Copysign(0, -1)), 0.1, 1.0 / 3, 91.25, 191.99998, 1e-7,
		math.SmallestNonzeroFloat32, math.MaxFloat32, -math.MaxFloat32, 16777217, 123456.79,
	}
	h := NewHeader()
	h.Entities = []Entity{NewEntity(1, physics.Position{Cell: 0xA9B4001F, Frame: physics.IdentityFrame()})}
	rec := &Recording{Header: h}
	for i, v := range values {
		ev := Event{T: float64(i) * 0.1, Kind: KindVector, GUID: 1, HasGUID: true}
		ev.Vector.Velocity = mgl32.Vec3{v, -v, v / 2}
		ev.Vector.Omega = mgl32.Vec3{v, 0, 0}
		rec.Events = append(rec.Events, ev)
	}
	back, _ := roundTrip(t, rec)
	for i, ev := range back.Events {
		for j := 0; j < 3; j++ {
			if math.Float32bits(ev.Vector.Velocity[j]) != math.Float32bits(rec.Events[i].Vector.Velocity[j]) {
				t.Errorf("%v came back as %v", rec.Events[i].Vector.Velocity[j], ev.Vector.Velocity[j])
			}
		}
		if ev.T != rec.Events[i].T {
			t.Errorf("t %v came back as %v", rec.Events[i].T, ev.T)
		}
	}
}

// The writer checks each line with the reader's own rules and refuses what
// the reader would reject, with the same message, writing nothing of it.
func TestWriter_RefusesWhatTheReaderRejects(t *testing.T) {
	h := NewHeader()
	h.Entities = []Entity{NewEntity(0x80000A01, physics.Position{Cell: 0xA9B4001F, Frame: physics.IdentityFrame()})}
	nan := float32(math.NaN())
	pos := func(t float64, guid uint32, origin mgl32.Vec3) Event {
		ev := Event{T: t, Kind: KindPosition, GUID: guid, HasGUID: true}
		ev.Update.Pos = physics.Position{Cell: 0xA9B4001F, Frame: physics.NewFrame(origin, mgl32.QuatIdent())}
		ev.Update.Grounded = true
		return ev
	}
	tests := []struct {
		name string
		ev   Event
		want string
	}{
		{"NaN origin", pos(1, 0x80000A01, mgl32.Vec3{nan, 0, 0}), "out.jsonl:2: position.origin[0]: not a finite number: NaN"},
		{"unknown guid", pos(1, 0x80000A02, mgl32.Vec3{}), "out.jsonl:2: position.guid: no entity 0x80000A02"},
		{"t decreases", pos(0.5, 0x80000A01, mgl32.Vec3{}), "out.jsonl:2: position.t: 0.5 is less than the previous event's t 1 (line 2)"},
		{"negative t", Event{T: -1, Kind: KindNote, Text: "x"}, "out.jsonl:2: note.t: want a time >= 0, got -1"},
		{"bad command", Event{T: 1, Kind: KindMotion, GUID: 0x80000A01, Motion: Motion{Forward: 9}}, `out.jsonl:2: motion.forward: unknown command "ForwardCommand(9)" (want Ready, WalkForward, RunForward or WalkBackward)`},
		{"create without entity", Event{T: 1, Kind: KindCreate}, "out.jsonl:2: create.entity: missing"},
		{"unknown kind", Event{T: 1, Kind: 42}, "out.jsonl:2: type: unknown event type Kind(42)"},
		{"raw NaN", func() Event { e := pos(1, 0x80000A01, mgl32.Vec3{0, nan, 0}); e.Raw = true; return e }(), "out.jsonl:2: position.raw: y (offset 20): non-finite float 0x7FC00000"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var buf bytes.Buffer
			w, err := NewWriter("out.jsonl", &buf, &h)
			if err != nil {
				t.Fatal(err)
			}
			first := pos(1, 0x80000A01, mgl32.Vec3{1, 2, 3})
			if tt.name == "t decreases" {
				if err := w.Write(&first); err != nil {
					t.Fatal(err)
				}
				tt.want = strings.Replace(tt.want, ":2:", ":3:", 1)
			}
			err = w.Write(&tt.ev)
			if err == nil || err.Error() != tt.want {
				t.Fatalf("error %v\nwant  %s", err, tt.want)
			}
			// The writer stays usable and the refused line is not written.
			later := pos(2, 0x80000A01, mgl32.Vec3{4, 5, 6})
			if err := w.Write(&later); err != nil {
				t.Fatalf("write after a refused event: %v", err)
			}
			if err := w.Flush(); err != nil {
				t.Fatal(err)
			}
			rec, err := Read("out.jsonl", &buf)
			if err != nil {
				t.Fatal(err)
			}
			last := rec.Events[len(rec.Events)-1]
			if last.Update.Pos.Frame.Origin != (mgl32.Vec3{4, 5, 6}) {
				t.Errorf("last event %+v", last)
			}
		})
	}
}

func TestNewWriter_RefusesABadHeader(t *testing.T) {
	h := NewHeader()
	h.TickRate = 0
	_, err := NewWriter("out.jsonl", &bytes.Buffer{}, &h)
	if err == nil || err.Error() != "out.jsonl:1: tick_rate: want an integer in [1, 240], got 0" {
		t.Errorf("error %v", err)
	}
	h = NewHeader()
	e := NewEntity(1, physics.Position{Frame: physics.IdentityFrame()})
	h.Entities = []Entity{e, e}
	_, err = NewWriter("out.jsonl", &bytes.Buffer{}, &h)
	if err == nil || err.Error() != "out.jsonl:1: entities[1].guid: duplicate guid 0x00000001 (entities[0])" {
		t.Errorf("error %v", err)
	}
}

// WriteFile and ReadFile compress when the name ends in .gz.
func TestWriteFile_Gzip(t *testing.T) {
	rec, err := ReadFile("testdata/walk.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"copy.jsonl", "copy.jsonl.gz"} {
		path := filepath.Join(t.TempDir(), name)
		if err := WriteFile(path, rec); err != nil {
			t.Fatal(err)
		}
		back, err := ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		sameRecording(t, rec, back)
	}
	gz, err := ReadFile("testdata/walk.jsonl.gz")
	if err != nil {
		t.Fatal(err)
	}
	sameRecording(t, rec, gz)
}

// WriteFile is atomic: a recording refused half way leaves nothing at the
// path (and an older file there untouched), not a shorter valid recording.
func TestWriteFile_RefusedEventLeavesNoFile(t *testing.T) {
	rec, err := ReadFile("testdata/walk.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	bad := *rec
	bad.Events = append([]Event(nil), rec.Events...)
	bad.Events[len(bad.Events)-1].T = -1 // t decreases: refused
	dir := t.TempDir()
	for _, name := range []string{"new.jsonl", "old.jsonl.gz"} {
		path := filepath.Join(dir, name)
		if strings.HasPrefix(name, "old") {
			if err := os.WriteFile(path, []byte("old"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		if err := WriteFile(path, &bad); err == nil {
			t.Fatalf("%s: WriteFile accepted a decreasing t", name)
		}
		b, err := os.ReadFile(path)
		switch {
		case strings.HasPrefix(name, "new") && !os.IsNotExist(err):
			t.Errorf("%s: a partial file was left (%d bytes, %v)", name, len(b), err)
		case strings.HasPrefix(name, "old") && string(b) != "old":
			t.Errorf("%s: the old file was replaced by %q", name, b)
		}
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Errorf("directory holds %d entries, want only old.jsonl.gz (no temporary files)", len(ents))
	}
}

// docs/formats.md "motion actions": an action list survives a write and a
// read, whichever way its commands were spelled (name, 32-bit MotionCommand
// or its low 16 bits), and defaults speed 1, autonomous false.
func TestWriteRead_ActionsRoundTrip(t *testing.T) {
	rec, err := Read("a.jsonl", strings.NewReader(hdr+"\n"+
		`{"t":0,"type":"motion","guid":"0x80000A01","actions":[{"command":"Attack","stamp":1},{"command":"0x13000087","stamp":2,"speed":1.5,"autonomous":true},{"command":59,"stamp":32767}]}`+"\n"))
	if err != nil {
		t.Fatal(err)
	}
	m := &rec.Events[0].Motion
	want := []Action{
		{Command: ActionAttack, Stamp: 1, Speed: 1},
		{Command: ActionWave, Stamp: 2, Speed: 1.5, Autonomous: true},
		{Command: ActionJump, Stamp: 32767, Speed: 1},
	}
	if got := m.ActionList(); !reflect.DeepEqual(got, want) {
		t.Fatalf("actions %+v\nwant %+v", got, want)
	}
	back, data := roundTrip(t, rec)
	if !reflect.DeepEqual(back.Events[0].Motion, *m) {
		t.Errorf("after a round trip: %+v", back.Events[0].Motion)
	}
	if !strings.Contains(string(data), `"actions":[{"command":"Attack","stamp":1,"speed":1,"autonomous":false},`) {
		t.Errorf("written as %s", data)
	}
	if ActionAttack.MotionCommand() != 0x10000062 || ActionCommand(9).String() != "ActionCommand(9)" || ActionCommand(9).MotionCommand() != 0 {
		t.Error("ActionCommand ids and names")
	}
}

// docs/formats.md "Movement types": movement_type, target and sticky survive
// a write and a read; TurnToPosition reads as TurnToHeading.
func TestWriteRead_MovementTypeRoundTrip(t *testing.T) {
	rec, err := Read("m.jsonl", strings.NewReader(hdr+"\n"+
		`{"t":0,"type":"motion","guid":"0x80000A01","movement_type":"MoveToObject","target":"0x80000A01","sticky":true}`+"\n"+
		`{"t":0,"type":"motion","guid":"0x80000A01","movement_type":"TurnToPosition"}`+"\n"))
	if err != nil {
		t.Fatal(err)
	}
	m := rec.Events[0].Motion
	if m.MovementType != MoveToObject || m.Target != 0x80000A01 || !m.Sticky || m.MovementType.WireValue() != 6 {
		t.Errorf("%+v", m)
	}
	if rec.Events[1].Motion.MovementType != TurnToHeading || TurnToHeading.WireValue() != 9 {
		t.Errorf("%+v", rec.Events[1].Motion)
	}
	back, _ := roundTrip(t, rec)
	for i := range rec.Events {
		if !reflect.DeepEqual(back.Events[i].Motion, rec.Events[i].Motion) {
			t.Errorf("event %d after a round trip: %+v", i, back.Events[i].Motion)
		}
	}
}

// docs/formats.md "Movement types": a move-to toward "observer" reads as
// ObserverTarget once an observer event has placed the player, and is
// written back as "observer".
func TestWriteRead_ObserverTarget(t *testing.T) {
	rec, err := Read("m.jsonl", strings.NewReader(hdr+"\n"+
		`{"t":0,"type":"observer","cell":"0xA9B4001F","origin":[96,96,0]}`+"\n"+
		`{"t":0,"type":"motion","guid":"0x80000A01","movement_type":"MoveToObject","target":"observer","sticky":true,"distance":0.6}`+"\n"+
		`{"t":0,"type":"motion","guid":"0x80000A01","movement_type":"TurnToObject","target":"observer"}`+"\n"))
	if err != nil {
		t.Fatal(err)
	}
	for _, i := range []int{1, 2} {
		if m := rec.Events[i].Motion; m.Target != ObserverTarget {
			t.Errorf("event %d target %#x, want the observer", i, m.Target)
		}
	}
	back, text := roundTrip(t, rec)
	if n := strings.Count(string(text), `"target":"observer"`); n != 2 {
		t.Errorf("written %d observer targets, want 2:\n%s", n, text)
	}
	for i := range rec.Events {
		if !reflect.DeepEqual(back.Events[i].Motion, rec.Events[i].Motion) {
			t.Errorf("event %d after a round trip: %+v", i, back.Events[i].Motion)
		}
	}
}

// docs/formats.md "Movement types": the move-to parameters survive a write
// and a read; a field left out takes MoveToParameters' default (ACE
// Network/Motion/MoveToParameters.cs SetDefaults); sticky sets the flags'
// sticky bit and the bit sets sticky; a MoveToObject naming no parameter
// keeps MoveTo nil, the other types get the defaults.
func TestWriteRead_MoveToParamsRoundTrip(t *testing.T) {
	rec, err := Read("m.jsonl", strings.NewReader(hdr+"\n"+
		`{"t":0,"type":"motion","guid":"0x80000A01","movement_type":"MoveToPosition","position":{"cell":"0xA9B4001C","origin":[94,94,0]},"distance":0.2,"min_distance":0.1,"fail_distance":30,"speed":1.5,"walk_run_threshold":3,"desired_heading":90,"flags":"0x1EE4F"}`+"\n"+
		`{"t":0,"type":"motion","guid":"0x80000A01","movement_type":"MoveToObject","target":"0x80000A01","flags":128}`+"\n"+
		`{"t":0,"type":"motion","guid":"0x80000A01","movement_type":"MoveToObject","target":"0x80000A01","sticky":true,"speed":2}`+"\n"+
		`{"t":0,"type":"motion","guid":"0x80000A01","movement_type":"MoveToObject","target":"0x80000A01"}`+"\n"+
		`{"t":0,"type":"motion","guid":"0x80000A01","movement_type":"TurnToHeading","desired_heading":180}`+"\n"))
	if err != nil {
		t.Fatal(err)
	}
	p := rec.Events[0].Motion.MoveTo
	if p == nil || p.Distance != 0.2 || p.MinDistance != 0.1 || p.FailDistance != 30 || p.Speed != 1.5 ||
		p.WalkRunThreshold != 3 || p.DesiredHeading != 90 || p.Flags != 0x1EE4F || p.Position.Cell != 0xA9B4001C || p.Position.Frame.Origin[1] != 94 {
		t.Errorf("MoveToPosition: %+v", p)
	}
	if m := rec.Events[1].Motion; !m.Sticky || m.MoveTo == nil || m.MoveTo.Flags != 0x80 || m.MoveTo.Distance != DefaultMoveDistance {
		t.Errorf("flags 0x80: %+v %+v", m, m.MoveTo)
	}
	if m := rec.Events[2].Motion; m.MoveTo == nil || m.MoveTo.Flags != DefaultMoveFlags|MoveFlagSticky || m.MoveTo.Speed != 2 ||
		m.MoveTo.FailDistance != DefaultMoveFailDistance || m.MoveTo.WalkRunThreshold != DefaultWalkRunThreshold {
		t.Errorf("sticky with speed: %+v", m.MoveTo)
	}
	if m := rec.Events[3].Motion; m.MoveTo != nil {
		t.Errorf("a MoveToObject without parameters got %+v", m.MoveTo)
	}
	if m := rec.Events[4].Motion; m.MoveTo == nil || m.MoveTo.DesiredHeading != 180 || m.MoveTo.Flags != DefaultMoveFlags {
		t.Errorf("TurnToHeading: %+v", m.MoveTo)
	}
	back, _ := roundTrip(t, rec)
	for i := range rec.Events {
		if !reflect.DeepEqual(back.Events[i].Motion, rec.Events[i].Motion) {
			t.Errorf("event %d after a round trip: %+v %+v", i, back.Events[i].Motion, back.Events[i].Motion.MoveTo)
		}
	}
}

// docs/formats.md "Motion stamps and stick-to": seq, autonomous and
// stick_to survive a write and a read; seq members left out are 0; an event
// without them is written without them (so older files are rewritten
// byte for byte), and one with a zero seq keeps HasSeq.
func TestWriteRead_MotionStampsRoundTrip(t *testing.T) {
	// Two objects: one sticks to the other (an object cannot stick to
	// itself).
	two := strings.Replace(hdr, `}}]}`, `}},{"guid":"0x80000A02","position":{"cell":"0xA9B4001F","origin":[91,90,0]}}]}`, 1)
	in := two + "\n" +
		`{"t":0,"type":"observer","cell":"0xA9B4001F","origin":[96,96,0]}` + "\n" +
		`{"t":0,"type":"motion","guid":"0x80000A01","forward":"RunForward","seq":{"instance":3,"movement":65535,"server_control":7},"autonomous":true,"stick_to":"0x80000A02"}` + "\n" +
		`{"t":0,"type":"motion","guid":"0x80000A01","seq":{"movement":2}}` + "\n" +
		`{"t":0,"type":"motion","guid":"0x80000A01","seq":{},"stick_to":"observer"}` + "\n" +
		`{"t":0,"type":"motion","guid":"0x80000A01","movement_type":"MoveToObject","target":"observer","seq":{"instance":1,"movement":4,"server_control":2}}` + "\n" +
		`{"t":0,"type":"motion","guid":"0x80000A01"}` + "\n"
	rec, err := Read("m.jsonl", strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		seq        MotionSeq
		hasSeq     bool
		autonomous bool
		stickTo    uint32
	}{
		{MotionSeq{3, 65535, 7}, true, true, 0x80000A02},
		{MotionSeq{0, 2, 0}, true, false, 0},
		{MotionSeq{}, true, false, ObserverTarget},
		{MotionSeq{1, 4, 2}, true, false, 0},
		{MotionSeq{}, false, false, 0},
	}
	for i, w := range want {
		m := rec.Events[i+1].Motion
		if m.Seq != w.seq || m.HasSeq != w.hasSeq || m.Autonomous != w.autonomous || m.StickTo != w.stickTo {
			t.Errorf("event %d: seq %+v has %v autonomous %v stick_to %#x, want %+v", i+1, m.Seq, m.HasSeq, m.Autonomous, m.StickTo, w)
		}
	}
	back, text := roundTrip(t, rec)
	sameRecording(t, rec, back)
	lines := strings.Split(string(text), "\n")
	if got := lines[len(lines)-2]; strings.Contains(got, "seq") || strings.Contains(got, "autonomous") || strings.Contains(got, "stick_to") {
		t.Errorf("a motion without stamps was written with them: %s", got)
	}
	if !strings.Contains(string(text), `"seq":{"instance":3,"movement":65535,"server_control":7},"autonomous":true,"stick_to":"0x80000A02"`) {
		t.Errorf("stamps not written as given:\n%s", text)
	}
	if !strings.Contains(string(text), `"stick_to":"observer"`) {
		t.Errorf("observer stick_to not written as observer:\n%s", text)
	}
}

// docs/formats.md "Truth from a player's own client": a truth event's
// client report (the game action, the client's stamps, its contact flag —
// ACE MoveToState.cs, GameActionAutonomousPosition.cs) survives a write and
// a read; a truth without one (a scenario's, an older recording's) is
// written without it, byte for byte.
func TestWriteRead_TruthClientReportRoundTrip(t *testing.T) {
	in := hdr + "\n" +
		`{"t":0,"type":"truth","guid":"0x80000A01","cell":"0xA9B4001F","origin":[1,2,3],"action":"move_to_state","seq":{"instance":3,"server_control":65535,"teleport":7,"force_position":2},"contact":false,"long_jump":true}` + "\n" +
		`{"t":0,"type":"truth","guid":"0x80000A01","cell":"0xA9B4001F","origin":[1,2,3],"action":"autonomous_position","seq":{"teleport":1},"contact":true}` + "\n" +
		`{"t":0,"type":"truth","guid":"0x80000A01","cell":"0xA9B4001F","origin":[1,2,3]}` + "\n"
	rec, err := Read("t.jsonl", strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	want := []ClientReport{
		{Action: ActionMoveToState, Seq: ClientSeq{3, 65535, 7, 2}, LongJump: true},
		{Action: ActionAutonomousPosition, Seq: ClientSeq{Teleport: 1}, Contact: true},
		{},
	}
	for i, w := range want {
		if got := rec.Events[i].Client; got != w {
			t.Errorf("event %d: client report %+v, want %+v", i, got, w)
		}
	}
	back, text := roundTrip(t, rec)
	sameRecording(t, rec, back)
	for i, w := range []string{
		`"action":"move_to_state","seq":{"instance":3,"server_control":65535,"teleport":7,"force_position":2},"contact":false,"long_jump":true}`,
		`"action":"autonomous_position","seq":{"instance":0,"server_control":0,"teleport":1,"force_position":0},"contact":true}`,
		`"origin":[1,2,3]}`,
	} {
		lines := strings.Split(string(text), "\n")
		if got := lines[len(lines)-4+i]; !strings.HasSuffix(got, w) {
			t.Errorf("truth %d written as %s, want it to end %s", i, got, w)
		}
	}
}

// A client report is all or nothing, and its action one of the two.
func TestRead_TruthClientReportErrors(t *testing.T) {
	const tr = `{"t":0,"type":"truth","guid":"0x80000A01","cell":"0xA9B4001F","origin":[1,2,3]`
	for _, c := range []struct{ line, want string }{
		{tr + `,"contact":true}`, `t.jsonl:2: truth.contact: given without "action"`},
		{tr + `,"action":"jump","seq":{},"contact":true}`, `t.jsonl:2: truth.action: want "move_to_state" or "autonomous_position", got "jump"`},
		{tr + `,"action":"move_to_state","contact":true}`, `t.jsonl:2: truth.seq: `},
		{tr + `,"action":"move_to_state","seq":{"instance":70000},"contact":true}`, `t.jsonl:2: truth.seq.instance: `},
		{tr + `,"action":"move_to_state","seq":{},"contact":1}`, `t.jsonl:2: truth.contact: want true or false`},
	} {
		_, err := Read("t.jsonl", strings.NewReader(lines(hdr, c.line)))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want it to contain %q", c.line, err, c.want)
		}
	}
}
