// Test helpers: recordings built in memory, one object at a time, so each
// test states exactly what the client received.

package engine

import (
	"io/fs"
	"math"
	"testing"

	"glidepath/assets"
	"glidepath/engine/enginetest"
	"glidepath/engine/eventlog"
	"glidepath/engine/recording"
	"glidepath/physics"
)

const testGUID = enginetest.GUID

// posAt returns an outdoor position in landblock 0xA9B4 at (x, y, 0) facing
// heading.
func posAt(x, y, heading float32) physics.Position { return enginetest.PosAt(x, y, heading) }

// testRecording is a recording at 30 Hz with one entity at (90, 90) facing
// east and the observer at (96, 96).
func testRecording(motion bool) *recording.Recording { return enginetest.OneObject(motion) }

// positionEvent is an UpdatePosition of testGUID at t.
func positionEvent(t float64, x, y float32, stamp uint16) recording.Event {
	return enginetest.PositionEvent(t, x, y, stamp)
}

// newSim makes a Sim of rec with the event log and metrics on.
func newSim(t testing.TB, rec *recording.Recording, opts Options) *Sim {
	t.Helper()
	opts.Assets = assets.FS()
	s, err := New(rec, opts)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// runTo steps s to tick k.
func runTo(s *Sim, k int) {
	for s.Tick() < k {
		s.Step()
	}
}

// eventsOf returns the events of kind k in s's log.
func eventsOf(s *Sim, k eventlog.EventKind) []eventlog.Event {
	return enginetest.OfKind(s.Query().AllEvents(), k)
}

func testAssets() fs.FS { return assets.FS() }

func nanT() float64 { return math.NaN() }

// compiled compiles the shipped scenario name.
func compiled(t testing.TB, name string) *recording.Recording {
	t.Helper()
	return enginetest.Compiled(t, name)
}
