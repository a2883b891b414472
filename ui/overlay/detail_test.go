package overlay

import (
	"testing"

	"glidepath/engine"
	"glidepath/interp"
	"glidepath/ui/draw"
	"glidepath/ui/model"
	"glidepath/ui/model/modeltest"
)

// crowd is n walkers in a row 2 m apart, each with a one-node queue.
func crowd(n int) *model.Snapshot {
	s := &model.Snapshot{}
	s.Reset(100)
	for i := range n {
		p := lb.Add(draw.Vec3{10 + 2*float64(i%80), 10 + 2*float64(i/80), 0})
		s.AddObject(engine.ObjectView{GUID: 0x80000001 + uint32(i), Position: modeltest.At(p, 0), Contact: true, Radius: 0.35, Height: 1.8})
		s.AddNode(interp.Node{Type: interp.NodePosition, Position: modeltest.At(p.Add(draw.Vec3{1, 0, 0}), 0)})
	}
	return s
}

// A crowd zoomed out: the selection keeps its queue and capsule, every other
// body is a pickable dot and has no queue drawn; a small group keeps every
// overlay.
func TestDetail_CrowdZoomedOutDrawsOnlyTheSelectionInFull(t *testing.T) {
	s := crowd(DetailAll + 50)
	sc := newScene(s)
	sc.MetresPerPixel = 0.3 // a 0.7 m body is 2.3 px
	sc.Selected = s.Objects[7].GUID
	r := record(sc, 1<<Queue)
	if n := r.Count(draw.OpPolyline); n != 1 {
		t.Errorf("%d queue paths in a zoomed-out crowd, want the selection's only", n)
	}
	var points, capsules int
	for _, op := range r.Of(draw.OpBody) {
		switch op.Body.Shape {
		case draw.Point:
			points++
			if op.Body.ID == 0 {
				t.Error("a crowd's dot is not pickable")
			}
		case draw.Capsule:
			capsules++
			if op.Body.ID != sc.Selected {
				t.Errorf("capsule for 0x%08X, want only the selection's", op.Body.ID)
			}
		}
	}
	if points != len(s.Objects)-1 || capsules != 1 {
		t.Errorf("%d dots and %d capsules, want %d and 1", points, capsules, len(s.Objects)-1)
	}

	// Zoomed in on the first bodies: those within reach of the focus get
	// their queues, the far ones do not.
	sc.Selected = 0
	sc.MetresPerPixel = 0.02 // 35 px bodies
	sc.Focus, sc.FocusRadius = pos(&s.Objects[0]), 5
	r = record(sc, 1<<Queue)
	if n := r.Count(draw.OpPolyline); n < 2 || n > 10 {
		t.Errorf("%d queue paths zoomed in near the first bodies, want the few within 5 m", n)
	}

	small := newScene(crowd(DetailAll))
	small.MetresPerPixel = 0.3
	if n := record(small, 1<<Queue).Count(draw.OpPolyline); n != DetailAll {
		t.Errorf("%d queue paths for %d objects, want every one", n, DetailAll)
	}
}
