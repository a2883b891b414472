// Traces written as the chunks step (parallel_rows.go): byte for byte the
// trace written tick by tick on one core (Trace v1's row order: states in
// header-then-creation order, then the tick's events in the order they
// happened), at any GOMAXPROCS, any number of shards and any run length,
// with the same metrics.

package engine

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/assets"
	"glidepath/engine/eventlog"
	"glidepath/engine/recording"
	"glidepath/engine/tables"
	"glidepath/engine/trace"
	"glidepath/internal/goroutines"
	"glidepath/interp"
)

// advancedTrace writes src's trace with AdvanceTrace, every ticks at a
// time, and returns it, the metrics and the ticks stepped in shards.
func advancedTrace(t *testing.T, src recording.Source, opts Options, input string, every int) ([]byte, []ObjectMetrics, int) {
	t.Helper()
	s, err := NewStream(src, opts)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	tw, err := trace.NewRunWriter(&buf, s.Query(), input)
	if err != nil {
		t.Fatal(err)
	}
	if err := tw.WriteTick(); err != nil {
		t.Fatal(err)
	}
	for !s.Done() {
		if err := s.AdvanceTrace(every, tw); err != nil {
			t.Fatal(err)
		}
		if err := s.Err(); err != nil {
			t.Fatal(err)
		}
	}
	if err := tw.Flush(); err != nil {
		t.Fatal(err)
	}
	n := 0
	if s.batch != nil {
		n = s.batch.ticks
	}
	return buf.Bytes(), s.Query().Metrics(), n
}

// firstDiff describes where two traces first differ.
func firstDiff(got, want []byte) string {
	g, w := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
	for i := range min(len(g), len(w)) {
		if g[i] != w[i] {
			return fmt.Sprintf("line %d:\n got  %s\n want %s", i+1, g[i], w[i])
		}
	}
	return fmt.Sprintf("%d lines, want %d", len(g), len(w))
}

// raceCombination is the part of a chunked-path matrix the race detector
// runs (raceEnabled): two cores, two shards stepping runs of 1 tick and
// three (unequal) shards stepping runs of 64 — each way of sharing work
// between goroutines once; every combination runs in make test's second
// pass, without it.
func raceCombination(procs, workers, every int) bool {
	return procs == 2 && (workers == 2 && every == 1 || workers == 3 && every == 64)
}

func TestAdvanceTrace_SameBytesAsTickByTick(t *testing.T) {
	dropHelpersAfter(t)
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	crowd := withLife(synthCrowd(t, 300, 4, 17))
	inputs := []*recording.Recording{crowd, compiled(t, "crowd")}
	files, _ := filepath.Glob("testdata/*.jsonl")
	if len(files) == 0 {
		t.Fatal("no testdata/*.jsonl")
	}
	for _, f := range files {
		rec, err := recording.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		inputs = append(inputs, rec)
	}
	if raceEnabled {
		// The synthetic crowd (objects coming and going, rows to order)
		// and one recording; every input runs in the second pass.
		inputs = []*recording.Recording{crowd, inputs[2]}
	}
	for _, rec := range inputs {
		opts := Options{Assets: assets.FS(), Metrics: true, EventLog: true}
		// The tick-by-tick trace, on one goroutine, is compared with in the
		// second pass only: under the race detector the runs in shards
		// must hold rows to order.
		var want []byte
		var wantM []ObjectMetrics
		if !raceEnabled {
			runtime.GOMAXPROCS(1)
			want, wantM = streamTrace(t, recording.NewSource(rec), opts, rec.Name)
			if rec == crowd && !bytes.Contains(want, []byte(`"event":"enqueue"`)) {
				t.Fatal("the crowd's trace has no enqueue rows: nothing to order")
			}
		}
		for _, procs := range []int{1, 2, 4} {
			runtime.GOMAXPROCS(procs)
			for _, workers := range []int{1, 2, 3, 5} {
				for _, every := range []int{1, 7, 64} {
					if rec != crowd && (procs != 2 || every == 7) {
						continue
					}
					if raceEnabled && !raceCombination(procs, workers, every) {
						continue
					}
					// Make test's second pass: the crowd at every core
					// count, shard count and run length once, the other
					// inputs in an odd number of shards a tick at a time and
					// in five stepping 64 (make sweep: all of it).
					plain := [][3]int{{1, 3, 7}, {2, 5, 64}, {4, 2, 1}, {2, 1, 64}}
					if rec != crowd {
						plain = [][3]int{{2, 3, 1}, {2, 5, 64}}
					}
					if !raceEnabled && !inSweep(plain, [3]int{procs, workers, every}) {
						continue
					}
					o := opts
					o.Workers = workers
					got, gotM, n := advancedTrace(t, recording.NewSource(rec), o, rec.Name, every)
					what := fmt.Sprintf("%s, GOMAXPROCS %d, %d shards, every %d ticks", rec.Name, procs, workers, every)
					if raceEnabled {
						if rec == crowd && (n == 0 || !bytes.Contains(got, []byte(`"event":"enqueue"`))) {
							t.Errorf("%s: %d ticks stepped in shards, no enqueue rows to order", what, n)
						}
						continue
					}
					if !bytes.Equal(got, want) {
						t.Fatalf("%s: the trace differs from tick by tick's: %s", what, firstDiff(got, want))
					}
					if !reflect.DeepEqual(gotM, wantM) {
						t.Errorf("%s: the metrics differ from tick by tick's", what)
					}
					if rec == crowd && n == 0 {
						t.Errorf("%s: no tick stepped in shards", what)
					}
				}
			}
		}
	}
}

