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
