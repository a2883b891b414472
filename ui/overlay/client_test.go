// Tests of the client-trace overlay (viewer -against): the client's body at
// its row of the cursor's tick (or its last before), its trail, and a line
// from retail's body to it only when they part.

package overlay

import (
	"testing"
	"unsafe"

	"glidepath/ui/draw"
)

func clientBodies(r *draw.Recorder) []draw.Body {
	var out []draw.Body
	for _, op := range r.Of(draw.OpBody) {
		if op.Body.Color == draw.Fade(ClientColor, 0.6) {
			out = append(out, op.Body)
		}
	}
	return out
}

func TestClient_BodyTrailAndErrorLine(t *testing.T) {
	s := knownSnapshot() // tick 100
	track := NewClientTrack()
	a := pos(&s.Objects[0])
	for k := 60; k <= 100; k += 10 {
		// Object A: the client is 2 m east of retail by tick 100.
		track.Add(guidA, ClientRow{Tick: k, Pos: a.Add(draw.Vec3{float64(k-60) / 20, 0, 0}), Heading: 45, HasHeading: k == 100})
	}
	// Object B: the client's last row is before the cursor; it holds.
	track.Add(guidB, ClientRow{Tick: 90, Pos: pos(&s.Objects[1])})
	sc := newScene(s)
	sc.Client = track
	r := record(sc, 1<<Client)
	bodies := clientBodies(r)
	if len(bodies) != 2 {
		t.Fatalf("%d client bodies, want 2", len(bodies))
	}
	if !near(bodies[0].Pos, a.Add(draw.Vec3{2, 0, 0})) || bodies[0].Heading != 45 || bodies[0].ID != 0 {
		t.Errorf("A's client body %+v: want unpickable at 2 m east, heading 45", bodies[0])
	}
	if !near(bodies[1].Pos, pos(&s.Objects[1])) || bodies[1].Heading != float64(s.Objects[1].Heading) {
		t.Errorf("B's client body %+v: want its tick-90 row and retail's heading", bodies[1])
	}
	lines := 0
	for _, op := range r.Of(draw.OpLine) {
		if op.Stroke.Color == ClientColor {
			lines++
			if !near(op.Points[0], a) || !near(op.Points[1], a.Add(draw.Vec3{2, 0, 0})) {
				t.Errorf("error line %v", op.Points)
			}
		}
	}
	if lines != 1 {
		t.Errorf("%d error lines, want 1 (B's client agrees with retail)", lines)
	}
	trails := 0
	for _, op := range r.Of(draw.OpPolyline) {
		if len(op.Points) == 5 {
			trails++
		}
	}
	if trails != 1 {
		t.Errorf("%d five-point trails, want A's", trails)
	}
	// Off, or without a track, nothing is drawn.
	if n := len(clientBodies(record(sc, 0))); n != 0 {
		t.Errorf("layer off: %d client bodies", n)
	}
	sc.Client = nil
	if n := len(clientBodies(record(sc, 1<<Client))); n != 0 {
		t.Errorf("no track: %d client bodies", n)
	}
}

func TestClientTrack_AtIsNothingBeforeTheFirstRow(t *testing.T) {
	track := NewClientTrack()
	track.Add(guidA, ClientRow{Tick: 10, Pos: draw.Vec3{1, 2, 3}, Queue: 2, HasQueue: true})
	if _, ok := track.At(guidA, 9); ok {
		t.Error("a position before the first row")
	}
	if _, ok := track.At(guidB, 10); ok {
		t.Error("a position for an object the trace lacks")
	}
	if r, ok := track.At(guidA, 500); !ok || r.HasHeading || r.Pos != (draw.Vec3{1, 2, 3}) || r.Tick != 10 || r.Queue != 2 {
		t.Error("the last row does not hold")
	}
}

// A client row holds its cell in the room the heading's flag left: 56
// bytes, as before it held the cell (a client trace is held whole).
func TestClientRow_CellTakesNoRoom(t *testing.T) {
	if n := unsafe.Sizeof(ClientRow{}); n != 56 {
		t.Errorf("a client row is %d bytes, want 56", n)
	}
}
