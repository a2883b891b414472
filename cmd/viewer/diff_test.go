// Tests of viewer diff: a run against its own trace agrees; a client moved
// 0.02 m from tick T on diverges exactly at T; CSV, JSONL and "t" spellings
// give the same comparison; what the client did not log is listed; bad
// client traces exit 2 naming file, line and field.

package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// traceRow is a Trace v1 state row as the tests rewrite it.
type traceRow struct {
	Tick    int        `json:"tick"`
	GUID    string     `json:"guid"`
	Cell    string     `json:"cell"`
	Origin  [3]float32 `json:"origin"`
	Heading float32    `json:"heading"`
	Queue   int        `json:"queue"`
	Contact bool       `json:"contact"`
}

// ownTrace writes the trace of scenario name (seed reading) and returns its
// path and its state rows.
func ownTrace(t *testing.T, name string) (input, tracePath string, rows []traceRow) {
	t.Helper()
	input = scenarioFile(t, name)
	tracePath = filepath.Join(t.TempDir(), name+".trace")
	if code, _, errs := viewer(t, "run", "-quiet", "-trace", tracePath, input); code != 0 {
		t.Fatalf("run: exit %d: %s", code, errs)
	}
	data, err := os.ReadFile(tracePath)
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n")[1:] {
		if strings.Contains(line, `"event"`) {
			continue
		}
		var r traceRow
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatal(err)
		}
		rows = append(rows, r)
	}
	return input, tracePath, rows
}

func f32(v float32) string { return strconv.FormatFloat(float64(v), 'g', -1, 32) }

