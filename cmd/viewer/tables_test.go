// Tests of viewer run's tables (Tables v1, docs/formats.md): each table read
// back with the Parquet library's own reader, its schema checked name by
// name and type by type, and its contents checked against the Trace v1 rows
// and the -json report of the same run.

package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/parquet-go/parquet-go"

	"glidepath/assets"
	"glidepath/engine"
	"glidepath/engine/clienttrace"
	"glidepath/engine/loader"
	"glidepath/engine/recording"
	"glidepath/engine/tables"
	"glidepath/engine/tables/tablestest"
	"glidepath/physics"
)

// exampleRecording is the shipped recording; it carries server truth, so
// the error column is filled.
const exampleRecording = "../../recordings/example.jsonl"

func readParquet[T any](t *testing.T, path string) []T {
	t.Helper()
	rows, err := parquet.ReadFile[T](path)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return rows
}

func TestRun_TablesMatchTheTraceOfTheSameRun(t *testing.T) {
	dir := t.TempDir()
	p := func(name string) string { return filepath.Join(dir, name) }
	code, out, errs := viewer(t, "run", "-json", "-trace", p("t.jsonl"), "-states", p("s.parquet"),
		"-events", p("e.parquet"), "-metrics", p("m.parquet"), exampleRecording)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if got := tablestest.Schema(t, p("s.parquet")); !reflect.DeepEqual(got, tablestest.Columns["states"]) {
		t.Errorf("states schema\n got %v\nwant %v", got, tablestest.Columns["states"])
	}
	if got := tablestest.Schema(t, p("e.parquet")); !reflect.DeepEqual(got, tablestest.Columns["events"]) {
		t.Errorf("events schema\n got %v\nwant %v", got, tablestest.Columns["events"])
	}
	lines := traceLines(t, p("t.jsonl"))
	states := readParquet[tables.State](t, p("s.parquet"))
	events := readParquet[tables.Event](t, p("e.parquet"))
	checkStates(t, p("t.jsonl"), lines, states)
	checkErrors(t, states)
	checkEvents(t, lines, events)
	checkMetrics(t, out, readParquet[tables.Metrics](t, p("m.parquet")))
}

func id(v uint32) string { return fmt.Sprintf("0x%08X", v) }

// traceLines is every line of a Trace v1 file as JSON, the header first.
func traceLines(t *testing.T, path string) []map[string]any {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var lines []map[string]any
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var m map[string]any
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			t.Fatal(err)
		}
		lines = append(lines, m)
	}
	return lines
}

// checkStates: one states row per Trace v1 state row, in the same order,
// with the same values (the rows read by engine/clienttrace, which reads a
// Trace v1 file as a client trace; fail, which a client trace has not, from
// the row's line).
func checkStates(t *testing.T, tracePath string, lines []map[string]any, states []tables.State) {
	t.Helper()
	rd, err := clienttrace.Open(tracePath, 30)
	if err != nil {
		t.Fatal(err)
	}
	defer rd.Close()
	i := 0
	var rows []clienttrace.Row
	for {
		rows, err = rd.NextTick(rows)
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		for _, ts := range rows {
			if i >= len(states) {
				t.Fatalf("states table ends at row %d; the trace goes on (tick %d)", i, ts.Tick)
			}
			s := &states[i]
			i++
			lbx, lby := float64(ts.Cell>>24), float64(ts.Cell>>16&0xFF)
			want := tables.State{
				Input: exampleRecording, Reading: "seed", Tick: int64(ts.Tick), T: float64(ts.Tick) / 30,
				GUID: id(ts.GUID), Cell: id(ts.Cell),
				X: float64(ts.Origin[0]), Y: float64(ts.Origin[1]), Z: float64(ts.Origin[2]),
				GX: lbx*192 + float64(ts.Origin[0]), GY: lby*192 + float64(ts.Origin[1]),
				Heading: float64(ts.Heading), Queue: int32(ts.Queue), Fail: int32(lines[ts.Line-1]["fail"].(float64)), Contact: ts.Contact,
				Error: s.Error,
			}
			if *s != want {
				t.Fatalf("states row %d (trace line %d):\n got %+v\nwant %+v", i-1, ts.Line, *s, want)
			}
		}
	}
	if i != len(states) || i == 0 {
		t.Fatalf("states table has %d rows, the trace %d state rows", len(states), i)
	}
}

