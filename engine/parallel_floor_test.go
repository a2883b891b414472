// Runs of ticks in a world with a server floor, and in a run whose objects
// all come later: the chunked path (AdvanceTrace, AdvanceRows, the bare
// run) gives tick by tick's trace and metrics.

package engine

import (
	"bytes"
	"reflect"
	"testing"

	"glidepath/assets"
	"glidepath/engine/capture"
	"glidepath/engine/recording"
)

// openCapture opens a corpus session as a stream (no dat files: its indoor
// cells stand on the server's floor, docs/real-sessions.md).
func openCapture(t *testing.T, path string) recording.Source {
	t.Helper()
	r, err := capture.Open(path, capture.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close() })
	return r
}

// The world's FloorTick is the Sim's, one for every chunk: a chunk stepping
// a run of ticks would sweep its bodies against the floor of the tick
// before the run, and a body the server put on an indoor floor during it
// would lose contact (fellowship-two-monarch at tick 340: contact false
// tick by tick, true in runs of 64 ticks). Such a world steps tick by tick
// (Sim.shardable), and its trace and metrics are tick by tick's.
//
// The tick-by-tick run each is compared with is on one goroutine: under
// the race detector (raceEnabled) the runs of 64 ticks alone, checked to
// step no tick in shards, and compared with tick by tick's in make test's
// second pass (Makefile RACE_LIGHT), runs of 1 and 64.
func TestAdvanceTrace_ServerFloorTickByTick(t *testing.T) {
	dropHelpersAfter(t)
	const path = "../testdata/corpus/fellowship-two-monarch.prefix.jsonl"
	opts := Options{Assets: assets.FS(), Metrics: true, EventLog: true}
	var want []byte
	var wantM []ObjectMetrics
	if !raceEnabled {
		want, wantM = streamTrace(t, openCapture(t, path), opts, path)
	}
	for _, every := range []int{1, 64} {
		if raceEnabled && every != 64 {
			continue // runs of 64 under the race detector, both in the second pass
		}
		o := opts
		o.Workers = 2
		got, gotM, sharded := advancedTrace(t, openCapture(t, path), o, path, every)
		if sharded != 0 || len(got) == 0 {
			t.Errorf("every %d ticks: %d ticks stepped in shards, %d bytes of trace; want none in shards, a trace", every, sharded, len(got))
		}
		if raceEnabled {
			continue
		}
		if !bytes.Equal(got, want) {
			t.Errorf("every %d ticks: the trace differs from tick by tick's: %s", every, firstDiff(got, want))
		}
		if !reflect.DeepEqual(gotM, wantM) {
			t.Errorf("every %d ticks: the metrics differ from tick by tick's", every)
		}
	}
	// The same rows through AdvanceRows (viewer diff's path, which steps
	// in runs of ticks only a Sim with no log or metrics).
	rowsOf := func(chunked bool) ([]StateRow, int) {
		o := Options{Assets: assets.FS()}
		if chunked {
			o.Workers = 2
		}
		s, err := NewStream(openCapture(t, path), o)
		if err != nil {
			t.Fatal(err)
		}
		var all []StateRow
		for !s.Done() {
			n := 1
			if chunked {
				n = 64
			}
			if err := s.AdvanceRows(n, func(_ int, rows []StateRow) error {
				for _, r := range rows {
					r.heading = s.Query().RowHeading(&r)
					r.slot, r.headed = 0, true
					all = append(all, r)
				}
				return nil
			}); err != nil {
				t.Fatal(err)
			}
		}
		n := 0
		if s.batch != nil {
			n = s.batch.ticks
		}
		return all, n
	}
	gotRows, sharded := rowsOf(true)
	if sharded != 0 || len(gotRows) == 0 {
		t.Errorf("AdvanceRows in runs of 64 ticks: %d ticks stepped in shards, %d rows; want none in shards, rows", sharded, len(gotRows))
	}
	if raceEnabled {
		return
	}
	wantRows, _ := rowsOf(false)
	if len(wantRows) == 0 || !reflect.DeepEqual(gotRows, wantRows) {
		t.Errorf("AdvanceRows in runs of 64 ticks gives other rows (%d) than tick by tick (%d)", len(gotRows), len(wantRows))
	}
}

// A run of ticks before any object exists (every object of the recording
// created by an event after tick 0) steps in shards of no object, where it
// divided by zero, and the trace is tick by tick's.
func TestAdvanceTrace_NoObjectYet(t *testing.T) {
	dropHelpersAfter(t)
	rec := synthCrowd(t, 150, 3, 41)
	late := *rec
	late.Header.Entities = nil
	var evs []recording.Event
	for i := range rec.Header.Entities {
		e := rec.Header.Entities[i]
		evs = append(evs, recording.Event{T: 0.5, Kind: recording.KindCreate, GUID: e.GUID, HasGUID: true, Entity: &e})
	}
	for _, e := range rec.Events {
		if e.T > 0.5 {
			evs = append(evs, e)
		}
	}
	late.Events = evs
	opts := Options{Assets: assets.FS(), Metrics: true, EventLog: true}
	want, wantM := streamTrace(t, recording.NewSource(&late), opts, late.Name)
	o := opts
	o.Workers = 2
	got, gotM, n := advancedTrace(t, recording.NewSource(&late), o, late.Name, 64)
	if n == 0 {
		t.Fatal("no tick stepped in shards")
	}
	if !bytes.Equal(got, want) {
		t.Errorf("the trace differs from tick by tick's: %s", firstDiff(got, want))
	}
	if !reflect.DeepEqual(gotM, wantM) {
		t.Error("the metrics differ from tick by tick's")
	}
}
