// Tests of the client trace reader: the three spellings agree, "t" maps to
// the nearest tick, a Trace v1 file gives its route branches, and every bad
// line is an error naming file, line and field.

package clienttrace

import (
	"errors"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"

	"glidepath/engine/recording"
	"glidepath/physics"
)

// readAll reads every tick of the trace at path.
func readAll(t *testing.T, path string, rate int) ([][]Row, *Reader) {
	t.Helper()
	r, err := Open(path, rate)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	var ticks [][]Row
	for {
		rows, err := r.NextTick(nil)
		if err == io.EOF {
			return ticks, r
		}
		if err != nil {
			t.Fatal(err)
		}
		ticks = append(ticks, rows)
	}
}

// strip clears what legitimately differs between spellings of one row.
func strip(ticks [][]Row) [][]Row {
	for _, rows := range ticks {
		for i := range rows {
			rows[i].Line, rows[i].T, rows[i].HasT = 0, 0, false
		}
	}
	return ticks
}

func TestRead_JSONLAndCSVAgree(t *testing.T) {
	j, jr := readAll(t, "testdata/walk.jsonl", 30)
	c, cr := readAll(t, "testdata/walk.csv", 30)
	if jr.Format() != FormatJSONL || cr.Format() != FormatCSV {
		t.Fatalf("formats %v, %v", jr.Format(), cr.Format())
	}
	j, c = strip(j), strip(c)
	if len(j) != 3 || len(j[0]) != 2 || len(j[1]) != 2 || len(j[2]) != 1 {
		t.Fatalf("JSONL tick groups %v", j)
	}
	for k := range j {
		for i := range j[k] {
			if j[k][i] != c[k][i] {
				t.Errorf("tick group %d row %d: JSONL %+v, CSV %+v", k, i, j[k][i], c[k][i])
			}
		}
	}
	r := j[1][0]
	if r.Tick != 1 || r.GUID != 0x80000A01 || r.Origin[0] != 90.25 || !r.HasBranch || r.Branch != physics.RouteInterpolate ||
		!r.HasQueue || r.Queue != 1 || !r.HasContact || !r.Contact || !r.HasHeading || r.Heading != 90 {
		t.Errorf("tick 1 row %+v", r)
	}
	if o := j[1][1]; o.HasHeading || o.HasQueue || o.HasContact || o.HasBranch {
		t.Errorf("optional fields given where the trace gave none: %+v", o)
	}
}

// "t" maps to round(t × rate): 0.0333 s and 0.034 s are tick 1 at 30 Hz,
// 0.1 s is tick 3.
func TestRead_TimeMapsToNearestTick(t *testing.T) {
	tt, r := readAll(t, "testdata/walk_t.jsonl", 30)
	j, _ := readAll(t, "testdata/walk.jsonl", 30)
	if !r.UsesTime() {
		t.Error("UsesTime false for a trace of t rows")
	}
	tt, j = strip(tt), strip(j)
	for k := range j {
		for i := range j[k] {
			if tt[k][i] != j[k][i] {
				t.Errorf("group %d row %d: t %+v, tick %+v", k, i, tt[k][i], j[k][i])
			}
		}
	}
	if _, err := Open("testdata/walk_t.jsonl", 0); err != nil {
		t.Fatal(err)
	}
	r0, _ := Open("testdata/walk_t.jsonl", 0)
	defer r0.Close()
	_, err := r0.NextTick(nil)
	wantError(t, err, "testdata/walk_t.jsonl", 1, "t")
}

// A client sampling faster than the recording's rate lands twice in a tick:
// the later row is skipped and counted.
func TestRead_TimeSharingATickIsSkipped(t *testing.T) {
	src := `{"t":0,"guid":"0x1","cell":"0x1","origin":[0,0,0]}
{"t":0.01,"guid":"0x1","cell":"0x1","origin":[9,0,0]}
{"t":0.02,"guid":"0x1","cell":"0x1","origin":[1,0,0]}
`
	r, _ := NewReader("fast.jsonl", strings.NewReader(src), 30)
	a, _ := r.NextTick(nil)
	b, _ := r.NextTick(nil)
	if len(a) != 1 || a[0].Tick != 0 || len(b) != 1 || b[0].Tick != 1 || b[0].Origin[0] != 1 || r.Skipped() != 1 {
		t.Fatalf("ticks %+v %+v, skipped %d", a, b, r.Skipped())
	}
}

