package tables

import (
	"errors"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// duckdb runs SQL through DuckDB's Node.js API (scripts/duckdb-query.mjs,
// which finds @duckdb/node-api in a node_modules beside or above it) and
// returns what it printed; the test is skipped where node or the package
// is missing.
func duckdb(t *testing.T, sql string) string {
	t.Helper()
	script, err := filepath.Abs("../../scripts/duckdb-query.mjs")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("no node: DuckDB's check skipped")
	}
	out, err := exec.Command("node", script, sql).CombinedOutput()
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) && strings.Contains(string(out), "ERR_MODULE_NOT_FOUND") {
			t.Skip("@duckdb/node-api is not installed (npm install @duckdb/node-api@1.5.6-r.1): DuckDB's check skipped")
		}
		t.Fatalf("duckdb: %v\n%s", err, out)
	}
	return string(out)
}

// An independent reader: DuckDB reads the states writer's Parquet — every
// encoding it uses (dictionaries, the t dictionary's plain fallback,
// DELTA_BINARY_PACKED, BYTE_STREAM_SPLIT, definition levels, uncompressed
// and compressed pages, several row groups), with either codec — and finds
// exactly the rows the CSV writer wrote from the same rows.
func TestStatesWriter_DuckDBReadsWhatCSVHolds(t *testing.T) {
	r := rand.New(rand.NewPCG(20, 4))
	rows := randomStates(r, 5000)
	for i := range rows {
		rows[i].GY = float64(float32(r.Float64() * 1e4)) // CSV has no spelling DuckDB reads for ±Inf
		if rows[i].Input == "" {
			rows[i].Input = "c.jsonl" // DuckDB's CSV reader takes a quoted empty field for NULL
		}
	}
	dir := t.TempDir()
	csvPath := filepath.Join(dir, "s.csv")
	writeTable(t, csvPath, rows, Options{})
	var sql []string
	for i, codec := range []Codec{Zstd, Snappy} {
		path := filepath.Join(dir, []string{"z.parquet", "s.parquet"}[i])
		f, err := os.Create(path)
		if err != nil {
			t.Fatal(err)
		}
		w, err := newStatesWriter(f, codec, 1200, 333)
		if err != nil {
			t.Fatal(err)
		}
		w.times.max = 40 // t's dictionary fills: its later pages are plain
		for _, b := range batchOf(rows, 700) {
			if err := w.WriteStates(b); err != nil {
				t.Fatal(err)
			}
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		f.Close()
		cols := "input, reading, tick, t, guid, cell, x, y, z, gx, gy, heading, queue, fail, contact, error"
		csvSel := "SELECT input, reading, tick::BIGINT, t::DOUBLE, guid, cell, x::DOUBLE, y::DOUBLE, z::DOUBLE, gx::DOUBLE, gy::DOUBLE, " +
			"heading::DOUBLE, queue::INTEGER, fail::INTEGER, contact::BOOLEAN, error::DOUBLE FROM read_csv('" + csvPath + "', all_varchar = true)"
		pq := "SELECT " + cols + " FROM '" + path + "'"
		sql = append(sql, "SELECT count(*) AS n FROM ("+pq+")",
			"SELECT count(*) AS n FROM ("+pq+" EXCEPT ALL "+csvSel+")",
			"SELECT count(*) AS n FROM ("+csvSel+" EXCEPT ALL "+pq+")")
	}
	out := duckdb(t, strings.Join(sql, ";\n")+";\n")
	var counts []string
	lines := strings.Split(out, "\n")
	for i := 0; i+2 < len(lines); i++ {
		if lines[i] == "n" && strings.HasPrefix(lines[i+1], "-") {
			counts = append(counts, strings.TrimSpace(lines[i+2]))
		}
	}
	want := []string{"5000", "0", "0", "5000", "0", "0"}
	if strings.Join(counts, " ") != strings.Join(want, " ") {
		t.Fatalf("DuckDB counts %v, want %v (rows; Parquet rows not in the CSV; CSV rows not in the Parquet, per codec):\n%s", counts, want, out)
	}
}
