package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// viewer diff -vs compares two traces — here two readings' Glidepath traces
// of runner.yaml, whose states first differ at tick 512 by half a
// millimetre (viewer run -compare's first difference) — with diff's exit
// statuses: 1 diverged, 0 the same.
func TestDiff_Versus(t *testing.T) {
	t.Setenv("DISPLAY", "")
	runner := scenarioFile(t, "runner")
	dir := t.TempDir()
	seed, hexrays := filepath.Join(dir, "seed.jsonl"), filepath.Join(dir, "hexrays.jsonl")
	for _, r := range [][2]string{{"seed", seed}, {"hexrays", hexrays}} {
		if code, _, errs := viewer(t, "run", "-quiet", "-reading", r[0], "-trace", r[1], runner); code != 0 {
			t.Fatalf("run %s: exit %d: %s", r[0], code, errs)
		}
	}
	code, out, errs := viewer(t, "diff", "-vs", "-tol", "0", "-json", seed, hexrays)
	if code != 1 {
		t.Fatalf("exit %d, want 1: %s", code, errs)
	}
	var res struct {
		Diverged bool
		Objects  []struct {
			GUID            string
			FirstDivergence *struct {
				Tick   int
				Fields []string
			} `json:"first_divergence"`
		}
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatal(err)
	}
	if !res.Diverged || len(res.Objects) != 1 || res.Objects[0].FirstDivergence == nil || res.Objects[0].FirstDivergence.Tick != 512 {
		t.Fatalf("result %+v\n%s", res, out)
	}
	// At the default 1 cm the traces part later.
	code, out, _ = viewer(t, "diff", "-vs", seed, hexrays)
	if code != 1 || !strings.Contains(out, "first divergence at tick 523: position") || !strings.Contains(out, "diff -vs: A "+seed+" against B "+hexrays) {
		t.Errorf("exit %d:\n%s", code, out)
	}
	code, out, _ = viewer(t, "diff", "-vs", seed, seed)
	if code != 0 || !strings.Contains(out, "no divergence\n") {
		t.Errorf("a trace against itself: exit %d:\n%s", code, out)
	}
}
