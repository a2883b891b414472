// Tests that a diff which compared nothing never agrees: how many client
// rows were compared is reported per object and in all; a client trace
// none of whose rows matched an object of the run, and a Glidepath trace of
// another input, exit 2 naming the client trace; a client object the run
// never has is listed, and is a divergence only with -strict-objects.

package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// comparedJSON is the part of diff -json these tests read.
type comparedJSON struct {
	ComparedRows  int  `json:"compared_rows"`
	StrictObjects bool `json:"strict_objects"`
	Diverged      bool `json:"diverged"`
	Objects       []struct {
		GUID         string `json:"guid"`
		Rows         int    `json:"rows"`
		ComparedRows int    `json:"compared_rows"`
	} `json:"objects"`
	Missing struct {
		NotInRecording []struct {
			GUID string `json:"guid"`
			Rows int    `json:"rows"`
		} `json:"not_in_recording"`
	} `json:"missing"`
}

func diffCompared(t *testing.T, wantCode int, args ...string) comparedJSON {
	t.Helper()
	code, out, errs := viewer(t, append([]string{"diff", "-json"}, args...)...)
	if code != wantCode {
		t.Fatalf("diff %v: exit %d, want %d: %s", args, code, wantCode, errs)
	}
	var d comparedJSON
	if err := json.Unmarshal([]byte(out), &d); err != nil {
		t.Fatalf("%v:\n%s", err, out)
	}
	return d
}

func TestDiff_CountsTheRowsCompared(t *testing.T) {
	input, _, rows := ownTrace(t, "sparse-walk")
	first := rows[0].GUID
	// Every row of the first object but its ticks 10–19; every row of the
	// others.
	var kept []traceRow
	want := map[string]int{}
	for _, r := range rows {
		if r.GUID == first && r.Tick >= 10 && r.Tick < 20 {
			continue
		}
		kept = append(kept, r)
		want[r.GUID]++
	}
	client := writeClient(t, kept, "jsonl")
	d := diffCompared(t, 0, input, client)
	if d.ComparedRows != len(kept) {
		t.Errorf("compared_rows %d, want %d (every row kept)", d.ComparedRows, len(kept))
	}
	sum := 0
	for _, o := range d.Objects {
		if o.ComparedRows != want[o.GUID] || o.Rows != o.ComparedRows {
			t.Errorf("%s: compared_rows %d, rows %d, want %d", o.GUID, o.ComparedRows, o.Rows, want[o.GUID])
		}
		sum += o.ComparedRows
	}
	if sum != d.ComparedRows || len(d.Objects) < 2 {
		t.Errorf("objects' compared_rows sum to %d over %d objects, total %d", sum, len(d.Objects), d.ComparedRows)
	}
	_, out, _ := viewer(t, "diff", input, client)
	if !strings.Contains(out, first+" ") || !strings.Contains(out, ": "+itoa(want[first])+" rows compared,") ||
		!strings.Contains(out, itoa(len(kept))+" client rows compared, over "+itoa(len(d.Objects))+" of "+itoa(len(d.Objects))+" objects") {
		t.Errorf("text output lacks the counts:\n%s", out)
	}
}

func itoa(n int) string { return jsonInt(n) }

func jsonInt(n int) string { b, _ := json.Marshal(n); return string(b) }

// Every client row names a guid the run never has, or the trace has no
// rows at all: nothing was compared, exit 2 naming the client trace, and
// nothing on stdout.
func TestDiff_NothingComparedExits2(t *testing.T) {
	input, _, rows := ownTrace(t, "sparse-walk")
	strangers := make([]traceRow, len(rows))
	copy(strangers, rows)
	// Each object renamed to a guid of its own the run never has.
	renamed := map[string]string{}
	for i := range strangers {
		g, ok := renamed[strangers[i].GUID]
		if !ok {
			g = "0x1234567" + jsonInt(len(renamed))
			renamed[strangers[i].GUID] = g
		}
		strangers[i].GUID = g
	}
	headerOnly := filepath.Join(t.TempDir(), "header.csv")
	os.WriteFile(headerOnly, []byte("tick,guid,cell,x,y,z\n"), 0o644)
	// Rows of a run object only at ticks past the run's end.
	late := []traceRow{rows[0]}
	late[0].Tick = 1 << 20
	for _, c := range []struct {
		name, client, want string
	}{
		{"strangers", writeClient(t, strangers, "jsonl"), "no client row matched an object of the run"},
		{"header only", headerOnly, "the trace has no rows"},
		// Said as it is: not "at ticks their object is not alive".
		{"after the run", writeClient(t, late, "jsonl"), "no client row matched an object of the run (" + input + "): its 1 row comes after the run's last tick, "},
		{"some after the run", writeClient(t, append([]traceRow{strangers[0]}, late...), "jsonl"), "1 of its 2 rows comes after the run's last tick, "},
	} {
		for _, args := range [][]string{{"diff"}, {"diff", "-json"}, {"diff", "-strict-objects"}} {
			code, out, errs := viewer(t, append(args, input, c.client)...)
			if code != 2 || !strings.Contains(errs, c.client+": ") || !strings.Contains(errs, c.want) || out != "" {
				t.Errorf("%s %v: exit %d, stderr %q, stdout %q; want exit 2 naming %s and %q", c.name, args, code, errs, out, c.client, c.want)
			}
		}
	}
}

