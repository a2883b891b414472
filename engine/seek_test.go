// Seeking: restoring a checkpoint and re-simulating must give exactly the
// straight run's state (DESIGN.md "Time, snapshots and seeking"; STYLE.md
// point 9) — checked by state hash, by the views the viewer reads and by the
// event log, over random seeks forwards, backwards and repeated.

package engine

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"reflect"
	"slices"
	"testing"

	"glidepath/assets"
	"glidepath/engine/eventlog"
	"glidepath/engine/recording"
	"glidepath/engine/scenario"
	"glidepath/internal/goroutines"
	"glidepath/interp"
	"glidepath/physics"
	"glidepath/physics/anim"
)

// straightRun is what a run from tick 0 to the end gives, tick by tick.
type straightRun struct {
	hashes []uint64
	views  [][]ObjectView
	log    []eventlog.Event
	ends   []int // len(log) after each tick
	m      []ObjectMetrics
}

func runStraight(t *testing.T, rec *recording.Recording, opts Options) *straightRun {
	t.Helper()
	s := newSim(t, rec, opts)
	r := &straightRun{}
	for {
		r.hashes = append(r.hashes, s.Query().StateHash())
		r.views = append(r.views, s.Query().Objects(nil))
		r.ends = append(r.ends, len(s.Query().Events()))
		if s.Tick() == s.LastTick() {
			break
		}
		s.Step()
	}
	r.log = slices.Clone(s.Query().AllEvents())
	r.m = s.Query().Metrics()
	return r
}

// seekRecordings are inputs with creation, deletion, teleports, blips,
// stalls and jumps, to seek through.
func seekRecordings(t *testing.T) []*recording.Recording {
	t.Helper()
	var recs []*recording.Recording
	for _, f := range []string{"testdata/create_delete.jsonl", "testdata/airborne.jsonl"} {
		rec, err := recording.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		recs = append(recs, rec)
	}
	for _, name := range []string{"wall", "jitter", "teleport"} {
		rec, err := scenario.CompileAsset(assets.FS(), name)
		if err != nil {
			t.Fatal(err)
		}
		recs = append(recs, rec)
	}
	return recs
}

// checkAt compares s at its current tick with the straight run.
func (r *straightRun) checkAt(t *testing.T, s *Sim, what string) {
	t.Helper()
	k := s.Tick()
	if got := s.Query().StateHash(); got != r.hashes[k] {
		t.Fatalf("%s: state hash at tick %d differs from the straight run", what, k)
	}
	if got := s.Query().Objects(nil); !reflect.DeepEqual(got, r.views[k]) {
		t.Fatalf("%s: object views at tick %d differ from the straight run", what, k)
	}
	if got := s.Query().Events(); !slices.Equal(got, r.log[:r.ends[k]]) {
		t.Fatalf("%s: event log up to tick %d differs (%d events, want %d)", what, k, len(got), r.ends[k])
	}
}

// Property: for random seek sequences — random ticks, steps back, steps
// forward, repeated seeks — the state at every visited tick equals the
// straight run's, and the log and metrics end up identical.
func TestSeek_RandomSequencesMatchStraightRun(t *testing.T) {
	goroutines.NoneStarted(t)
	opts := Options{EventLog: true, Metrics: true, RecordStages: true}
	for i, rec := range seekRecordings(t) {
		t.Run(rec.Name, func(t *testing.T) {
			goroutines.NoneStarted(t)
			straight := runStraight(t, rec, opts)
			o := opts
			o.CheckpointInterval = 16
			s := newSim(t, rec, o)
			rng := rand.New(rand.NewPCG(uint64(i), 7))
			last := s.LastTick()
			for step := range 300 {
				switch op := rng.IntN(6); op {
				case 0, 1:
					s.Seek(rng.IntN(last + 1))
				case 2:
					s.StepBack()
				case 3:
					if s.Tick() < last {
						s.Step()
					}
				case 4:
					s.Seek(s.Tick()) // repeated: a no-op
				case 5:
					s.Seek(s.Tick() + rng.IntN(50))
				}
				straight.checkAt(t, s, fmt.Sprintf("step %d", step))
			}
			s.RunAll(nil)
			straight.checkAt(t, s, "after RunAll")
			if !slices.Equal(s.Query().AllEvents(), straight.log) {
				t.Fatal("the whole event log differs from the straight run's")
			}
			if !reflect.DeepEqual(s.Query().Metrics(), straight.m) {
				t.Fatal("metrics after seeking differ from the straight run's")
			}
		})
	}
}

