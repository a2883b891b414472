package main

import (
	"path/filepath"
	"strings"
	"testing"

	"glidepath/internal/cmdinput"
)

// docs/real-sessions.md "Never through the world": every command that runs
// the pipeline on a capture without dat files says once, on stderr, that
// the ground is the server's (cmdinput.WarnFloor). fellowship-three-vassal
// is a real session (testdata/corpus), indoors in the Training Academy.
func TestFloorNotice_OncePerCommand(t *testing.T) {
	t.Setenv("DISPLAY", "")
	in := "../../testdata/corpus/fellowship-three-vassal.jsonl"
	dir := t.TempDir()
	rec := filepath.Join(dir, "three.jsonl")
	if code, _, errs := viewer(t, "import", "-o", rec, in); code != 0 {
		t.Fatalf("import: exit %d: %s", code, errs)
	}
	const notice = "viewer: no dat files: ground from the server's positions in "
	for _, c := range []struct {
		name string
		args []string
	}{
		{"run capture", []string{"run", in}},
		{"run recording", []string{"run", rec}},
		{"run follow", []string{"run", "-follow", "-idle", "10ms", rec}},
		{"batch", []string{"run", "-quiet", rec, in}},
		{"whatif", []string{"whatif", "-json", rec}},
		{"shrink", []string{"shrink", "-keep", "create guid=0x5000001E", "-o", filepath.Join(dir, "small.jsonl"), rec}},
	} {
		t.Run(c.name, func(t *testing.T) {
			code, _, errs := viewer(t, c.args...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errs)
			}
			want := 1
			if c.name == "batch" {
				want = 2 // once per input, named
			}
			if n := strings.Count(errs, "no dat files: ground from the server's positions in "); n != want || (want == 1 && !strings.Contains(errs, notice)) {
				t.Fatalf("the floor notice said %d times, want %d:\n%s", n, want, errs)
			}
			if !strings.Contains(errs, "no dat files: ground from the server's positions in 10 cells\n") {
				t.Errorf("notice without the session's 10 cells:\n%s", errs)
			}
		})
	}
	// A scenario has no server floor: nothing said.
	if _, _, errs := viewer(t, "run", scenarioFile(t, "far-blip")); strings.Contains(errs, "ground from the server") {
		t.Errorf("a scenario's run says the server's ground:\n%s", errs)
	}
}

// pack's steps (shrink, run, export) run its own copy of the input: they
// leave the notice to pack, which says it once, of its input.
func TestFloorNotice_SubstepsQuiet(t *testing.T) {
	var b strings.Builder
	w := cmdinput.WithoutFloorNotice(&b)
	for _, l := range []string{
		"viewer: no dat files: ground from the server's positions in 3 cells\n",
		"viewer: warning: something else\n",
		"viewer: dat terrain outdoors; indoor ground from the server's positions in 2 cells\n",
		"shrink: keeping x\n",
	} {
		if n, err := w.Write([]byte(l)); n != len(l) || err != nil {
			t.Fatalf("Write: %d, %v", n, err)
		}
	}
	if got := b.String(); got != "viewer: warning: something else\nshrink: keeping x\n" {
		t.Errorf("passed on %q", got)
	}
}

// docs/real-sessions.md "Several clients of one session": viewer run
// -truth-from says, as viewer import does, what the other client's
// capture gave and how the clocks were joined (three-vassal logged in
// 127.942 s after two-monarch), so a run checks the join; -quiet and
// -json say nothing of it.
func TestRun_TruthFromSaysTheJoin(t *testing.T) {
	const two, three = "../../testdata/corpus/fellowship-two-monarch.prefix.jsonl", "../../testdata/corpus/fellowship-three-vassal.jsonl"
	code, _, errs := viewer(t, "run", two, "-truth-from", three)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	want := "viewer: truth from " + three + ": player 0x50000020, 21 positions → 14 truth events (0 while the object did not exist here, 7 after the end); clock +127.942 s; 6 UpdatePositions received by both, at most 0.002 s apart\n"
	if strings.Count(errs, want) != 1 {
		t.Errorf("stderr does not say the join once:\n%s", errs)
	}
	for _, flag := range []string{"-quiet", "-json"} {
		if code, _, errs := viewer(t, "run", flag, two, "-truth-from", three); code != 0 || strings.Contains(errs, "truth from") {
			t.Errorf("%s: exit %d, stderr %q", flag, code, errs)
		}
	}
}
