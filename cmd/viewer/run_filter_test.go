package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// whyLines are the cause-chain lines of `viewer run -explain`'s text.
func whyLines(out string) []string {
	var lines []string
	in := false
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "why, reading") {
			in = true
			continue
		}
		if in && strings.HasPrefix(l, "  0x") {
			lines = append(lines, l)
		}
	}
	return lines
}

// -explain=KINDS, -explain-kinds and -filter each narrow the cause chains
// (issue 30 items 5 and 8: runner.yaml's 198 hitch lines no longer bury its
// blips).
func TestRun_ExplainFiltered(t *testing.T) {
	t.Setenv("DISPLAY", "")
	runner := scenarioFile(t, "runner")
	_, all, _ := viewer(t, "run", "-explain", runner)
	allLines := whyLines(all)
	blips := 0
	for _, l := range allLines {
		if strings.Contains(l, ": blip ") {
			blips++
		}
	}
	if blips == 0 || blips == len(allLines) {
		t.Fatalf("runner.yaml: %d blips of %d chains; the test needs both kinds", blips, len(allLines))
	}
	for _, args := range [][]string{
		{"-explain=blip"},
		{"-explain-kinds", "blip"},
		{"-explain", "-filter", "blip"},
		{"-explain", "-filter", "kind=blip guid=0x80000C01"},
	} {
		code, out, errs := viewer(t, append(append([]string{"run"}, args...), runner)...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errs)
		}
		got := whyLines(out)
		if len(got) != blips {
			t.Errorf("%v: %d chains, want the %d blips", args, len(got), blips)
		}
		for _, l := range got {
			if !strings.Contains(l, ": blip ") {
				t.Errorf("%v kept %q", args, l)
			}
		}
	}
	// A filter that keeps nothing says so, rather than that nothing jumped.
	_, out, _ := viewer(t, "run", "-explain=snap", "-filter", "tick=1..5", runner)
	if !strings.Contains(out, "  no cause chain matches -explain=snap and -filter 'tick=1..5'\n") {
		t.Errorf("empty filter result:\n%s", out)
	}
	// A range keeps only the chains in it; -json's causes obey too.
	_, out, _ = viewer(t, "run", "-json", "-explain", "-filter", "hitch tick=100..200", runner)
	var rep struct {
		Objects []struct {
			Runs []struct {
				Causes []struct {
					Tick int    `json:"tick"`
					Kind string `json:"kind"`
				} `json:"causes"`
			} `json:"runs"`
		} `json:"objects"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, o := range rep.Objects {
		for _, r := range o.Runs {
			for _, c := range r.Causes {
				n++
				if c.Kind != "hitch" || c.Tick < 100 || c.Tick > 200 {
					t.Errorf("kept %s at tick %d", c.Kind, c.Tick)
				}
			}
		}
	}
	if n == 0 {
		t.Error("no hitch kept in ticks 100..200")
	}
}

// -filter narrows the -events table to the rows it matches.
func TestRun_EventsFiltered(t *testing.T) {
	t.Setenv("DISPLAY", "")
	runner := scenarioFile(t, "runner")
	path := filepath.Join(t.TempDir(), "ev.csv")
	if code, _, errs := viewer(t, "run", "-quiet", "-events", path, "-filter", "blip tick=..200", runner); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	if len(lines) < 2 {
		t.Fatalf("no rows kept:\n%s", data)
	}
	for _, l := range lines[1:] {
		f := strings.Split(l, ",")
		if f[4] != "blip" {
			t.Errorf("kept a %s row", f[4])
		}
	}
	// A batch filters each input's rows too.
	batch := filepath.Join(t.TempDir(), "batch.csv")
	if code, _, errs := viewer(t, "run", "-quiet", "-events", batch, "-filter", "kind=blip,route tick=..40", runner, farJump); code != 0 {
		t.Fatalf("batch: exit %d: %s", code, errs)
	}
	if data, err = os.ReadFile(batch); err != nil {
		t.Fatal(err)
	}
	inputs := map[string]bool{}
	for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n")[1:] {
		f := strings.Split(l, ",")
		inputs[f[0]] = true
		if tick, err := strconv.Atoi(f[2]); err != nil || tick > 40 || f[4] != "blip" && f[4] != "route" {
			t.Errorf("batch kept %s at tick %s", f[4], f[2])
		}
	}
	if len(inputs) != 2 {
		t.Errorf("batch rows from %d inputs, want 2", len(inputs))
	}
}

// -explain= with an empty kind in its list is refused, naming the column.
func TestExplainFlag_EmptyKind(t *testing.T) {
	code, _, errs := viewer(t, "run", "-explain=blip,,snap", farJump)
	if code != 2 || !strings.Contains(errs, `run: -explain: filter: "blip,,snap": at column 6: kind= has an empty value`) {
		t.Errorf("exit %d: %s", code, errs)
	}
}

// `-explain blip FILE` (no =) reads blip as a first FILE: it exits 2 before
// any run, pointing at -explain=blip, rather than running FILE as a batch
// that lists no cause chains; a missing FILE that names no kinds stays a
// batch's missing input.
func TestRun_ExplainKindsWithoutEquals(t *testing.T) {
	t.Setenv("DISPLAY", "")
	runner := scenarioFile(t, "runner")
	code, out, errs := viewer(t, "run", "-explain", "blip,snap", runner)
	if code != 2 || !strings.Contains(errs, "-explain=blip,snap") || strings.Contains(out, "Courier") {
		t.Errorf("-explain blip,snap FILE: exit %d, stdout %q, stderr %q; want 2, no report and the -explain=blip,snap hint", code, out, errs)
	}
	code, _, errs = viewer(t, "run", "-explain", filepath.Join(t.TempDir(), "gone.yaml"), runner)
	if code != 2 || strings.Contains(errs, "-explain=") {
		t.Errorf("-explain MISSING FILE: exit %d, stderr %q; want 2 and no -explain= hint", code, errs)
	}
}

// A -filter whose guid= term names no object of the input matches nothing
// by construction: it is refused (exit 2, the rule -select keeps), naming
// the guid and the input, rather than printing "no cause chain matches"
// or writing an events table of no rows with exit 0 (docs/viewer.md
// "Filters"). A list with one guid the input has is kept.
func TestRun_FilterOfAGuidNotInTheInput(t *testing.T) {
	t.Setenv("DISPLAY", "")
	runner := scenarioFile(t, "runner")
	events := filepath.Join(t.TempDir(), "ev.csv")
	for _, args := range [][]string{
		{"run", "-explain", "-filter", "guid=0x12345678", runner},
		{"run", "-events", events, "-filter", "blip guid=0x12345678", runner},
		{"run", "-compare", "seed,legacy", "-filter", "guid=0x1,0x2", runner},
	} {
		code, _, stderr := viewerCmd(args...)
		if code != exitUsage || !strings.Contains(stderr, "has no object 0x12345678") && !strings.Contains(stderr, "has no object 0x00000001 or 0x00000002") {
			t.Errorf("viewer %q: exit %d, stderr %q; want 2 naming the guid", args, code, stderr)
		}
	}
	if _, err := os.Stat(events); err == nil {
		t.Errorf("-events %s written although the filter was refused", events)
	}
	code, out, stderr := viewerCmd("run", "-explain", "-filter", "guid=0x12345678,0x80000C01", runner)
	if code != exitOK || !strings.Contains(out, "why, reading seed") {
		t.Errorf("a guid list with one object of the input: exit %d\n%s\n%s", code, out, stderr)
	}
}
