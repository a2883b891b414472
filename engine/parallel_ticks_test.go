// Runs of ticks with the objects sharded over cores (parallel_ticks.go):
// every state, every metric, the tick a run ends at and the problem that
// ended it are those of stepping tick by tick, at any GOMAXPROCS and any
// number of shards; and a trace is byte for byte one core's at GOMAXPROCS
// 1, 2, 4 and 8.

package engine

import (
	"bytes"
	"errors"
	"fmt"
	"path/filepath"
	"reflect"
	"runtime"
	"testing"
	"time"

	"glidepath/assets"
	"glidepath/engine/recording"
	"glidepath/engine/scenario"
	"glidepath/interp"
)

// synthCrowd compiles a synthetic crowd of n remotes over secs seconds.
func synthCrowd(t *testing.T, n int, secs float64, seed uint64) *recording.Recording {
	t.Helper()
	sc, err := scenario.Synth(scenario.SynthOptions{Objects: n, Minutes: secs / 60, Interval: 0.5, Seed: seed}, assets.FS())
	if err != nil {
		t.Fatal(err)
	}
	rec, err := sc.Compile()
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

// withLife adds to rec what crosses the shards' bookkeeping: the observer
// moving (player_distance of every later update), an object created late
// and one deleted, a truth and a note.
func withLife(rec *recording.Recording) *recording.Recording {
	out := *rec
	h := &out.Header
	born := h.Entities[0]
	born.GUID = 0x7F000001
	obs := h.Observer
	obs.Frame.Origin[0] += 40
	add := []recording.Event{
		{T: 1.5, Kind: recording.KindObserver, Pos: obs},
		{T: 2.0, Kind: recording.KindCreate, GUID: born.GUID, HasGUID: true, Entity: &born},
		{T: 2.5, Kind: recording.KindTruth, GUID: h.Entities[3].GUID, HasGUID: true, Pos: h.Entities[3].Pos},
		{T: 3.0, Kind: recording.KindDelete, GUID: h.Entities[5].GUID, HasGUID: true},
		{T: 3.2, Kind: recording.KindNote, Text: "half way"},
		{T: 3.5, Kind: recording.KindObserver, Pos: h.Observer},
	}
	var evs []recording.Event
	for _, e := range rec.Events {
		for len(add) > 0 && add[0].T <= e.T {
			evs = append(evs, add[0])
			add = add[1:]
		}
		if e.Kind != recording.KindCreate && e.GUID == h.Entities[5].GUID && e.T > 3.0 {
			continue // the deleted object gets no more updates
		}
		evs = append(evs, e)
	}
	out.Events = append(evs, add...)
	return &out
}

// failingSource ends its events with a read error after n of them.
type failingSource struct {
	recording.Source
	n int
}

var errTorn = errors.New("torn input")

func (f *failingSource) Next() (recording.Event, error) {
	if f.n == 0 {
		return recording.Event{}, errTorn
	}
	f.n--
	return f.Source.Next()
}

// steppedHashes steps a stream of rec tick by tick on one core and returns
// its state hash at every tick, its metrics, last tick and error.
func steppedHashes(t *testing.T, src recording.Source, opts Options) ([]uint64, []ObjectMetrics, int, error) {
	t.Helper()
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	s, err := NewStream(src, opts)
	if err != nil {
		t.Fatal(err)
	}
	hashes := []uint64{s.Query().StateHash()}
	for !s.Done() {
		s.Step()
		hashes = append(hashes, s.Query().StateHash())
	}
	return hashes, s.Query().Metrics(), s.Tick(), s.Err()
}

// checkSharded runs src in runs of `every` ticks (Sim.advance) and checks
// each run's end state, the metrics, the last tick and the error against
// the ones stepped tick by tick; it returns the ticks stepped in shards.
func checkSharded(t *testing.T, what string, src recording.Source, opts Options, every int, hashes []uint64, wantM []ObjectMetrics, wantTick int, wantErr error) int {
	t.Helper()
	s, err := NewStream(src, opts)
	if err != nil {
		t.Fatal(err)
	}
	for !s.Done() {
		s.advance(every)
		if k := s.Tick(); k >= len(hashes) || s.Query().StateHash() != hashes[k] {
			t.Fatalf("%s: the state at tick %d differs from stepping tick by tick", what, k)
		}
	}
	if s.Tick() != wantTick || !errors.Is(s.Err(), wantErr) && s.Err() != wantErr {
		t.Errorf("%s: ended at tick %d with %v, want tick %d with %v", what, s.Tick(), s.Err(), wantTick, wantErr)
	}
	if !reflect.DeepEqual(s.Query().Metrics(), wantM) {
		t.Errorf("%s: the metrics differ from stepping tick by tick", what)
	}
	if s.batch == nil {
		return 0
	}
	return s.batch.ticks
}

// checkShardedAlone runs src in runs of `every` ticks as checkSharded
// does, without the tick by tick states to compare with: under the race
// detector, where stepping tick by tick runs on one goroutine and finds
// nothing, and make test's second pass compares the two. The run must end
// without an error having stepped ticks in shards; it returns how many and
// its last tick.
func checkShardedAlone(t *testing.T, what string, src recording.Source, opts Options, every int) (sharded, last int) {
	t.Helper()
	s, err := NewStream(src, opts)
	if err != nil {
		t.Fatal(err)
	}
	for !s.Done() {
		s.advance(every)
	}
	if s.Err() != nil {
		t.Errorf("%s: ended at tick %d with %v", what, s.Tick(), s.Err())
	}
	if s.batch != nil {
		sharded = s.batch.ticks
	}
	if sharded == 0 {
		t.Errorf("%s: no tick stepped in shards", what)
	}
	return sharded, s.Tick()
}

func TestParallelTicks_SameStatesAsTickByTick(t *testing.T) {
	crowd := withLife(synthCrowd(t, 40, 5, 3))
	checkShardedInputs(t, []*recording.Recording{crowd}, crowd, []int{2}, []int{3}, []int{7, 64})
}

// Every configuration on the crowds and on every shipped recording gives
// tick by tick's states: a sweep that make test runs whole in its second
// pass, without the race detector, and one combination of under it.
func TestParallelTicks_EveryInputSameStates(t *testing.T) {
	crowd := withLife(synthCrowd(t, 40, 5, 3))
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
		// Under the race detector (the synthetic crowd's shards are
		// TestParallelTicks_SameStatesAsTickByTick's) the shipped crowd,
		// on two cores in two shards stepping runs of 64, without the tick
		// by tick run (one goroutine's) it is compared with; every input
		// and combination, each compared with it, in make test's second
		// pass (Makefile RACE_LIGHT).
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
		rec := inputs[1]
		checkShardedAlone(t, rec.Name, recording.NewSource(rec), Options{Assets: assets.FS(), Metrics: true, Workers: 2}, 64)
		return
	}
	// Make test's second pass: each core count, shard count and run
	// length once on every input (make sweep: all 18 combinations).
	checkShardedInputs(t, inputs, crowd, []int{1, 2, 4}, []int{1, 3}, []int{1, 7, 64}, [3]int{1, 3, 7}, [3]int{2, 1, 64}, [3]int{4, 3, 1})
}

