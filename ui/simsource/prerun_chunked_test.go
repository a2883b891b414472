// The window's pre-run on the engine's chunked path (Source.StepRecord,
// model.Recorder): the history, the event log and its index a crowd's
// pre-run fills are those of stepping the branch tick by tick with a Brief
// snapshot recorded at every stride — whatever the stride and however many
// ticks each call asks for.

package simsource

import (
	"reflect"
	"testing"

	"glidepath/assets"
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
	rec := scenario.BenchRecording(300, 0.5, 0.5, 1)
	for _, stride := range []int{1, 3} {
		for _, every := range []int{64, 90} {
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
		}
	}
}
