// The window's pre-run on the chunked path (AdvanceBriefs,
// parallel_rows.go): a Sim over an event store that keeps the event log and
// the glide metrics and saves checkpoints, stepped in runs of ticks over
// chunks of objects, ends with the log (entries, places, stamps, each
// tick's end), the metrics and the checkpoints a Sim stepped tick by tick
// has, hands over the same brief views at the same ticks, and seeks to the
// same states — at GOMAXPROCS 1 and 2, any number of shards, any run
// length and checkpoint interval.

package engine

import (
	"fmt"
	"math"
	"reflect"
	"runtime"
	"slices"
	"testing"
	"unsafe"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/assets"
	"glidepath/engine/eventlog"
	"glidepath/engine/recording"
	"glidepath/engine/scenario"
	"glidepath/physics"
)

// briefTick is one tick AdvanceBriefs's function (or Query.Briefs after a
// Step) saw.
type briefTick struct {
	Tick        int
	Briefs      []BriefView
	Observer    physics.Position
	HasObserver bool
}

// prerunOut is everything a pre-run leaves: the briefs it handed over, the
// log, the metrics and the checkpoints.
type prerunOut struct {
	briefs   []briefTick
	events   []eventlog.Event
	stamps   [][NumChecked]uint16
	tickEnd  []int32
	metrics  []ObjectMetrics
	cps      []checkpoint
	furthest int
	sharded  int
}

