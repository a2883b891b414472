package main

import (
	"path/filepath"
	"reflect"
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
