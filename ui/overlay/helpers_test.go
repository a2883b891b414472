// A known snapshot and helpers for the overlay tests.

package overlay

import (
	"image/color"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/engine"
	"glidepath/interp"
	"glidepath/physics"
	"glidepath/ui/draw"
	"glidepath/ui/model"
	"glidepath/ui/model/modeltest"
)

// lb is landblock 0xA9B4's south-west corner, global metres.
var lb = draw.Vec3{0xA9 * 192, 0xB4 * 192, 0}

const (
	guidA = 0x80000A01
	guidB = 0x80000A02
)

// knownSnapshot is a hand-built tick 100 at 30 Hz: object A walking north at
// (100, 50) with a three-node queue (head at 2 m), object B airborne at
// (60, 60) with an empty queue, and the observer at the landblock's centre.
func knownSnapshot() *model.Snapshot {
	s := &model.Snapshot{}
	s.Reset(100)
	s.HasObserver = true
	s.Observer = lb.Add(draw.Vec3{96, 96, 0})
	a := s.AddObject(engine.ObjectView{
		GUID: guidA, Name: "Walker", Position: modeltest.InCell(0xA9B40013, lb.Add(draw.Vec3{100, 50, 0}), 0),
		Contact: true, OnWalkable: true, Radius: 0.35, Height: 1.8,
		HasTruth: true, Truth: modeltest.InCell(0xA9B40013, lb.Add(draw.Vec3{100, 53, 0}), 0),
	})
	a.Interp = interp.InterpolationState{QueueLen: 3, FrameCounter: 3, OriginalDistance: 2.4,
		Window: interp.StallWindow{Frames: 3, HasBaseline: true, Cumulative: 0.1}}
	for k := range 3 {
		typ := interp.NodePosition
		if k == 2 {
			typ = interp.NodeVelocity
		}
		s.AddNode(interp.Node{Type: typ, Position: modeltest.InCell(0xA9B40013, lb.Add(draw.Vec3{100, 52 + 2*float64(k), 0}), 0)})
	}
	s.AddObject(engine.ObjectView{
		GUID: guidB, Name: "Jumper", Position: modeltest.InCell(0xA9B40011, lb.Add(draw.Vec3{60, 60, 1.5}), 0),
		Contact: false, Radius: 0.35, Height: 1.8,
	})
	return s
}

// pos is o's body position, global metres.
func pos(o *engine.ObjectView) draw.Vec3 { return model.Global(&o.Position) }

// nodePos is node k of o's queue, global metres.
func nodePos(o *engine.ObjectView, k int) draw.Vec3 { return model.Global(&o.Queue[k].Position) }

// moveTo puts o's body at the global point p, in its cell.
func moveTo(o *engine.ObjectView, p draw.Vec3) {
	o.Position = modeltest.InCell(o.Position.Cell, p, float64(o.Heading))
}

func newScene(s *model.Snapshot) *Scene {
	return &Scene{Snap: s, TickRate: 30, Stage: -1}
}

func record(sc *Scene, on Set) *draw.Recorder {
	var r draw.Recorder
	NewDrawer().Draw(&r, sc, on)
	return &r
}

// markers returns the recorded markers of one shape and colour.
func markers(r *draw.Recorder, shape draw.MarkerShape, col color.RGBA) []draw.Op {
	var out []draw.Op
	for _, op := range r.Of(draw.OpMarker) {
		if op.Marker.Shape == shape && op.Marker.Color == col {
			out = append(out, op)
		}
	}
	return out
}

func near(a, b draw.Vec3) bool { return a.Sub(b).Len() < 1e-3 }

func assertNear(t *testing.T, what string, got, want draw.Vec3) {
	t.Helper()
	if !near(got, want) {
		t.Errorf("%s at %v, want %v", what, got.Sub(lb), want.Sub(lb))
	}
}

// walkStages fills o's stage record for a tick that started at pre facing
// heading: root motion forward by root metres, adjust_offset replacing it
// with offset (body-local), combine, a physics step of phys (global), and
// the commit and use-time stages where physics left it.
func walkStages(o *engine.ObjectView, pre physics.Position, root, offset, phys mgl32.Vec3) {
	r := &o.Stages
	id := mgl32.QuatIdent()
	r.Ran[physics.StageRootMotion] = true
	r.Pos[physics.StageRootMotion] = physics.Position{Frame: physics.NewFrame(root, id)}
	r.Ran[physics.StageAdjustOffset] = true
	r.Pos[physics.StageAdjustOffset] = physics.Position{Frame: physics.NewFrame(offset, id)}
	off := r.Pos[physics.StageAdjustOffset].Frame
	comb := physics.Combine(&pre.Frame, &off)
	r.Ran[physics.StageCombine] = true
	r.Pos[physics.StageCombine] = physics.Position{Cell: pre.Cell, Frame: comb}
	after := comb
	after.Origin = after.Origin.Add(phys)
	for _, s := range []physics.Stage{physics.StagePhysics, physics.StageCommit, physics.StageUseTime} {
		r.Ran[s] = true
		r.Pos[s] = physics.Position{Cell: pre.Cell, Frame: after}
	}
	o.Position = r.Pos[physics.StageUseTime]
}

func approx(a, b float64) bool { return math.Abs(a-b) < 1e-4 }
