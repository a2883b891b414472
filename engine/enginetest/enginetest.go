// Package enginetest builds the small inputs the engine's tests and those
// of the packages built on a run (engine/report, ...) share: one object in
// landblock 0xA9B4 and the UpdatePositions the client received about it,
// so each test states exactly what arrived; the courier scenario whose
// expectations engine and engine/report test; a shipped scenario compiled,
// or written as a capture for the import tests of cmd/viewer and
// internal/importcmd. It imports no engine package that runs a Sim, so
// the engine's own tests can use it.
package enginetest

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/assets"
	"glidepath/engine/capture/capturetest"
	"glidepath/engine/eventlog"
	"glidepath/engine/recording"
	"glidepath/engine/scenario"
	"glidepath/physics"
)

// GUID is the one object's guid.
const GUID = 0x80000A01

// PosAt returns an outdoor position in landblock 0xA9B4 at (x, y, 0) facing
// heading.
func PosAt(x, y, heading float32) physics.Position {
	p := physics.NewPosition(0xA9B40001, mgl32.Vec3{x, y, 0}, heading)
	p.Normalize()
	return p
}

// Courier is a remote with no motion interpreter running at 10 m/s, above
// the 7.5 m/s catch-up speed (seed 000 §4), with an update every tick, so
// its queue fills to the cap of 20 and evicts its head (seed 000 §3). The
// tests of its expectations append an expect block.
const Courier = `duration: 12
seed: 3
updates: on_change
network: {latency: 0.05}
remotes:
  - guid: 0x80000C01
    name: Courier
    position: [20, 80]
    heading: 90
    motion: false
    run_rate: 2.5
    script:
      - wait: 1
      - run_to: [172, 80]
`

// CourierClaims is Courier with three claims: it never blips and its queue
// stays within 5 (both false), and it never snaps (true).
const CourierClaims = Courier + `expect:
  - {object: Courier, blips: 0, queue_max: [0, 5]}
  - {object: Courier, snaps: 0}
`

// OneObject is a recording at 30 Hz with one entity, GUID, at (90, 90)
// facing east (with a motion interpreter when motion is set) and the
// observer at (96, 96).
func OneObject(motion bool) *recording.Recording {
	h := recording.NewHeader()
	h.HasObserver, h.Observer = true, PosAt(96, 96, 0)
	e := recording.NewEntity(GUID, PosAt(90, 90, 90))
	e.Name = "Tester"
	e.Seq.Instance = 1
	e.HasMotion = motion
	h.Entities = []recording.Entity{e}
	return &recording.Recording{Name: "test.jsonl", Header: h}
}

// PositionEvent is an UpdatePosition of GUID at t, at (x, y) facing east,
// with position stamp stamp.
func PositionEvent(t float64, x, y float32, stamp uint16) recording.Event {
	return recording.Event{
		T: t, Kind: recording.KindPosition, GUID: GUID, HasGUID: true,
		Update: recording.UpdatePosition{
			GUID: GUID, Pos: PosAt(x, y, 90), Grounded: true,
			Seq: recording.PositionSeq{Instance: 1, Position: stamp},
		},
	}
}

// CaptureFile writes the shipped scenario name as a capture
// (capturetest) in a temporary directory, under the file name given, and
// returns its path and the recording it carries.
func CaptureFile(t testing.TB, name, file string, cfg capturetest.Config) (string, *recording.Recording) {
	t.Helper()
	rec, err := scenario.CompileAsset(assets.FS(), name)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if _, err := capturetest.FromRecording(&buf, rec, cfg); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), file)
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path, rec
}

// Compiled compiles the shipped scenario name.
func Compiled(t testing.TB, name string) *recording.Recording {
	t.Helper()
	rec, err := scenario.CompileAsset(assets.FS(), name)
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

// OfKind returns the events of kind k among events.
func OfKind(events []eventlog.Event, k eventlog.EventKind) []eventlog.Event {
	var out []eventlog.Event
	for _, e := range events {
		if e.Kind == k {
			out = append(out, e)
		}
	}
	return out
}
