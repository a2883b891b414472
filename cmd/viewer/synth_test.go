// Tests of the synth subcommand: it writes a recording the reader accepts,
// the same for the same options, compressed when asked, atomically, and
// refuses bad options with exit 2.

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"glidepath/engine/recording"
)

func TestSynth_WritesTheSameReadableCrowdEveryTime(t *testing.T) {
	dir := t.TempDir()
	a, b, gz := filepath.Join(dir, "a.jsonl"), filepath.Join(dir, "b.jsonl"), filepath.Join(dir, "c.jsonl.gz")
	for _, out := range []string{a, b, gz} {
		if code, _, errs := viewer(t, "synth", "-objects", "12", "-minutes", "0.2", "-interval", "0.5", "-seed", "3", "-o", out); code != 0 {
			t.Fatalf("exit %d: %s", code, errs)
		}
	}
	da, _ := os.ReadFile(a)
	db, _ := os.ReadFile(b)
	if len(da) == 0 || !bytes.Equal(da, db) {
		t.Fatalf("two runs with the same options differ (%d and %d bytes)", len(da), len(db))
	}
	plain, err := recording.ReadFile(a)
	if err != nil {
		t.Fatal(err)
	}
	zipped, err := recording.ReadFile(gz)
	if err != nil {
		t.Fatal(err)
	}
	if len(plain.Header.Entities) != 12 || len(plain.Events) != len(zipped.Events) || len(plain.Events) < 12*20 {
		t.Fatalf("%d entities, %d events (gzip: %d)", len(plain.Header.Entities), len(plain.Events), len(zipped.Events))
	}
	// Only the outputs are left: no temporary files.
	entries, _ := os.ReadDir(dir)
	if len(entries) != 3 {
		t.Errorf("%d files in the output directory, want 3", len(entries))
	}
	// And it runs.
	if code, _, errs := viewer(t, "run", "-quiet", a); code != 0 {
		t.Fatalf("run: exit %d: %s", code, errs)
	}
}

func TestSynth_BadOptionsExit2AndLeaveNoFile(t *testing.T) {
	out := filepath.Join(t.TempDir(), "x.jsonl")
	for _, args := range [][]string{
		{"-objects", "0", "-minutes", "1", "-o", out},
		{"-objects", "10", "-minutes", "0", "-o", out},
		{"-objects", "10", "-minutes", "1", "-interval", "0", "-o", out},
		{"-objects", "10", "-minutes", "1"},
		{"-objects", "10", "-minutes", "1", "-o", out, "extra"},
	} {
		code, _, errs := viewer(t, append([]string{"synth"}, args...)...)
		if code != 2 || !strings.Contains(errs, "synth") {
			t.Errorf("%v: exit %d, stderr %q", args, code, errs)
		}
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("a refused synth left %s", out)
	}
}
