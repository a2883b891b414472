package engine

import (
	"math"
	"testing"

	"glidepath/assets"
	"glidepath/engine/loader"
	"glidepath/engine/recording"
)

// Due cuts the store into ticks: the ranges of ticks 0, 1, 2… follow one
// another from 0 to Len, and each event in tick k's range has its receive
// time in that tick (after tick k−1's time, at or before tick k's).
func TestEventStore_DueCutsTheEventsByTick(t *testing.T) {
	st, err := LoadEvents("../assets/scenarios/far-blip.yaml", assets.FS(), loader.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	rate := float64(st.rate)
	next, ticks := 0, 0
	var ev recording.Event
	for k := 0; next < st.Len(); k++ {
		lo, hi := st.Due(k)
		if lo != next || hi < lo {
			t.Fatalf("tick %d: [%d, %d), want it to start at %d", k, lo, hi, next)
		}
		for i := lo; i < hi; i++ {
			st.At(i, &ev)
			if due := int(math.Ceil(ev.T*rate - 1e-9)); due > k {
				t.Fatalf("event %d (t %.4f s) is listed at tick %d, before its time", i, ev.T, k)
			}
		}
		if hi > lo {
			ticks++
		}
		next = hi
	}
	if ticks < 10 {
		t.Fatalf("only %d ticks deliver anything", ticks)
	}
	if lo, hi := st.Due(-1); lo != 0 || hi != 0 {
		t.Fatalf("Due(-1) = [%d, %d)", lo, hi)
	}
}