// A Glidepath Trace v1 file is a client trace: its state rows, with the
// branch of that tick's route event.
func TestRead_TraceV1GivesRouteBranches(t *testing.T) {
	const path = "../testdata/far_jump.trace.golden"
	ticks, r := readAll(t, path, 30)
	if r.Format() != FormatTrace {
		t.Fatalf("format %v", r.Format())
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	states, routes, branches := 0, 0, 0
	for _, line := range strings.Split(string(data), "\n")[1:] {
		switch {
		case strings.Contains(line, `"event":"route"`):
			routes++
		case strings.Contains(line, `"origin"`) && !strings.Contains(line, `"event"`):
			states++
		}
	}
	got := 0
	for k, rows := range ticks {
		for _, row := range rows {
			got++
			if row.Tick != k {
				t.Fatalf("row at line %d has tick %d in group %d", row.Line, row.Tick, k)
			}
			if row.HasBranch {
				branches++
			}
			if !row.HasQueue || !row.HasContact || !row.HasHeading {
				t.Fatalf("line %d: trace rows give queue, contact and heading", row.Line)
			}
		}
	}
	if got != states || routes == 0 || branches != routes {
		t.Errorf("rows %d (want %d), branches %d (want %d routes)", got, states, branches, routes)
	}
	r2, _ := Open(path, 60)
	defer r2.Close()
	_, err = r2.NextTick(nil)
	wantError(t, err, path, 1, "tick_rate")
}

func wantError(t *testing.T, err error, file string, line int, field string) {
	t.Helper()
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("want *Error at %s:%d: %s, got %v", file, line, field, err)
	}
	if e.File != file || e.Line != line || e.Field != field {
		t.Fatalf("got %q, want %s:%d: %s", e.Error(), file, line, field)
	}
	if !strings.HasPrefix(e.Error(), e.File+":") || e.Problem == "" {
		t.Fatalf("message %q", e.Error())
	}
}