// A Glidepath trace names its input in the header; one of another input
// (another scenario, with other objects or another landblock) is refused
// before anything is compared, whatever its rows; the same input under
// another directory, compressed, or compiled (walk.yaml against walk.jsonl)
// is compared.
func TestDiff_TraceOfAnotherInputExits2(t *testing.T) {
	input, _, _ := ownTrace(t, "sparse-walk")
	_, wallTrace, _ := ownTrace(t, "wall")
	code, out, errs := viewer(t, "diff", input, wallTrace)
	if code != 2 || out != "" || !strings.Contains(errs, wallTrace+":1: input:") || !strings.Contains(errs, `"wall.yaml"`) ||
		!strings.Contains(errs, `"sparse-walk.yaml"`) {
		t.Errorf("trace of wall.yaml against sparse-walk.yaml: exit %d, stderr %q, stdout %q", code, errs, out)
	}
	// The sparse-walk trace, its header naming another input but its rows
	// the same: still refused (the header is the trace's word).
	_, own, _ := ownTrace(t, "sparse-walk")
	data, err := os.ReadFile(own)
	if err != nil {
		t.Fatal(err)
	}
	relabel := func(name string) string {
		p := filepath.Join(t.TempDir(), "relabelled.trace")
		os.WriteFile(p, []byte(strings.Replace(string(data), `"input":"sparse-walk.yaml"`, `"input":`+name, 1)), 0o644)
		return p
	}
	if !strings.Contains(string(data), `"input":"sparse-walk.yaml"`) {
		t.Fatalf("trace header: %.200s", data)
	}
	other := relabel(`"other-landblock.jsonl"`)
	if code, _, errs := viewer(t, "diff", input, other); code != 2 || !strings.Contains(errs, other+":1: input:") {
		t.Errorf("relabelled trace: exit %d, stderr %q", code, errs)
	}
	for _, same := range []string{`"sparse-walk.jsonl"`, `"sparse-walk.jsonl.gz"`, `"some/dir/sparse-walk.yaml"`, `""`, `null`} {
		if code, _, errs := viewer(t, "diff", input, relabel(same)); code != 0 {
			t.Errorf("header input %s: exit %d, want 0: %s", same, code, errs)
		}
	}
}

// A client object the run never has is listed; it makes the diff diverge
// (exit 1) only with -strict-objects.
func TestDiff_StrictObjects(t *testing.T) {
	input, _, rows := ownTrace(t, "sparse-walk")
	var client []traceRow
	for _, r := range rows {
		client = append(client, r)
		if r.Tick == 3 && r.GUID == rows[0].GUID {
			stranger := r
			stranger.GUID = "0x12345678"
			client = append(client, stranger)
		}
	}
	path := writeClient(t, client, "jsonl")
	d := diffCompared(t, 0, input, path)
	if d.Diverged || d.StrictObjects || len(d.Missing.NotInRecording) != 1 || d.Missing.NotInRecording[0].GUID != "0x12345678" {
		t.Errorf("without -strict-objects: %+v", d)
	}
	if d.ComparedRows != len(rows) {
		t.Errorf("compared_rows %d, want %d (the stranger's row is not compared)", d.ComparedRows, len(rows))
	}
	d = diffCompared(t, 1, "-strict-objects", input, path)
	if !d.Diverged || !d.StrictObjects || len(d.Missing.NotInRecording) != 1 {
		t.Errorf("with -strict-objects: %+v", d)
	}
	code, out, _ := viewer(t, "diff", "-strict-objects", input, path)
	if code != 1 || !strings.Contains(out, "0x12345678: in the client trace (1 row,") || !strings.Contains(out, "1 client object the run never has (-strict-objects)") {
		t.Errorf("text, -strict-objects: exit %d:\n%s", code, out)
	}
}
