package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"glidepath/internal/cli"
	"glidepath/internal/whatifcmd"
)

// issue32ExitCases are the exit-status rows of whatif, shrink and pack.
func issue32ExitCases(t *testing.T, dir string) []exitCase {
	missing := filepath.Join(dir, "missing.jsonl")
	return []exitCase{
		{"whatif help", []string{"whatif", "-h"}, 0, ""},
		{"whatif", []string{"whatif", "-latency", "100ms", farJump}, 0, ""},
		{"whatif no file", []string{"whatif"}, 2, "want one FILE"},
		{"whatif missing input", []string{"whatif", missing}, 2, "missing.jsonl"},
		{"whatif bad latency", []string{"whatif", "-latency", "soon", farJump}, 2, "-latency"},
		{"whatif loss over 100%", []string{"whatif", "-loss", "150%", farJump}, 2, "-loss"},
		{"whatif set unknown", []string{"whatif", "-set", "max_velocity=10", farJump}, 2, "not a reading field or constant; known: secondary_divisor"},
		{"whatif set constant", []string{"whatif", "-set", "max_interpolated_velocity=10", farJump}, 0, ""},
		{"whatif set constant negative", []string{"whatif", "-set", "max_interpolated_velocity=-1", farJump}, 2, "-set max_interpolated_velocity=-1"},
		{"whatif set constant NaN", []string{"whatif", "-set", "min_distance_to_reach_position=NaN", farJump}, 2, "min_distance_to_reach_position=NaN"},
		{"whatif set frames fraction", []string{"whatif", "-set", "stall_check_frame_interval=2.5", farJump}, 2, "stall_check_frame_interval=2.5"},
		{"whatif set bad value", []string{"whatif", "-set", "prune_loop=maybe", farJump}, 2, "-set prune_loop=maybe"},
		{"whatif set no value", []string{"whatif", "-set", "prune_loop", farJump}, 2, "-set"},
		{"whatif bad reading", []string{"whatif", "-reading", "nope", farJump}, 2, "-reading"},
		{"whatif two sweeps", []string{"whatif", "-latency", "0..1s/1s", "-jitter", "0..1s/1s", farJump}, 2, "sweep one flag at a time"},
		{"whatif sweep without table", []string{"whatif", "-latency", "0..300ms/50ms", farJump}, 2, "-metrics FILE"},
		{"whatif sweep backwards", []string{"whatif", "-latency", "300ms..0/50ms", "-metrics", filepath.Join(dir, "s.csv"), farJump}, 2, "-latency"},
		{"whatif bad table", []string{"whatif", "-metrics", filepath.Join(dir, "s.txt"), farJump}, 2, "-metrics"},
		{"whatif table in missing directory", []string{"whatif", "-metrics", filepath.Join(dir, "no-such-dir", "s.csv"), farJump}, 1, "no-such-dir"},

		{"shrink help", []string{"shrink", "-h"}, 0, ""},
		{"shrink", []string{"shrink", "-keep", "blip tick~30", "-o", filepath.Join(dir, "small.jsonl"), farJump}, 0, ""},
		{"shrink no file", []string{"shrink", "-keep", "blip", "-o", filepath.Join(dir, "s.jsonl")}, 2, "want one FILE"},
		{"shrink missing input", []string{"shrink", "-keep", "blip", "-o", filepath.Join(dir, "s.jsonl"), missing}, 2, "missing.jsonl"},
		{"shrink no keep", []string{"shrink", "-o", filepath.Join(dir, "s.jsonl"), farJump}, 2, "one of -keep EXPR or -keep-divergence CLIENT_TRACE"},
		{"shrink both keeps", []string{"shrink", "-keep", "blip", "-keep-divergence", farJump, "-o", filepath.Join(dir, "s.jsonl"), farJump}, 2, "one of -keep EXPR or -keep-divergence"},
		{"shrink divergence trace missing", []string{"shrink", "-keep-divergence", missing, "-o", filepath.Join(dir, "s.jsonl"), farJump}, 2, "-keep-divergence " + missing},
		{"shrink divergence bad trace", []string{"shrink", "-keep-divergence", farJump, "-o", filepath.Join(dir, "s.jsonl"), farJump}, 2, "far_jump.jsonl"},
		{"shrink bad keep", []string{"shrink", "-keep", "tick>>3", "-o", filepath.Join(dir, "s.jsonl"), farJump}, 2, "-keep"},
		{"shrink no output", []string{"shrink", "-keep", "blip", farJump}, 2, "-o FILE is needed"},
		{"shrink output not a recording", []string{"shrink", "-keep", "blip", "-o", filepath.Join(dir, "s.txt"), farJump}, 2, "-o"},
		{"shrink bad jobs", []string{"shrink", "-keep", "blip", "-jobs", "0", "-o", filepath.Join(dir, "s.jsonl"), farJump}, 2, "-jobs 0"},
		{"shrink not shown", []string{"shrink", "-keep", "pop", "-o", filepath.Join(dir, "s.jsonl"), farJump}, 2, `matches -keep "pop"`},
		{"pack help", []string{"pack", "-h"}, 0, ""},
		{"pack", []string{"pack", "-at", "30", "-o", filepath.Join(dir, "pack"), farJump}, 0, ""},
		{"pack no file", []string{"pack", "-at", "30"}, 2, "want one FILE"},
		{"pack missing input", []string{"pack", "-at", "30", missing}, 2, "missing.jsonl"},
		{"pack no moment", []string{"pack", farJump}, 2, "one of -at TICK or -bookmark NAME"},
		{"pack both moments", []string{"pack", "-at", "3", "-bookmark", "x", farJump}, 2, "one of -at TICK or -bookmark NAME"},
		{"pack bookmark absent", []string{"pack", "-bookmark", "nothing here", farJump}, 2, `-bookmark "nothing here"`},
		{"pack tick past the run", []string{"pack", "-at", "100000", farJump}, 2, "-at 100000: outside the run"},
		{"pack nothing near", []string{"pack", "-at", "100", "-window", "5", farJump}, 2, "-at 100: no blip, snap, pop or hitch within 5 ticks under"},
		{"pack nothing within a tick", []string{"pack", "-at", "100", "-window", "1", farJump}, 2, "-at 100: no blip, snap, pop or hitch within 1 tick under"},
		{"pack select absent", []string{"pack", "-at", "30", "-select", "0x12345678", farJump}, 2, "-select 0x12345678"},
		{"pack select bad", []string{"pack", "-at", "30", "-select", "zz", farJump}, 2, "-select"},
		{"pack bad window", []string{"pack", "-at", "30", "-window", "0", farJump}, 2, "-window 0"},
		{"pack into missing directory", []string{"pack", "-at", "30", "-o", filepath.Join(dir, "no-such-dir", "p"), farJump}, 1, "no-such-dir"},
		{"shrink output in missing directory", []string{"shrink", "-keep", "blip", "-o", filepath.Join(dir, "no-such-dir", "s.jsonl"), farJump}, 1, "no-such-dir"},
	}
}

