// Tables v1's input column is the path as given on the command line, so
// two batch inputs with the same file name in different folders are told
// apart in every table.

package main

import (
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"glidepath/assets"
	"glidepath/engine/scenario"
	"glidepath/engine/tables"
)

func TestRunBatch_InputColumnIsThePathAsGiven(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct{ sub, scenario string }{{"a", "sparse-walk"}, {"b", "far-blip"}} {
		data, err := scenario.ReadAsset(assets.FS(), c.scenario)
		if err != nil {
			t.Fatal(err)
		}
		os.MkdirAll(filepath.Join(dir, c.sub), 0o755)
		p := filepath.Join(dir, c.sub, "x.yaml")
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// Relative paths, as typed.
	t.Chdir(dir)
	given := []string{"a/x.yaml", "./b/x.yaml"}
	out := t.TempDir()
	p := func(name string) string { return filepath.Join(out, name) }
	args := append([]string{"run", "-quiet", "-jobs", "2", "-states", p("s.parquet"), "-events", p("e.csv"), "-metrics", p("m.parquet")}, given...)
	if code, _, errs := viewer(t, args...); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	want := given
	var states, metrics []string
	for _, r := range readParquet[tables.State](t, p("s.parquet")) {
		if !slices.Contains(states, r.Input) {
			states = append(states, r.Input)
		}
	}
	for _, r := range readParquet[tables.Metrics](t, p("m.parquet")) {
		if !slices.Contains(metrics, r.Input) {
			metrics = append(metrics, r.Input)
		}
	}
	if !reflect.DeepEqual(states, want) || !reflect.DeepEqual(metrics, want) {
		t.Errorf("input column: states %q, metrics %q; want %q", states, metrics, want)
	}
	csv, err := os.ReadFile(p("e.csv"))
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range want {
		if !slices.ContainsFunc(strings.Split(string(csv), "\n"), func(l string) bool { return strings.HasPrefix(l, w+",") }) {
			t.Errorf("events CSV has no row of input %q", w)
		}
	}
}