// Every bad line is reported as FILE:LINE: FIELD: problem.
func TestRead_BadLinesNameFileLineField(t *testing.T) {
	const row0 = `{"tick":0,"guid":"0x1","cell":"0x1","origin":[0,0,0]}` + "\n"
	cases := []struct {
		name, file, src string
		line            int
		field           string
	}{
		{"guid without 0x", "a.jsonl", `{"tick":0,"guid":"80000A01","cell":"0x1","origin":[0,0,0]}`, 1, "guid"},
		{"guid not hex", "a.jsonl", row0 + `{"tick":1,"guid":"0xZZ","cell":"0x1","origin":[0,0,0]}`, 2, "guid"},
		{"guid a number", "a.jsonl", `{"tick":0,"guid":12,"cell":"0x1","origin":[0,0,0]}`, 1, "guid"},
		{"guid too long", "a.jsonl", `{"tick":0,"guid":"0x123456789","cell":"0x1","origin":[0,0,0]}`, 1, "guid"},
		{"origin not a number", "a.jsonl", `{"tick":0,"guid":"0x1","cell":"0x1","origin":[0,"x",0]}`, 1, "origin[1]"},
		{"origin two numbers", "a.jsonl", `{"tick":0,"guid":"0x1","cell":"0x1","origin":[0,0]}`, 1, "origin"},
		{"tick not a number", "a.jsonl", `{"tick":"one","guid":"0x1","cell":"0x1","origin":[0,0,0]}`, 1, "tick"},
		{"tick negative", "a.jsonl", `{"tick":-1,"guid":"0x1","cell":"0x1","origin":[0,0,0]}`, 1, "tick"},
		{"tick out of order", "a.jsonl", row0 + `{"tick":5,"guid":"0x1","cell":"0x1","origin":[0,0,0]}` + "\n" +
			`{"tick":4,"guid":"0x2","cell":"0x1","origin":[0,0,0]}`, 3, "tick"},
		{"t out of order", "a.jsonl", `{"t":1,"guid":"0x1","cell":"0x1","origin":[0,0,0]}` + "\n" +
			`{"t":0.5,"guid":"0x1","cell":"0x1","origin":[0,0,0]}`, 2, "t"},
		{"tick and t mixed", "a.jsonl", row0 + `{"t":1,"guid":"0x1","cell":"0x1","origin":[0,0,0]}`, 2, "t"},
		{"tick twice for an object", "a.jsonl", row0 + row0, 2, "guid"},
		{"twice after a repeated order", "a.jsonl", row0 + `{"tick":0,"guid":"0x2","cell":"0x1","origin":[0,0,0]}` + "\n" +
			`{"tick":1,"guid":"0x1","cell":"0x1","origin":[0,0,0]}` + "\n" + `{"tick":1,"guid":"0x1","cell":"0x1","origin":[0,0,0]}`, 4, "guid"},
		{"heading NaN", "a.jsonl", `{"tick":0,"guid":"0x1","cell":"0x1","origin":[0,0,0],"heading":NaN}`, 1, "heading"},
		{"queue fraction", "a.jsonl", `{"tick":0,"guid":"0x1","cell":"0x1","origin":[0,0,0],"queue":1.5}`, 1, "queue"},
		{"contact a string", "a.jsonl", `{"tick":0,"guid":"0x1","cell":"0x1","origin":[0,0,0],"contact":"yes"}`, 1, "contact"},
		{"unknown branch", "a.jsonl", `{"tick":0,"guid":"0x1","cell":"0x1","origin":[0,0,0],"branch":"snap"}`, 1, "branch"},
		{"unknown member unterminated", "a.jsonl", `{"tick":0,"guid":"0x1","cell":"0x1","origin":[0,0,0],"fail":"x}`, 1, "fail"},
		{"unknown member nested bad", "a.jsonl", `{"tick":0,"guid":"0x1","cell":"0x1","origin":[0,0,0],"note":{"a":[1,}}`, 1, "note"},
		{"unknown member no value", "a.jsonl", `{"tick":0,"guid":"0x1","cell":"0x1","origin":[0,0,0],"fail":}`, 1, "fail"},
		{"control character", "a.jsonl", "{\"tick\":0,\"guid\":\"0x\t1\",\"cell\":\"0x1\",\"origin\":[0,0,0]}", 1, "guid"},
		{"missing cell", "a.jsonl", `{"tick":0,"guid":"0x1","origin":[0,0,0]}`, 1, "cell"},
		{"missing tick", "a.jsonl", `{"guid":"0x1","cell":"0x1","origin":[0,0,0]}`, 1, "tick"},
		{"broken json", "a.jsonl", `{"tick":0,"guid":"0x1"`, 1, "json"},
		{"trailing garbage", "a.jsonl", row0[:len(row0)-1] + "x", 1, "json"},
		{"csv bad x", "a.csv", "tick,guid,cell,x,y,z\n0,0x1,0x1,abc,0,0", 2, "x"},
		{"csv bad guid", "a.csv", "tick,guid,cell,x,y,z\n0,guid7,0x1,0,0,0", 2, "guid"},
		{"csv short row", "a.csv", "tick,guid,cell,x,y,z\n0,0x1,0x1,0,0", 2, "csv"},
		{"csv no cell column", "a.csv", "tick,guid,x,y,z\n0,0x1,0,0,0", 1, "header"},
		{"csv out of order", "a.csv", "tick,guid,cell,x,y,z\n3,0x1,0x1,0,0,0\n\n2,0x1,0x1,0,0,0", 4, "tick"},
		{"csv bad contact", "a.csv", "tick,guid,cell,x,y,z,contact\n0,0x1,0x1,0,0,0,maybe", 2, "contact"},
		{"trace wrong format", "a.trace", `{"format":"glidepath-recording","version":1,"tick_rate":30}`, 1, "format"},
		{"empty", "a.jsonl", "", 1, "header"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r, err := NewReader(c.file, strings.NewReader(c.src), 30)
			if err != nil {
				t.Fatal(err)
			}
			for err == nil {
				_, err = r.NextTick(nil)
			}
			if err == io.EOF {
				t.Fatal("read without error")
			}
			wantError(t, err, c.file, c.line, c.field)
		})
	}
}

