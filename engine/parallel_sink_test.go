// State rows and events for a sink on the chunked path (AdvanceRows,
// parallel_rows.go): each tick's events reach Options.Sink and its rows the
// function in the order and with the values a run stepped tick by tick
// gives them — at any GOMAXPROCS, any number of shards and any run length.

package engine

import (
	"errors"
	"fmt"
	"reflect"
	"runtime"
	"slices"
	"testing"

	"glidepath/assets"
	"glidepath/engine/eventlog"
	"glidepath/engine/recording"
	"glidepath/engine/trace"
)

// sunkTick is one tick as a sink and AdvanceRows's function saw it.
type sunkTick struct {
	Tick   int
	Events []eventlog.Event
	Rows   []sunkRow
}

// sunkRow is a state row's fields and its heading (RowHeading).
type sunkRow struct {
	GUID, Cell   uint32
	Origin       [3]float32
	Queue, Fail  int
	Contact      bool
	Heading      float32
	HeadingValid bool
}

// tickSink keeps every tick's events.
type tickSink struct{ ticks []sunkTick }

func (k *tickSink) TickEvents(tick int, events []eventlog.Event) {
	k.ticks = append(k.ticks, sunkTick{Tick: tick, Events: slices.Clone(events)})
}

// rows adds tick's rows to the tick the sink last got; a tick whose events
// did not come first fails.
func (k *tickSink) rows(t *testing.T, s *Sim, tick int, rows []StateRow) error {
	if n := len(k.ticks); n == 0 || k.ticks[n-1].Tick != tick || k.ticks[n-1].Rows != nil {
		return fmt.Errorf("tick %d: rows without the tick's events first", tick)
	}
	out := []sunkRow{}
	for i := range rows {
		r := &rows[i]
		out = append(out, sunkRow{GUID: r.GUID, Cell: r.Cell, Origin: r.Origin, Queue: r.Queue, Fail: r.Fail,
			Contact: r.Contact, Heading: s.Query().RowHeading(r), HeadingValid: true})
	}
	k.ticks[len(k.ticks)-1].Rows = out
	return nil
}

// sunkByStep runs src tick by tick with a sink and returns what it saw
// (tick 0's rows first, with no events).
func sunkByStep(t *testing.T, src recording.Source, opts Options) []sunkTick {
	t.Helper()
	k := &tickSink{ticks: []sunkTick{{Tick: 0}}}
	opts.Sink = k
	s, err := NewStream(src, opts)
	if err != nil {
		t.Fatal(err)
	}
	for {
		if err := k.rows(t, s, s.Tick(), s.Query().States(nil)); err != nil {
			t.Fatal(err)
		}
		if s.Done() {
			break
		}
		s.Step()
	}
	if err := s.Err(); err != nil {
		t.Fatal(err)
	}
	return k.ticks
}