// TestWhatif_ZeroChangeJSON: with no changes every delta is zero and the
// two runs' metrics are the same.
func TestWhatif_ZeroChangeJSON(t *testing.T) {
	code, out, errs := viewer(t, "whatif", "-json", scenarioFile(t, "far-blip"))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var r whatifcmd.Report
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	a, b := r.All.Original, r.All.WhatIf
	if a.Blips != 1 || a.Blips != b.Blips || a.Pops != b.Pops || a.Hitches != b.Hitches || a.Updates != b.Updates ||
		*a.ErrorMean != *b.ErrorMean || *r.All.Delta.ErrorMean != 0 {
		t.Errorf("zero-change what-if: original %+v, what-if %+v", a, b)
	}
}

// TestWhatif_SweepWritesOneBlockPerSetting: a sweep of four latencies
// writes the original's row and one what-if row per setting, the reading
// column naming the setting; the error mean rises with the latency.
func TestWhatif_SweepWritesOneBlockPerSetting(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sweep.csv")
	code, out, errs := viewer(t, "whatif", "-latency", "0..300ms/100ms", "-metrics", path, scenarioFile(t, "far-blip"))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if n := strings.Count(out, "\n"); n != 4 {
		t.Errorf("%d summary lines, want 4:\n%s", n, out)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	want := []string{"seed,", "seed@whatif latency=0s,", "seed@whatif latency=100ms,", "seed@whatif latency=200ms,", "seed@whatif latency=300ms,"}
	if len(lines) != 1+len(want) {
		t.Fatalf("%d lines, want header + %d:\n%s", len(lines), len(want), data)
	}
	header := strings.Split(lines[0], ",")
	col := -1
	for i, h := range header {
		if h == "error_mean" {
			col = i
		}
	}
	prev := -1.0
	for i, w := range want {
		if !strings.Contains(lines[1+i], ","+w) {
			t.Errorf("row %d: %s, want reading %q", i, lines[1+i], w)
		}
		if i == 0 {
			continue
		}
		var e float64
		if err := json.Unmarshal([]byte(strings.Split(lines[1+i], ",")[col]), &e); err != nil {
			t.Fatal(err)
		}
		if e <= prev {
			t.Errorf("row %d: error mean %v not above %v", i, e, prev)
		}
		prev = e
	}
}

// TestShrink_WritesASmallerRecordingThatStillBlips: far_jump's blip at tick
// 30 is kept by one UpdatePosition; the output reads back as a recording
// and `viewer run` on it still counts the blip.
func TestShrink_WritesASmallerRecordingThatStillBlips(t *testing.T) {
	out := filepath.Join(t.TempDir(), "small.jsonl")
	code, stdout, errs := viewer(t, "shrink", "-keep", "blip guid=0x80000A01 tick~30", "-o", out, farJump)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(stdout, "1 of 4 events") || !strings.Contains(errs, "shrink: events: 1 object, 1 event") {
		t.Errorf("stdout %q, stderr %q", stdout, errs)
	}
	code, report, errs := viewer(t, "run", "-json", out)
	if code != 0 || !strings.Contains(report, `"blips": 1`) {
		t.Errorf("run of the shrunk recording: exit %d, %s %s", code, report, errs)
	}
}

// TestShrink_InterruptedWritesNothing: an interrupt during the trials
// (here: already pending when they start; the signal's delivery itself is
// hostile_test.go's) ends shrink with 130 and no output file.
func TestShrink_InterruptedWritesNothing(t *testing.T) {
	ctx, cancel := context.WithCancelCause(context.Background())
	cancel(&cli.InterruptedError{Sig: syscall.SIGINT})
	old := cli.StopCtx
	cli.StopCtx = ctx
	defer func() { cli.StopCtx = old }()
	dir := t.TempDir()
	out := filepath.Join(dir, "small.jsonl")
	code, _, errs := viewer(t, "shrink", "-keep", "blip", "-o", out, farJump)
	if code != 130 || !strings.Contains(errs, "interrupted by SIGINT at a shrink trial") {
		t.Errorf("exit %d, stderr %q; want 130 and the interrupt named", code, errs)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Errorf("the directory holds %v, want nothing", ents)
	}
}

// TestShrink_KeepDivergence: the worked example's client (recordings/
// clients/corner.jsonl) first diverges from retail at tick 315; shrink
// keeps that divergence in far fewer events, and viewer diff of the result
// still first diverges there.
func TestShrink_KeepDivergence(t *testing.T) {
	if testing.Short() {
		t.Skip("about 300 diffs of a 23 s scenario (a few seconds)")
	}
	out := filepath.Join(t.TempDir(), "small.jsonl")
	client := "../../recordings/clients/corner.jsonl"
	code, stdout, errs := viewer(t, "shrink", "-keep-divergence", client, "-jobs", "2", "-o", out, "../../recordings/corner.yaml")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(stdout, "for 0x80001701 at tick 315") {
		t.Errorf("stdout %q", stdout)
	}
	rec, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(rec), "\n") - 1; n > 60 {
		t.Errorf("%d events left of 686, want far fewer", n)
	}
	code, diff, errs := viewer(t, "diff", out, client)
	if code != 1 || !strings.Contains(diff, "first divergence at tick 315") {
		t.Errorf("diff of the shrunk recording: exit %d, %s %s", code, diff, errs)
	}
}