// checkShardedInputs steps every input in shards (at each GOMAXPROCS of
// procs, each number of workers, runs of each length of ticks) against its
// tick by tick hashes; crowd, when one of them, must spend all but its last
// tick in shards. plain, when given, is the part of that matrix make test's
// second pass runs (inSweep).
func checkShardedInputs(t *testing.T, inputs []*recording.Recording, crowd *recording.Recording, procsList, workersList, everyList []int, plain ...[3]int) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	for _, rec := range inputs {
		opts := Options{Assets: assets.FS(), Metrics: true, RecordStages: rec == crowd}
		hashes, wantM, wantTick, _ := steppedHashes(t, recording.NewSource(rec), opts)
		for _, procs := range procsList {
			runtime.GOMAXPROCS(procs)
			for _, workers := range workersList {
				for _, every := range everyList {
					if plain != nil && !inSweep(plain, [3]int{procs, workers, every}) {
						continue
					}
					o := opts
					o.Workers = workers
					n := checkSharded(t, rec.Name, recording.NewSource(rec), o, every, hashes, wantM, wantTick, nil)
					if rec == crowd && n < wantTick-1 {
						t.Errorf("%s, %d shards every %d ticks: only %d of %d ticks in shards", rec.Name, workers, every, n, wantTick)
					}
				}
			}
		}
	}
}

