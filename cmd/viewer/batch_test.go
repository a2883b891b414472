package main

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"glidepath/engine/tables"
)

// shippedInputs are the shipped recordings and a scenario.
func shippedInputs(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob("../../engine/testdata/*.jsonl")
	if err != nil || len(files) == 0 {
		t.Fatalf("no recordings in engine/testdata: %v", err)
	}
	return append([]string{exampleRecording, scenarioFile(t, "far-blip")}, files...)
}

func runBatchTables(t *testing.T, dir string, ext string, args ...string) {
	t.Helper()
	args = append([]string{"run", "-quiet", "-states", filepath.Join(dir, "s"+ext),
		"-events", filepath.Join(dir, "e"+ext), "-metrics", filepath.Join(dir, "m"+ext)}, args...)
	if code, _, errs := viewer(t, args...); code != 0 {
		t.Fatalf("viewer %v: exit %d: %s", args, code, errs)
	}
}

// TestRunBatch_SameTablesWhateverJobs: a batch of the shipped recordings on
// one worker and on four writes the same bytes, and the rows are those of
// each input run alone, in input order.
func TestRunBatch_SameTablesWhateverJobs(t *testing.T) {
	inputs := shippedInputs(t)
	one, four := t.TempDir(), t.TempDir()
	// One table format is enough to show the rows' order does not depend
	// on -jobs (both formats write the rows they are given, in order:
	// TestRun_CSVHoldsTheParquetValues).
	for _, ext := range []string{".parquet"} {
		runBatchTables(t, one, ext, append([]string{"-jobs", "1", "-compare", "seed,ace"}, inputs...)...)
		runBatchTables(t, four, ext, append([]string{"-jobs", "4", "-compare", "seed,ace"}, inputs...)...)
		for _, name := range []string{"s", "e", "m"} {
			a, err1 := os.ReadFile(filepath.Join(one, name+ext))
			b, err2 := os.ReadFile(filepath.Join(four, name+ext))
			if err1 != nil || err2 != nil || len(a) == 0 || !bytes.Equal(a, b) {
				t.Fatalf("%s%s differs between -jobs 1 and -jobs 4 (%d and %d bytes; %v %v)", name, ext, len(a), len(b), err1, err2)
			}
		}
	}
	var states []tables.State
	var events []tables.Event
	var metrics []tables.Metrics
	for _, in := range inputs {
		dir := t.TempDir()
		runBatchTables(t, dir, ".parquet", "-compare", "seed,ace", in)
		states = append(states, readParquet[tables.State](t, filepath.Join(dir, "s.parquet"))...)
		events = append(events, readParquet[tables.Event](t, filepath.Join(dir, "e.parquet"))...)
		metrics = append(metrics, readParquet[tables.Metrics](t, filepath.Join(dir, "m.parquet"))...)
	}
	if got := readParquet[tables.State](t, filepath.Join(four, "s.parquet")); !reflect.DeepEqual(got, states) {
		t.Error("batch states differ from the inputs run alone, in input order")
	}
	if got := readParquet[tables.Event](t, filepath.Join(four, "e.parquet")); !reflect.DeepEqual(got, events) {
		t.Error("batch events differ from the inputs run alone, in input order")
	}
	if got := readParquet[tables.Metrics](t, filepath.Join(four, "m.parquet")); !reflect.DeepEqual(got, metrics) {
		t.Error("batch metrics differ from the inputs run alone, in input order")
	}
	seen := map[string]bool{}
	for _, m := range metrics {
		seen[m.Input] = true
	}
	if len(seen) != len(inputs) {
		t.Fatalf("metrics name %d inputs, want %d", len(seen), len(inputs))
	}
}

// TestRunBatch_BadInputIsSkippedAndReported: a broken recording and a
// missing file are reported by file and line, the other inputs still run
// and are written, and the exit status is 2 with every failure listed.
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
	if !strings.Contains(stdout, "example.jsonl:") || !strings.Contains(stdout, "far_jump.jsonl:") {
		t.Errorf("stdout lacks the reports of the good inputs:\n%s", stdout)
	}
	var inputs []string
	for _, m := range readParquet[tables.Metrics](t, out) {
		if !slices.Contains(inputs, m.Input) {
			inputs = append(inputs, m.Input)
		}
	}
	if !reflect.DeepEqual(inputs, []string{exampleRecording, farJump}) {
		t.Fatalf("metrics table holds inputs %v", inputs)
	}
	if st, err := os.Stat(filepath.Join(dir, "s.csv")); err != nil || st.Size() == 0 {
		t.Fatalf("states table not written: %v", err)
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
