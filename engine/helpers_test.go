// Test helpers: recordings built in memory, one object at a time, so each
// test states exactly what the client received.

package engine

import (
	"io/fs"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/assets"
	"glidepath/engine/eventlog"
	"glidepath/engine/recording"
	"glidepath/engine/scenario"
	"glidepath/physics"
)

const testGUID = 0x80000A01

// at returns an outdoor position in landblock 0xA9B4 at (x, y, 0) facing
// heading.
func posAt(x, y, heading float32) physics.Position {
	p := physics.NewPosition(0xA9B40001, mgl32.Vec3{x, y, 0}, heading)
	p.Normalize()
	return p
}

// testRecording is a recording at 30 Hz with one entity at (90, 90) facing
// east and the observer at (96, 96).
func testRecording(motion bool) *recording.Recording {
	h := recording.NewHeader()
	h.HasObserver, h.Observer = true, posAt(96, 96, 0)
	e := recording.NewEntity(testGUID, posAt(90, 90, 90))
	e.Name = "Tester"
	e.Seq.Instance = 1
	e.HasMotion = motion
	h.Entities = []recording.Entity{e}
	return &recording.Recording{Name: "test.jsonl", Header: h}
}

// positionEvent is an UpdatePosition of testGUID at t.
func positionEvent(t float64, x, y float32, stamp uint16) recording.Event {
	return recording.Event{
		T: t, Kind: recording.KindPosition, GUID: testGUID, HasGUID: true,
		Update: recording.UpdatePosition{
			GUID: testGUID, Pos: posAt(x, y, 90), Grounded: true,
			Seq: recording.PositionSeq{Instance: 1, Position: stamp},
		},
	}
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
	var out []eventlog.Event
	for _, e := range s.AllEvents() {
		if e.Kind == k {
			out = append(out, e)
		}
	}
	return out
}

func testAssets() fs.FS { return assets.FS() }

func nanT() float64 { return math.NaN() }

// compiled compiles the shipped scenario name.
func compiled(t testing.TB, name string) *recording.Recording {
	t.Helper()
	rec, err := scenario.CompileAsset(assets.FS(), name)
	if err != nil {
		t.Fatal(err)
	}
	return rec
}
