package main

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"glidepath/engine/tables"
)

// viewer diff's tables are the retail run's: the same rows, value for
// value, as viewer run writes for the same input and reading — whether or
// not the client diverged.
func TestDiff_TablesAreTheRunsTables(t *testing.T) {
	dir := t.TempDir()
	p := func(name string) string { return filepath.Join(dir, name) }
	for _, reading := range []string{"seed", "legacy"} {
		code, _, errs := viewer(t, "run", "-quiet", "-reading", reading, "-states", p("run-s.parquet"),
			"-events", p("run-e.parquet"), "-metrics", p("run-m.parquet"), farJump)
		if code != 0 {
			t.Fatalf("run: exit %d: %s", code, errs)
		}
		// The client trace is the seed reading's: under legacy it diverges
		// (exit 1), and the tables are written all the same.
		want := 0
		if reading != "seed" {
			want = 1
		}
		code, _, errs = viewer(t, "diff", "-reading", reading, "-states", p("diff-s.parquet"),
			"-events", p("diff-e.parquet"), "-metrics", p("diff-m.parquet"), farJump, farJumpWant)
		if code != want {
			t.Fatalf("diff -reading %s: exit %d, want %d: %s", reading, code, want, errs)
		}
		runS, diffS := readParquet[tables.State](t, p("run-s.parquet")), readParquet[tables.State](t, p("diff-s.parquet"))
		if len(runS) == 0 || !reflect.DeepEqual(runS, diffS) {
			t.Fatalf("%s: diff's states table (%d rows) differs from run's (%d rows)", reading, len(diffS), len(runS))
		}
		runE, diffE := readParquet[tables.Event](t, p("run-e.parquet")), readParquet[tables.Event](t, p("diff-e.parquet"))
		if len(runE) == 0 || !reflect.DeepEqual(runE, diffE) {
			t.Fatalf("%s: diff's events table (%d rows) differs from run's (%d rows)", reading, len(diffE), len(runE))
		}
		runM, diffM := readParquet[tables.Metrics](t, p("run-m.parquet")), readParquet[tables.Metrics](t, p("diff-m.parquet"))
		if len(runM) == 0 || !reflect.DeepEqual(runM, diffM) {
			t.Fatalf("%s: diff's metrics table differs from run's:\n got %+v\nwant %+v", reading, diffM, runM)
		}
	}
}

// A pop at a divergence has diff run its input a second time (for the pop's
// stage and cause); the tables are still the first run's alone, row for
// row the run's.
func TestDiff_TablesWithASecondRun(t *testing.T) {
	_, input, client := clientLeavingAtPop(t)
	dir := t.TempDir()
	p := func(name string) string { return filepath.Join(dir, name) }
	if code, _, errs := viewer(t, "run", "-quiet", "-states", p("run.csv"), input); code != 0 {
		t.Fatalf("run: exit %d: %s", code, errs)
	}
	code, out, errs := viewer(t, "diff", "-states", p("diff.csv"), input, client)
	if code != 1 || !strings.Contains(out, ": pop ") {
		t.Fatalf("diff: exit %d, want 1 and a pop among the causes: %s%s", code, out, errs)
	}
	run, err := os.ReadFile(p("run.csv"))
	if err != nil {
		t.Fatal(err)
	}
	diff, err := os.ReadFile(p("diff.csv"))
	if err != nil {
		t.Fatal(err)
	}
	if len(run) == 0 || string(run) != string(diff) {
		t.Fatalf("diff's states table (%d bytes) is not run's (%d bytes)", len(diff), len(run))
	}
}
