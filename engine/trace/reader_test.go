// Tests of the trace reader and Diff: round trips, errors, row order, and
// naming the first differing tick and object.

package trace

import (
	"bytes"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
)

// sampleTrace writes a small trace covering every row kind.
func sampleTrace(t *testing.T) []byte {
	t.Helper()
	var buf bytes.Buffer
	w, err := NewWriter(&buf, &Header{TickRate: 30, Reading: "seed", Input: "walk.jsonl"})
	if err != nil {
		t.Fatal(err)
	}
	from := Place{Cell: 0xA9B4001F, Origin: mgl32.Vec3{90, 90, 0}}
	to := Place{Cell: 0xA9B4001F, Origin: mgl32.Vec3{91.25, 90, 0}}
	for tick := range 3 {
		for _, guid := range []uint32{0x80000A01, 0x80000B02} {
			s := State{Tick: tick, GUID: guid, Cell: 0xA9B4001F, Origin: mgl32.Vec3{90 + float32(tick)/3, 90, 0},
				Heading: 90, Queue: tick, Fail: tick % 2, Contact: tick != 1}
			if guid == 0x80000B02 && tick == 2 {
				s.Heading = float32(math.NaN())
			}
			if err := w.WriteState(&s); err != nil {
				t.Fatal(err)
			}
		}
		for _, e := range []Event{
			{Kind: KindRoute, Route: RouteInterpolate},
			{Kind: KindEnqueue, Enqueue: EnqueueNear, Pruned: 1, Evicted: 0},
			{Kind: KindNodeComplete, Success: true},
			{Kind: KindStallWindow, Pass: true, Cumulative: 0.25, ProgressQuantum: 0.16666667},
			{Kind: KindBlip, From: from, To: to, Target: BlipBliptoPosition},
			{Kind: KindSnap, From: to, To: from},
			{Kind: KindContact, Contact: true},
		} {
			e.Tick, e.GUID = tick, 0x80000A01
			if err := w.WriteEvent(&e); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func readTrace(t *testing.T, name string, b []byte) *Trace {
	t.Helper()
	tr, err := Read(name, bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

// rewrite writes a read trace again.
func rewrite(t *testing.T, tr *Trace) []byte {
	t.Helper()
	var buf bytes.Buffer
	w, err := NewWriter(&buf, &tr.Header)
	if err != nil {
		t.Fatal(err)
	}
	for i := range tr.Rows {
		r := &tr.Rows[i]
		if r.IsEvent {
			err = w.WriteEvent(&r.Event)
		} else {
			err = w.WriteState(&r.State)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	w.Flush()
	return buf.Bytes()
}

// Reading a trace and writing it again gives the same bytes, NaN included.
func TestRead_WriteReadIsByteIdentical(t *testing.T) {
	b := sampleTrace(t)
	tr := readTrace(t, "a.trace", b)
	if len(tr.Rows) != 3*(2+7) {
		t.Fatalf("%d rows, want 27", len(tr.Rows))
	}
	if tr.Header != (Header{TickRate: 30, Reading: "seed", Input: "walk.jsonl"}) {
		t.Errorf("header %+v", tr.Header)
	}
	if got := rewrite(t, tr); !bytes.Equal(got, b) {
		t.Errorf("rewritten trace differs:\n%s\nwant\n%s", got, b)
	}
	if r := tr.Rows[2]; !r.IsEvent || r.Line != 4 || r.Event.Kind != KindRoute || r.Tick() != 0 || r.GUID() != 0x80000A01 {
		t.Errorf("row 2 %+v", r)
	}
}

// Trace v1, "Event rows": a reader skips kinds it does not know.
func TestRead_SkipsUnknownEventKinds(t *testing.T) {
	b := append(sampleTrace(t), `{"tick":3,"guid":"0x80000A01","event":"sticky","target":"0x1"}`+"\n"...)
	tr := readTrace(t, "a.trace", b)
	if tr.Skipped != 1 || len(tr.Rows) != 27 {
		t.Errorf("skipped %d, %d rows", tr.Skipped, len(tr.Rows))
	}
}

func TestRead_Errors(t *testing.T) {
	const h = `{"format":"glidepath-trace","version":1,"tick_rate":30,"reading":"seed","input":"x"}` + "\n"
	tests := []struct{ name, text, want string }{
		{"empty", "", "t.trace:1: header: missing: the file is empty"},
		{"not json", "{\n", "t.trace:1: json: unexpected end of JSON input"},
		{"wrong format", `{"format":"glidepath-recording","version":1,"tick_rate":30,"reading":"","input":""}`, `t.trace:1: format: "glidepath-recording" is not "glidepath-trace"`},
		{"version 2", `{"format":"glidepath-trace","version":2,"tick_rate":30,"reading":"","input":""}`, `t.trace:1: version: unsupported version 2 (want 1)`},
		{"state field missing", h + `{"tick":0,"guid":"0x1","cell":"0x2","origin":[0,0,0],"heading":0,"queue":0,"fail":0}`, "t.trace:2: contact: missing"},
		{"negative tick", h + `{"tick":-1,"guid":"0x1","event":"contact","contact":true}`, "t.trace:2: tick: want an integer >= 0, got -1"},
		{"bad guid", h + `{"tick":0,"guid":"80000A01","event":"contact","contact":true}`, `t.trace:2: guid: want "0x" and 1 to 8 hex digits, got "80000A01"`},
		{"origin short", h + `{"tick":0,"guid":"0x1","cell":"0x2","origin":[0,0],"heading":0,"queue":0,"fail":0,"contact":true}`, "t.trace:2: origin: want 3 numbers, got [0,0]"},
		{"heading string", h + `{"tick":0,"guid":"0x1","cell":"0x2","origin":[0,0,0],"heading":"90","queue":0,"fail":0,"contact":true}`, `t.trace:2: heading: want a number, got "90"`},
		{"unknown branch", h + `{"tick":0,"guid":"0x1","event":"route","branch":"warp"}`, `t.trace:2: branch: unknown value "warp"`},
		{"blip without to", h + `{"tick":0,"guid":"0x1","event":"blip","from":{"cell":"0x1","origin":[0,0,0]},"target":"tail"}`, "t.trace:2: to: missing"},
		{"tick decreases", h + `{"tick":1,"guid":"0x1","event":"contact","contact":true}` + "\n" + `{"tick":0,"guid":"0x1","event":"contact","contact":true}`,
			"t.trace:3: tick: 0 is less than the previous row's tick 1 (line 2)"},
		{"state after events", h + `{"tick":1,"guid":"0x1","event":"contact","contact":true}` + "\n" +
			`{"tick":1,"guid":"0x1","cell":"0x2","origin":[0,0,0],"heading":0,"queue":0,"fail":0,"contact":true}`,
			"t.trace:3: tick: state row after tick 1's event rows (line 2)"},
		{"blip bad origin", h + `{"tick":0,"guid":"0x1","event":"snap","from":{"cell":"0x1","origin":[0,true,0]},"to":{"cell":"0x1","origin":[0,0,0]}}`, "t.trace:2: from.origin[1]: want a number, got true"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Read("t.trace", strings.NewReader(tt.text))
			if err == nil || err.Error() != tt.want {
				t.Errorf("error %v\nwant  %s", err, tt.want)
			}
		})
	}
}

func TestDiff_IdenticalTracesHaveNoDifference(t *testing.T) {
	b := sampleTrace(t)
	if d := Diff(readTrace(t, "a", b), readTrace(t, "b", b)); d != nil {
		t.Errorf("difference %v", d)
	}
}

// A golden-test failure names the first tick and object that differ
// (DESIGN.md, "Golden traces").
func TestDiff_NamesFirstDifferingTickAndObject(t *testing.T) {
	b := sampleTrace(t)
	base := readTrace(t, "golden", b)
	tests := []struct {
		name   string
		change func(tr *Trace)
		want   string
	}{
		{"state origin", func(tr *Trace) { tr.Rows[10].State.Origin[0] = 91.3 },
			"tick 1, object 0x80000B02 (lines 12, 12): state origin [90.333336,90,0] != [91.3,90,0]"},
		{"two state fields", func(tr *Trace) { tr.Rows[9].State.Queue, tr.Rows[9].State.Contact = 5, true },
			"tick 1, object 0x80000A01 (lines 11, 11): state queue 1 != 5, contact false != true"},
		{"event field", func(tr *Trace) { tr.Rows[20].Event.Route = RouteSlide },
			"tick 2, object 0x80000A01 (lines 22, 22): event route branch interpolate != slide"},
		{"blip target", func(tr *Trace) { tr.Rows[6].Event.Target = BlipTail },
			"tick 0, object 0x80000A01 (lines 8, 8): event blip target blipto_position != tail"},
		{"different row", func(tr *Trace) { tr.Rows = append(tr.Rows[:3:3], tr.Rows[4:]...) },
			"tick 0, object 0x80000A01 (lines 5, 6): golden: enqueue event row for 0x80000A01 at tick 0; got: node_complete event row for 0x80000A01 at tick 0"},
		{"shorter", func(tr *Trace) { tr.Rows = tr.Rows[:20] },
			"tick 2, object 0x80000A01 (lines 22, 0): golden: route event row for 0x80000A01 at tick 2; got: no more rows"},
		{"header", func(tr *Trace) { tr.Header.Reading = "ace" }, `header: reading "seed" != "ace"`},
		{"longer", func(tr *Trace) { tr.Rows = append(tr.Rows, tr.Rows[0]) },
			"tick 0, object 0x80000A01 (lines 0, 2): golden: no more rows; got: state row for 0x80000A01 at tick 0"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := readTrace(t, "got", b)
			tt.change(got)
			d := Diff(base, got)
			if d == nil {
				t.Fatal("no difference")
			}
			if d.String() != tt.want {
				t.Errorf("difference\n%s\nwant\n%s", d, tt.want)
			}
		})
	}
}

// NaN equals NaN in a diff: rows compare as printed.
func TestDiff_NaNStatesAreEqual(t *testing.T) {
	b := sampleTrace(t)
	a, c := readTrace(t, "a", b), readTrace(t, "c", b)
	if !math.IsNaN(float64(a.Rows[19].State.Heading)) {
		t.Fatalf("row 19 heading %v, want NaN", a.Rows[19].State.Heading)
	}
	if d := Diff(a, c); d != nil {
		t.Errorf("difference %v", d)
	}
	if !reflect.DeepEqual(a.Rows[:19], c.Rows[:19]) {
		t.Error("rows before the NaN differ")
	}
}
