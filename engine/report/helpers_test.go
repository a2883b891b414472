// Test helpers: a small recording and the runs the report tests build over
// it, through the engine's exported API; the inputs are engine/enginetest's,
// shared with engine's own tests.

package report

import (
	"io/fs"
	"testing"

	"glidepath/assets"
	"glidepath/engine"
	"glidepath/engine/enginetest"
	"glidepath/engine/eventlog"
	"glidepath/engine/recording"
	"glidepath/interp"
	"glidepath/physics"
)

const testGUID = enginetest.GUID

// posAt returns an outdoor position in landblock 0xA9B4 at (x, y, 0)
// facing heading.
func posAt(x, y, heading float32) physics.Position { return enginetest.PosAt(x, y, heading) }

// testRecording is a recording at 30 Hz with one entity at (90, 90) facing
// east and the observer at (96, 96).
func testRecording(motion bool) *recording.Recording { return enginetest.OneObject(motion) }

// positionEvent is an UpdatePosition of testGUID at t.
func positionEvent(t float64, x, y float32, stamp uint16) recording.Event {
	return enginetest.PositionEvent(t, x, y, stamp)
}

// newSim makes a Sim of rec with the shipped assets.
func newSim(t testing.TB, rec *recording.Recording, opts engine.Options) *engine.Sim {
	t.Helper()
	opts.Assets = assets.FS()
	s, err := engine.New(rec, opts)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// compareOf makes one Sim of rec per reading, each with opts but its own
// reading, to be stepped in lock step.
func compareOf(rec *recording.Recording, readings []interp.Reading, opts engine.Options) (*engine.Compare, error) {
	var sims []*engine.Sim
	for _, r := range readings {
		o := opts
		o.Reading = r
		s, err := engine.New(rec, o)
		if err != nil {
			return nil, err
		}
		sims = append(sims, s)
	}
	return engine.CompareOf(sims...), nil
}

// eventsOf returns the events of kind k in s's log.
func eventsOf(s *engine.Sim, k eventlog.EventKind) []eventlog.Event {
	return enginetest.OfKind(s.Query().AllEvents(), k)
}

func testAssets() fs.FS { return assets.FS() }

// compiled compiles the shipped scenario name.
func compiled(t testing.TB, name string) *recording.Recording {
	t.Helper()
	return enginetest.Compiled(t, name)
}
