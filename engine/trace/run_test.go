// Tests of RunWriter: a run's tick is its state rows, then its trace-kind
// events converted to rows (the others left out); a run without its event
// log is refused.

package trace

import (
	"bytes"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/engine/eventlog"
	"glidepath/interp"
	"glidepath/physics"
)

// fakeRun is a Run of fixed rows and events at tick 12.
type fakeRun struct {
	log    bool
	states []State
	events []eventlog.Event
}

func (r *fakeRun) TickRate() int                   { return 30 }
func (r *fakeRun) Reading() interp.Reading         { return interp.SeedReading() }
func (r *fakeRun) Tick() int                       { return 12 }
func (r *fakeRun) KeepsEventLog() bool             { return r.log }
func (r *fakeRun) TraceStates(dst []State) []State { return append(dst, r.states...) }
func (r *fakeRun) EventsAt(k int) []eventlog.Event {
	if k != 12 {
		return nil
	}
	return r.events
}

func TestRunWriter_StatesThenTraceEvents(t *testing.T) {
	run := &fakeRun{log: true, states: []State{sampleState()}, events: []eventlog.Event{
		{Tick: 12, GUID: 0x80000A01, Kind: eventlog.EventMotion},
		{Tick: 12, GUID: 0x80000A01, Kind: eventlog.EventRoute, Route: physics.RouteInterpolate},
		{Tick: 12, GUID: 0x80000A01, Kind: eventlog.EventPop},
		{Tick: 12, GUID: 0x80000A01, Kind: eventlog.EventEnqueue, Branch: interp.BranchNear, Pruned: 3, Evicted: true},
	}}
	var buf bytes.Buffer
	w, err := NewRunWriter(&buf, run, "walk.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	for range 2 { // the buffer of rows is reused: the second tick is the first again
		if err := w.WriteTick(); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	tick := `{"tick":12,"guid":"0x80000A01","cell":"0xA9B4001F","origin":[91.25,90,0],"heading":90,"queue":2,"fail":0,"contact":true}
{"tick":12,"guid":"0x80000A01","event":"route","branch":"interpolate"}
{"tick":12,"guid":"0x80000A01","event":"enqueue","branch":"near","pruned":3,"evicted":1}
`
	want := `{"format":"glidepath-trace","version":1,"tick_rate":30,"reading":"seed","input":"walk.jsonl"}` + "\n" + tick + tick
	if buf.String() != want {
		t.Errorf("wrote\n%s\nwant\n%s", buf.String(), want)
	}
}

func TestRunWriter_NeedsTheEventLog(t *testing.T) {
	_, err := NewRunWriter(&bytes.Buffer{}, &fakeRun{}, "walk.jsonl")
	if err == nil || !strings.Contains(err.Error(), "Options.EventLog") {
		t.Fatalf("err %v, want the event log asked for", err)
	}
}

// A state row from its parts' texts (AppendStateRowParts: the origin's
// coordinates and the heading as AppendFloat writes them) is the row
// AppendStateRow writes, NaN, infinities, -0 and exponents included.
func TestAppendStateRowParts_SameAsTheRow(t *testing.T) {
	inf := float32(math.Inf(1))
	for _, s := range []State{
		{Tick: 7, GUID: 0x80000A01, Cell: 0xA9B4001F, Origin: mgl32.Vec3{91.25, 90, 0}, Heading: 90, Queue: 2, Fail: 1, Contact: true},
		{Tick: 123456, GUID: 1, Cell: 0, Origin: mgl32.Vec3{float32(math.Copysign(0, -1)), 1e-7, 3.4e38}, Heading: 359.99997, Queue: 20},
		{Tick: 0, GUID: 0xFFFFFFFF, Cell: 0x0001FFFF, Origin: mgl32.Vec3{float32(math.NaN()), -inf, inf}, Heading: float32(math.NaN()), Fail: 3},
	} {
		var origin [3][]byte
		for i := range origin {
			origin[i] = AppendFloat(nil, s.Origin[i])
		}
		got := append(AppendRowTick([]byte("x"), s.Tick), AppendStateRowParts(nil, &s, &origin, AppendFloat(nil, s.Heading))...)
		if want := AppendStateRow([]byte("x"), &s); !bytes.Equal(got, want) {
			t.Errorf("got  %s\nwant %s", got, want)
		}
	}
}

// A state row put together from its pieces (AppendStateRowHead, the
// coordinates' texts between commas, StateRowHeading, the heading's text,
// AppendStateRowEnd) is the row AppendStateRow writes after its tick, for
// drawn states (random bits for the floats: NaN, infinities, -0,
// subnormals and exponents come up; negative queue and fail counts too).
func TestAppendStateRowPieces_SameAsTheRow(t *testing.T) {
	r := rand.New(rand.NewPCG(41, 2))
	for range 20000 {
		s := State{Tick: r.IntN(1 << 20), GUID: r.Uint32(), Cell: r.Uint32(),
			Origin:  mgl32.Vec3{math.Float32frombits(r.Uint32()), float32(r.NormFloat64() * 100), float32(r.IntN(200))},
			Heading: math.Float32frombits(r.Uint32()), Queue: r.IntN(40) - 5, Fail: int(r.Int64()), Contact: r.IntN(2) == 1}
		got := AppendStateRowHead(AppendRowTick(nil, s.Tick), s.GUID, s.Cell)
		for i := range 3 {
			if i > 0 {
				got = append(got, ',')
			}
			got = AppendFloat(got, s.Origin[i])
		}
		got = append(got, StateRowHeading...)
		got = AppendFloat(got, s.Heading)
		got = AppendStateRowEnd(got, s.Queue, s.Fail, s.Contact)
		if want := AppendStateRow(nil, &s); !bytes.Equal(got, want) {
			t.Fatalf("got  %s\nwant %s", got, want)
		}
	}
}