// sunkByRuns runs src with AdvanceRows, every ticks at a time, and returns
// what the sink and the function saw and the ticks stepped in shards.
func sunkByRuns(t *testing.T, src recording.Source, opts Options, every int) ([]sunkTick, int) {
	t.Helper()
	k := &tickSink{ticks: []sunkTick{{Tick: 0}}}
	opts.Sink = k
	s, err := NewStream(src, opts)
	if err != nil {
		t.Fatal(err)
	}
	if err := k.rows(t, s, 0, s.Query().States(nil)); err != nil {
		t.Fatal(err)
	}
	for !s.Done() {
		if err := s.AdvanceRows(every, func(tick int, rows []StateRow) error { return k.rows(t, s, tick, rows) }); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Err(); err != nil {
		t.Fatal(err)
	}
	n := 0
	if s.batch != nil {
		n = s.batch.ticks
	}
	return k.ticks, n
}

// Under the race detector (raceEnabled) the matrix runs its
// raceCombination part; make test's second pass runs all of it (RACE_LIGHT).
func TestAdvanceRows_SameAsTickByTick(t *testing.T) {
	dropHelpersAfter(t)
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	crowd := withLife(synthCrowd(t, 300, 4, 17))
	// A note about an object rides in its chunk; the one withLife adds is
	// about none.
	g := crowd.Header.Entities[7].GUID
	crowd.Events = append(slices.Clone(crowd.Events[:40]), append([]recording.Event{{T: crowd.Events[39].T, Kind: recording.KindNote, GUID: g, HasGUID: true, Text: "this one"}}, crowd.Events[40:]...)...)
	inputs := []*recording.Recording{crowd, compiled(t, "crowd")}
	if raceEnabled {
		// The synthetic crowd (notes, routes, objects coming and going);
		// the shipped crowd runs in the second pass.
		inputs = inputs[:1]
	}
	for _, rec := range inputs {
		opts := Options{Assets: assets.FS()}
		// The rows tick by tick, on one goroutine, are compared with in
		// the second pass only: under the race detector the runs in
		// shards step the crowd in shards.
		var want []sunkTick
		if !raceEnabled {
			runtime.GOMAXPROCS(1)
			want = sunkByStep(t, recording.NewSource(rec), opts)
		}
		none, about, routes := 0, 0, 0
		for _, tk := range want {
			for _, e := range tk.Events {
				switch {
				case e.Kind == eventlog.EventNote && e.GUID == 0:
					none++
				case e.Kind == eventlog.EventNote && e.GUID == g:
					about++
				case e.Kind == eventlog.EventRoute:
					routes++
				}
			}
		}
		if !raceEnabled && rec == crowd && (none == 0 || about != 1 || routes == 0) {
			t.Fatalf("the crowd's run has %d notes about no object, %d about %x and %d routes: want some of each to order", none, about, g, routes)
		}
		for _, procs := range []int{1, 2} {
			runtime.GOMAXPROCS(procs)
			for _, workers := range []int{1, 2, 3} {
				for _, every := range []int{1, 7, 64} {
					if rec != crowd && every == 7 {
						continue
					}
					if raceEnabled && !raceCombination(procs, workers, every) {
						continue
					}
					// Make test's second pass: the synthetic crowd at
					// each core count, shard count and run length once,
					// the shipped crowd twice (make sweep: all of it).
					plain := [][3]int{{1, 3, 7}, {2, 2, 1}, {2, 3, 64}, {1, 1, 64}}
					if rec != crowd {
						plain = [][3]int{{2, 3, 1}, {1, 2, 64}}
					}
					if !raceEnabled && !inSweep(plain, [3]int{procs, workers, every}) {
						continue
					}
					o := opts
					o.Workers = workers
					got, n := sunkByRuns(t, recording.NewSource(rec), o, every)
					what := fmt.Sprintf("%s, GOMAXPROCS %d, %d shards, every %d ticks", rec.Name, procs, workers, every)
					if rec == crowd && n == 0 {
						t.Errorf("%s: no tick stepped in shards", what)
					}
					if raceEnabled {
						continue
					}
					if len(got) != len(want) {
						t.Fatalf("%s: %d ticks, want %d", what, len(got), len(want))
					}
					for i := range want {
						if !reflect.DeepEqual(got[i], want[i]) {
							t.Fatalf("%s: tick %d differs from tick by tick's:\n got  %+v\n want %+v", what, want[i].Tick, got[i], want[i])
						}
					}
				}
			}
		}
	}
}

// A function's error stops AdvanceRows at once, chunked or not.
func TestAdvanceRows_StopsAtTheFunctionsError(t *testing.T) {
	dropHelpersAfter(t)
	rec := synthCrowd(t, 300, 4, 5)
	for _, every := range []int{1, 64} {
		s, err := NewStream(recording.NewSource(rec), Options{Assets: assets.FS(), Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		stop := fmt.Errorf("stop")
		calls := 0
		err = s.AdvanceRows(every, func(tick int, rows []StateRow) error {
			calls++
			if tick == 1 {
				return stop
			}
			return nil
		})
		if err != stop || calls != 1 {
			t.Errorf("every %d: error %v after %d calls, want the function's after 1", every, err, calls)
		}
	}
}

// failAfter accepts n bytes, then fails every write.
type failAfter struct{ n int }

var errFull = fmt.Errorf("disk full")

func (f *failAfter) Write(p []byte) (int, error) {
	if len(p) > f.n {
		k := f.n
		f.n = 0
		return k, errFull
	}
	f.n -= len(p)
	return len(p), nil
}

// A trace whose rows are written while the next run of ticks steps still
// reports the first write error from the AdvanceTrace that wrote them.
func TestAdvanceTrace_WriteErrorReported(t *testing.T) {
	dropHelpersAfter(t)
	rec := synthCrowd(t, 300, 4, 5)
	for _, limit := range []int{100 << 10, 1 << 20} {
		s, err := NewStream(recording.NewSource(rec), Options{Assets: assets.FS(), EventLog: true, Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		tw, err := trace.NewRunWriter(&failAfter{n: limit}, s.Query(), rec.Name)
		if err != nil {
			t.Fatal(err)
		}
		if err := tw.WriteTick(); err != nil {
			t.Fatal(err)
		}
		var got error
		for !s.Done() && got == nil {
			got = s.AdvanceTrace(256, tw)
		}
		if got == nil {
			got = tw.Flush()
		}
		if !errors.Is(got, errFull) {
			t.Errorf("limit %d: error %v, want the writer's", limit, got)
		}
		if s.batch == nil || s.batch.ticks == 0 {
			t.Errorf("limit %d: no tick stepped in shards", limit)
		}
	}
}
