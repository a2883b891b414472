// Per-stage benchmark (docs/benchmarks.md, "Per stage"): delivery alone —
// routing each UpdatePosition of the benchmark recording (the instance and
// position stamps, MoveOrTeleport, InterpolateTo and ConstrainTo, seed 004
// §0–§4) with no UpdateObjectInternal in between, so the bodies stand
// still where minute 1 left them and the queues fill as they would for a
// remote that stopped moving.

package engine

import (
	"testing"

	"glidepath/assets"
	"glidepath/engine/recording"
	"glidepath/engine/scenario"
)

func BenchmarkStage(b *testing.B) {
	b.Run("deliver", func(b *testing.B) {
		rec := scenario.BenchWorldRecording(100, 10, 0.5, 1, scenario.BenchObserverNear)
		s, err := New(rec, Options{Assets: assets.FS(), NoCheckpoints: true})
		if err != nil {
			b.Fatal(err)
		}
		start := 60 * s.TickRate()
		runTo(s, start)
		first := s.cursor
		events := 0
		b.ReportAllocs()
		for b.Loop() {
			if s.cursor >= len(s.rec.Events) {
				b.StopTimer()
				s.Seek(0)
				runTo(s, start)
				b.StartTimer()
			}
			i := s.cursor
			if s.posAt != i {
				s.pos = s.store.seek(i)
			}
			target := s.store.decode(&s.pos, i, &s.ev)
			s.cursor++
			s.posAt = s.cursor
			if ev := &s.ev; ev.Kind == recording.KindPosition {
				s.source = int32(i)
				s.deliver(ev, target)
				events++
			}
		}
		if events == 0 || first == len(s.rec.Events) {
			b.Fatal("no UpdatePosition delivered")
		}
	})
}