// The bare run's chunking (Options.Workers 0: chunks of at most 64 objects
// over the cores) on a crowd of a thousand gives the same trace.
func TestAdvanceTrace_CrowdOfAThousand(t *testing.T) {
	dropHelpersAfter(t)
	if testing.Short() {
		t.Skip("short")
	}
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	rec := synthCrowd(t, 1000, 3, 19)
	opts := Options{Assets: assets.FS(), Metrics: true, EventLog: true, BusyCores: 1}
	var want []byte
	var wantM []ObjectMetrics
	if !raceEnabled {
		// One core's trace, on one goroutine, is compared with in the
		// second pass only (RACE_LIGHT).
		want, wantM = streamTrace(t, recording.NewSource(rec), opts, rec.Name)
	}
	for _, procs := range []int{2, 4} {
		if raceEnabled && procs != 2 {
			// Two cores share the chunks as four do; four run in the
			// second pass (RACE_LIGHT).
			continue
		}
		runtime.GOMAXPROCS(procs)
		got, gotM, n := advancedTrace(t, recording.NewSource(rec), opts, rec.Name, 64)
		if raceEnabled {
			if n == 0 || len(got) == 0 {
				t.Errorf("GOMAXPROCS %d: %d ticks stepped in shards, %d bytes of trace", procs, n, len(got))
			}
			continue
		}
		if !bytes.Equal(got, want) || !reflect.DeepEqual(gotM, wantM) {
			t.Errorf("GOMAXPROCS %d: the trace or its metrics differ from one core's tick by tick: %s", procs, firstDiff(got, want))
		}
		if n == 0 {
			t.Errorf("GOMAXPROCS %d: no tick stepped in shards", procs)
		}
	}
}

// A stream that fails: AdvanceTrace stops where stepping tick by tick
// stops, with the same error, having written the same rows (not the tick
// the failure cut short).
func TestAdvanceTrace_StreamError(t *testing.T) {
	dropHelpersAfter(t)
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	rec := synthCrowd(t, 150, 4, 5)
	opts := Options{Assets: assets.FS(), Metrics: true, EventLog: true, Workers: 2}
	var want bytes.Buffer
	one, err := NewStream(&failingSource{Source: recording.NewSource(rec), n: len(rec.Events) / 2}, opts)
	if err != nil {
		t.Fatal(err)
	}
	ow, err := trace.NewRunWriter(&want, one.Query(), rec.Name)
	if err != nil {
		t.Fatal(err)
	}
	for err = ow.WriteTick(); err == nil && !one.Done(); {
		if one.Step(); one.Err() == nil {
			err = ow.WriteTick()
		}
	}
	if err != nil || !errors.Is(one.Err(), errTorn) {
		t.Fatalf("tick by tick ended with %v, %v; want the torn input", err, one.Err())
	}
	if err := ow.Flush(); err != nil {
		t.Fatal(err)
	}
	src := &failingSource{Source: recording.NewSource(rec), n: len(rec.Events) / 2}
	s, err := NewStream(src, opts)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	tw, err := trace.NewRunWriter(&buf, s.Query(), rec.Name)
	if err != nil {
		t.Fatal(err)
	}
	if err := tw.WriteTick(); err != nil {
		t.Fatal(err)
	}
	for !s.Done() {
		if err := s.AdvanceTrace(64, tw); err != nil {
			t.Fatal(err)
		}
	}
	if err := tw.Flush(); err != nil {
		t.Fatal(err)
	}
	if !errors.Is(s.Err(), errTorn) {
		t.Fatalf("ended with %v, want the torn input", s.Err())
	}
	if s.batch == nil || s.batch.ticks == 0 {
		t.Error("no tick stepped in shards")
	}
	if !bytes.Equal(buf.Bytes(), want.Bytes()) {
		t.Errorf("the rows before the failure differ from tick by tick's: %s", firstDiff(buf.Bytes(), want.Bytes()))
	}
}