// A row cut short inside a string (a trace still being written, or
// truncated) says where the string began and what it wanted.
func TestRead_CutShortStringSaysWhere(t *testing.T) {
	src := `{"tick":0,"guid":"0x1","cell":"0x1","origin":[0,0,0]}` + "\n" + `{"tick":1,"guid":"0x1","cell":"0xA9B4`
	r, err := NewReader("a.jsonl", strings.NewReader(src), 30)
	if err != nil {
		t.Fatal(err)
	}
	for err == nil {
		_, err = r.NextTick(nil)
	}
	want := `a.jsonl:2: cell: unterminated string: want the closing '"' of the string at byte 31, found the end of the line`
	if err == nil || err.Error() != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
}

func TestGlobal_AddsLandblockCorner(t *testing.T) {
	g := Global(0xAAB40001, [3]float32{0.5, 90, 2})
	if g != [3]float64{0xAA*192 + 0.5, 0xB4*192 + 90, 2} {
		t.Fatal(g)
	}
}

// The plain-decimal fast path gives exactly strconv's float32 for every
// float32 printed shortest, and for decimals that are not.
func TestFloat32Of_AgreesWithStrconv(t *testing.T) {
	check := func(s string) {
		t.Helper()
		want, err := strconv.ParseFloat(s, 32)
		got, ok := float32Of([]byte(s))
		if err != nil || !ok || got != float32(want) || math.Signbit(float64(got)) != math.Signbit(want) {
			t.Fatalf("%q: got %v (%v), strconv %v (%v)", s, got, ok, float32(want), err)
		}
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for range 200000 {
		f := math.Float32frombits(rng.Uint32())
		if math.IsNaN(float64(f)) || math.IsInf(float64(f), 0) {
			continue
		}
		check(strconv.FormatFloat(float64(f), 'f', -1, 32))
		check(strconv.FormatFloat(float64(rng.Float32()*384-192), 'g', -1, 32))
		check(strconv.FormatFloat(rng.Float64()*200, 'f', rng.IntN(12), 64))
	}
	for _, s := range []string{"0", "-0", "0.5", "90", "91.25", "16777217", "0.1", "3.4028235e38", "1e-45", "123456789012345678"} {
		check(s)
	}
	for _, bad := range []string{".5", "-", "1..2", "0x10", "+1", "1_0", "", "NaN", "Inf"} {
		if _, ok := float32Of([]byte(bad)); ok {
			t.Errorf("%q parsed", bad)
		}
	}
}

// The id error quotes the string as the user wrote it, once, as
// docs/formats.md shows it (client trace v1, "Every problem").
func TestRead_IDErrorQuotesTheStringOnce(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{`{"tick":0,"guid":"80000A01","cell":"0x1","origin":[0,0,0]}`, `a.jsonl:1: guid: want "0x" and 1 to 8 hex digits, got "80000A01"`},
		{`{"tick":0,"guid":"0x1","cell":"","origin":[0,0,0]}`, `a.jsonl:1: cell: want "0x" and 1 to 8 hex digits, got ""`},
	} {
		r, err := NewReader("a.jsonl", strings.NewReader(c.src), 30)
		if err != nil {
			t.Fatal(err)
		}
		for err == nil {
			_, err = r.NextTick(nil)
		}
		if err == io.EOF || err.Error() != c.want {
			t.Errorf("%s:\n got %v\nwant %s", c.src, err, c.want)
		}
	}
}