// writeClient writes rows as a client trace: "jsonl", "t" (JSONL with
// seconds at 30 Hz) or "csv".
func writeClient(t *testing.T, rows []traceRow, form string) string {
	t.Helper()
	var b strings.Builder
	ext := ".jsonl"
	if form == "csv" {
		ext = ".csv"
		b.WriteString("tick,guid,cell,x,y,z,heading,queue,contact\n")
	}
	for _, r := range rows {
		switch form {
		case "csv":
			fmt.Fprintf(&b, "%d,%s,%s,%s,%s,%s,%s,%d,%v\n", r.Tick, r.GUID, r.Cell, f32(r.Origin[0]), f32(r.Origin[1]), f32(r.Origin[2]), f32(r.Heading), r.Queue, r.Contact)
		case "t":
			fmt.Fprintf(&b, `{"t":%s,"guid":"%s","cell":"%s","origin":[%s,%s,%s],"queue":%d,"contact":%v}`+"\n",
				strconv.FormatFloat(float64(r.Tick)/30, 'g', -1, 64), r.GUID, r.Cell, f32(r.Origin[0]), f32(r.Origin[1]), f32(r.Origin[2]), r.Queue, r.Contact)
		default:
			fmt.Fprintf(&b, `{"tick":%d,"guid":"%s","cell":"%s","origin":[%s,%s,%s],"heading":%s,"queue":%d,"contact":%v}`+"\n",
				r.Tick, r.GUID, r.Cell, f32(r.Origin[0]), f32(r.Origin[1]), f32(r.Origin[2]), f32(r.Heading), r.Queue, r.Contact)
		}
	}
	path := filepath.Join(t.TempDir(), "client"+ext)
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// diffJSON is the part of diff -json the tests read (the contract's names).
type diffJSON struct {
	Reading   string  `json:"reading"`
	Tolerance float64 `json:"tolerance"`
	Diverged  bool    `json:"diverged"`
	Objects   []struct {
		GUID            string  `json:"guid"`
		Rows            int     `json:"rows"`
		MaxError        float64 `json:"max_error"`
		FirstDivergence *struct {
			Tick   int             `json:"tick"`
			Error  float64         `json:"error"`
			Fields []string        `json:"fields"`
			Retail json.RawMessage `json:"retail"`
			Client json.RawMessage `json:"client"`
			Causes []string        `json:"causes"`
		} `json:"first_divergence"`
	} `json:"objects"`
	Missing struct {
		Objects []struct {
			GUID string `json:"guid"`
		} `json:"objects"`
		Ticks []struct {
			GUID   string   `json:"guid"`
			Ticks  int      `json:"ticks"`
			Ranges [][2]int `json:"ranges"`
		} `json:"ticks"`
		NotInRecording []struct {
			GUID string `json:"guid"`
			Rows int    `json:"rows"`
		} `json:"not_in_recording"`
	} `json:"missing"`
}

func runDiffJSON(t *testing.T, wantCode int, args ...string) (diffJSON, string) {
	t.Helper()
	code, out, errs := viewer(t, append([]string{"diff", "-json"}, args...)...)
	if code != wantCode {
		t.Fatalf("diff %v: exit %d, want %d: %s", args, code, wantCode, errs)
	}
	var d diffJSON
	if err := json.Unmarshal([]byte(out), &d); err != nil {
		t.Fatalf("%v:\n%s", err, out)
	}
	return d, out
}

func TestDiff_OwnTraceAgrees(t *testing.T) {
	input, tracePath, rows := ownTrace(t, "sparse-walk")
	code, out, errs := viewer(t, "diff", input, tracePath)
	if code != 0 || !strings.Contains(out, "no divergence") {
		t.Fatalf("exit %d:\n%s%s", code, out, errs)
	}
	d, _ := runDiffJSON(t, 0, input, tracePath)
	if d.Diverged || d.Reading != "seed" || d.Tolerance != 0.01 || len(d.Objects) != 2 {
		t.Fatalf("%+v", d)
	}
	total := 0
	for _, o := range d.Objects {
		total += o.Rows
		if o.MaxError != 0 || o.FirstDivergence != nil {
			t.Errorf("%s: max error %v, divergence %v", o.GUID, o.MaxError, o.FirstDivergence)
		}
	}
	if total != len(rows) {
		t.Errorf("compared %d rows of %d", total, len(rows))
	}
	// The same trace as a client JSONL (every optional field but branch).
	if code, out, _ := viewer(t, "diff", input, writeClient(t, rows, "jsonl")); code != 0 {
		t.Fatalf("JSONL copy: exit %d\n%s", code, out)
	}
}

// shifted moves guid's rows 0.02 m east from tick from on.
func shifted(rows []traceRow, guid string, from int) []traceRow {
	out := make([]traceRow, len(rows))
	copy(out, rows)
	for i := range out {
		if out[i].GUID == guid && out[i].Tick >= from {
			out[i].Origin[0] += 0.02
		}
	}
	return out
}

func TestDiff_ShiftDivergesExactlyThere(t *testing.T) {
	input, _, rows := ownTrace(t, "sparse-walk")
	const from = 137
	guid := rows[1].GUID
	moved := shifted(rows, guid, from)
	var results []string
	for _, form := range []string{"jsonl", "csv", "t"} {
		d, out := runDiffJSON(t, 1, input, writeClient(t, moved, form))
		if !d.Diverged {
			t.Fatalf("%s: not diverged", form)
		}
		for _, o := range d.Objects {
			switch {
			case o.GUID == guid && (o.FirstDivergence == nil || o.FirstDivergence.Tick != from):
				t.Fatalf("%s: %s first divergence %+v, want tick %d", form, guid, o.FirstDivergence, from)
			case o.GUID == guid && (o.FirstDivergence.Error < 0.019 || o.FirstDivergence.Error > 0.021 ||
				o.FirstDivergence.Fields[0] != "position" || len(o.FirstDivergence.Retail) == 0 || len(o.FirstDivergence.Client) == 0):
				t.Fatalf("%s: divergence %+v", form, o.FirstDivergence)
			case o.GUID != guid && o.FirstDivergence != nil:
				t.Fatalf("%s: %s diverged too", form, o.GUID)
			}
		}
		// Everything but the file name, format and line numbers agrees
		// between spellings (the CSV has a header row).
		var m map[string]any
		json.Unmarshal([]byte(lineless(out)), &m)
		delete(m, "client")
		delete(m, "client_format")
		delete(m, "time_mapping")
		objs, _ := json.Marshal(m)
		results = append(results, string(objs))
	}
	if results[0] != results[1] {
		t.Error("CSV and JSONL give different comparisons")
	}
	// "t" has no heading column; otherwise it agrees with "tick".
	strip := func(s string) string {
		var m map[string]any
		json.Unmarshal([]byte(s), &m)
		b, _ := json.Marshal(m["objects"].([]any)[0].(map[string]any)["rows"])
		return string(b)
	}
	if strip(results[0]) != strip(results[2]) {
		t.Error("t rows compare differently from tick rows")
	}
	// Just within the tolerance, nothing diverges.
	if code, out, _ := viewer(t, "diff", "-tol", "0.03", input, writeClient(t, moved, "jsonl")); code != 0 {
		t.Fatalf("-tol 0.03: exit %d\n%s", code, out)
	}
	// The text names the tick and the mapping for t.
	_, out, _ := viewer(t, "diff", "-context", "3", input, writeClient(t, moved, "t"))
	if !strings.Contains(out, fmt.Sprintf("first divergence at tick %d", from)) ||
		!strings.Contains(out, "round(t × 30)") || !strings.Contains(out, "← diverges") {
		t.Fatalf("text output:\n%s", out)
	}
}

func TestDiff_ListsWhatWasNotCompared(t *testing.T) {
	input, _, rows := ownTrace(t, "sparse-walk")
	first, second := rows[0].GUID, rows[1].GUID
	var kept []traceRow
	for _, r := range rows {
		if r.GUID == second || r.GUID == first && r.Tick >= 10 && r.Tick <= 12 {
			continue
		}
		kept = append(kept, r)
		if r.Tick == 5 && r.GUID == first {
			stranger := r
			stranger.GUID = "0x12345678"
			kept = append(kept, stranger)
		}
	}
	d, _ := runDiffJSON(t, 0, input, writeClient(t, kept, "jsonl"))
	if len(d.Missing.Objects) != 1 || d.Missing.Objects[0].GUID != second {
		t.Errorf("missing objects %+v, want %s", d.Missing.Objects, second)
	}
	if len(d.Missing.Ticks) != 1 || d.Missing.Ticks[0].GUID != first || d.Missing.Ticks[0].Ticks != 3 ||
		len(d.Missing.Ticks[0].Ranges) != 1 || d.Missing.Ticks[0].Ranges[0] != [2]int{10, 12} {
		t.Errorf("missing ticks %+v", d.Missing.Ticks)
	}
	if len(d.Missing.NotInRecording) != 1 || d.Missing.NotInRecording[0].GUID != "0x12345678" || d.Missing.NotInRecording[0].Rows != 1 {
		t.Errorf("not in recording %+v", d.Missing.NotInRecording)
	}
	_, out, _ := viewer(t, "diff", input, writeClient(t, kept, "jsonl"))
	for _, want := range []string{"not in the client trace", "ticks 10–12", "0x12345678: in the client trace (1 row,"} {
		if !strings.Contains(out, want) {
			t.Errorf("text lacks %q:\n%s", want, out)
		}
	}
}

// A client that does not blip where retail does (seed 000 §6, the wall
// scenario's stall) diverges at the blip, and diff prints its cause chain.
func TestDiff_DivergenceAtABlipPrintsItsCause(t *testing.T) {
	input, _, rows := ownTrace(t, "wall")
	const blipTick = 193
	var frozen traceRow
	client := make([]traceRow, len(rows))
	copy(client, rows)
	for i := range client {
		if client[i].Tick == blipTick-1 {
			frozen = client[i]
		}
		if client[i].Tick >= blipTick {
			client[i].Origin, client[i].Cell = frozen.Origin, frozen.Cell
		}
	}
	d, _ := runDiffJSON(t, 1, input, writeClient(t, client, "jsonl"))
	fd := d.Objects[0].FirstDivergence
	// The chain: the wall stopped the body (tick 188, the transition's
	// wall event), then the blip.
	if fd == nil || fd.Tick != blipTick || len(fd.Causes) != 2 || !strings.Contains(fd.Causes[0], "stopped by wall polygon") ||
		!strings.Contains(fd.Causes[1], "blip") || !strings.Contains(fd.Causes[1], "stall window failed") {
		t.Fatalf("divergence %+v", fd)
	}
	_, out, _ := viewer(t, "diff", input, writeClient(t, client, "jsonl"))
	if !strings.Contains(out, "why (retail): tick 193: blip") || !strings.Contains(out, "retail did at tick 193:") {
		t.Fatalf("text:\n%s", out)
	}
}

func TestDiff_BadClientTraceExits2(t *testing.T) {
	input := scenarioFile(t, "sparse-walk")
	cases := []struct{ name, body, where string }{
		{"bad.jsonl", `{"tick":0,"guid":"0x80000B01","cell":"0xA9B4001F","origin":[1,2,3]}` + "\n" +
			`{"tick":1,"guid":"walker","cell":"0xA9B4001F","origin":[1,2,3]}` + "\n", "bad.jsonl:2: guid:"},
		{"bad.csv", "tick,guid,cell,x,y,z\n0,0x80000B01,0xA9B4001F,1,two,3\n", "bad.csv:2: y:"},
		{"order.jsonl", `{"tick":3,"guid":"0x80000B01","cell":"0xA9B4001F","origin":[1,2,3]}` + "\n" +
			`{"tick":2,"guid":"0x80000B01","cell":"0xA9B4001F","origin":[1,2,3]}` + "\n", "order.jsonl:2: tick:"},
	}
	for _, c := range cases {
		path := filepath.Join(t.TempDir(), c.name)
		os.WriteFile(path, []byte(c.body), 0o644)
		code, out, errs := viewer(t, "diff", input, path)
		if code != 2 || !strings.Contains(errs, c.where) || out != "" {
			t.Errorf("%s: exit %d, stderr %q, stdout %q; want exit 2 and %q", c.name, code, errs, out, c.where)
		}
	}
	if code, _, _ := viewer(t, "diff", input); code != 2 {
		t.Errorf("one file: exit %d", code)
	}
	if code, _, _ := viewer(t, "diff", input, filepath.Join(t.TempDir(), "none.jsonl")); code != 2 {
		t.Errorf("missing client trace: exit %d", code)
	}
}

// lineless blanks the "line" numbers of diff -json output.
func lineless(out string) string {
	lines := strings.Split(out, "\n")
	for i, l := range lines {
		if strings.Contains(l, `"line": `) {
			lines[i] = l[:strings.Index(l, `"line": `)] + `"line": 0,`
		}
	}
	return strings.Join(lines, "\n")
}

// A client trace of any shape a file can have ends the diff with its
// verdict (0) or exit 2 naming the file and line — never a crash or a
// hang: empty, only NUL bytes, a directory, a line over the limit, no
// final newline, CRLF line ends, cut mid-line (a FIFO: diff_fifo_test.go).
func TestDiff_ClientTraceShapes(t *testing.T) {
	input, tracePath, _ := ownTrace(t, "sparse-walk")
	trace, err := os.ReadFile(tracePath)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	write := func(name string, data []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	head := trace[:bytes.IndexByte(trace, '\n')+1]
	cases := []struct {
		path string
		code int
		want string
	}{
		{write("empty.trace", nil), 2, "empty.trace:1: header: missing: the file is empty"},
		{write("nul.trace", make([]byte, 5000)), 2, "nul.trace:1: header:"},
		{dir, 2, dir + ":1: read:"},
		{write("long.trace", append(append(append([]byte{}, head...), bytes.Repeat([]byte(" "), 1<<20)...), trace[len(head):]...)), 2,
			"long.trace:2: read: line longer than 1048576 bytes"},
		{write("nonl.trace", bytes.TrimSuffix(trace, []byte("\n"))), 0, ""},
		{write("crlf.trace", bytes.ReplaceAll(trace, []byte("\n"), []byte("\r\n"))), 0, ""},
		{write("cut.trace", trace[:len(trace)*2/3]), 2, "cut.trace:"},
	}
	for _, c := range cases {
		code, _, errs := viewer(t, "diff", input, c.path)
		if code != c.code || !strings.Contains(errs, c.want) || strings.Contains(errs, "panic") || strings.Contains(errs, "goroutine ") {
			t.Errorf("%s: exit %d, stderr %q; want %d and %q", filepath.Base(c.path), code, errs, c.code, c.want)
		}
	}
}