// An event that makes one object read another ends a run of ticks before
// its own tick, and a StickTo makes the rest of the run step tick by tick.
func TestParallelTicks_CrossingEventsStepTickByTick(t *testing.T) {
	for _, name := range []string{"testdata/sticky.jsonl", "testdata/moveto_observer.jsonl"} {
		rec, err := recording.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		first := -1
		for _, e := range rec.Events {
			if crossesObjects(&e) {
				first = dueTickAt(rec.Header.TickRate, e.T)
				break
			}
		}
		if first < 2 {
			t.Fatalf("%s: no event that crosses objects after tick 1", name)
		}
		opts := Options{Assets: assets.FS(), Metrics: true}
		hashes, wantM, wantTick, _ := steppedHashes(t, recording.NewSource(rec), opts)
		opts.Workers = 2
		n := checkSharded(t, name, recording.NewSource(rec), opts, 1000, hashes, wantM, wantTick, nil)
		if n != first-1 && name == "testdata/sticky.jsonl" {
			t.Errorf("%s: %d ticks in shards, want the %d before the StickTo's tick", name, n, first-1)
		}
		if n < first-1 {
			t.Errorf("%s: %d ticks in shards, want at least the %d before the first crossing event", name, n, first-1)
		}
	}
}

// A stream that fails ends the run at the tick Step would meet the failure
// in, with the same error and state.
func TestParallelTicks_StreamErrorEndsAtTheSameTick(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	rec := synthCrowd(t, 150, 4, 5)
	for _, after := range []int{1, 37, len(rec.Events) / 2} {
		opts := Options{Assets: assets.FS(), Metrics: true}
		src := func() recording.Source { return &failingSource{Source: recording.NewSource(rec), n: after} }
		hashes, wantM, wantTick, wantErr := steppedHashes(t, src(), opts)
		if !errors.Is(wantErr, errTorn) {
			t.Fatalf("after %d events: stepping ended with %v, want the torn input", after, wantErr)
		}
		opts.Workers = 2
		checkSharded(t, "torn", src(), opts, 64, hashes, wantM, wantTick, wantErr)
	}
}

// A crowd big enough to shard by itself (Options.Workers 0, the viewer's
// BusyCores) gives the same states and metrics at GOMAXPROCS 1, 2, 4 and
// 8, and its trace (written tick by tick, the pass split per tick from 512
// objects) is byte for byte one core's.
func TestParallelTicks_SameAtAnyGOMAXPROCS(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	n := 1100
	if raceEnabled {
		// Under the race detector a crowd that splits in two shards by
		// itself on two cores (300 objects, Options.shards), the whole
		// 1100 in make test's second pass (RACE_LIGHT).
		n = 300
	}
	rec := synthCrowd(t, n, 4, 7)
	opts := Options{Assets: assets.FS(), Metrics: true, BusyCores: 1}
	traceOpts := opts
	traceOpts.EventLog = true
	if raceEnabled {
		// Under the race detector two cores alone, without the tick by
		// tick run and one core's trace they are compared with (both on
		// one goroutine): every tick in shards, and the trace written as
		// they step; all four core counts, compared with both, in make
		// test's second pass (RACE_LIGHT).
		runtime.GOMAXPROCS(2)
		if sharded, last := checkShardedAlone(t, fmt.Sprintf("crowd of %d", n), recording.NewSource(rec), opts, 64); sharded < last {
			t.Errorf("GOMAXPROCS=2: %d of %d ticks in shards", sharded, last)
		}
		if got, _ := streamTrace(t, recording.NewSource(rec), traceOpts, rec.Name); len(got) == 0 {
			t.Error("GOMAXPROCS=2: an empty trace")
		}
		return
	}
	hashes, wantM, wantTick, _ := steppedHashes(t, recording.NewSource(rec), opts)
	runtime.GOMAXPROCS(1)
	want, wantTM := streamTrace(t, recording.NewSource(rec), traceOpts, rec.Name)
	for _, procs := range []int{1, 2, 4, 8} {
		runtime.GOMAXPROCS(procs)
		if n := checkSharded(t, fmt.Sprintf("crowd of %d", n), recording.NewSource(rec), opts, 64, hashes, wantM, wantTick, nil); n < wantTick {
			t.Errorf("GOMAXPROCS=%d: %d of %d ticks in shards", procs, n, wantTick)
		}
		got, gotM := streamTrace(t, recording.NewSource(rec), traceOpts, rec.Name)
		if !bytes.Equal(got, want) || !reflect.DeepEqual(gotM, wantTM) {
			t.Errorf("GOMAXPROCS=%d: the trace or its metrics differ from one core's", procs)
		}
	}
}

