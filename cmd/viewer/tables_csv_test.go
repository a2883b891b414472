package main

import (
	"bytes"
	"compress/gzip"
	"encoding/csv"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"glidepath/engine/tables"
)

// TestRun_CSVHoldsTheParquetValues: the same run written as CSV (plain and
// gzip) and as Parquet holds the same values, column by column, nulls
// included.
func TestRun_CSVHoldsTheParquetValues(t *testing.T) {
	dir := t.TempDir()
	p := func(name string) string { return filepath.Join(dir, name) }
	input := scenarioFile(t, "far-blip")
	for _, ext := range []string{".parquet", ".csv", ".csv.gz"} {
		code, _, errs := viewer(t, "run", "-quiet", "-compare", "seed,ace", "-states", p("s"+ext),
			"-events", p("e"+ext), "-metrics", p("m"+ext), exampleRecording, input)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", ext, code, errs)
		}
	}
	for _, ext := range []string{".csv", ".csv.gz"} {
		csvMatchesParquet[tables.State](t, p("s"+ext), p("s.parquet"))
		csvMatchesParquet[tables.Event](t, p("e"+ext), p("e.parquet"))
		csvMatchesParquet[tables.Metrics](t, p("m"+ext), p("m.parquet"))
	}
}

func csvMatchesParquet[T any](t *testing.T, csvPath, parquetPath string) {
	t.Helper()
	rows := readParquet[T](t, parquetPath)
	data, err := os.ReadFile(csvPath)
	if err != nil {
		t.Fatal(err)
	}
	if strings.HasSuffix(csvPath, ".gz") {
		zr, err := gzip.NewReader(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		if data, err = io.ReadAll(zr); err != nil {
			t.Fatal(err)
		}
	}
	recs, err := csv.NewReader(bytes.NewReader(data)).ReadAll()
	if err != nil {
		t.Fatalf("%s: %v", csvPath, err)
	}
	if len(recs)-1 != len(rows) || len(rows) == 0 {
		t.Fatalf("%s: %d records, %s: %d rows", csvPath, len(recs)-1, parquetPath, len(rows))
	}
	typ := reflect.TypeFor[T]()
	for j := range typ.NumField() {
		name, _, _ := strings.Cut(typ.Field(j).Tag.Get("parquet"), ",")
		if recs[0][j] != name {
			t.Fatalf("%s: column %d is %q, Parquet's %q", csvPath, j, recs[0][j], name)
		}
	}
	nulls := 0
	for i, row := range rows {
		v := reflect.ValueOf(row)
		for j := range typ.NumField() {
			cell, f := recs[i+1][j], v.Field(j)
			if f.Kind() == reflect.Pointer {
				if f.IsNil() {
					nulls++
					if cell != "" {
						t.Fatalf("%s row %d %s: %q where Parquet has null", csvPath, i, recs[0][j], cell)
					}
					continue
				}
				f = f.Elem()
			}
			var same bool
			switch f.Kind() {
			case reflect.String:
				same = cell == f.String()
			case reflect.Int32, reflect.Int64:
				n, err := strconv.ParseInt(cell, 10, 64)
				same = err == nil && n == f.Int()
			case reflect.Float64:
				x, err := strconv.ParseFloat(cell, 64)
				same = err == nil && x == f.Float()
			case reflect.Bool:
				b, err := strconv.ParseBool(cell)
				same = err == nil && b == f.Bool()
			}
			if !same {
				t.Fatalf("%s row %d %s: %q, Parquet %v", csvPath, i, recs[0][j], cell, f.Interface())
			}
		}
	}
	if nulls == 0 {
		t.Fatalf("%s: no null compared", csvPath)
	}
}
