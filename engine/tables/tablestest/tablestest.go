// Package tablestest reads Tables v1's Parquet files back for tests, with
// the Parquet library's own reader rather than the writer's code, and holds
// the columns docs/formats.md gives each table, which the tables' own tests
// and the viewer's hold the files to.
package tablestest

import (
	"os"
	"strings"
	"testing"

	"github.com/parquet-go/parquet-go"
)

// Columns are Tables v1's columns exactly as docs/formats.md names them,
// each table's in order: name and type, "?" marking a nullable column.
var Columns = map[string][]string{
	"states": {"input string", "reading string", "tick int64", "t double", "guid string", "cell string",
		"x double", "y double", "z double", "gx double", "gy double", "heading double",
		"queue int32", "fail int32", "contact bool", "error double?"},
	"events": {"input string", "reading string", "tick int64", "guid string", "event string",
		"branch string?", "distance double?", "detail string", "cause string?"},
	"metrics": {"input string", "reading string", "guid string", "name string", "tick_rate int32", "ticks int64",
		"updates int64", "routes_teleport int64", "routes_interpolate int64", "routes_slide int64",
		"routes_airborne int64", "routes_stale_position int64", "routes_stale_teleport int64",
		"routes_wrong_instance int64", "enqueues_far int64", "enqueues_arrived int64", "enqueues_near int64",
		"stall_windows int64", "stall_failures int64", "blips int64", "snaps int64", "pops int64", "hitches int64",
		"error_ticks int64?", "error_mean double?", "error_p95 double?", "error_max double?",
		"longest_queue_s double", "max_queue int64", "final_queue int64",
		"first_blip int64?", "first_snap int64?", "first_pop int64?", "first_hitch int64?",
		"created int64", "deleted int64?"},
	"imported": {"input string", "recording string", "t double", "tick int64", "guid string?", "event string", "detail string"},
}

// Schema describes a Parquet file's columns as "name type[?]", read with
// the Parquet library's own reader.
func Schema(t testing.TB, path string) []string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	st, _ := f.Stat()
	pf, err := parquet.OpenFile(f, st.Size())
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	var out []string
	for _, field := range pf.Schema().Fields() {
		typ := field.Type()
		name := strings.ToLower(typ.Kind().String())
		switch {
		case name == "byte_array" && typ.LogicalType() != nil && typ.LogicalType().String() == "STRING":
			name = "string"
		case name == "boolean":
			name = "bool"
		}
		if field.Optional() {
			name += "?"
		}
		out = append(out, field.Name()+" "+name)
	}
	return out
}
