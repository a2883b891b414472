// Several cores: a run whose UpdateObjectInternal pass is split over 2 or 4
// cores writes the same trace, byte for byte, and the same metrics as a
// GOMAXPROCS=1 run — streamed or in memory, for the crowd scenario and a
// synthetic crowd over several landblocks.

package engine

import (
	"bytes"
	"reflect"
	"runtime"
	"sync"
	"testing"
	"time"

	"glidepath/assets"
	"glidepath/engine/recording"
	"glidepath/engine/scenario"
	"glidepath/interp"
)

func TestParallel_SplitsOnlyCrowdsWorthIt(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	s := &Sim{}
	for _, c := range []struct{ n, want int }{{1, 1}, {100, 1}, {511, 1}, {512, 2}, {1000, 2}} {
		if got := s.opts.workers(c.n); got != c.want {
			t.Errorf("%d objects on 2 cores: %d runs, want %d", c.n, got, c.want)
		}
	}
	// A core kept busy by the decoder is left to it.
	s.opts.BusyCores = 1
	if got := s.opts.workers(1000); got != 1 {
		t.Errorf("1000 objects on 2 cores, one busy: %d runs, want 1", got)
	}
	runtime.GOMAXPROCS(4)
	if got := s.opts.workers(1000); got != 3 {
		t.Errorf("1000 objects on 4 cores, one busy: %d runs, want 3", got)
	}
	s.opts.Workers = 4
	if got := s.opts.workers(3); got != 3 {
		t.Errorf("Workers 4 over 3 objects: %d runs, want 3", got)
	}
}