// A number too large for its field is said to be out of range, with the
// range; not "want a number" of what is one.
func TestRead_NumberOutOfRangeSaysSo(t *testing.T) {
	for _, c := range []struct{ file, src, want string }{
		{"a.jsonl", `{"tick":0,"guid":"0x1","cell":"0x1","origin":[1e40,0,0]}`, `a.jsonl:1: origin[0]: out of range: want a number within ±3.4e38, got "1e40"`},
		{"a.jsonl", `{"t":1e400,"guid":"0x1","cell":"0x1","origin":[0,0,0]}`, `a.jsonl:1: t: out of range: want a number within ±1.8e308, got "1e400"`},
		{"a.csv", "tick,guid,cell,x,y,z\n0,0x1,0x1,0,-2e39,0", `a.csv:2: y: out of range: want a number within ±3.4e38, got "-2e39"`},
		{"a.csv", "tick,guid,cell,x,y,z,heading\n0,0x1,0x1,0,0,0,4e38", `a.csv:2: heading: out of range`},
		{"a.csv", "tick,guid,cell,x,y,z\n0,0x1,0x1,0,abc,0", `a.csv:2: y: want a number, got "abc"`},
	} {
		r, err := NewReader(c.file, strings.NewReader(c.src), 30)
		if err != nil {
			t.Fatal(err)
		}
		for err == nil {
			_, err = r.NextTick(nil)
		}
		if err == io.EOF || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want %q", c.src, err, c.want)
		}
	}
}

// A Glidepath trace writes a float that was not finite as "NaN", "+Inf" or
// "-Inf" (docs/formats.md, Trace v1 choice 2); read back it is said to be
// that — not a finite number — rather than "want a number, got
// "\"NaN\""", a string quoted twice.
func TestRead_TraceNonFiniteSpellingSaidPlainly(t *testing.T) {
	const hdr = `{"format":"glidepath-trace","version":1,"tick_rate":30,"reading":"seed","input":"a.jsonl"}` + "\n"
	for _, c := range []struct{ src, want string }{
		{`{"tick":0,"guid":"0x1","cell":"0x1","origin":["NaN",0,0],"heading":0,"queue":0,"fail":0,"contact":true}`, `a.trace:2: origin[0]: not a finite number: "NaN" (how a trace writes a NaN or infinite float); positions and headings compare only when finite`},
		{`{"tick":0,"guid":"0x1","cell":"0x1","origin":[0,0,0],"heading":"-Inf","queue":0,"fail":0,"contact":true}`, `a.trace:2: heading: not a finite number: "-Inf"`},
	} {
		r, err := NewReader("a.trace", strings.NewReader(hdr+c.src), 30)
		if err != nil {
			t.Fatal(err)
		}
		for err == nil {
			_, err = r.NextTick(nil)
		}
		if err == io.EOF || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%s:\n got %v\nwant %s", c.src, err, c.want)
		}
	}
}

