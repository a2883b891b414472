// The viewer's event log (store.EventLog) carries the engine's sprints,
// snap-backs and lags with their spans, and UpdateMotion stamp verdicts
// (engine/glide.go, engine/stamps.go).

package simsource

import (
	"context"
	"testing"

	"glidepath/assets"
	"glidepath/engine/eventlog"
	"glidepath/ui/model"
)

func openRun(t *testing.T, path string) model.EventLog {
	t.Helper()
	srcs, err := Open(Spec{Path: path, Assets: assets.FS()})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := model.Prerun(context.Background(), srcs[0], model.NewHistory(), nil); err != nil {
		t.Fatal(err)
	}
	return srcs[0].Events()
}

// Each glide recording's event shows in the converted log with its span
// (Since ≤ Until ≤ the tick it is logged at) and its ends.
func TestEvents_GlideKindsCarryTheirSpans(t *testing.T) {
	for _, c := range []struct {
		path string
		kind eventlog.EventKind
	}{
		{"../../recordings/ace2764_sprint.jsonl", eventlog.EventSprint},
		{"../../recordings/ace3328_snapback.jsonl", eventlog.EventSnapback},
		{"../../recordings/ace2823_lag.jsonl", eventlog.EventLag},
	} {
		log := openRun(t, c.path)
		found := 0
		for i := range log.Len() {
			e := log.At(i)
			if e.Kind != c.kind {
				continue
			}
			found++
			if e.Since <= 0 || e.Since > e.Until || e.Until > e.Tick {
				t.Errorf("%s: %v at tick %d spans %d–%d", c.path, c.kind, e.Tick, e.Since, e.Until)
			}
			if e.From == e.To {
				t.Errorf("%s: %v at tick %d has equal ends %v", c.path, c.kind, e.Tick, e.From)
			}
		}
		if found == 0 {
			t.Errorf("%s: no %v in the viewer's log", c.path, c.kind)
		}
	}
}

// A motion event with stamps carries them, the stored ones and the gate's
// verdict: the second UpdateMotion of motion_stamps.jsonl (movement 1 after
// 2) is dropped, the first applied.
func TestEvents_MotionStampsAndVerdict(t *testing.T) {
	log := openRun(t, "../../engine/recording/testdata/motion_stamps.jsonl")
	var motions []model.Event
	for i := range log.Len() {
		if e := log.At(i); e.Kind == eventlog.EventMotion && e.GUID == 0x80000A01 && e.HasStamps {
			motions = append(motions, e)
		}
	}
	if len(motions) < 2 {
		t.Fatalf("%d stamped motion events of 0x80000A01, want at least 2", len(motions))
	}
	if m := motions[0]; !m.Applied || m.StampsIn != [4]uint16{1, 2, 1, 0} {
		t.Errorf("first motion: applied %v, stamps %v; want applied, [1 2 1 0]", m.Applied, m.StampsIn)
	}
	if m := motions[1]; m.Applied || m.StampsIn != [4]uint16{1, 1, 1, 0} || m.StampsStored[1] != 2 {
		t.Errorf("second motion: applied %v, stamps %v stored %v; want dropped, [1 1 1 0] after movement 2", m.Applied, m.StampsIn, m.StampsStored)
	}
}