// Seeking under every reading, and under the leave-ground choice no preset
// makes (its movement manager reads the object, and a restored object must
// be wired to it as a created one is): random seeks give the straight
// run's state.
func TestSeek_EveryReadingMatchesStraightRun(t *testing.T) {
	goroutines.NoneStarted(t)
	var readings []interp.Reading
	for _, name := range interp.ReadingNames() {
		r, err := interp.ReadingByName(name)
		if err != nil {
			t.Fatal(err)
		}
		readings = append(readings, r)
	}
	leave := interp.SeedReading()
	leave.LeaveGroundVelocity = true
	readings = append(readings, leave)
	for _, rec := range seekRecordings(t)[:2] {
		for i, reading := range readings {
			opts := Options{Reading: reading, RecordStages: true}
			straight := runStraight(t, rec, opts)
			opts.CheckpointInterval = 8
			s := newSim(t, rec, opts)
			rng := rand.New(rand.NewPCG(uint64(i), 11))
			for step := range 60 {
				s.Seek(rng.IntN(s.LastTick() + 1))
				straight.checkAt(t, s, fmt.Sprintf("%s, reading %d, seek %d", rec.Name, i, step))
			}
		}
	}
}

// A logging Sim that seeks forward into ticks it has not simulated logs
// their pops with the stage that moved the body, as a straight run does:
// the stage record is left out only of ticks whose events are already
// logged (Seek).
func TestSeek_ForwardIntoNewTicksKeepsPopStages(t *testing.T) {
	goroutines.NoneStarted(t)
	opts := Options{EventLog: true, Metrics: true, RecordStages: true}
	pops := 0
	for _, name := range []string{"wall", "teleport", "cliff", "jump"} {
		rec := compiled(t, name)
		straight := runStraight(t, rec, opts)
		s := newSim(t, rec, opts)
		s.Seek(s.LastTick())
		straight.checkAt(t, s, name+", one seek to the end")
		for _, e := range straight.log {
			if e.Kind == eventlog.EventPop && e.Stage < physics.NumStages {
				pops++
			}
		}
	}
	if pops == 0 {
		t.Fatal("the scenarios should log pops naming a stage")
	}
}