// stateBatches is a states sink that keeps every batch it is handed: its
// rows as written (input, reading, tick) and their values with keys.
type stateBatches struct {
	batches [][]tables.State
	values  [][]tables.StateValues
}

func (m *stateBatches) StateBatch() *tables.StateBatch { return &tables.StateBatch{} }
func (m *stateBatches) WriteStates(b *tables.StateBatch) error {
	m.batches = append(m.batches, b.AppendStates(nil))
	m.values = append(m.values, append([]tables.StateValues(nil), b.Rows...))
	return nil
}

// statesOf writes rec's states table, stepping tick by tick (every 0) or
// with AdvanceStates every ticks at a time, and returns what the sink got
// and the ticks stepped in shards.
func statesOf(t *testing.T, rec *recording.Recording, opts Options, every int) (*stateBatches, int) {
	t.Helper()
	c, err := NewCompareStream(recording.NewSource(rec), []interp.Reading{defaultReading(t)}, opts)
	if err != nil {
		t.Fatal(err)
	}
	var mem stateBatches
	tw, err := NewTableWriter(c, rec.Name, &mem, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !tw.ChunkedStates() {
		t.Fatal("a states table alone of one reading is not written chunked")
	}
	if err := tw.WriteTick(); err != nil {
		t.Fatal(err)
	}
	for !c.Done() {
		if every == 0 {
			c.Step()
			err = tw.WriteTick()
		} else {
			err = tw.AdvanceStates(every)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	if err := tw.Flush(); err != nil {
		t.Fatal(err)
	}
	n := 0
	if b := c.Sims()[0].batch; b != nil {
		n = b.ticks
	}
	return &mem, n
}

// The states table written as the chunks step is the one written tick by
// tick, batch for batch (each batch is one Parquet page of each column),
// row for row and key for key, at any GOMAXPROCS, shards and run length.
func TestAdvanceStates_SameBatchesAsTickByTick(t *testing.T) {
	dropHelpersAfter(t)
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	rec := withLife(synthCrowd(t, 300, 6, 23))
	opts := Options{Assets: assets.FS(), Metrics: true}
	// The batches tick by tick, on one goroutine, are compared with in the
	// second pass only: under the race detector the runs in shards must
	// cross batches.
	want := &stateBatches{}
	if !raceEnabled {
		runtime.GOMAXPROCS(1)
		want, _ = statesOf(t, rec, opts, 0)
		if len(want.batches) < 3 {
			t.Fatalf("%d batches: the crowd is too small to cross batches", len(want.batches))
		}
	}
	for _, procs := range []int{1, 2, 4} {
		runtime.GOMAXPROCS(procs)
		for _, workers := range []int{1, 2, 3} {
			for _, every := range []int{1, 7, 64} {
				if raceEnabled && !raceCombination(procs, workers, every) {
					continue
				}
				// Make test's second pass: every core count, shard count
				// and run length once (make sweep: all of it).
				if !raceEnabled && !inSweep([][3]int{{1, 3, 7}, {2, 2, 1}, {4, 3, 64}, {2, 1, 64}}, [3]int{procs, workers, every}) {
					continue
				}
				o := opts
				o.Workers = workers
				got, n := statesOf(t, rec, o, every)
				what := fmt.Sprintf("GOMAXPROCS %d, %d shards, every %d ticks", procs, workers, every)
				if n == 0 {
					t.Errorf("%s: no tick stepped in shards", what)
				}
				if raceEnabled {
					if len(got.batches) < 3 {
						t.Errorf("%s: %d batches: the crowd is too small to cross batches", what, len(got.batches))
					}
					continue
				}
				if len(got.batches) != len(want.batches) {
					t.Fatalf("%s: %d batches, want %d", what, len(got.batches), len(want.batches))
				}
				for i := range want.batches {
					if !reflect.DeepEqual(got.batches[i], want.batches[i]) || !reflect.DeepEqual(got.values[i], want.values[i]) {
						t.Fatalf("%s: batch %d differs from tick by tick's", what, i)
					}
				}
			}
		}
	}
}

func defaultReading(t *testing.T) interp.Reading {
	r, err := interp.ReadingByName(interp.DefaultReadingName)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// dropHelpersAfter makes t wait, at its end, for the helpers of the Sims
// it made to end (they end once their Sim is collected), so that tests
// counting goroutines after it count none of them.
func dropHelpersAfter(t *testing.T) {
	runtime.GC()
	base := runtime.NumGoroutine()
	t.Cleanup(func() {
		for range 200 {
			runtime.GC()
			if runtime.NumGoroutine() <= base {
				return
			}
			time.Sleep(10 * time.Millisecond)
		}
	})
}

// glideSpans counts the sprint and snap-back events a run of rec under
// opts logs, stepped tick by tick.
func glideSpans(t *testing.T, rec *recording.Recording, opts Options) int {
	t.Helper()
	s, err := New(rec, opts)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for !s.Done() {
		s.Step()
		for _, e := range s.Query().EventsAt(s.Tick()) {
			if e.Kind == eventlog.EventSprint || e.Kind == eventlog.EventSnapback {
				n++
			}
		}
	}
	return n
}

// Options.TraceLogOnly (a trace alone reads the log) leaves the glide
// metrics' sprints and snap-backs unfollowed: no trace row holds them
// (Trace v1's event kinds, eventlog/kinds.go), so the trace and the metrics
// are those of the full log, tick by tick and in runs of ticks.
func TestAdvanceTrace_TraceLogOnly(t *testing.T) {
	dropHelpersAfter(t)
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	rec := withLife(synthCrowd(t, 300, 4, 17))
	opts := Options{Assets: assets.FS(), Metrics: true, EventLog: true}
	want, wantM := streamTrace(t, recording.NewSource(rec), opts, rec.Name)
	only := opts
	only.TraceLogOnly = true
	// The runs tick by tick, on one goroutine, in make test's second pass
	// only (Makefile RACE_LIGHT); the run of ticks in shards under the race
	// detector too.
	if !raceEnabled {
		if n := glideSpans(t, rec, opts); n == 0 {
			t.Fatal("the crowd has no sprint or snap-back: nothing left out")
		}
		if n := glideSpans(t, rec, only); n != 0 {
			t.Errorf("TraceLogOnly logged %d sprints and snap-backs, want none", n)
		}
		got, gotM := streamTrace(t, recording.NewSource(rec), only, rec.Name)
		if !bytes.Equal(got, want) || !reflect.DeepEqual(gotM, wantM) {
			t.Errorf("tick by tick: the trace or its metrics differ from the full log's: %s", firstDiff(got, want))
		}
	}
	got, gotM, n := advancedTrace(t, recording.NewSource(rec), only, rec.Name, 64)
	if !bytes.Equal(got, want) || !reflect.DeepEqual(gotM, wantM) {
		t.Errorf("in runs of ticks: the trace or its metrics differ from the full log's: %s", firstDiff(got, want))
	}
	if n == 0 {
		t.Error("no tick stepped in shards")
	}
	// A sink or cause chains read every event: the spans are followed.
	explained := only
	explained.Explain = true
	if raceEnabled {
		return
	}
	if n := glideSpans(t, rec, explained); n == 0 {
		t.Error("TraceLogOnly with Explain logged no sprint or snap-back")
	}
}

// The state row kept from tick to tick (traceHeading.rowOf) is encoded
// again whenever any field but the tick changes, each on its own (the bits
// of a float: -0 after 0) or together, and is then the row
// trace.AppendStateRow writes (each coordinate's text kept until it
// changes); the heading is computed again only when the rotation changed.
func TestTraceHeading_RowKeptUntilAFieldChanges(t *testing.T) {
	negZero := float32(math.Copysign(0, -1))
	st := trace.State{GUID: 0x80000A01, Cell: 0xA9B4001F, Origin: mgl32.Vec3{91.25, 90, 0}, Heading: 90, Queue: 2, Fail: 1, Contact: true}
	rot := mgl32.QuatIdent()
	steps := []struct {
		what   string
		change func()
	}{
		{"nothing", func() {}},
		{"guid", func() { st.GUID++ }},
		{"cell", func() { st.Cell = 0xA9B40020 }},
		{"x", func() { st.Origin[0] += 0.5 }},
		{"y", func() { st.Origin[1] -= 0.25 }},
		{"z", func() { st.Origin[2] = 1.5 }},
		{"z to 0", func() { st.Origin[2] = 0 }},
		{"z to -0", func() { st.Origin[2] = negZero }},
		{"x and z", func() { st.Origin[0], st.Origin[2] = -3, 2.75 }},
		{"y back", func() { st.Origin[1] += 0.25 }},
		{"rotation", func() { rot = mgl32.QuatRotate(1, mgl32.Vec3{0, 0, 1}); st.Heading = 302.7 }},
		{"queue", func() { st.Queue = 3 }},
		{"fail", func() { st.Fail = 0 }},
		{"contact", func() { st.Contact = false }},
		{"nothing again", func() {}},
	}
	var h traceHeading
	headings := 0
	lastRot := mgl32.Quat{}
	for i, step := range steps {
		step.change()
		st.Tick = i
		heading := func() float32 { headings++; return st.Heading }
		before := headings
		got := append(trace.AppendRowTick(nil, st.Tick), h.rowOf(&st, &rot, heading)...)
		if want := trace.AppendStateRow(nil, &st); !bytes.Equal(got, want) {
			t.Errorf("after a change of %s: got\n%s want\n%s", step.what, got, want)
		}
		if i > 0 && rot == lastRot && headings != before {
			t.Errorf("after a change of %s: the heading was computed again with the rotation unchanged", step.what)
		}
		lastRot = rot
	}
	if headings != 2 {
		t.Errorf("the heading was computed %d times, want 2 (the first row and the rotation's change)", headings)
	}
}

// The kept state row rewritten piece by piece (traceHeading.encode: a
// float's text in place when as long as the old, else the row put together
// again from the old row's pieces) is, at every tick of drawn changes, the
// row trace.AppendStateRow writes: coordinates that gain or lose digits,
// signs, -0, NaN and exponents, guid, cell, queue, fail and contact
// changing alone or together with them.
func TestTraceHeading_DrawnChangesSameAsTheRow(t *testing.T) {
	goroutines.NoneStarted(t)
	r := rand.New(rand.NewPCG(41, 7))
	float := func() float32 {
		switch r.IntN(8) {
		case 0:
			return math.Float32frombits(r.Uint32()) // any bits
		case 1:
			return float32(r.IntN(300)) // few digits
		case 2:
			return -float32(r.Float64() * 10)
		default:
			return float32(r.Float64() * 192)
		}
	}
	var h traceHeading
	var scratch []byte
	st := trace.State{GUID: 0x80000001, Cell: 0xA9B4001F, Origin: mgl32.Vec3{1, 2, 3}, Heading: 90}
	rot := mgl32.QuatIdent()
	for tick := range 200000 {
		st.Tick = tick
		for range r.IntN(3) {
			switch k := r.IntN(20); {
			case k < 12:
				st.Origin[k%3] = float()
			case k < 15:
				// A new rotation (its bits never seen before) and its heading.
				rot.V[0] = float32(tick + 1)
				st.Heading = float()
			case k == 15:
				st.Queue = r.IntN(25)
			case k == 16:
				st.Fail = r.IntN(1000)
			case k == 17:
				st.Contact = !st.Contact
			case k == 18:
				st.Cell = r.Uint32()
			default:
				st.GUID = r.Uint32()
			}
		}
		computed := false
		heading := func() float32 { computed = true; return st.Heading }
		key := rowKeyOf(&st, &rot)
		changedRot := key.rot != h.key.rot || len(h.row) == 0
		if len(h.row) == 0 || key != h.key {
			h.encode(&st, key, heading, &scratch)
		}
		got := append(trace.AppendRowTick(nil, st.Tick), h.row...)
		if want := trace.AppendStateRow(nil, &st); !bytes.Equal(got, want) {
			t.Fatalf("tick %d: got\n%s want\n%s", tick, got, want)
		}
		if computed && !changedRot {
			t.Fatalf("tick %d: the heading was computed again with the rotation unchanged", tick)
		}
	}
}

// rowKey.same, the key compare of every object of every tick, is the
// struct's ==: each field's change alone, a float's -0 after 0 included,
// makes another key.
func TestRowKey_SameIsEveryField(t *testing.T) {
	base := rowKey{guid: 0x80000A01, cell: 0xA9B4001F, origin: [3]uint32{1, 2, 3}, rot: [4]uint32{4, 5, 6, 7}, queue: 2, fail: 1, contact: true}
	changes := []struct {
		what   string
		change func(k *rowKey)
	}{
		{"guid", func(k *rowKey) { k.guid++ }}, {"cell", func(k *rowKey) { k.cell++ }},
		{"x", func(k *rowKey) { k.origin[0]++ }}, {"y", func(k *rowKey) { k.origin[1]++ }},
		{"z to -0", func(k *rowKey) { k.origin[2] = math.Float32bits(float32(math.Copysign(0, -1))) }},
		{"rot w", func(k *rowKey) { k.rot[0]++ }}, {"rot x", func(k *rowKey) { k.rot[1]++ }},
		{"rot y", func(k *rowKey) { k.rot[2]++ }}, {"rot z", func(k *rowKey) { k.rot[3]++ }},
		{"queue", func(k *rowKey) { k.queue++ }}, {"fail", func(k *rowKey) { k.fail-- }},
		{"contact", func(k *rowKey) { k.contact = false }},
	}
	same := base
	if !base.same(&same) || !same.same(&base) {
		t.Fatal("a key is not the same as its copy")
	}
	for _, c := range changes {
		what := c.what
		k := base
		c.change(&k)
		if k.same(&base) || base.same(&k) {
			t.Errorf("a change of %s alone: the same key", what)
		}
		if got, want := k.same(&base), k == base; got != want {
			t.Errorf("a change of %s: same %v, == %v", what, got, want)
		}
	}
}

// A row put together again (traceHeading.encode, a text of another
// length) trades places with the scratch it was put together in: the row
// is then the scratch's memory and the scratch the old row's, not a copy
// of it — and the two never share memory, so the next row put together
// in the scratch leaves the row as it was.
func TestTraceHeading_RowPutTogetherTradesPlacesWithScratch(t *testing.T) {
	st := trace.State{GUID: 0x80000A01, Cell: 0xA9B4001F, Origin: mgl32.Vec3{91.25, 90, 0}, Heading: 90, Queue: 2, Fail: 1}
	rot := mgl32.QuatIdent()
	heading := func() float32 { return st.Heading }
	var h traceHeading
	var scratch []byte
	h.encode(&st, rowKeyOf(&st, &rot), heading, &scratch)
	// A first row had no memory to give: the scratch is made as large as
	// the row, apart from it.
	if cap(scratch) < len(h.row) || len(scratch) != 0 || &scratch[:1][0] == &h.row[0] {
		t.Fatalf("after the first row the scratch has length %d, capacity %d, want 0 and at least %d apart from the row", len(scratch), cap(scratch), len(h.row))
	}
	scratch = make([]byte, 0, 256)
	oldRow, oldScratch := &h.row[:1][0], &scratch[:1][0]
	st.Origin[0] = 91.125 // one digit more: put together again
	h.encode(&st, rowKeyOf(&st, &rot), heading, &scratch)
	if &h.row[:1][0] != oldScratch || &scratch[:1][0] != oldRow || len(scratch) != 0 {
		t.Fatal("the row put together did not trade places with the scratch")
	}
	kept := string(h.row)
	st.Origin[1] = 90.0625
	var other traceHeading
	other.encode(&st, rowKeyOf(&st, &rot), heading, &scratch) // writes in the scratch
	if string(h.row) != kept {
		t.Fatalf("the row changed with the scratch: %s, was %s", h.row, kept)
	}
	if want := trace.AppendStateRow(nil, &st); !bytes.HasSuffix(want, other.row) {
		t.Fatalf("got %s, want the end of %s", other.row, want)
	}
}