func TestParallelTicks_ShardsLeaveTheDecoderNoCore(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	s := &Sim{opts: Options{BusyCores: 1}}
	for _, c := range []struct{ n, want int }{{100, 1}, {255, 1}, {256, 2}, {1000, 2}} {
		if got := s.opts.shards(c.n); got != c.want {
			t.Errorf("%d objects on 2 cores, decoding on one: %d shards, want %d", c.n, got, c.want)
		}
	}
	// Another reading's run keeps a core busy.
	s.opts.BusyCores = 2
	if got := s.opts.shards(1000); got != 1 {
		t.Errorf("1000 objects on 2 cores beside another run: %d shards, want 1", got)
	}
	runtime.GOMAXPROCS(8)
	if got := s.opts.shards(1000); got != 7 {
		t.Errorf("1000 objects on 8 cores beside another run: %d shards, want 7", got)
	}
	s.opts.Workers = 3
	if got := s.opts.shards(2); got != 2 {
		t.Errorf("Workers 3 over 2 objects: %d shards, want 2", got)
	}
}

// Several readings' runs sharing one read of the input each step in
// shards, side by side, and end as when stepped one tick at a time.
func TestParallelTicks_CompareReadingsSideBySide(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(4))
	rec := withLife(synthCrowd(t, 300, 4, 11))
	var readings []interp.Reading
	for _, n := range []string{interp.DefaultReadingName, "legacy", "ace"} {
		r, err := interp.ReadingByName(n)
		if err != nil {
			t.Fatal(err)
		}
		readings = append(readings, r)
	}
	opts := Options{Assets: assets.FS(), Metrics: true}
	// Under the race detector the readings in shards alone, without the
	// tick by tick comparison (one goroutine's) they are compared with:
	// each steps ticks in shards and all end at one tick; compared with it
	// in make test's second pass (Makefile RACE_LIGHT).
	var one *Compare
	if !raceEnabled {
		var err error
		if one, err = NewCompareStream(recording.NewSource(rec), readings, opts); err != nil {
			t.Fatal(err)
		}
		for !one.Done() {
			one.Step()
		}
	}
	opts.Workers = 2
	side, err := NewCompareStream(recording.NewSource(rec), readings, opts)
	if err != nil {
		t.Fatal(err)
	}
	for !side.Done() {
		side.Advance(64)
	}
	for i, s := range side.Sims() {
		if s.batch == nil || s.batch.ticks == 0 {
			t.Errorf("%s: no tick in shards", s.Reading().Name)
		}
		if one == nil {
			if first := side.Sims()[0]; s.Tick() != first.Tick() || s.Tick() == 0 || s.Err() != nil {
				t.Errorf("%s: in shards side by side it ended at tick %d with %v, %s at %d", s.Reading().Name, s.Tick(), s.Err(), first.Reading().Name, first.Tick())
			}
			continue
		}
		want := one.Sims()[i]
		if s.Tick() != want.Tick() || s.Query().StateHash() != want.Query().StateHash() || !reflect.DeepEqual(s.Query().Metrics(), want.Query().Metrics()) {
			t.Errorf("%s: in shards side by side it ended at tick %d in another state than tick by tick (tick %d)", s.Reading().Name, s.Tick(), want.Tick())
		}
	}
}

// The helpers that step the chunks end once their Sim is dropped, as the
// split pass's do.
func TestParallelTicks_HelpersEndWithTheirSim(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(4))
	rec := synthCrowd(t, 200, 2, 13)
	base := settledGoroutines()
	func() {
		s, err := NewStream(recording.NewSource(rec), Options{Assets: assets.FS(), Metrics: true, Workers: 3})
		if err != nil {
			t.Fatal(err)
		}
		s.advance(1 << 20)
		if s.batch == nil || s.batch.ticks == 0 {
			t.Fatal("no tick in shards")
		}
		if got := runtime.NumGoroutine(); got != base+2 {
			t.Fatalf("%d goroutines after a run in 3 shards, want %d (two helpers)", got, base+2)
		}
	}()
	for range 100 {
		runtime.GC()
		if runtime.NumGoroutine() <= base {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Errorf("%d goroutines after the Sim was dropped, want %d", runtime.NumGoroutine(), base)
}

// settledGoroutines is the number of goroutines once the helpers of
// earlier tests' dropped Sims have ended: the same count three samples in
// a row, 10 ms apart (at most a second).
func settledGoroutines() int {
	n, same := -1, 0
	for range 100 {
		runtime.GC()
		m := runtime.NumGoroutine()
		if m == n {
			if same++; same == 2 {
				break
			}
		} else {
			n, same = m, 0
		}
		time.Sleep(10 * time.Millisecond)
	}
	return n
}
