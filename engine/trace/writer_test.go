// Tests of the trace writer: the spec's rows, number formatting, byte
// stability and no allocation per row (Trace v1).

package trace

import (
	"bytes"
	"io"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/engine/eventlog"
)

func sampleState() State {
	return State{Tick: 12, GUID: 0x80000A01, Cell: 0xA9B4001F, Origin: mgl32.Vec3{91.25, 90, 0},
		Heading: 90, Queue: 2, Fail: 0, Contact: true}
}

// Trace v1, "Header" and "State row": the spec's examples, except that
// numbers follow the normative formatting rule ('g', -1, 32), which prints
// 90 and 0 where the examples show 90.0 and 0.0 (docs/formats.md).
func TestWriter_HeaderAndStateRowMatchTheSpec(t *testing.T) {
	var buf bytes.Buffer
	w, err := NewWriter(&buf, &Header{TickRate: 30, Reading: "seed", Input: "walk.jsonl"})
	if err != nil {
		t.Fatal(err)
	}
	s := sampleState()
	if err := w.WriteState(&s); err != nil {
		t.Fatal(err)
	}
	if err := w.WriteEvent(&Event{Tick: 12, GUID: 0x80000A01, Kind: eventlog.EventRoute, Route: RouteInterpolate}); err != nil {
		t.Fatal(err)
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	want := `{"format":"glidepath-trace","version":1,"tick_rate":30,"reading":"seed","input":"walk.jsonl"}
{"tick":12,"guid":"0x80000A01","cell":"0xA9B4001F","origin":[91.25,90,0],"heading":90,"queue":2,"fail":0,"contact":true}
{"tick":12,"guid":"0x80000A01","event":"route","branch":"interpolate"}
`
	if buf.String() != want {
		t.Errorf("wrote\n%s\nwant\n%s", buf.String(), want)
	}
}

// Trace v1, "Event rows": every kind with its fields in the fixed order.
func TestAppendEvent_EveryKind(t *testing.T) {
	from := Place{Cell: 0xA9B4001F, Origin: mgl32.Vec3{90, 90, 0}}
	to := Place{Cell: 0xAAB4001F, Origin: mgl32.Vec3{0.5, 90, 0}}
	tests := []struct {
		e    Event
		want string
	}{
		{Event{Kind: eventlog.EventRoute, Route: RouteTeleport}, `"event":"route","branch":"teleport"}`},
		{Event{Kind: eventlog.EventRoute, Route: RouteSlide}, `"event":"route","branch":"slide"}`},
		{Event{Kind: eventlog.EventRoute, Route: RouteAirborne}, `"event":"route","branch":"airborne"}`},
		{Event{Kind: eventlog.EventRoute, Route: RouteStalePosition}, `"event":"route","branch":"stale_position"}`},
		{Event{Kind: eventlog.EventRoute, Route: RouteStaleTeleport}, `"event":"route","branch":"stale_teleport"}`},
		{Event{Kind: eventlog.EventRoute, Route: RouteWrongInstance}, `"event":"route","branch":"wrong_instance"}`},
		{Event{Kind: eventlog.EventEnqueue, Enqueue: EnqueueFar, Pruned: 0, Evicted: 1}, `"event":"enqueue","branch":"far","pruned":0,"evicted":1}`},
		{Event{Kind: eventlog.EventEnqueue, Enqueue: EnqueueArrived}, `"event":"enqueue","branch":"arrived","pruned":0,"evicted":0}`},
		{Event{Kind: eventlog.EventEnqueue, Enqueue: EnqueueNear, Pruned: 3}, `"event":"enqueue","branch":"near","pruned":3,"evicted":0}`},
		{Event{Kind: eventlog.EventNodeComplete, Success: true}, `"event":"node_complete","success":true}`},
		{Event{Kind: eventlog.EventStallWindow, Pass: false, Cumulative: 0.0017, ProgressQuantum: 0.16666667}, `"event":"stall_window","pass":false,"cumulative":0.0017,"progress_quantum":0.16666667}`},
		{Event{Kind: eventlog.EventBlip, From: from, To: to, Target: BlipTail}, `"event":"blip","from":{"cell":"0xA9B4001F","origin":[90,90,0]},"to":{"cell":"0xAAB4001F","origin":[0.5,90,0]},"target":"tail"}`},
		{Event{Kind: eventlog.EventBlip, From: from, To: to, Target: BlipLastPositionNode}, `"target":"last_position_node"}`},
		{Event{Kind: eventlog.EventBlip, From: from, To: to, Target: BlipBliptoPosition}, `"target":"blipto_position"}`},
		{Event{Kind: eventlog.EventSnap, From: from, To: to}, `"event":"snap","from":{"cell":"0xA9B4001F","origin":[90,90,0]},"to":{"cell":"0xAAB4001F","origin":[0.5,90,0]}}`},
		{Event{Kind: eventlog.EventContact, Contact: false}, `"event":"contact","contact":false}`},
	}
	for _, tt := range tests {
		tt.e.Tick, tt.e.GUID = 3, 0x1
		got := string(AppendEvent(nil, &tt.e))
		if !strings.HasPrefix(got, `{"tick":3,"guid":"0x00000001",`) || !strings.HasSuffix(got, tt.want) {
			t.Errorf("%v row\n%s\nwant suffix\n%s", tt.e.Kind, got, tt.want)
		}
	}
}

// Trace v1: numbers are strconv.FormatFloat(float64(v), 'g', -1, 32).
func TestAppendFloat_ShortestFloat32(t *testing.T) {
	tests := []struct {
		v    float32
		want string
	}{
		{90, "90"}, {0, "0"}, {float32(math.Copysign(0, -1)), "-0"}, {0.1, "0.1"},
		{91.25, "91.25"}, {1.0 / 3, "0.33333334"}, {1e6, "1e+06"}, {123456, "123456"},
		{1e-5, "1e-05"}, {float32(math.NaN()), `"NaN"`}, {float32(math.Inf(1)), `"+Inf"`}, {float32(math.Inf(-1)), `"-Inf"`},
	}
	for _, tt := range tests {
		if got := string(appendFloat(nil, tt.v)); got != tt.want {
			t.Errorf("%v printed %s, want %s", tt.v, got, tt.want)
		}
		if !math.IsNaN(float64(tt.v)) && !math.IsInf(float64(tt.v), 0) {
			if want := strconvFormat(tt.v); tt.want != want {
				t.Errorf("%v: table says %s, strconv says %s", tt.v, tt.want, want)
			}
		}
	}
}

// Identical input gives byte-identical output.
func TestWriter_IsByteStable(t *testing.T) {
	write := func() []byte {
		var buf bytes.Buffer
		w, _ := NewWriter(&buf, &Header{TickRate: 30, Reading: "ace", Input: "x \"quoted\".jsonl"})
		for tick := range 50 {
			s := sampleState()
			s.Tick, s.Origin[0] = tick, 90+float32(tick)/7
			w.WriteState(&s)
			w.WriteEvent(&Event{Tick: tick, GUID: s.GUID, Kind: eventlog.EventStallWindow, Cumulative: float32(tick) / 3, ProgressQuantum: 1.0 / 6})
		}
		w.Flush()
		return buf.Bytes()
	}
	a, b := write(), write()
	if !bytes.Equal(a, b) {
		t.Error("two writes of the same rows differ")
	}
	if !strings.Contains(string(a), `"input":"x \"quoted\".jsonl"`) {
		t.Errorf("header string not escaped:\n%s", a[:120])
	}
}

// Writing a row appends into a reused buffer: no allocation per row.
func TestWriter_DoesNotAllocatePerRow(t *testing.T) {
	w, err := NewWriter(io.Discard, &Header{TickRate: 30})
	if err != nil {
		t.Fatal(err)
	}
	s := sampleState()
	e := Event{Tick: 1, GUID: 2, Kind: eventlog.EventBlip, Target: BlipTail}
	allocs := testing.AllocsPerRun(100, func() {
		w.WriteState(&s)
		w.WriteEvent(&e)
	})
	if allocs != 0 {
		t.Errorf("%v allocations per state+event row, want 0", allocs)
	}
}

func TestWriter_RefusesInvalidEvents(t *testing.T) {
	var buf bytes.Buffer
	w, _ := NewWriter(&buf, &Header{})
	w.Flush()
	n := buf.Len()
	for _, tt := range []struct {
		e    Event
		want string
	}{
		{Event{Tick: 4, GUID: 1}, "trace: tick 4, object 0x00000001: invalid kind EventKind(0)"},
		{Event{Tick: 4, GUID: 1, Kind: eventlog.EventRoute}, "trace: tick 4, object 0x00000001: invalid route branch RouteBranch(0)"},
		{Event{Tick: 4, GUID: 1, Kind: eventlog.EventEnqueue, Enqueue: 9}, "trace: tick 4, object 0x00000001: invalid enqueue branch EnqueueBranch(9)"},
		{Event{Tick: 4, GUID: 1, Kind: eventlog.EventBlip}, "trace: tick 4, object 0x00000001: invalid blip target BlipTarget(0)"},
	} {
		if err := w.WriteEvent(&tt.e); err == nil || err.Error() != tt.want {
			t.Errorf("error %v, want %s", err, tt.want)
		}
	}
	w.Flush()
	if buf.Len() != n {
		t.Errorf("refused rows were written: %q", buf.String()[n:])
	}
}

// strconvFormat is the Trace v1 formatting rule, verbatim.
func strconvFormat(v float32) string { return strconv.FormatFloat(float64(v), 'g', -1, 32) }

// A state row written as its tick's start and a tail kept from another
// tick (the chunked run's cache, engine/parallel_rows.go) is the row
// WriteState writes: on the spec's sample, negative zero, NaN and
// infinities, large ticks and the extreme guids.
func TestAppendStateRowTail_IsTheRowAfterItsTick(t *testing.T) {
	negZero := float32(math.Copysign(0, -1))
	states := []State{sampleState(),
		{Tick: 0, GUID: 0, Cell: 0, Origin: mgl32.Vec3{negZero, 0, -1.5}, Heading: negZero},
		{Tick: 1<<31 - 1, GUID: 0xFFFFFFFF, Cell: 0x0001FFFF, Origin: mgl32.Vec3{float32(math.NaN()), float32(math.Inf(1)), float32(math.Inf(-1))},
			Heading: 359.99997, Queue: 41, Fail: 7, Contact: false},
	}
	for _, s := range states {
		var buf bytes.Buffer
		w, err := NewWriter(&buf, &Header{TickRate: 30, Reading: "seed", Input: "x"})
		if err != nil {
			t.Fatal(err)
		}
		if err := w.Flush(); err != nil {
			t.Fatal(err)
		}
		buf.Reset()
		if err := w.WriteState(&s); err != nil {
			t.Fatal(err)
		}
		if err := w.Flush(); err != nil {
			t.Fatal(err)
		}
		// The tail is encoded for another tick, then put after this one's.
		other := s
		other.Tick = s.Tick/2 + 3
		tail := AppendStateRowTail(nil, &other, AppendFloat(nil, s.Heading))
		got := append(AppendRowTick([]byte("x"), s.Tick), tail...)
		if string(got[1:]) != buf.String() {
			t.Errorf("tick %d: got\n%s\nwant\n%s", s.Tick, got[1:], buf.String())
		}
		if !bytes.HasPrefix(tail, []byte(`,"guid":"0x`)) {
			t.Errorf("the tail %q does not start at the guid", tail)
		}
	}
}
