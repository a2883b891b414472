package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRunBatch_BadInputIsSkippedAndReported: a broken recording and a
// missing file are reported by file and line on stderr, the other inputs'
// reports on stdout, and the exit status is 2 with every failure listed.
func TestRunBatch_BadInputIsSkippedAndReported(t *testing.T) {
	dir := t.TempDir()
	data, err := os.ReadFile(farJump)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitN(string(data), "\n", 3)
	bad := filepath.Join(dir, "bad.jsonl")
	if err := os.WriteFile(bad, []byte(lines[0]+"\n"+`{"t":"soon","type":"position"}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(dir, "missing.jsonl")
	out := filepath.Join(dir, "all.parquet")
	code, stdout, stderr := viewer(t, "run", "-jobs", "2", "-metrics", out, "-states", filepath.Join(dir, "s.csv"),
		exampleRecording, bad, farJump, missing)
	if code != exitUsage {
		t.Fatalf("exit %d, want %d; stderr:\n%s", code, exitUsage, stderr)
	}
	for _, want := range []string{"bad.jsonl:2:", "2 of 4 inputs failed", "missing.jsonl"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
	// What the batch writes for the good inputs is internal/batch's
	// (TestRun_BadInputSkippedAndReported there).
	if !strings.Contains(stdout, "example.jsonl:") || !strings.Contains(stdout, "far_jump.jsonl:") {
		t.Errorf("stdout lacks the reports of the good inputs:\n%s", stdout)
	}
}

func TestRunBatch_RefusesTraceAndBadJobs(t *testing.T) {
	for _, args := range [][]string{
		{"run", "-trace", "t.jsonl", exampleRecording, farJump},
		{"run", "-jobs", "-1", exampleRecording},
		{"run", "-jobs", "2"},
		{"run", "-states", "s.json", exampleRecording},
	} {
		if code, _, errs := viewer(t, args...); code != exitUsage || errs == "" {
			t.Errorf("viewer %v: exit %d, stderr %q; want %d with a message", args, code, errs, exitUsage)
		}
	}
}