// whatif's original column is viewer run's answer on the same input and
// reading (issue 37 item 3: with latency the original was run on over the
// what-if's longer tail, and its error mean was not run's): the columns
// compare the original's own ticks, the report says which, and the
// what-if run's tail past them is counted apart.
func TestWhatif_OriginalColumnIsViewerRun(t *testing.T) {
	runner := "../../assets/scenarios/runner.yaml"
	code, out, errs := viewer(t, "run", "-json", runner)
	if code != 0 {
		t.Fatalf("run: exit %d: %s", code, errs)
	}
	var run struct {
		Ticks   int `json:"ticks"`
		Objects []struct {
			GUID string `json:"guid"`
			Runs []struct {
				Updates int `json:"updates"`
				Blips   int `json:"blips"`
				Hitches int `json:"hitches"`
				Error   struct {
					Mean, Max float64
				} `json:"error"`
			} `json:"runs"`
		} `json:"objects"`
	}
	if err := json.Unmarshal([]byte(out), &run); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	for _, cond := range [][]string{{"-latency", "150ms"}, {"-jitter", "200ms"}, {"-loss", "30%"}, {"-set", "progress=step_length"}} {
		args := append(append([]string{"whatif", "-json"}, cond...), runner)
		code, out, errs := viewer(t, args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", cond, code, errs)
		}
		var w whatifcmd.Report
		if err := json.Unmarshal([]byte(out), &w); err != nil {
			t.Fatalf("%v\n%s", err, out)
		}
		if len(w.Objects) != len(run.Objects) || len(w.Objects) == 0 {
			t.Fatalf("%v: %d objects, run has %d", cond, len(w.Objects), len(run.Objects))
		}
		for i, o := range w.Objects {
			r := run.Objects[i].Runs[0]
			got := o.Original
			if o.GUID != run.Objects[i].GUID || got.Updates != r.Updates || got.Blips != r.Blips || got.Hitches != r.Hitches ||
				got.ErrorMean == nil || *got.ErrorMean != r.Error.Mean || *got.ErrorMax != r.Error.Max {
				t.Errorf("%v: %s original %+v (error %v), viewer run %+v", cond, o.GUID, got, deref(got.ErrorMean), r)
			}
		}
		raw := string(out)
		if w.Ticks.From != 0 || w.Ticks.To != run.Ticks || w.Ticks.WhatIfTo < w.Ticks.To || !strings.Contains(raw, `"ticks"`) {
			t.Errorf("%v: ticks %+v, run's last tick %d", cond, w.Ticks, run.Ticks)
		}
		if cond[0] == "-latency" && (w.Ticks.WhatIfTo != run.Ticks+5 || w.Ticks.Tail == nil) {
			t.Errorf("%v: 150 ms later deliveries run 5 ticks longer: ticks %+v", cond, w.Ticks)
		}
	}
	code, out, _ = viewer(t, "whatif", "-latency", "150ms", runner)
	if code != 0 || !strings.Contains(out, "columns over ticks 0–780") || !strings.Contains(out, "tail (ticks 781–785)") {
		t.Errorf("the text does not say which ticks it compares:\n%s", out)
	}
}

func deref(p *float64) float64 {
	if p == nil {
		return -1
	}
	return *p
}
