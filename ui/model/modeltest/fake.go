// Package modeltest provides a Source for tests of the viewer: a pure
// function of the tick, so seeking is trivial and every test sees the same
// run without the engine.
package modeltest

import (
	"fmt"
	"math"

	"glidepath/engine/eventlog"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/engine"
	"glidepath/interp"
	"glidepath/physics"
	"glidepath/ui/model"
)

// Landblock is the landblock the fake run is in: 0xA9B4.
const Landblock = 0xA9B4

// Origin is the south-west corner of Landblock in global metres.
var Origin = model.Vec3{0xA9 * 192, 0xB4 * 192, 0}

// Fake is a run of n objects walking circles around the landblock's centre
// at 4 m/s, each receiving an update every second (a route and an enqueue
// event), judging a stall window every 5 ticks (every tenth one failing) and
// blipping every 10 seconds. Nothing it draws is retail behaviour: it only
// gives the viewer something shaped like a run.
type Fake struct {
	info   model.Info
	n      int
	tick   int
	events []model.Event
}

// Centre of the circles.
var Centre = Origin.Add(model.Vec3{96, 96, 0})

// NewFake returns a fake run of n objects, lasting seconds at 30 ticks a
// second.
func NewFake(n int, seconds int) *Fake {
	f := &Fake{n: n}
	f.info = model.Info{
		File:     "fake",
		Reading:  interp.ReadingSeed,
		TickRate: 30,
		LastTick: seconds * 30,
		World:    &physics.World{Terrain: physics.FlatTerrain(0)},
		Notes:    []eventlog.Note{{Tick: 15, Text: "A fake run for tests."}},
	}
	f.events = f.build()
	return f
}

// Info describes the run.
func (f *Fake) Info() *model.Info { return &f.info }

// Tick is the cursor.
func (f *Fake) Tick() int { return f.tick }

// Step runs the next tick.
func (f *Fake) Step() { f.tick++ }

// Seek moves the cursor.
func (f *Fake) Seek(tick int) error {
	if tick < 0 || tick > f.info.LastTick {
		return fmt.Errorf("fake: tick %d outside [0, %d]", tick, f.info.LastTick)
	}
	f.tick = tick
	return nil
}

// GUID is object i's guid.
func GUID(i int) uint32 { return 0x80000001 + uint32(i) }

// Radius is object i's circle radius.
func Radius(i int) float64 { return 10 + 6*float64(i%8) }

// PosAt is object i's body position at tick k, in global metres: a point
// the landblock-local float32 of At holds exactly.
func PosAt(i, k int) model.Vec3 {
	a := float64(i)*0.7 + float64(k)/30*4/Radius(i)
	p := Centre.Add(model.Vec3{Radius(i) * math.Sin(a), Radius(i) * math.Cos(a), 0}).Sub(Origin)
	return Origin.Add(model.Vec3{float64(float32(p[0])), float64(float32(p[1])), float64(float32(p[2]))})
}

// At is the outdoor position (cell 1 of its landblock) at the global point
// p, facing heading degrees: landblock-local in float32, as the engine
// keeps positions.
func At(p model.Vec3, heading float64) physics.Position {
	x, y := math.Floor(p[0]/physics.LandblockLength), math.Floor(p[1]/physics.LandblockLength)
	return InCell(uint32(x)<<24|uint32(y)<<16|1, p, heading)
}

// InCell is the position in cell at the global point p (which must lie in
// the cell's landblock), facing heading degrees.
func InCell(cell uint32, p model.Vec3, heading float64) physics.Position {
	l := model.Local(cell, p)
	return physics.NewPosition(cell, mgl32.Vec3{float32(l[0]), float32(l[1]), float32(l[2])}, float32(heading))
}

// Snapshot fills s at the cursor.
func (f *Fake) Snapshot(s *model.Snapshot) {
	k := f.tick
	s.Reset(k)
	s.HasObserver = true
	s.Observer = Centre
	for i := range f.n {
		p := PosAt(i, k)
		a := float64(i)*0.7 + float64(k)/30*4/Radius(i)
		heading := math.Mod(a*180/math.Pi+90, 360)
		o := s.AddObject(engine.ObjectView{
			GUID: GUID(i), Name: fmt.Sprintf("fake %d", i), Slot: i,
			Position: At(p, heading), Heading: float32(heading), Contact: true, OnWalkable: true, Active: true,
			Radius: 0.35, Height: 1.8, PlayerDistance: float32(Radius(i)),
			CatchUpSpeed: 8, LastRoute: physics.RouteInterpolate, LastRouteTick: k / 30 * 30,
			HasTruth: true, Truth: At(PosAt(i, k+6), heading), TruthTick: k,
		})
		o.Interp = interp.InterpolationState{
			QueueLen: 3, FrameCounter: uint32(k % 5), OriginalDistance: 2,
			Window: interp.StallWindow{Frames: uint32(k % 5), HasBaseline: true, Cumulative: 0.1 * float32(k%5)},
		}
		o.Stages.Ran = [physics.NumStages]bool{true, true, true, true, true, true, true}
		for q := range 3 {
			s.AddNode(interp.Node{Type: interp.NodePosition, Position: At(PosAt(i, k+10*(q+1)), heading)})
		}
	}
}

// Events is the whole log.
func (f *Fake) Events() model.EventLog { return model.EventSlice(f.events) }

func (f *Fake) build() []model.Event {
	var ev []model.Event
	for k := 1; k <= f.info.LastTick; k++ {
		for i := range f.n {
			g := GUID(i)
			if (k+i)%30 == 0 {
				p := PosAt(i, k+15)
				ev = append(ev,
					model.Event{Tick: int32(k), GUID: g, Kind: eventlog.EventRoute, Route: physics.RouteInterpolate, HasReceived: true, Received: p, Note: -1},
					model.Event{Tick: int32(k), GUID: g, Kind: eventlog.EventEnqueue, Branch: interp.BranchNear, Note: -1})
			}
			if k%5 == 0 {
				pass := (k/5+i)%10 != 0
				ev = append(ev, model.Event{Tick: int32(k), GUID: g, Kind: eventlog.EventStallWindow, Pass: pass, Cumulative: 0.5, ProgressQuantum: 5.0 / 30, Note: -1})
			}
			if (k+7*i)%300 == 0 {
				ev = append(ev, model.Event{Tick: int32(k), GUID: g, Kind: eventlog.EventBlip, From: PosAt(i, k-1), To: PosAt(i, k), Target: interp.BlipTail, Note: -1})
			}
		}
		if k == 15 {
			ev = append(ev, model.Event{Tick: int32(k), Kind: eventlog.EventNote, Note: 0})
		}
	}
	return ev
}
