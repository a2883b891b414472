package engine

import (
	"bytes"
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"

	"glidepath/assets"
	"glidepath/engine/recording"
	"glidepath/interp"
)

// Seed 002 (DoInterpretedMotion → PlayAction), ACE
// MotionInterp.move_to_interpreted_state: the attack recording's lunges
// move the body 0.8 m each along its heading axis — back under seed 002
// §3's subtract-forward, ahead under ace — and the repeated stamp does not
// play again, so two lunges in all; the Wave emote does not move it.
func TestActions_AttackLungeRootMotion(t *testing.T) {
	for _, c := range []struct {
		reading string
		wantX   float64
	}{{"seed", 90 - 1.6}, {"ace", 90 + 1.6}} {
		s := states(traceOf(t, "attack_lunge", c.reading), "0x80000A01")
		if x := s[len(s)-1].Origin[0]; x < c.wantX-1e-3 || x > c.wantX+1e-3 {
			t.Errorf("%s: ended at x %.4f, want %.1f (two 0.8 m lunges)", c.reading, x, c.wantX)
		}
		// Nothing moves after the second lunge (tick 75 + 20 frames).
		var after []float64
		for _, l := range s {
			if l.Tick == 100 {
				after = l.Origin
			}
		}
		if after == nil || after[0] != s[len(s)-1].Origin[0] {
			t.Errorf("%s: the Wave emote moved the body (%v → %v)", c.reading, after, s[len(s)-1].Origin)
		}
	}
}

// An action whose command the object's motion table lacks is bad input
// naming the file, line and field.
func TestActions_CommandMissingFromTableIsBadInput(t *testing.T) {
	tbl, err := fs.ReadFile(assets.FS(), "motion/humanoid.json")
	if err != nil {
		t.Fatal(err)
	}
	// A copy of the humanoid table without the Wave motion.
	i := bytes.Index(tbl, []byte(`,
    "Wave": {`))
	if i < 0 {
		t.Fatal("humanoid.json has no Wave motion to remove")
	}
	j := bytes.Index(tbl[i:], []byte("\n    }")) + i + len("\n    }")
	noWave := append(append([]byte{}, tbl[:i]...), tbl[j:]...)
	fsys := fstest.MapFS{"motion/humanoid.json": {Data: noWave}}
	rec, err := recording.Read("waves.jsonl", strings.NewReader(
		`{"format":"glidepath-recording","version":1,"entities":[{"guid":"0x1","position":{"cell":"0xA9B4001C","origin":[90,90,0]}}]}
{"t":0.1,"type":"motion","guid":"0x1","actions":[{"command":"Attack","stamp":1},{"command":"Wave","stamp":2}]}
`))
	if err != nil {
		t.Fatal(err)
	}
	_, err = New(rec, Options{Reading: interp.SeedReading(), Assets: fsys})
	if err == nil || !strings.Contains(err.Error(), "waves.jsonl:2: motion.actions[1].command") || !strings.Contains(err.Error(), "has no Wave") {
		t.Errorf("error %v, want waves.jsonl:2: motion.actions[1].command: ... has no Wave", err)
	}
}

// ACE MoveToManager (StickTo after a sticky MoveToObject), StickyManager:
// the sticker is pulled to 0.3 m from the target's cylinder — 1.0 m between
// centres for two 0.35 m bodies — turning to face it; after the target
// moves, a second sticky MoveToObject follows it, also while it walks on.
func TestSticky_MoveToObjectSticks(t *testing.T) {
	lines := traceOf(t, "sticky", "seed")
	s := states(lines, "0x80000A02")
	at := func(tick int) traceLine {
		for _, l := range s {
			if l.Tick == tick {
				return l
			}
		}
		t.Fatalf("no state at tick %d", tick)
		return traceLine{}
	}
	if x := at(10).Origin[0]; x != 95 {
		t.Errorf("moved before the MoveToObject: x %v", x)
	}
	if x := at(40).Origin[0]; x < 90.999 || x > 91.001 {
		t.Errorf("stuck at x %v, want 91 (1.0 m east of the target)", x)
	}
	target := states(lines, "0x80000A01")
	if tx := target[len(target)-1].Origin[0]; tx < 92.99 {
		t.Fatalf("target ended at %v", tx)
	}
	// Stuck again at t 3, the sticker follows the target on to 93 until
	// the 1 s timeout.
	if x := s[len(s)-1].Origin[0]; x < 91.999 || x > 92.001 {
		t.Errorf("after the target moved on to 93: x %v, want 92 (1.0 m west of it)", x)
	}
}

// A MoveToObject naming no live object is bad input (also for a recording
// built in memory, which no reader checked).
func TestSticky_TargetMustExist(t *testing.T) {
	rec, err := recording.ReadFile("testdata/sticky.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	for i := range rec.Events {
		if rec.Events[i].Motion.Sticky {
			rec.Events[i].Motion.Target = 0x99
			break
		}
	}
	_, err = New(rec, Options{Reading: interp.SeedReading(), Assets: assets.FS()})
	if err == nil || !strings.Contains(err.Error(), "motion.target: no object 0x00000099 exists") {
		t.Errorf("error %v", err)
	}
}

// The object view shows the sticky state while stuck, for the viewer's
// sticky overlay, and not after the 1 s timeout.
func TestSticky_View(t *testing.T) {
	rec, err := recording.ReadFile("testdata/sticky.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	s, err := New(rec, Options{Reading: interp.SeedReading(), Assets: assets.FS()})
	if err != nil {
		t.Fatal(err)
	}
	for s.Tick() < 20 {
		s.Step()
	}
	var v ObjectView
	for _, o := range s.Query().Objects(nil) {
		if o.GUID == 0x80000A02 {
			v = o
		}
	}
	if !v.Stuck || v.Sticky.TargetID != 0x80000A01 || v.Sticky.TargetRadius != 0.35 || !v.Sticky.Initialized {
		t.Errorf("at tick 20: stuck %v, %+v", v.Stuck, v.Sticky)
	}
	// The pull stops at both radii and the 0.3 m standoff between centres.
	if want := v.Radius + 0.35 + 0.3; v.Radius <= 0 || v.StickyStandoff < want-1e-6 || v.StickyStandoff > want+1e-6 {
		t.Errorf("at tick 20: standoff %v m, want %v (radius %v)", v.StickyStandoff, want, v.Radius)
	}
	for s.Tick() < 60 {
		s.Step()
	}
	for _, o := range s.Query().Objects(nil) {
		if o.GUID == 0x80000A02 && o.Stuck {
			t.Errorf("still stuck at tick 60 (timeout 1 s after tick 15): %+v", o.Sticky)
		}
	}
}
