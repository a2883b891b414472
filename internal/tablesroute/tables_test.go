// Tables routed from a run, beside their code: -filter keeps only the
// events-table rows it matches, the tables appear only when finished, and
// a name whose extension names no format is bad usage.

package tablesroute

import (
	"encoding/csv"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"glidepath/assets"
	"glidepath/engine"
	"glidepath/engine/filter"
	"glidepath/engine/loader"
	"glidepath/engine/report"
	"glidepath/internal/cli"
	"glidepath/interp"
)

const farJump = "../../engine/testdata/far_jump.jsonl"

func compare(t *testing.T) *engine.Compare {
	t.Helper()
	src, err := loader.Open(farJump, assets.FS())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { src.Close() })
	c, err := engine.NewCompareStream(src, []interp.Reading{interp.SeedReading()},
		engine.Options{Assets: assets.FS(), EventLog: true, Explain: true, Metrics: true})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func readCSV(t *testing.T, path string) [][]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

// TestRun_FilterKeepsOnlyMatchingEvents: the events table under -filter
// blip holds far_jump's blip rows and nothing else; the states and metrics
// tables appear only once Finish closes them.
func TestRun_FilterKeepsOnlyMatchingEvents(t *testing.T) {
	dir := t.TempDir()
	expr, err := filter.Parse("blip", filter.Kinds())
	if err != nil {
		t.Fatal(err)
	}
	o := Options{States: filepath.Join(dir, "s.csv"), Events: filepath.Join(dir, "e.csv"), Metrics: filepath.Join(dir, "m.csv"), Filter: expr}
	if err := o.Check("run", []string{farJump}); err != nil {
		t.Fatal(err)
	}
	c := compare(t)
	files, err := o.Run(c, "", nil, false, farJump, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(o.States); err == nil {
		t.Error("the states table appeared before Finish")
	}
	if err := files.Finish(report.NewReport("far_jump.jsonl", c), farJump); err != nil {
		t.Fatal(err)
	}
	rows := readCSV(t, o.Events)
	if len(rows) < 2 {
		t.Fatalf("events table %q: no blip rows", rows)
	}
	col := -1
	for i, h := range rows[0] {
		if h == "event" {
			col = i
		}
	}
	if col < 0 {
		t.Fatalf("no event column in %q", rows[0])
	}
	for _, r := range rows[1:] {
		if r[col] != "blip" {
			t.Errorf("row %q kept by -filter blip", r)
		}
	}
	if len(readCSV(t, o.States)) < 2 || len(readCSV(t, o.Metrics)) < 2 {
		t.Error("the states or metrics table is empty")
	}
}

// TestCheck_RefusesAnUnknownFormat: a table name whose extension names no
// format is a usage error naming the command.
func TestCheck_RefusesAnUnknownFormat(t *testing.T) {
	o := Options{Events: filepath.Join(t.TempDir(), "e.txt")}
	err := o.Check("run", []string{farJump})
	var ue cli.UsageError
	if !errors.As(err, &ue) || !strings.HasPrefix(err.Error(), "run: ") {
		t.Errorf("%v, want a usage error of run", err)
	}
}

// TestCheck_SnappyNeedsAParquetTable: -snappy chooses the events and
// metrics Parquet tables' codec; with none of them written (no table, CSV
// ones, the states table alone, always snappy) it is a usage error, not a
// flag dropped in silence.
func TestCheck_SnappyNeedsAParquetTable(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		o  Options
		ok bool
	}{
		{Options{Snappy: true}, false},
		{Options{Snappy: true, Events: filepath.Join(dir, "e.csv"), Metrics: filepath.Join(dir, "m.csv.gz")}, false},
		{Options{Snappy: true, States: filepath.Join(dir, "s.parquet")}, false},
		{Options{Snappy: true, Events: filepath.Join(dir, "e.parquet")}, true},
		{Options{Snappy: true, States: filepath.Join(dir, "s.csv"), Metrics: filepath.Join(dir, "m.parquet")}, true},
		{Options{Events: filepath.Join(dir, "e.csv")}, true},
	} {
		err := c.o.Check("run", []string{farJump})
		var ue cli.UsageError
		if c.ok && err != nil || !c.ok && (!errors.As(err, &ue) || !strings.Contains(err.Error(), "run: -snappy")) {
			t.Errorf("%+v: %v, want ok %v", c.o, err, c.ok)
		}
	}
}
