// viewer run over several inputs, beside its code: the tables are the same
// bytes whatever the number of workers, and a bad input is skipped and
// reported while the others are still written.

package batch

import (
	"bytes"
	"errors"
	"flag"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"glidepath/engine/loader"
	"glidepath/engine/tables"
	"glidepath/internal/cli"
	"glidepath/internal/runcmd"

	"github.com/parquet-go/parquet-go"
)

const farJump = "../../engine/testdata/far_jump.jsonl"

// batchRun runs files on jobs workers with an events and a metrics table
// in dir; it returns the two tables' bytes and Run's error.
func batchRun(t *testing.T, dir string, jobs int, files ...string) ([]byte, []byte, error) {
	t.Helper()
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	o := &runcmd.Options{Reading: "seed", Quiet: true, Jobs: jobs}
	o.Tables.Events = filepath.Join(dir, "events.csv")
	o.Tables.Metrics = filepath.Join(dir, "metrics.csv")
	var stdout, stderr bytes.Buffer
	err := Run(files, o, loader.LoadOptions{}, fs, &stdout, &stderr)
	ev, _ := os.ReadFile(o.Tables.Events)
	me, _ := os.ReadFile(o.Tables.Metrics)
	return ev, me, err
}

// parquetTables runs files on jobs workers under the seed and ace readings
// with the three tables as Parquet in dir, failing the test on an error.
func parquetTables(t *testing.T, dir string, jobs int, files ...string) {
	t.Helper()
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	o := &runcmd.Options{Reading: "seed", Compare: "seed,ace", Quiet: true, Jobs: jobs}
	o.Tables.States = filepath.Join(dir, "s.parquet")
	o.Tables.Events = filepath.Join(dir, "e.parquet")
	o.Tables.Metrics = filepath.Join(dir, "m.parquet")
	var stdout, stderr bytes.Buffer
	if err := Run(files, o, loader.LoadOptions{}, fs, &stdout, &stderr); err != nil {
		t.Fatalf("%v: %v\n%s", files, err, stderr.String())
	}
}

func readParquet[T any](t *testing.T, path string) []T {
	t.Helper()
	rows, err := parquet.ReadFile[T](path)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return rows
}

// TestRun_SameTablesWhateverJobs: a batch of the shipped recordings and a
// scenario on one worker and on four writes the same bytes, and the rows
// are those of each input run alone, in input order, under its path as
// given.
func TestRun_SameTablesWhateverJobs(t *testing.T) {
	files, err := filepath.Glob("../../engine/testdata/*.jsonl")
	if err != nil || len(files) == 0 {
		t.Fatalf("no recordings in engine/testdata: %v", err)
	}
	files = append([]string{"../../recordings/example.jsonl", "../../assets/scenarios/far-blip.yaml"}, files...)
	if raceEnabled {
		// A recording, a scenario and two more, one per worker; every
		// input runs without the race detector (make test's second pass).
		files = files[:4]
	}
	one, four := t.TempDir(), t.TempDir()
	parquetTables(t, one, 1, files...)
	parquetTables(t, four, 4, files...)
	for _, name := range []string{"s", "e", "m"} {
		a, err1 := os.ReadFile(filepath.Join(one, name+".parquet"))
		b, err2 := os.ReadFile(filepath.Join(four, name+".parquet"))
		if err1 != nil || err2 != nil || len(a) == 0 || !bytes.Equal(a, b) {
			t.Fatalf("%s.parquet differs between 1 and 4 workers (%d and %d bytes; %v %v)", name, len(a), len(b), err1, err2)
		}
	}
	var states []tables.State
	var events []tables.Event
	var metrics []tables.Metrics
	for _, in := range files {
		dir := t.TempDir()
		parquetTables(t, dir, 1, in)
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
	for _, f := range files {
		if !seen[f] {
			t.Errorf("the metrics table has no row of %s", f)
		}
	}
}

// TestRun_BadInputSkippedAndReported: a broken input makes the batch a
// usage error naming it; the good input's rows are still written.
func TestRun_BadInputSkippedAndReported(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "broken.jsonl")
	if err := os.WriteFile(bad, []byte("{\"format\":\"glidepath-recording\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(dir, "missing.jsonl")
	_, me, err := batchRun(t, dir, 2, farJump, bad, missing)
	var ue cli.UsageError
	if !errors.As(err, &ue) || !strings.Contains(err.Error(), "broken.jsonl") || !strings.Contains(err.Error(), "missing.jsonl") ||
		!strings.Contains(err.Error(), "2 of 3 inputs failed") {
		t.Fatalf("%v, want a usage error naming both failed inputs", err)
	}
	if !strings.Contains(string(me), farJump) || strings.Contains(string(me), "broken.jsonl") {
		t.Errorf("metrics table:\n%s", me)
	}
}

// TestRun_EveryInputFailedWritesNoTable: when no input ran, no table of no
// row is written (it would read as runs that found nothing) and the
// message does not speak of others that ran.
func TestRun_EveryInputFailedWritesNoTable(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "broken.jsonl")
	if err := os.WriteFile(bad, []byte("{\"format\":\"glidepath-recording\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	ev, me, err := batchRun(t, dir, 2, bad, filepath.Join(dir, "missing.jsonl"))
	var ue cli.UsageError
	if !errors.As(err, &ue) || !strings.Contains(err.Error(), "every input failed (2 of 2); nothing was run and no table was written") ||
		strings.Contains(err.Error(), "the others") {
		t.Fatalf("%v, want a usage error saying nothing ran", err)
	}
	if ev != nil || me != nil {
		t.Errorf("tables written with no input run: events %q, metrics %q", ev, me)
	}
	for _, name := range []string{"events.csv", "metrics.csv"} {
		if _, err := os.Stat(filepath.Join(dir, name)); !os.IsNotExist(err) {
			t.Errorf("%s: %v, want no file", name, err)
		}
	}
}