// A client trace's bounds are the recording format's, one definition
// (recording.MaxSeconds, recording.MaxTickRate): the last second and the
// highest tick rate a recording may have are read; one past either is
// refused naming the field.
func TestRead_BoundsAreTheRecordingFormats(t *testing.T) {
	last := strconv.Itoa(recording.MaxSeconds)
	past := strconv.Itoa(recording.MaxSeconds) + ".5"
	header := func(rate int) string {
		return `{"format":"glidepath-trace","version":1,"tick_rate":` + strconv.Itoa(rate) + `}` + "\n"
	}
	cases := []struct {
		name, file, src string
		line            int
		field           string // "" when the input is read
	}{
		{"jsonl last second", "a.jsonl", `{"t":` + last + `,"guid":"0x1","cell":"0x1","origin":[0,0,0]}`, 1, ""},
		{"jsonl past it", "a.jsonl", `{"t":` + past + `,"guid":"0x1","cell":"0x1","origin":[0,0,0]}`, 1, "t"},
		{"csv last second", "a.csv", "t,guid,cell,x,y,z\n" + last + ",0x1,0x1,0,0,0", 2, ""},
		{"csv past it", "a.csv", "t,guid,cell,x,y,z\n" + past + ",0x1,0x1,0,0,0", 2, "t"},
		{"trace highest rate", "a.trace", header(recording.MaxTickRate), 1, ""},
		{"trace past it", "a.trace", header(recording.MaxTickRate + 1), 1, "tick_rate"},
		{"trace lowest rate", "a.trace", header(recording.MinTickRate), 1, ""},
		{"trace below it", "a.trace", header(recording.MinTickRate - 1), 1, "tick_rate"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			// A trace's rate must be the recording's: the run's rate is the
			// header's, within the recording format's range.
			rate := 30
			if i := strings.Index(c.src, `"tick_rate":`); i >= 0 {
				n, _ := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(c.src[i+len(`"tick_rate":`):]), "}"))
				rate = min(max(n, recording.MinTickRate), recording.MaxTickRate)
			}
			r, err := NewReader(c.file, strings.NewReader(c.src), rate)
			if err != nil {
				t.Fatal(err)
			}
			for err == nil {
				_, err = r.NextTick(nil)
			}
			if c.field == "" {
				if err != io.EOF {
					t.Fatalf("want it read, got %v", err)
				}
				return
			}
			if err == io.EOF {
				t.Fatal("read without error")
			}
			wantError(t, err, c.file, c.line, c.field)
			if c.field == "tick_rate" && !strings.Contains(err.Error(), "from 1 to 240") {
				t.Errorf("%v: want the recording format's range, from 1 to 240", err)
			}
		})
	}
}

// A client trace written with a UTF-8 byte order mark (.NET's Encoding.UTF8,
// PowerShell) reads as the same trace without it, in each spelling, from
// a file or a stream; the mark is not taken for a CSV header or a first
// column named "\ufeffguid".
func TestRead_ByteOrderMarkIsSkipped(t *testing.T) {
	for _, name := range []string{"walk.jsonl", "walk.csv"} {
		want, wr := readAll(t, "testdata/"+name, 30)
		data, err := os.ReadFile("testdata/" + name)
		if err != nil {
			t.Fatal(err)
		}
		path := t.TempDir() + "/" + name
		if err := os.WriteFile(path, append([]byte("\xEF\xBB\xBF"), data...), 0o644); err != nil {
			t.Fatal(err)
		}
		got, gr := readAll(t, path, 30)
		if gr.Format() != wr.Format() || len(got) != len(want) {
			t.Fatalf("%s with a BOM: format %v, %d ticks; without: %v, %d", name, gr.Format(), len(got), wr.Format(), len(want))
		}
		for k := range want {
			for i := range want[k] {
				if got[k][i] != want[k][i] {
					t.Errorf("%s tick group %d row %d: %+v, want %+v", name, k, i, got[k][i], want[k][i])
				}
			}
		}
		r, err := NewReader(name, strings.NewReader("\xEF\xBB\xBF"+string(data)), 30)
		if err != nil {
			t.Fatal(err)
		}
		if rows, err := r.NextTick(nil); err != nil || len(rows) != len(want[0]) || rows[0] != want[0][0] {
			t.Errorf("%s streamed with a BOM: %+v, %v", name, rows, err)
		}
	}
	trace := "\xEF\xBB\xBF" + `{"format":"glidepath-trace","version":1,"tick_rate":30,"reading":"seed","input":"walk.yaml"}` + "\n" +
		`{"tick":0,"guid":"0x80000A01","cell":"0xA9B4001C","origin":[80,96,0],"heading":90,"queue":0,"fail":0,"contact":true}` + "\n"
	r, err := NewReader("walk.trace", strings.NewReader(trace), 30)
	if err != nil {
		t.Fatal(err)
	}
	if rows, err := r.NextTick(nil); err != nil || len(rows) != 1 || r.Format() != FormatTrace {
		t.Errorf("a Trace v1 file with a BOM: %+v, %v, format %v", rows, err, r.Format())
	}
}