// The helpers of a split pass persist from tick to tick and end once their
// Sim is dropped.
func TestParallel_HelpersEndWithTheirSim(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	runtime.GC()
	base := runtime.NumGoroutine()
	func() {
		s := newSim(t, compiled(t, "crowd"), Options{Workers: 3, LastTick: 30})
		runTo(s, 30)
		if got := runtime.NumGoroutine(); got != base+2 {
			t.Fatalf("%d goroutines while stepping with 3 workers, want %d (two helpers, started once)", got, base+2)
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

func TestParallel_TraceByteIdenticalToOneCore(t *testing.T) {
	synth, err := scenario.Synth(scenario.SynthOptions{Objects: 128, Minutes: 1.0 / 6, Interval: 0.5, Seed: 9}, assets.FS())
	if err != nil {
		t.Fatal(err)
	}
	synthRec, err := synth.Compile()
	if err != nil {
		t.Fatal(err)
	}
	// sticky: the sticker reads its target, which may be in another run.
	stickyRec, err := recording.ReadFile("testdata/sticky.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	inputs := []*recording.Recording{compiled(t, "crowd"), synthRec, stickyRec}
	// The split runs log events of their own: pass events (Source −1) of
	// objects past the first run, which go through the runs' buffers.
	probe := newSim(t, synthRec, Options{EventLog: true, Workers: 2, LastTick: 150})
	runTo(probe, 150)
	buffered := 0
	for _, e := range probe.Query().AllEvents() {
		if e.Source == -1 && e.GUID >= scenario.SynthFirstGUID+64 {
			buffered++
		}
	}
	if buffered < 50 {
		t.Fatalf("only %d pass events from the second run: the test would not exercise the merge", buffered)
	}
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	readings, procsList := []string{interp.DefaultReadingName, "legacy"}, []int{2, 4}
	if raceEnabled {
		// Under the race detector the synthetic crowd, whose second run's
		// events go through the runs' buffers, under one reading on two
		// cores, and the run on one core, a reference on one goroutine,
		// not at all: the split run streamed is compared with the split
		// run in memory. Every input, reading and core count, each
		// compared with one core's run, in make test's second pass
		// (Makefile RACE_LIGHT).
		inputs, readings, procsList = []*recording.Recording{synthRec}, readings[:1], procsList[:1]
	}
	compared := 0
	for _, rec := range inputs {
		for _, name := range readings {
			reading, _ := interp.ReadingByName(name)
			// Five seconds of each: updates, enqueues, node completions,
			// stall windows and slides from every remote, short enough for
			// the race detector.
			opts := Options{Reading: reading, Assets: assets.FS(), EventLog: true, Metrics: true, LastTick: 150}
			var want []byte
			var wantM []ObjectMetrics
			wantHow := "one core's"
			if !raceEnabled {
				runtime.GOMAXPROCS(1)
				want, wantM = memoryTrace(t, rec, opts, rec.Name)
			}
			for _, procs := range procsList {
				// These crowds are below the size that splits by itself:
				// ask for the split.
				runtime.GOMAXPROCS(procs)
				split := opts
				split.Workers = procs
				got, gotM := memoryTrace(t, rec, split, rec.Name)
				streamed, streamedM := streamTrace(t, recording.NewSource(rec), split, rec.Name)
				runs := []struct {
					how   string
					trace []byte
					m     []ObjectMetrics
				}{{"in memory", got, gotM}, {"streamed", streamed, streamedM}}
				if raceEnabled {
					want, wantM, wantHow, runs = got, gotM, "the split run's in memory", runs[1:]
					if len(want) == 0 {
						t.Fatalf("%s under %s on %d cores: no trace", rec.Name, name, procs)
					}
				}
				for _, run := range runs {
					compared++
					if !bytes.Equal(run.trace, want) {
						t.Errorf("%s under %s on %d cores, %s: the trace differs from %s", rec.Name, name, procs, run.how, wantHow)
					}
					if !reflect.DeepEqual(run.m, wantM) {
						t.Errorf("%s under %s on %d cores, %s: the metrics differ from %s", rec.Name, name, procs, run.how, wantHow)
					}
				}
			}
		}
	}
	// Under the race detector one comparison (streamed with in memory);
	// otherwise two for each input, reading and core count.
	wantCompared := 2 * len(inputs) * len(readings) * len(procsList)
	if raceEnabled {
		wantCompared = 1
	}
	if compared != wantCompared {
		t.Errorf("%d runs compared, want %d", compared, wantCompared)
	}
}

func TestCompareAdvance_ReadingsOnTheirOwnCoresGiveTheSameMetrics(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	rec := compiled(t, "jitter")
	var readings []interp.Reading
	for _, n := range interp.ReadingNames() {
		r, _ := interp.ReadingByName(n)
		readings = append(readings, r)
	}
	opts := Options{Assets: assets.FS(), Metrics: true}
	one, err := NewCompareStream(recording.NewSource(rec), readings, opts)
	if err != nil {
		t.Fatal(err)
	}
	for !one.Done() {
		one.Step()
	}
	side, err := NewCompareStream(recording.NewSource(rec), readings, opts)
	if err != nil {
		t.Fatal(err)
	}
	for !side.Done() {
		side.Advance(7)
	}
	for i, s := range side.Sims() {
		want := one.Sims()[i]
		if s.Tick() != want.Tick() || !reflect.DeepEqual(s.Query().Metrics(), want.Query().Metrics()) {
			t.Errorf("%s: side by side ended at tick %d with other metrics than one after the other (tick %d)", s.Reading().Name, s.Tick(), want.Tick())
		}
	}
}

// Each worker of a pass that finds no chunk left says so (the pool's idle)
// while the pass still runs: the stepping goroutine out of chunks while
// the helper steps the last, and the helper once its last is stepped,
// before the pass ends.
func TestPassPool_WorkersOutOfChunksSaySoWithinThePass(t *testing.T) {
	dropHelpersAfter(t)
	p := newPassPool()
	defer p.stop()
	var mu sync.Mutex
	idle, ended := 0, false
	started := make(chan struct{})
	sawIdle := make(chan struct{})
	p.idle = func() {
		mu.Lock()
		defer mu.Unlock()
		if ended {
			t.Error("a worker out of chunks said after the pass")
		}
		if idle++; idle == 1 {
			close(sawIdle)
		}
	}
	p.job = func(c int) {
		switch c {
		case 0: // the stepping goroutine's, from the front
			<-started
		case 1: // the helper's, from the back: it ends after the other's idle
			close(started)
			select {
			case <-sawIdle:
			case <-time.After(20 * time.Second):
				t.Error("the stepping goroutine out of chunks never said so while the helper stepped")
			}
		}
	}
	p.run(nil, 0, 0, 2, 1)
	mu.Lock()
	ended = true
	if idle != 2 {
		t.Errorf("%d workers out of chunks said, want 2", idle)
	}
	if p.idle != nil || p.job != nil {
		t.Error("the pass's idle or job kept after it")
	}
	mu.Unlock()
}