// prerunSim makes the Sim the window pre-runs over st: the event log and
// metrics on (simsource.Source.Branch).
func prerunSim(t *testing.T, st *EventStore, opts Options) *Sim {
	t.Helper()
	opts.Assets, opts.EventLog, opts.Metrics = assets.FS(), true, true
	s, err := NewFromStore(st, opts)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// outOf takes what s's pre-run left.
func outOf(s *Sim, briefs []briefTick) prerunOut {
	o := prerunOut{briefs: briefs, tickEnd: slices.Clone(s.tickEnd), metrics: s.Query().Metrics(), furthest: s.Furthest()}
	v := s.Query().LogView()
	for i := range v.Len() {
		o.events = append(o.events, v.At(i))
		if st, ok := v.StoredStamps(i); ok {
			o.stamps = append(o.stamps, st)
		}
	}
	s.cps.store.mu.Lock()
	o.cps = slices.Clone(s.cps.store.list)
	s.cps.store.mu.Unlock()
	if s.batch != nil {
		o.sharded = s.batch.ticks
	}
	return o
}

// prerunByStep steps s tick by tick to its end, taking Query.Briefs after
// every tick that is a multiple of every.
func prerunByStep(s *Sim, every int) prerunOut {
	var briefs []briefTick
	for !s.Done() {
		s.Step()
		if s.Tick()%every == 0 {
			obs, has := s.Query().Observer()
			briefs = append(briefs, briefTick{Tick: s.Tick(), Briefs: s.Query().Briefs(nil), Observer: obs, HasObserver: has})
		}
	}
	return outOf(s, briefs)
}

// prerunByRuns steps s to its end with AdvanceBriefs, n ticks a call.
func prerunByRuns(s *Sim, every, n int) prerunOut {
	var briefs []briefTick
	for !s.Done() {
		s.AdvanceBriefs(n, every, BriefsTo(func(tick int, b []BriefView, obs physics.Position, has bool) {
			briefs = append(briefs, briefTick{Tick: tick, Briefs: slices.Clone(b), Observer: obs, HasObserver: has})
		}))
	}
	return outOf(s, briefs)
}

// withHeld adds to rec two held items — one in the hand of an object of
// another chunk, one the observer holds — whose brief positions are their
// holders'.
func withHeld(rec *recording.Recording) *recording.Recording {
	out := *rec
	h := &out.Header
	h.Entities = slices.Clone(h.Entities)
	sword := recording.NewEntity(0x7F000B01, h.Entities[0].Pos)
	sword.Name, sword.Parent, sword.ParentLocation = "Sword", h.Entities[len(h.Entities)-3].GUID, 1
	ring := recording.NewEntity(0x7F000B02, h.Entities[0].Pos)
	ring.Name, ring.Parent, ring.ParentLocation = "Ring", recording.ObserverTarget, 1
	h.Entities = append([]recording.Entity{sword}, h.Entities...)
	h.Entities = append(h.Entities, ring)
	return &out
}

func TestAdvanceBriefs_SameAsTickByTick(t *testing.T) {
	dropHelpersAfter(t)
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	crowd := withHeld(withLife(synthCrowd(t, 300, 4, 23)))
	mover, err := recording.ReadFile("testdata/moveto.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	inputs := []*recording.Recording{crowd, compiled(t, "crowd"), mover}
	configs := []struct{ interval, every int }{{0, 2}, {16, 1}, {16, 5}}
	runs := []struct{ procs, workers, n int }{{1, 2, 7}, {1, 3, 64}, {2, 1, 64}, {2, 2, 7}, {2, 3, 1}, {2, 2, 64}}
	if raceEnabled {
		// The synthetic crowd (notes, routes, held items) with checkpoints
		// and briefs every tick, on two cores in three shards stepping 1
		// tick and two stepping 64; the whole matrix runs in make test's
		// second pass (Makefile RACE_LIGHT).
		inputs, configs, runs = inputs[:1], configs[1:2], runs[4:]
	}
	for i, rec := range inputs {
		st, err := ReadEvents(recording.NewSource(rec), Options{Assets: assets.FS()})
		if err != nil {
			t.Fatal(err)
		}
		// Checkpoints by the budget or every 16 ticks; briefs every tick,
		// every 2nd, every 5th.
		for ci, c := range configs {
			// Make test's second pass: the synthetic crowd under each
			// interval with two of the runs each (every run once), the
			// shipped crowd and the mover under one interval each with
			// an odd number of shards (make sweep: all of it).
			runs := runs
			if !raceEnabled && !sweepAll {
				switch {
				case i == 0:
					runs = runs[2*ci : 2*ci+2]
				case i == 1 && ci == 1:
					runs = []struct{ procs, workers, n int }{{2, 3, 1}, {1, 3, 64}}
				case i == 2 && ci == 2:
					runs = []struct{ procs, workers, n int }{{2, 3, 1}, {1, 2, 7}}
				default:
					continue
				}
			}
			// The tick-by-tick pre-run, on one goroutine, is compared with
			// in make test's second pass only; under the race detector the
			// runs in shards must hold what the merge orders and places.
			var want prerunOut
			if !raceEnabled {
				runtime.GOMAXPROCS(1)
				want = prerunByStep(prerunSim(t, st, Options{CheckpointInterval: c.interval}), c.every)
				if rec == crowd {
					checkCrowdHasEverything(t, want)
				}
			}
			for _, r := range runs {
				runtime.GOMAXPROCS(r.procs)
				what := fmt.Sprintf("%s, checkpoints every %d, briefs every %d, GOMAXPROCS %d, %d shards, %d ticks a call",
					rec.Name, c.interval, c.every, r.procs, r.workers, r.n)
				s := prerunSim(t, st, Options{CheckpointInterval: c.interval, Workers: r.workers})
				got := prerunByRuns(s, c.every, r.n)
				if got.sharded == 0 {
					t.Errorf("%s: no tick stepped in shards", what)
				}
				if raceEnabled {
					checkCrowdHasEverything(t, got)
					continue
				}
				comparePrerun(t, what, got, want)
				if t.Failed() {
					return
				}
			}
		}
	}
}

// The log's merge after each run of ticks is cut into pieces of the run's
// ticks (planLog), one per core, which the stepping goroutine and the
// helpers fill at once, each at the places laid out for it, in any order:
// the log, its places, stamps and tick ends are still tick by tick's.
//
// The pre-run stepped tick by tick is the reference, on one goroutine:
// under the race detector (raceEnabled) the runs in pieces alone run, each
// checked to cut every busy run of ticks, the first checked to have what
// the merge must place, and the three are compared with the reference in
// make test's second pass (Makefile RACE_LIGHT).
func TestAdvanceBriefs_LogMergedInPieces(t *testing.T) {
	dropHelpersAfter(t)
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	st, err := ReadEvents(recording.NewSource(withHeld(withLife(synthCrowd(t, 300, 3, 31)))), Options{Assets: assets.FS()})
	if err != nil {
		t.Fatal(err)
	}
	var want prerunOut
	if !raceEnabled {
		runtime.GOMAXPROCS(1)
		want = prerunByStep(prerunSim(t, st, Options{CheckpointInterval: 16}), 2)
		checkCrowdHasEverything(t, want)
	}
	for i, r := range []struct{ procs, workers int }{{1, 3}, {2, 2}, {1, 1}} {
		runtime.GOMAXPROCS(r.procs)
		s := prerunSim(t, st, Options{CheckpointInterval: 16, Workers: r.workers})
		var briefs []briefTick
		// The runs of ticks that log something in every tick (the
		// crowd's first seconds): each is cut into as many pieces as it
		// has cores, times logPiecesPerWorker.
		busy, cut := 0, 0
		for !s.Done() {
			s.AdvanceBriefs(16, 2, BriefsTo(func(tick int, b []BriefView, obs physics.Position, has bool) {
				briefs = append(briefs, briefTick{Tick: tick, Briefs: slices.Clone(b), Observer: obs, HasObserver: has})
			}))
			b := s.batch
			if b == nil || b.to != s.Tick() || quietTick(b.logStarts) {
				continue
			}
			busy++
			if p := b.pieceAt; len(p)-1 == logPiecesPerWorker*r.workers && p[0] == 0 && p[len(p)-1] == b.to-b.from+1 {
				cut++
			}
		}
		what := fmt.Sprintf("GOMAXPROCS %d, %d shards", r.procs, r.workers)
		if busy < 4 || cut != busy {
			t.Errorf("%s: %d of %d busy runs of ticks merged their log in %d pieces", what, cut, busy, logPiecesPerWorker*r.workers)
		}
		if raceEnabled {
			if i == 0 {
				checkCrowdHasEverything(t, outOf(s, briefs))
			}
			continue
		}
		comparePrerun(t, what, outOf(s, briefs), want)
	}
}

// quietTick says whether a tick of a run logs nothing (starts: where each
// tick's entries begin, and where the last one's end).
func quietTick(starts []logCursor) bool {
	for i := 1; i < len(starts); i++ {
		if starts[i].log == starts[i-1].log {
			return true
		}
	}
	return false
}

// checkCrowdHasEverything fails unless the crowd's run has what the merge
// must order and place: notes, routes with stamps, places, held items.
func checkCrowdHasEverything(t *testing.T, o prerunOut) {
	t.Helper()
	notes, routes, placed, held := 0, 0, 0, 0
	for _, e := range o.events {
		switch e.Kind.Info().Payload {
		case eventlog.PayloadPlaces, eventlog.PayloadSpan, eventlog.PayloadTransit:
			placed++
		}
		if e.Kind == eventlog.EventNote {
			notes++
		}
		if e.Kind == eventlog.EventRoute {
			routes++
		}
	}
	// The chunks take a slot's heading again only when its rotation
	// changed (takeBriefs): the walkers must turn, and keep a heading
	// between turns, for the comparison to see a stale one.
	heading := map[uint32]float32{} // looked up only
	turns, kept := 0, 0
	for _, b := range o.briefs {
		for _, v := range b.Briefs {
			if v.GUID == 0x7F000B01 || v.GUID == 0x7F000B02 {
				held++
			}
			if h, ok := heading[v.GUID]; ok && h != v.Heading {
				turns++
			} else if ok {
				kept++
			}
			heading[v.GUID] = v.Heading
		}
	}
	if notes == 0 || routes == 0 || placed == 0 || len(o.stamps) != routes || held == 0 || turns == 0 || kept == 0 {
		t.Fatalf("the crowd's run has %d notes, %d routes (%d stamps), %d events with places, %d held briefs, %d turns, %d headings kept: want some of each",
			notes, routes, len(o.stamps), placed, held, turns, kept)
	}
}

// comparePrerun fails where got differs from want.
func comparePrerun(t *testing.T, what string, got, want prerunOut) {
	t.Helper()
	if got.furthest != want.furthest {
		t.Errorf("%s: furthest tick %d, want %d", what, got.furthest, want.furthest)
	}
	if len(got.briefs) != len(want.briefs) {
		t.Errorf("%s: %d ticks of briefs, want %d", what, len(got.briefs), len(want.briefs))
	} else {
		for i := range want.briefs {
			if !reflect.DeepEqual(got.briefs[i], want.briefs[i]) {
				t.Errorf("%s: the briefs of tick %d differ:\n got  %+v\n want %+v", what, want.briefs[i].Tick, got.briefs[i], want.briefs[i])
				break
			}
		}
	}
	if len(got.events) != len(want.events) {
		t.Errorf("%s: %d events logged, want %d", what, len(got.events), len(want.events))
	} else {
		for i := range want.events {
			if got.events[i] != want.events[i] {
				t.Errorf("%s: event %d is %+v, want %+v", what, i, got.events[i], want.events[i])
				break
			}
		}
	}
	if !slices.Equal(got.stamps, want.stamps) {
		t.Errorf("%s: the routes' stored stamps differ", what)
	}
	if !slices.Equal(got.tickEnd, want.tickEnd) {
		t.Errorf("%s: the log's tick ends differ", what)
	}
	if !reflect.DeepEqual(got.metrics, want.metrics) {
		t.Errorf("%s: the metrics differ", what)
	}
	if len(got.cps) != len(want.cps) {
		t.Errorf("%s: %d checkpoints, want %d", what, len(got.cps), len(want.cps))
		return
	}
	for i := range want.cps {
		if g, w := checkpointKey(&got.cps[i]), checkpointKey(&want.cps[i]); !reflect.DeepEqual(g, w) {
			t.Errorf("%s: checkpoint %d differs:\n got  %+v\n want %+v", what, i, g, w)
			break
		}
	}
}

// checkpointKey is what a checkpoint holds, its move-to books by their
// state (a book's manager holds the object it moves, and through it the
// Sim).
func checkpointKey(c *checkpoint) any {
	type book struct {
		slot int
		st   any
		sent physics.Position
	}
	books := []book{}
	for _, m := range c.moveTo {
		books = append(books, book{m.slot, m.book.mgr.St, m.book.sent})
	}
	k := *c
	k.moveTo = nil
	return struct {
		c     checkpoint
		books []book
	}{k, books}
}

// After the chunked pre-run, a Sim sharing its checkpoints (the window's)
// seeks to the states it seeks to after a pre-run stepped tick by tick, at
// every tick tried.
//
// The pre-run stepped tick by tick and its window's seeks are the
// reference, on one goroutine (300 objects do not split a tick by
// themselves): under the race detector (raceEnabled) only the chunked
// pre-run and its window run, each seek checked to reach its tick with
// every object, and the states are compared with the reference's in make
// test's second pass (Makefile RACE_LIGHT).
func TestAdvanceBriefs_SeeksAfterThePrerun(t *testing.T) {
	dropHelpersAfter(t)
	rec := withHeld(withLife(synthCrowd(t, 300, 4, 29)))
	st, err := ReadEvents(recording.NewSource(rec), Options{Assets: assets.FS()})
	if err != nil {
		t.Fatal(err)
	}
	windows := make([]*Sim, 2)
	for i := range windows {
		if raceEnabled && i == 0 {
			continue
		}
		windows[i] = prerunSim(t, st, Options{RecordStages: true})
		pre := prerunSim(t, st, Options{Workers: 2})
		if err := pre.ShareCheckpoints(windows[i]); err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			prerunByStep(pre, 2)
		} else if got := prerunByRuns(pre, 2, 64); got.sharded == 0 {
			t.Fatal("no tick stepped in shards")
		}
	}
	for _, tick := range []int{windows[1].LastTick(), 3, 200, 31, 64, 65, 97, 0} {
		windows[1].Seek(tick)
		got := windows[1].Query().Objects(nil)
		if raceEnabled {
			// A tick past the last (200) seeks to the last.
			if reach := min(tick, windows[1].LastTick()); windows[1].Tick() != reach || len(got) < 300 {
				t.Errorf("a seek to tick %d reached tick %d with %d objects, want tick %d and 300 or more", tick, windows[1].Tick(), len(got), reach)
			}
			continue
		}
		windows[0].Seek(tick)
		want := windows[0].Query().Objects(nil)
		if len(want) < 300 || !reflect.DeepEqual(got, want) {
			t.Errorf("tick %d: the window's Sim seeks to another state (%d objects) after the chunked pre-run than after stepping (%d)", tick, len(got), len(want))
		}
	}
}

// growingPrerun pre-runs a store that is read while the run steps: the
// events arrive a second at a time, and after each the run steps up to
// the last tick read whole (as the viewer's pre-run follows the reading:
// model.Prerunner), tick by tick or with AdvanceBriefs; then the store is
// complete and the run steps to its end.
func growingPrerun(t *testing.T, rec *recording.Recording, opts Options, chunked bool, every int) (out prerunOut, whileRead int) {
	t.Helper()
	st, err := newStoreOf(recording.NewSource(rec), Options{Assets: assets.FS()})
	if err != nil {
		t.Fatal(err)
	}
	s := prerunSim(t, st, opts)
	var briefs []briefTick
	take := func(tick int, b []BriefView, obs physics.Position, has bool) {
		briefs = append(briefs, briefTick{Tick: tick, Briefs: slices.Clone(b), Observer: obs, HasObserver: has})
	}
	step := func(through int) {
		for s.Tick() < min(through, s.LastTick()) {
			if chunked {
				s.AdvanceBriefs(through-s.Tick(), every, BriefsTo(take))
				continue
			}
			s.Step()
			s.briefsOut, s.briefEvery = BriefsTo(take), every
			s.briefsTick()
			s.briefsOut = nil
		}
	}
	next := 1.0
	for i := range rec.Events {
		if rec.Events[i].T > next {
			step(st.Through())
			next++
		}
		if err := st.Append(&rec.Events[i]); err != nil {
			t.Fatal(err)
		}
	}
	if s.batch != nil {
		whileRead = s.batch.ticks
	}
	st.mu.Lock()
	st.growth.complete = true
	st.mu.Unlock()
	step(math.MaxInt)
	return outOf(s, briefs), whileRead
}

// A store still being read is pre-run in runs of ticks up to what is read:
// the same log, metrics, checkpoints and briefs as tick by tick, objects
// created after the Sim was made included.
func TestAdvanceBriefs_GrowingStore(t *testing.T) {
	dropHelpersAfter(t)
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	rec := withHeld(withLife(synthCrowd(t, 300, 4, 31)))
	want, _ := growingPrerun(t, rec, Options{}, false, 2)
	checkCrowdHasEverything(t, want)
	for _, procs := range []int{1, 2} {
		if raceEnabled && procs != 2 {
			continue // two cores under the race detector, both in the second pass
		}
		runtime.GOMAXPROCS(procs)
		got, whileRead := growingPrerun(t, rec, Options{Workers: 2}, true, 2)
		if whileRead == 0 {
			t.Errorf("GOMAXPROCS %d: no tick stepped in shards while the store was read", procs)
		}
		comparePrerun(t, fmt.Sprintf("a growing store, GOMAXPROCS %d", procs), got, want)
	}
}

// A pre-run whose events come faster after its first 64th than before
// (the reserve at that tick, reserveLogAt, falls short) reserves room for
// the rest of the run at the rate so far when a run of ticks outgrows the
// log (reserveRun): the log is copied once more, not doubled, so the
// whole log's room stays close to what it holds; the log is tick by
// tick's.
func TestAdvanceBriefs_LogReservedForTheRun(t *testing.T) {
	rec := scenario.BenchRecording(40, 3, 0.5, 9)
	quiet := rec.Events[:0:0]
	for i, e := range rec.Events {
		if e.T < 60 && e.Kind == recording.KindPosition && i%3 != 0 {
			continue // a quiet first minute: two updates in three dropped
		}
		quiet = append(quiet, e)
	}
	rec.Events = quiet
	st, err := ReadEvents(recording.NewSource(rec), Options{Assets: assets.FS()})
	if err != nil {
		t.Fatal(err)
	}
	// The tick-by-tick log, on one goroutine, is compared with in make
	// test's second pass only (Makefile RACE_LIGHT); the run of ticks in
	// shards and its log's room under the race detector too.
	var want prerunOut
	if !raceEnabled {
		want = prerunByStep(prerunSim(t, st, Options{}), 4)
	}
	s := prerunSim(t, st, Options{Workers: 2})
	var arrays []*logEntry
	var stampArrays []*[NumChecked]uint16
	for !s.Done() {
		s.AdvanceBriefs(64, 4, BriefsTo(func(int, []BriefView, physics.Position, bool) {}))
		if a := unsafe.SliceData(s.log); len(arrays) == 0 || arrays[len(arrays)-1] != a {
			arrays = append(arrays, a)
		}
		if a := unsafe.SliceData(s.stamps); len(stampArrays) == 0 || stampArrays[len(stampArrays)-1] != a {
			stampArrays = append(stampArrays, a)
		}
	}
	got := outOf(s, nil)
	if got.sharded == 0 || !raceEnabled && !reflect.DeepEqual(got.events, want.events) {
		t.Fatalf("%d ticks in shards; the log differs from tick by tick's", got.sharded)
	}
	if n := len(s.log); cap(s.log) > n+n/4 || len(arrays) > 4 {
		t.Errorf("%d entries in a log of capacity %d, copied %d times: want the room close to what it holds", n, cap(s.log), len(arrays)-1)
	}
	// The routes' stamps are reserved with the log (each run of ticks'
	// room for its own, then the whole run's at the rate so far), not
	// grown by appends, copied a dozen times.
	if n := len(s.stamps); n == 0 || cap(s.stamps) > n+n/4 || len(stampArrays) > 5 {
		t.Errorf("%d stamps in room for %d, copied %d times: want the room close to what it holds", n, cap(s.stamps), len(stampArrays)-1)
	}
}

// A pre-run whose first run of ticks is quieter than the rest (a crowd
// still starting) estimates the log's room again in the run of ticks that
// steps its sixteenth tick (reserveRun): the log moves then, while small,
// and never later — a move near the end copied a 1000-object crowd's
// 80 MB log — and the room stays close to what the run logs.
func TestReserveRun_EstimatesAgainAtTheSixteenth(t *testing.T) {
	const last, run = 3200, 32
	s := &Sim{lastTick: last}
	var moved []int // the runs' last ticks where the log moved
	a := unsafe.SliceData(s.log)
	total := 0
	for to := run; to <= last; to += run {
		n := 300 // a run of ticks' entries: a fifth of that in the first
		if to == run {
			n = 60
		}
		reserveRun(s, to-run+1, to, runRoom{log: n, places: n / 3})
		s.log, s.places = s.log[:len(s.log)+n], s.places[:len(s.places)+n/3]
		total += n
		if b := unsafe.SliceData(s.log); b != a {
			moved, a = append(moved, to), b
		}
	}
	if at := (last/16 + run - 1) / run * run; len(moved) != 2 || moved[0] != run || moved[1] != at {
		t.Errorf("the log moved at the runs ending at ticks %v: want %d (the first) and %d (the one stepping tick %d) alone", moved, run, at, last/16)
	}
	if c := cap(s.log); c < total || c > total+total/8 {
		t.Errorf("%d entries in a log of capacity %d: want the room close to what it holds", total, c)
	}
}

// pointsRecorder keeps, part by part, the points of every tick its parts
// take: a BriefTaker's (TakePoints), or, as viewTaker, BriefPointOf of
// each view Take hands over.
type pointsRecorder struct{ parts [][]BriefPoint }

func (r *pointsRecorder) Parts(n int) {
	for len(r.parts) < n {
		r.parts = append(r.parts, nil)
	}
}

func (r *pointsRecorder) Take(part, tick int, views []BriefView, holders []uint32) {
	for i := range views {
		var h uint32
		if holders != nil {
			h = holders[i]
		}
		r.parts[part] = append(r.parts[part], BriefPointOf(&views[i], h))
	}
}

func (r *pointsRecorder) TakePoints(part, tick int, points []BriefPoint) {
	r.parts[part] = append(r.parts[part], points...)
}

func (r *pointsRecorder) Record(int, int, physics.Position, bool) {}

// viewTaker hides pointsRecorder's TakePoints: the chunks hand it views.
type viewTaker struct{ r *pointsRecorder }

func (v viewTaker) Parts(n int) { v.r.Parts(n) }

func (v viewTaker) Take(part, tick int, views []BriefView, holders []uint32) {
	v.r.Take(part, tick, views, holders)
}

func (v viewTaker) Record(tick, parts int, observer physics.Position, hasObserver bool) {}

// The points the chunks make straight from their objects for a
// BriefTaker (takePoints) are BriefPointOf of the views they hand any
// other recorder (takeBriefs): held items at their own bodies with their
// holders, the observer's ring where the observer is, heads and truths.
func TestAdvanceBriefs_PointsAreTheViewsPoints(t *testing.T) {
	dropHelpersAfter(t)
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	n, secs := 300, 4.0
	if raceEnabled {
		n, secs = 120, 1.5 // the chunks' goroutines, on a smaller crowd
	}
	rec := withHeld(withLife(synthCrowd(t, n, secs, 23)))
	st, err := ReadEvents(recording.NewSource(rec), Options{Assets: assets.FS()})
	if err != nil {
		t.Fatal(err)
	}
	var got [2]*pointsRecorder
	for i := range got {
		got[i] = &pointsRecorder{}
		var r BriefRecorder = got[i]
		if i == 0 {
			r = viewTaker{got[i]}
		}
		if _, ok := r.(BriefTaker); ok != (i == 1) {
			t.Fatalf("recorder %d is a BriefTaker: %v", i, ok)
		}
		s := prerunSim(t, st, Options{Workers: 2})
		for !s.Done() {
			s.AdvanceBriefs(64, 2, r)
		}
		if s.batch == nil || s.batch.ticks == 0 {
			t.Fatal("no tick stepped in shards")
		}
	}
	held, heads, truths := 0, 0, 0
	for _, part := range got[1].parts {
		for _, pt := range part {
			if pt.Holder != 0 || pt.GUID == 0x7F000B02 {
				held++
			}
			if pt.HasHead {
				heads++
			}
			if pt.HasTruth {
				truths++
			}
		}
	}
	if len(got[1].parts) < 2 || held == 0 || heads == 0 || truths == 0 {
		t.Fatalf("%d parts, %d held points, %d heads, %d truths: want some of each", len(got[1].parts), held, heads, truths)
	}
	if !reflect.DeepEqual(got[0].parts, got[1].parts) {
		t.Error("the points differ from the views' points")
	}
}

// globalInto, which takePoints fills a point's positions with, is
// Position.Global bit for bit, in every landblock.
func TestGlobalInto_IsGlobal(t *testing.T) {
	for i := range 4096 {
		x, y := float32(i%97)*1.987-3, float32(i%89)*2.213-5
		p := physics.Position{Cell: uint32(i*2654435761) | 0x0001, Frame: physics.NewFrame([3]float32{x, y, float32(i%13) - 6.5}, mgl32.QuatIdent())}
		var got [3]float64
		globalInto(&got, &p)
		if want := p.Global(); got != want {
			t.Fatalf("globalInto(%+v) = %v, want %v", p, got, want)
		}
	}
}
