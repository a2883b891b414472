package main

import (
	"bytes"
	"encoding/json"
	"net/netip"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/engine/capture/capturetest"
	"glidepath/engine/recording"
	"glidepath/physics"
)

// heldCapture writes a capture with a creature that wields a sword, a
// player who wields a bow (PhysicsDesc parent = the player, as the
// "Ancient Arbalest" of a real dungeon capture), a static door, and the
// creature's and the player's moves.
func heldCapture(t *testing.T) string {
	t.Helper()
	at := func(x, y float32) physics.Position {
		return physics.Position{Cell: 0xA9B4001F, Frame: physics.NewFrame(mgl32.Vec3{x, y, 0}, mgl32.QuatIdent())}
	}
	var buf bytes.Buffer
	s := &capturetest.Session{F: capturetest.NewFile(&buf, capturetest.Pcap, capturetest.Ethernet),
		Server: netip.MustParseAddrPort("198.51.100.7:9000"), Client: netip.MustParseAddrPort("192.168.1.20:50123"),
		Base: time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)}
	s.TimeSync(0)
	const player, guard = capturetest.PlayerGUID, 0x80000061
	s.Message(0, capturetest.PlayerCreate(player))
	s.Message(0, recording.EncodeUpdatePosition(&recording.UpdatePosition{GUID: player, Pos: at(5, 5)}))
	gp, dp := at(30, 30), at(40, 40)
	s.Message(0, capturetest.CreateObjectWith(capturetest.Create{GUID: guard, Name: "Shoushi Guard", Pos: &gp, State: 0x408, MotionTable: 0x09000001}))
	s.Message(0, capturetest.CreateObjectWith(capturetest.Create{GUID: 0x80000062, Name: "Frost Silifi", Parent: guard, ParentLocation: 1}))
	s.Message(0, capturetest.CreateObjectWith(capturetest.Create{GUID: 0x80000060, Name: "Ancient Arbalest", Parent: player, ParentLocation: 2}))
	s.Message(0, capturetest.CreateObjectWith(capturetest.Create{GUID: 0x80000064, Name: "Door", Pos: &dp, State: 0x10408}))
	s.Flush(0)
	for i := 1; i <= 6; i++ {
		tt := 0.2 * float64(i)
		s.Message(tt, recording.EncodeUpdatePosition(&recording.UpdatePosition{GUID: guard, Pos: at(30+float32(i), 30)}))
		s.Message(tt, recording.EncodeUpdatePosition(&recording.UpdatePosition{GUID: player, Pos: at(5, 5+float32(i))}))
		s.Flush(tt)
	}
	if err := s.F.Err(); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "held.pcap")
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// No held item is imported as a free-standing remote (issue 29's
// acceptance, end to end): `viewer import -json` counts the wielded items
// as held_items (one held by a creature, one by the player, whose parent
// is "observer") and the door as a static; `viewer run -json` on the
// import lists neither held item among the per-object report's remotes,
// the door only with -statics; and the states table agrees with the
// report.
func TestImportRun_HeldItemsAreNoRemotes(t *testing.T) {
	path := heldCapture(t)
	out := filepath.Join(t.TempDir(), "held.jsonl")
	code, stdout, errs := viewer(t, "import", "-json", "-o", out, path)
	if code != 0 {
		t.Fatalf("import: exit %d: %s", code, errs)
	}
	var sum struct {
		Objects   int    `json:"objects"`
		HeldItems int    `json:"held_items"`
		Statics   int    `json:"statics"`
		Rule      string `json:"player_rule"`
	}
	if err := json.Unmarshal([]byte(stdout), &sum); err != nil {
		t.Fatalf("%v\n%s", err, stdout)
	}
	if sum.Objects != 4 || sum.HeldItems != 2 || sum.Statics != 1 || sum.Rule != "player_create" {
		t.Errorf("import summary %+v, want 4 objects, 2 held items, 1 static, player_create", sum)
	}
	text, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"parent":"observer","parent_location":2`, `"parent":"0x80000061","parent_location":1`, `"static":true`} {
		if !strings.Contains(string(text), want) {
			t.Errorf("the import lacks %s:\n%s", want, text)
		}
	}
	states := filepath.Join(t.TempDir(), "states.csv")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{nil, "0x80000061"},
		{[]string{"-statics"}, "0x80000061 0x80000064"},
	} {
		args := append(append([]string{"run", "-json", "-states", states}, tc.args...), out)
		code, stdout, errs := viewer(t, args...)
		if code != 0 {
			t.Fatalf("run %v: exit %d: %s", tc.args, code, errs)
		}
		var rep struct {
			Objects []struct {
				GUID string `json:"guid"`
			} `json:"objects"`
		}
		if err := json.Unmarshal([]byte(stdout), &rep); err != nil {
			t.Fatalf("%v\n%s", err, stdout)
		}
		var got []string
		for _, o := range rep.Objects {
			got = append(got, o.GUID)
		}
		if strings.Join(got, " ") != tc.want {
			t.Errorf("run %v: report objects %v, want %s", tc.args, got, tc.want)
		}
		table, err := os.ReadFile(states)
		if err != nil {
			t.Fatal(err)
		}
		inTable := map[string]bool{}
		for _, line := range strings.Split(strings.TrimSpace(string(table)), "\n")[1:] {
			inTable[strings.Split(line, ",")[4]] = true
		}
		if len(inTable) != len(got) {
			t.Errorf("run %v: states table objects %v, report objects %v", tc.args, inTable, got)
		}
		for _, g := range got {
			if !inTable[g] {
				t.Errorf("run %v: %s is in the report, not the states table", tc.args, g)
			}
		}
	}
}

// viewer run on a capture says what it left out and marks the statics it
// lists (issue 37 item 5): the two held items and the door are not
// simulated; without -statics the report says so in one line (and -json
// as left_out), with -statics the door is listed, marked static in the
// text and in -json.
func TestRun_SaysWhatItLeftOutAndMarksStatics(t *testing.T) {
	path := heldCapture(t)
	code, out, errs := viewer(t, "run", path)
	if code != 0 || !strings.Contains(out, "\n2 held items, 1 static not simulated; -statics lists them\n") {
		t.Errorf("run: exit %d, stdout:\n%s\nstderr %s", code, out, errs)
	}
	code, out, errs = viewer(t, "run", "-statics", path)
	if code != 0 || !strings.Contains(out, "0x80000064 (static)") || !strings.Contains(out, "2 held items not simulated") ||
		!strings.Contains(out, "1 static listed (marked static), not simulated") || strings.Contains(out, "-statics lists them") {
		t.Errorf("run -statics: exit %d, stdout:\n%s\nstderr %s", code, out, errs)
	}
	if code, out, _ = viewer(t, "run", "-statics", "-long", path); code != 0 || !strings.Contains(out, "0x80000064 Door (static)") {
		t.Errorf("run -statics -long: exit %d:\n%s", code, out)
	}
	for _, statics := range []bool{false, true} {
		args := []string{"run", "-json", path}
		if statics {
			args = []string{"run", "-json", "-statics", path}
		}
		code, out, errs := viewer(t, args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errs)
		}
		var rep struct {
			LeftOut *struct {
				HeldItems int `json:"held_items"`
				Statics   int `json:"statics"`
			} `json:"left_out"`
			Objects []struct {
				GUID   string `json:"guid"`
				Static bool   `json:"static"`
			} `json:"objects"`
		}
		if err := json.Unmarshal([]byte(out), &rep); err != nil {
			t.Fatalf("%v\n%s", err, out)
		}
		wantStatics := 1
		if statics {
			wantStatics = 0
		}
		if rep.LeftOut == nil || rep.LeftOut.HeldItems != 2 || rep.LeftOut.Statics != wantStatics {
			t.Errorf("%v: left_out %+v, want 2 held items, %d statics", args, rep.LeftOut, wantStatics)
		}
		for _, o := range rep.Objects {
			if o.Static != (o.GUID == "0x80000064") {
				t.Errorf("%v: %s static %v", args, o.GUID, o.Static)
			}
		}
	}
	// An input with neither says nothing of them.
	if code, out, _ := viewer(t, "run", "-json", farJump); code != 0 || strings.Contains(out, "left_out") || strings.Contains(out, `"static"`) {
		t.Errorf("far_jump: exit %d:\n%s", code, out)
	}
}