// checkErrors: the error column is the distance from the row's position to
// the latest truth the recording had delivered by that tick (recording-v1
// delivery: the first tick k ≥ 1 with t ≤ k/rate), null before any.
func checkErrors(t *testing.T, states []tables.State) {
	t.Helper()
	rec, err := loader.Load(exampleRecording, assets.FS())
	if err != nil {
		t.Fatal(err)
	}
	sim, err := engine.New(rec, engine.Options{Assets: assets.FS()})
	if err != nil {
		t.Fatal(err)
	}
	type truth struct {
		tick int
		pos  physics.Position
	}
	truths := map[string][]truth{}
	for _, ev := range rec.Events {
		if ev.Kind == recording.KindTruth {
			truths[id(ev.GUID)] = append(truths[id(ev.GUID)], truth{sim.Query().TickOf(ev.T), ev.Pos})
		}
	}
	measured := 0
	for _, s := range states {
		var latest *truth
		for i, tr := range truths[s.GUID] {
			if tr.tick <= int(s.Tick) {
				latest = &truths[s.GUID][i]
			}
		}
		if latest == nil {
			if s.Error != nil {
				t.Fatalf("tick %d %s: error %v before any truth", s.Tick, s.GUID, *s.Error)
			}
			continue
		}
		var cell uint32
		fmt.Sscanf(s.Cell, "0x%X", &cell)
		pos := physics.Position{Cell: cell}
		pos.Frame.Origin[0], pos.Frame.Origin[1], pos.Frame.Origin[2] = float32(s.X), float32(s.Y), float32(s.Z)
		want := float64(latest.pos.Offset(&pos).Len())
		if s.Error == nil || *s.Error != want {
			t.Fatalf("tick %d %s: error %v, want %v", s.Tick, s.GUID, s.Error, want)
		}
		measured++
	}
	if measured == 0 {
		t.Fatal("no row has an error: the recording's truth was not measured")
	}
}

// checkEvents: one events row per Trace v1 event row; detail holds the
// row's fields other than tick, guid, event and branch.
func checkEvents(t *testing.T, lines []map[string]any, events []tables.Event) {
	t.Helper()
	place := func(v any) physics.Position {
		m := v.(map[string]any)
		var cell uint32
		fmt.Sscanf(m["cell"].(string), "0x%X", &cell)
		p := physics.Position{Cell: cell}
		for k, c := range m["origin"].([]any) {
			p.Frame.Origin[k] = float32(c.(float64))
		}
		return p
	}
	i := 0
	kinds := map[string]int{}
	for n, line := range lines {
		if _, ok := line["event"]; !ok {
			continue
		}
		if i >= len(events) {
			t.Fatalf("events table ends at row %d; the trace goes on (line %d)", i, n+1)
		}
		e := &events[i]
		i++
		moved := line["event"] == "blip" || line["event"] == "snap"
		// the transition's rows (docs/pipeline.md, "Transition events")
		transit := line["event"] == "wall" || line["event"] == "step" || line["event"] == "cell" || line["event"] == "land"
		// every blip, snap and transition row has a cause chain; no other
		// row has one
		if e.Input != exampleRecording || e.Reading != "seed" || float64(e.Tick) != line["tick"] || e.GUID != line["guid"] ||
			e.Event != line["event"] || (e.Cause != nil) != (moved || transit) {
			t.Fatalf("events row %d: %+v, trace line %d: %v", i-1, *e, n+1, line)
		}
		if b, ok := line["branch"]; ok != (e.Branch != nil) || ok && b != *e.Branch {
			t.Fatalf("events row %d: branch %v, trace %v", i-1, e.Branch, b)
		}
		var from, to physics.Position
		if moved {
			from, to = place(line["from"]), place(line["to"])
		}
		detail := map[string]any{}
		for k, v := range line {
			if k != "tick" && k != "guid" && k != "event" && k != "branch" {
				detail[k] = v
			}
		}
		var got map[string]any
		if err := json.Unmarshal([]byte(e.Detail), &got); err != nil || !reflect.DeepEqual(got, detail) {
			t.Fatalf("events row %d: detail %s, trace fields %v (%v)", i-1, e.Detail, detail, err)
		}
		// a step's height and a land's fall are distances too
		if (moved || line["event"] == "step" || line["event"] == "land") != (e.Distance != nil) {
			t.Fatalf("events row %d (%s): distance %v", i-1, e.Event, e.Distance)
		}
		if moved {
			if want := float64(from.Offset(&to).Len()); *e.Distance != want {
				t.Fatalf("events row %d: distance %v, want %v", i-1, *e.Distance, want)
			}
		}
		kinds[e.Event]++
	}
	if i != len(events) || kinds["route"] == 0 || kinds["enqueue"] == 0 || kinds["cell"] == 0 {
		t.Fatalf("events table has %d rows, the trace %d event rows (kinds %v)", len(events), i, kinds)
	}
}

