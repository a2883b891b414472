// The window's pre-run on the engine's chunked path (Source.StepRecord,
// model.Recorder): the history, the event log and its index a crowd's
// pre-run fills are those of stepping the branch tick by tick with a Brief
// snapshot recorded at every stride — whatever the stride and however many
// ticks each call asks for.

package simsource

import (
	"reflect"
	"slices"
	"testing"

	"glidepath/assets"
	"glidepath/engine/eventlog"
	"glidepath/engine/recording"
	"glidepath/engine/scenario"
	"glidepath/ui/model"
)

// tickByTick hides a Source's StepRecord (and its Branch): a Prerunner
// over it steps, snapshots and records tick by tick.
type tickByTick struct{ model.Source }

// chunkedOnly hides a Source's Branch, keeping its StepRecord.
type chunkedOnly struct {
	model.Source
	model.Recorder
}

func TestStepRecord_SameAsTickByTick(t *testing.T) {
	sameAsTickByTick(t, scenario.BenchRecording(300, 0.5, 0.5, 1), []int{1, 3}, []int{64, 90})
}

// heldAndLate is rec with a sword held by an object of the last chunk but
// placed first (every chunk's history part then holds an item whose holder
// another part took), a ring held by the observer, an object created late
// and one deleted half way.
func heldAndLate(rec *recording.Recording) *recording.Recording {
	out := *rec
	h := &out.Header
	h.Entities = slices.Clone(h.Entities)
	sword := recording.NewEntity(0x7F000B01, h.Entities[0].Pos)
	sword.Name, sword.Parent, sword.ParentLocation = "Sword", h.Entities[len(h.Entities)-3].GUID, 1
	ring := recording.NewEntity(0x7F000B02, h.Entities[0].Pos)
	ring.Name, ring.Parent, ring.ParentLocation = "Ring", recording.ObserverTarget, 1
	late := h.Entities[1]
	late.GUID = 0x7F000C01
	gone := h.Entities[4].GUID
	h.Entities = append([]recording.Entity{sword}, h.Entities...)
	h.Entities = append(h.Entities, ring)
	add := []recording.Event{
		{T: 4, Kind: recording.KindCreate, GUID: late.GUID, HasGUID: true, Entity: &late},
		{T: 15, Kind: recording.KindDelete, GUID: gone, HasGUID: true},
	}
	var evs []recording.Event
	for _, e := range rec.Events {
		for len(add) > 0 && add[0].T <= e.T {
			evs = append(evs, add[0])
			add = add[1:]
		}
		if e.GUID == gone && e.T > 15 {
			continue
		}
		evs = append(evs, e)
	}
	out.Events = append(evs, add...)
	return &out
}

// Held items (one by an object of another chunk, one by the observer), a
// late create and a delete: the chunked pre-run's history places the held
// items where tick by tick's does.
func TestStepRecord_HeldItemsSameAsTickByTick(t *testing.T) {
	rec := heldAndLate(scenario.BenchRecording(300, 0.5, 0.5, 2))
	h := sameAsTickByTick(t, rec, []int{2}, []int{64})
	sword, ring := h.Track(0x7F000B01), h.Track(0x7F000B02)
	if sword == nil || ring == nil || h.Track(0x7F000C01) == nil {
		t.Fatal("the history has no track of the held items or the late object")
	}
	holder := h.Track(rec.Header.Entities[len(rec.Header.Entities)-4].GUID)
	a, ok1 := sword.At(600)
	b, ok2 := holder.At(600)
	if !ok1 || !ok2 || a.Pos != b.Pos {
		t.Errorf("the sword is at %v at tick 600, its holder at %v: want its holder's place", a.Pos, b.Pos)
	}
}