// RunAll pre-runs the whole recording, keeps the complete log, and comes
// back to the tick it started from.
func TestRunAll_KeepsLogAndReturns(t *testing.T) {
	rec, err := recording.ReadFile("testdata/far_jump.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	s := newSim(t, rec, Options{EventLog: true})
	runTo(s, 10)
	calls, lastDone := 0, 0
	s.RunAll(func(done, total int) {
		calls++
		lastDone = done
		if total != s.LastTick() {
			t.Errorf("progress total %d, want %d", total, s.LastTick())
		}
	})
	if s.Tick() != 10 || s.Furthest() != s.LastTick() || calls == 0 || lastDone != s.LastTick() {
		t.Fatalf("after RunAll: tick %d, furthest %d, %d progress calls ending at %d", s.Tick(), s.Furthest(), calls, lastDone)
	}
	if len(eventsOf(s, eventlog.EventBlip)) != 1 || len(s.Query().Events()) != 1 || s.Query().Events()[0].Kind != eventlog.EventNote {
		t.Fatalf("the whole run's log should hold the blip, the log up to tick 10 only the note: %d, %+v", len(eventsOf(s, eventlog.EventBlip)), s.Query().Events())
	}
}

// Stepping between events: next and previous update, blip, note, for one
// object or any, and nothing past the ends.
func TestNextPrevEvent(t *testing.T) {
	rec, err := recording.ReadFile("testdata/create_delete.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	s := newSim(t, rec, Options{EventLog: true})
	updates := eventlog.Filter{Marks: eventlog.MarkUpdate}
	// The log is empty at tick 0: NextEvent simulates ahead to find it and
	// keeps the current tick.
	if k, ok := s.NextEvent(0, updates); !ok || k != 24 || s.Tick() != 0 {
		t.Fatalf("next update after 0: %d %v (tick %d), want 24", k, ok, s.Tick())
	}
	resident := eventlog.Filter{Marks: eventlog.MarkUpdate, OneObject: true, GUID: 0x80000A01}
	if k, ok := s.NextEvent(0, resident); !ok || k != 30 {
		t.Fatalf("next update of the resident: %d %v, want 30", k, ok)
	}
	if k, ok := s.NextEvent(30, resident); ok {
		t.Fatalf("the resident has no update after 30, got %d", k)
	}
	if k, ok := s.Query().PrevEvent(78, updates); !ok || k != 75 {
		t.Fatalf("previous update before 78: %d %v, want 75", k, ok)
	}
	if k, ok := s.NextEvent(-1, eventlog.Filter{Marks: eventlog.MarkNote}); !ok || k != 1 {
		t.Fatalf("the note is in tick 1, got %d %v", k, ok)
	}
	if _, ok := s.Query().PrevEvent(1, eventlog.Filter{}); ok {
		t.Fatal("nothing happens before tick 1")
	}
	if k, ok := s.NextEvent(0, eventlog.Filter{Marks: eventlog.MarkCreate | eventlog.MarkDelete}); !ok || k != 15 {
		t.Fatalf("first create or delete: %d %v, want 15", k, ok)
	}
	if _, ok := newSim(t, rec, Options{}).NextEvent(0, updates); ok {
		t.Fatal("without the event log there is nothing to find")
	}
}

// The checkpoint interval follows the memory budget: the smaller the
// budget, the longer the interval, and the checkpoints fit it.
func TestCheckpoints_FitTheBudget(t *testing.T) {
	goroutines.NoneStarted(t)
	rec := scenario.BenchRecording(20, 5, 0.5, 1)
	var prev int
	for _, budget := range []int64{256 << 20, 1 << 20, 128 << 10} {
		s := newSim(t, rec, Options{CheckpointBudget: budget})
		s.RunAll(nil)
		if s.Query().CheckpointInterval() < MinCheckpointInterval || s.Query().CheckpointInterval() < prev {
			t.Fatalf("budget %d: interval %d (previous %d)", budget, s.Query().CheckpointInterval(), prev)
		}
		if s.Query().CheckpointBytes() > budget {
			t.Fatalf("budget %d: checkpoints hold %d bytes", budget, s.Query().CheckpointBytes())
		}
		prev = s.Query().CheckpointInterval()
	}
	if prev == MinCheckpointInterval {
		t.Fatal("a 128 KiB budget should force a longer interval than the minimum")
	}
}

// A crowd may take checkpoints closer than MinCheckpointInterval — a seek
// re-simulates up to an interval of every object — down to 64·500/objects
// ticks and never below MinCrowdCheckpointInterval.
func TestCheckpoints_CrowdIntervalFloor(t *testing.T) {
	goroutines.NoneStarted(t)
	for _, c := range []struct{ objects, want int }{{100, MinCheckpointInterval}, {1000, 32}, {2000, 24}} {
		s := newSim(t, scenario.BenchRecording(c.objects, 0.2, 0.5, 1), Options{})
		if got := s.Query().CheckpointInterval(); got != c.want {
			t.Errorf("%d objects: a checkpoint every %d ticks, want %d", c.objects, got, c.want)
		}
	}
}

// STYLE.md point 7: the viewer selects by guid; a seek rebuilds the state
// and the guid still names the same object.
func TestSeek_SelectionByGUIDSurvives(t *testing.T) {
	rec, err := recording.ReadFile("testdata/steady_walk.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	s := newSim(t, rec, Options{CheckpointInterval: 16})
	runTo(s, 100)
	before, _ := s.Query().Object(0x80000A01)
	s.Seek(3)
	s.Seek(100)
	after, ok := s.Query().Object(0x80000A01)
	if !ok || !reflect.DeepEqual(before, after) {
		t.Fatal("the selected object changed across a seek and back")
	}
}

// objectWords is every object's whole state as checkpoint words
// (appendObjectWords), the animations numbered by name: two Sims that
// share checkpoints hold the same animations at different addresses.
func objectWords(s *Sim) [][]uint32 {
	var out [][]uint32
	refs := animsByName{}
	for _, o := range s.slots[:s.nslots] {
		w := physics.StateWriter{}
		appendObjectWords(&w, o, refs)
		out = append(out, w.W)
	}
	return out
}

type animsByName map[string]uint32

func (r animsByName) Ref(a *anim.Animation) uint32 {
	n, ok := r[a.Name()]
	if !ok {
		n = uint32(len(r))
		r[a.Name()] = n
	}
	return n
}

// Every object's full state (its checkpoint words and its view) after a
// seek back to each tick from 50 ticks later equals the straight run's at
// that tick (DESIGN.md "Time, snapshots and seeking": seek-then-play
// equals straight play): the synthetic crowd run past its recording (the
// report of a heading 60° off at tick 200 after a seek from 250), every
// recording in testdata/ and the corpus sessions (server floor), and the
// crowd again seeking through checkpoints a chunked pre-run saved
// (AdvanceBriefs, the window's).
func TestSeek_EveryTickEveryObjectMatchesStraightRun(t *testing.T) {
	dropHelpersAfter(t)
	type input struct {
		rec      *recording.Recording
		last     int
		from     int // the first tick checked
		prerun   bool
		interval int
	}
	crowd := synthCrowd(t, 300, 4, 29)
	inputs := []input{{rec: crowd, last: 300, from: 120, interval: 64}, {rec: crowd, last: 300, from: 150, prerun: true}}
	files, _ := filepath.Glob("testdata/*.jsonl")
	corpus, _ := filepath.Glob("../testdata/corpus/*.jsonl")
	if len(files) == 0 || len(corpus) == 0 {
		t.Fatal("no recordings to seek through")
	}
	for _, f := range files {
		rec, err := recording.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		inputs = append(inputs, input{rec: rec, interval: 16})
	}
	for _, f := range corpus {
		rec, err := recording.ReadSource(openCapture(t, f))
		if err != nil {
			t.Fatal(err)
		}
		rec.Name = filepath.Base(f)
		inputs = append(inputs, input{rec: rec, last: 600, interval: 16})
	}
	// Under the race detector (raceEnabled) the crowd seeking through the
	// checkpoints a pre-run saved on two goroutines runs, at every 25th
	// tick, without the straight run it is compared with: the other inputs
	// and the straight run step and seek on one goroutine, where the race
	// detector has nothing to find, and every input runs at every tick,
	// compared with its straight run, in make test's second pass (Makefile
	// RACE_LIGHT).
	stride := 1
	if raceEnabled {
		inputs = slices.DeleteFunc(inputs, func(in input) bool { return !in.prerun })
		stride = 25
	}
	for _, in := range inputs {
		opts := Options{LastTick: in.last}
		var st *EventStore
		straight := newSim(t, in.rec, opts)
		if in.prerun {
			var err error
			if st, err = ReadEvents(recording.NewSource(in.rec), Options{Assets: assets.FS()}); err != nil {
				t.Fatal(err)
			}
			straight = prerunSim(t, st, Options{LastTick: in.last, RecordStages: true})
		}
		words := [][][]uint32{objectWords(straight)}
		views := [][]ObjectView{straight.Query().Objects(nil)}
		for !raceEnabled && straight.Tick() < straight.LastTick() {
			straight.Step()
			words = append(words, objectWords(straight))
			views = append(views, straight.Query().Objects(nil))
		}
		o := opts
		o.CheckpointInterval = in.interval
		s := newSim(t, in.rec, o)
		if in.prerun {
			// The window's Sim seeks through the checkpoints a pre-run
			// in runs of ticks over chunks of objects saved.
			s = prerunSim(t, st, Options{LastTick: in.last, RecordStages: true})
			pre := prerunSim(t, st, Options{LastTick: in.last, Workers: 2})
			if err := pre.ShareCheckpoints(s); err != nil {
				t.Fatal(err)
			}
			if got := prerunByRuns(pre, 2, 64); got.sharded == 0 {
				t.Fatal("no tick of the pre-run stepped in shards")
			}
		}
		for k := s.LastTick(); k >= in.from; k -= stride {
			s.Seek(k + 50)
			s.Seek(k)
			what := fmt.Sprintf("%s (checkpoints every %d, pre-run %v), tick %d after a seek from %d", in.rec.Name, s.Query().CheckpointInterval(), in.prerun, k, k+50)
			if s.Tick() != k {
				t.Fatalf("%s: at tick %d", what, s.Tick())
			}
			if raceEnabled {
				continue
			}
			if got := s.Query().Objects(nil); !reflect.DeepEqual(got, views[k]) {
				for i := range min(len(got), len(views[k])) {
					if !reflect.DeepEqual(got[i], views[k][i]) {
						t.Fatalf("%s: %s's view differs from the straight run's:\n got  %+v\n want %+v", what, got[i].Name, got[i], views[k][i])
					}
				}
				t.Fatalf("%s: %d objects, straight %d", what, len(got), len(views[k]))
			}
			got := objectWords(s)
			if len(got) != len(words[k]) {
				t.Fatalf("%s: %d slots, straight %d", what, len(got), len(words[k]))
			}
			for i := range got {
				if !slices.Equal(got[i], words[k][i]) {
					t.Fatalf("%s: slot %d's state differs from the straight run's:\n got  %v\n want %v", what, i, got[i], words[k][i])
				}
			}
		}
	}
}
