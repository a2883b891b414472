package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// `viewer run -compare` prints the first tick at which the readings' states
// differ, with the object, field and stage (issue 30 item 7), in text and
// as first_difference in -json — also when it writes tables.
func TestRun_CompareFirstDifference(t *testing.T) {
	t.Setenv("DISPLAY", "")
	runner := scenarioFile(t, "runner")
	_, out, errs := viewer(t, "run", "-compare", "seed,hexrays", runner)
	if !strings.Contains(out, "first difference: tick 512, 0x80000C01 position (seed vs hexrays), first at stage PositionManager::adjust_offset\n") {
		t.Errorf("no first difference:\n%s%s", out, errs)
	}
	for _, args := range [][]string{
		{"run", "-json", "-compare", "seed,hexrays", runner},
		{"run", "-json", "-compare", "seed,hexrays", "-events", filepath.Join(t.TempDir(), "e.csv"), runner},
	} {
		_, out, _ = viewer(t, args...)
		var rep struct {
			FirstDifference *struct {
				Tick     int
				GUID     string
				Stage    string
				Field    string
				Readings []string
			} `json:"first_difference"`
		}
		if err := json.Unmarshal([]byte(out), &rep); err != nil {
			t.Fatalf("%v: %v\n%s", args, err, out)
		}
		fd := rep.FirstDifference
		if fd == nil || fd.Tick != 512 || fd.GUID != "0x80000C01" || fd.Field != "position" || fd.Stage != "PositionManager::adjust_offset" {
			t.Errorf("%v: first_difference %+v", args, fd)
		}
	}
	// Readings that never differ say so; one reading prints nothing of it.
	_, out, _ = viewer(t, "run", "-compare", "seed,ace", scenarioFile(t, "default"))
	if !strings.Contains(out, "the readings' states agree at every tick\n") {
		t.Errorf("seed and ace on default.yaml:\n%s", out)
	}
	_, out, _ = viewer(t, "run", runner)
	if strings.Contains(out, "first difference") || strings.Contains(out, "agree at every tick") {
		t.Errorf("one reading compared:\n%s", out)
	}
}

// An input with no object the pipeline simulates compares nothing: the
// text does not say the readings agree, and -json's objects (run's and
// whatif's) is an empty array, not null.
func TestRun_CompareOfNoObjectClaimsNoAgreement(t *testing.T) {
	t.Setenv("DISPLAY", "")
	empty := filepath.Join(t.TempDir(), "none.jsonl")
	if err := os.WriteFile(empty, []byte(`{"format":"glidepath-recording","version":1,"entities":[]}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := viewer(t, "run", "-compare", "seed,ace", empty)
	if code != 0 || strings.Contains(out, "agree") || !strings.Contains(out, "no object to compare: ") {
		t.Errorf("exit %d:\n%s%s", code, out, errs)
	}
	for _, args := range [][]string{{"run", "-json", empty}, {"run", "-json", "-compare", "seed,ace", empty}, {"whatif", "-json", "-latency", "100ms", empty}} {
		_, out, _ = viewer(t, args...)
		var rep map[string]json.RawMessage
		if err := json.Unmarshal([]byte(out), &rep); err != nil {
			t.Fatalf("%v: %v\n%s", args, err, out)
		}
		if got := string(rep["objects"]); got != "[]" {
			t.Errorf("%v: objects %s, want []", args, got)
		}
	}
}