// checkMetrics: every field of `viewer run -json`'s per-run metrics,
// nested maps flattened with "_", is a column of the metrics row with the
// same value; "error" omitted means null error columns.
func checkMetrics(t *testing.T, jsonOut string, rows []tables.Metrics) {
	t.Helper()
	var rep struct {
		Input    string
		TickRate int `json:"tick_rate"`
		Ticks    int
		Objects  []struct {
			GUID, Name string
			Runs       []map[string]any
		}
	}
	if err := json.Unmarshal([]byte(jsonOut), &rep); err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, obj := range rep.Objects {
		for _, run := range obj.Runs {
			if n >= len(rows) {
				t.Fatalf("metrics table has %d rows; the report has more runs", len(rows))
			}
			cols := columns(&rows[n])
			n++
			want := flatten("", run)
			// The input column is the path as given; the report names the
			// file (Tables v1, docs/formats.md).
			if rep.Input != filepath.Base(exampleRecording) {
				t.Fatalf("report input %q", rep.Input)
			}
			want["input"], want["guid"], want["name"] = exampleRecording, obj.GUID, obj.Name
			want["tick_rate"], want["ticks"] = float64(rep.TickRate), float64(rep.Ticks)
			if _, ok := run["error"]; !ok {
				for _, k := range []string{"error_ticks", "error_mean", "error_p95", "error_max"} {
					want[k] = nil
				}
			}
			for k, v := range want {
				got, ok := cols[k]
				if !ok {
					t.Errorf("metrics table lacks column %s", k)
				} else if got != v {
					t.Errorf("%s %s: column %s = %v, report %v", obj.GUID, run["reading"], k, got, v)
				}
			}
		}
	}
	if n != len(rows) || n == 0 {
		t.Fatalf("metrics table has %d rows, the report %d runs", len(rows), n)
	}
}

// flatten joins nested JSON object keys with "_".
func flatten(prefix string, m map[string]any) map[string]any {
	out := map[string]any{}
	for k, v := range m {
		if sub, ok := v.(map[string]any); ok {
			for k2, v2 := range flatten(prefix+k+"_", sub) {
				out[k2] = v2
			}
			continue
		}
		out[prefix+k] = v
	}
	return out
}

// columns maps a row's Parquet column names to its values, numbers as
// float64 and nulls as nil (as JSON decodes them).
func columns(row any) map[string]any {
	v := reflect.ValueOf(row).Elem()
	out := map[string]any{}
	for i := range v.NumField() {
		name, _, _ := strings.Cut(v.Type().Field(i).Tag.Get("parquet"), ",")
		f := v.Field(i)
		if f.Kind() == reflect.Pointer {
			if f.IsNil() {
				out[name] = nil
				continue
			}
			f = f.Elem()
		}
		switch f.Kind() {
		case reflect.Int32, reflect.Int64:
			out[name] = float64(f.Int())
		case reflect.Float64:
			out[name] = f.Float()
		default:
			out[name] = f.Interface()
		}
	}
	return out
}