// sameAsTickByTick pre-runs rec's branch tick by tick and on the chunked
// path, at each stride and ticks a call, compares the histories, logs and
// indexes, and returns the last history.
func sameAsTickByTick(t *testing.T, rec *recording.Recording, strides, calls []int) *model.History {
	t.Helper()
	var last *model.History
	for _, stride := range strides {
		for _, every := range calls {
			var hists []*model.History
			var logs []*model.Index
			var events [][]any
			for _, chunked := range []bool{false, true} {
				srcs, err := New(rec, rec.Name, nil, assets.FS())
				if err != nil {
					t.Fatal(err)
				}
				branch, err := srcs[0].Branch()
				if err != nil {
					t.Fatal(err)
				}
				var run model.Source = tickByTick{branch}
				if chunked {
					run = chunkedOnly{branch, branch.(*Source)}
				}
				h := model.NewHistory()
				h.SetStride(stride)
				h.SetExpected(run.Info().LastTick)
				p, err := model.NewPrerunner(run, h)
				if err != nil {
					t.Fatal(err)
				}
				for !p.Done() {
					p.Advance(every)
				}
				x, err := p.Finish()
				if err != nil {
					t.Fatal(err)
				}
				if chunked && branch.(*Source).Sim().Furthest() != run.Info().LastTick {
					t.Fatalf("pre-run to tick %d of %d", branch.(*Source).Sim().Furthest(), run.Info().LastTick)
				}
				var evs []any
				log := run.Events()
				for i := range log.Len() {
					evs = append(evs, log.At(i))
				}
				hists, logs, events = append(hists, h), append(logs, x), append(events, evs)
			}
			if len(hists[0].Tracks()) < 300 || len(events[0]) == 0 {
				t.Fatalf("stride %d: %d tracks, %d events: want the crowd's", stride, len(hists[0].Tracks()), len(events[0]))
			}
			if !reflect.DeepEqual(hists[1], hists[0]) {
				t.Errorf("stride %d, %d ticks a call: the chunked pre-run's history differs from tick by tick's", stride, every)
			}
			if !reflect.DeepEqual(events[1], events[0]) {
				t.Errorf("stride %d, %d ticks a call: the event logs differ", stride, every)
			}
			if logs[1].Len() != logs[0].Len() {
				t.Errorf("stride %d, %d ticks a call: the index holds %d events, want %d", stride, every, logs[1].Len(), logs[0].Len())
			}
			last = hists[1]
		}
	}
	return last
}

// A picture's pre-run indexes its log beside its runs of ticks
// (model.Prerunner.IndexBehind, after every call): the index it finishes
// with is the one indexing the whole log at the end makes — every
// object's events, blips and snaps, and every kind's density and fails.
func TestIndexBehind_SameIndexAsAtTheEnd(t *testing.T) {
	rec := scenario.BenchRecording(300, 0.3, 0.5, 3)
	var xs []*model.Index
	for _, behind := range []bool{false, true} {
		srcs, err := New(rec, rec.Name, nil, assets.FS())
		if err != nil {
			t.Fatal(err)
		}
		h := model.NewHistory()
		h.SetStride(2)
		p, err := model.NewPrerunner(srcs[0], h)
		if err != nil {
			t.Fatal(err)
		}
		for !p.Done() {
			p.Advance(64)
			if behind {
				p.IndexBehind()
			}
		}
		x, err := p.Finish()
		if err != nil {
			t.Fatal(err)
		}
		xs = append(xs, x)
	}
	at, behind := xs[0], xs[1]
	if at.Len() == 0 || behind.Len() != at.Len() {
		t.Fatalf("the index beside the pre-run holds %d events, the one at the end %d", behind.Len(), at.Len())
	}
	blips := 0
	for _, e := range rec.Header.Entities {
		if !slices.Equal(behind.Of(e.GUID), at.Of(e.GUID)) || behind.Blips(e.GUID) != at.Blips(e.GUID) {
			t.Fatalf("object %#x: events %v (%d blips and snaps) beside the pre-run, %v (%d) at the end",
				e.GUID, behind.Of(e.GUID), behind.Blips(e.GUID), at.Of(e.GUID), at.Blips(e.GUID))
		}
		blips += at.Blips(e.GUID)
	}
	for k := range eventlog.NumEventKinds {
		for b := range int(rec.Events[len(rec.Events)-1].T*30)/model.DensityTicks + 2 {
			n1, f1 := behind.Density(k, b)
			n0, f0 := at.Density(k, b)
			if n1 != n0 || f1 != f0 {
				t.Fatalf("%v in bucket %d: %d (%d failed) beside the pre-run, %d (%d) at the end", k, b, n1, f1, n0, f0)
			}
		}
	}
	if blips == 0 {
		t.Fatal("no blip or snap indexed: the test compares too little")
	}
}
