package tables

import (
	"bytes"
	"encoding/csv"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/parquet-go/parquet-go"

	"glidepath/engine/tables/tablestest"
)

func writeTable[T Row](t *testing.T, path string, rows []T, opts Options) {
	t.Helper()
	w, err := Create[T](path, opts)
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Write(rows); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
}

func ptr[T any](v T) *T { return &v }

func TestParquet_SchemaIsTablesV1(t *testing.T) {
	dir := t.TempDir()
	writeTable(t, filepath.Join(dir, "states.parquet"), []State{{Input: "a"}}, Options{})
	writeTable(t, filepath.Join(dir, "events.parquet"), []Event{{Input: "a"}}, Options{Codec: Snappy})
	writeTable(t, filepath.Join(dir, "metrics.parquet"), []Metrics{{Input: "a"}}, Options{})
	writeTable(t, filepath.Join(dir, "imported.parquet"), []Imported{{Input: "a"}}, Options{})
	for name, want := range tablestest.Columns {
		got := tablestest.Schema(t, filepath.Join(dir, name+".parquet"))
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s schema:\n got %v\nwant %v", name, got, want)
		}
	}
	// The CSV header names the same columns in the same order.
	for name, hdr := range map[string][]string{
		"states": (*State)(nil).csvHeader(), "events": (*Event)(nil).csvHeader(), "metrics": (*Metrics)(nil).csvHeader(),
		"imported": (*Imported)(nil).csvHeader(),
	} {
		for i, col := range tablestest.Columns[name] {
			if i >= len(hdr) || hdr[i] != strings.Fields(col)[0] {
				t.Errorf("%s CSV header %v does not follow %v", name, hdr, tablestest.Columns[name])
				break
			}
		}
	}
}

func TestParquet_RoundTripKeepsNullsAndValues(t *testing.T) {
	path := filepath.Join(t.TempDir(), "e.parquet")
	rows := []Event{
		{Input: "a.jsonl", Reading: "seed", Tick: 3, GUID: "0x80000A01", Event: "route", Branch: ptr("interpolate"), Detail: "{}"},
		{Input: "a.jsonl", Reading: "seed", Tick: 4, GUID: "0x80000A01", Event: "blip", Distance: ptr(12.5), Detail: `{"target":"tail"}`, Cause: ptr("")},
	}
	writeTable(t, path, rows, Options{})
	r, err := OpenParquet[Event](path)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	got := make([]Event, 4)
	n, _ := r.Read(got)
	if n != 2 || !reflect.DeepEqual(got[:n], rows) {
		t.Fatalf("read back %d rows %+v, want %+v", n, got[:n], rows)
	}
}

// TestParquet_RowGroupsBoundMemory: the writer closes a row group every
// RowGroupRows rows, so a long run never holds more than one group.
func TestParquet_RowGroupsBoundMemory(t *testing.T) {
	path := filepath.Join(t.TempDir(), "s.parquet")
	w, err := Create[State](path, Options{RowGroupRows: 100})
	if err != nil {
		t.Fatal(err)
	}
	for tick := range 25 {
		rows := make([]State, 40)
		for i := range rows {
			rows[i] = State{Tick: int64(tick), Queue: int32(i)}
		}
		if err := w.Write(rows); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	f, _ := os.Open(path)
	defer f.Close()
	st, _ := f.Stat()
	pf, err := parquet.OpenFile(f, st.Size())
	if err != nil {
		t.Fatal(err)
	}
	if n := len(pf.RowGroups()); n != 10 || pf.NumRows() != 1000 {
		t.Fatalf("%d row groups, %d rows; want 10 groups of 100", n, pf.NumRows())
	}
}

func TestCSV_QuotesFieldsAndWritesNullAsEmpty(t *testing.T) {
	for _, name := range []string{"m.csv", "m.csv.gz"} {
		path := filepath.Join(t.TempDir(), name)
		rows := []Metrics{
			{Input: "odd, \"name\".jsonl", GUID: "0x1", Name: "line\nbreak", Ticks: 7, ErrorTicks: ptr(int64(3)), ErrorMean: ptr(0.25)},
			{Input: "b.jsonl", Name: "", Ticks: 8},
		}
		writeTable(t, path, rows, Options{})
		data := readMaybeGzip(t, path)
		recs, err := csv.NewReader(bytes.NewReader(data)).ReadAll()
		if err != nil {
			t.Fatalf("%s: %v\n%s", name, err, data)
		}
		hdr := recs[0]
		col := func(rec []string, c string) string {
			for i, h := range hdr {
				if h == c {
					return rec[i]
				}
			}
			t.Fatalf("no column %s", c)
			return ""
		}
		if len(recs) != 3 || col(recs[1], "input") != rows[0].Input || col(recs[1], "name") != "line\nbreak" ||
			col(recs[1], "error_ticks") != "3" || col(recs[1], "error_mean") != "0.25" || col(recs[1], "ticks") != "7" {
			t.Fatalf("%s: records %q", name, recs)
		}
		if col(recs[2], "error_mean") != "" || col(recs[2], "error_ticks") != "" {
			t.Fatalf("%s: null error not empty: %q", name, recs[2])
		}
		// An empty string is quoted, so it differs from null in the bytes.
		if !bytes.Contains(data, []byte(`b.jsonl,"","","",0,8,`)) {
			t.Fatalf("%s: empty guid/name not written as \"\":\n%s", name, data)
		}
	}
}

func TestCreate_AppearsOnlyOnClose(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "s.parquet")
	w, err := Create[State](path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Write([]State{{Tick: 1}}); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Fatalf("table visible before Close: %v", err)
	}
	w.Abort()
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Fatalf("Abort left %v", ents)
	}
	writeTable(t, path, []State{{Tick: 1}}, Options{})
	if ents, _ := os.ReadDir(dir); len(ents) != 1 || ents[0].Name() != "s.parquet" {
		t.Fatalf("after Close: %v", ents)
	}
}

func TestFormatOf(t *testing.T) {
	for path, want := range map[string]Format{"a.csv": CSV, "dir/A.CSV.GZ": CSVGzip, "x.parquet": Parquet} {
		if got, err := FormatOf(path); err != nil || got != want {
			t.Errorf("FormatOf(%q) = %v, %v; want %v", path, got, err, want)
		}
	}
	for _, path := range []string{"a.json", "a.gz", "parquet", "a.csv.zst"} {
		if _, err := FormatOf(path); err == nil || !strings.Contains(err.Error(), path) {
			t.Errorf("FormatOf(%q): error %v, want one naming the file", path, err)
		}
	}
}
