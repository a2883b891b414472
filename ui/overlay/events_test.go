// Tests of the overlays that read the event log and the history: received
// positions, blips, stall windows, trails; and the zero-allocation draw.

package overlay

import (
	"image/color"
	"testing"

	"glidepath/engine/eventlog"
	"glidepath/interp"
	"glidepath/ui/draw"
	"glidepath/ui/model"
)

// seed 004 §2: the received positions are the last ReceivedShown route
// events' positions at or before the cursor, newest brightest.
func TestReceived_LastPositionsNewestBrightest(t *testing.T) {
	s := knownSnapshot()
	var events []model.Event
	for k := range 12 {
		events = append(events, model.Event{Tick: int32(10 * k), GUID: guidA, Kind: eventlog.EventRoute,
			HasReceived: true, Received: lb.Add(draw.Vec3{float64(k), 0, 0}), Note: -1})
	}
	sc := newScene(s) // tick 100: events at ticks 0..100 are due, 110 is not
	sc.Index = model.NewIndex(events)
	r := record(sc, 1<<Received)
	var got []draw.Op
	for _, op := range r.Of(draw.OpMarker) {
		if op.Marker.Shape == draw.Square {
			got = append(got, op)
		}
	}
	if len(got) != ReceivedShown {
		t.Fatalf("%d received markers, want %d", len(got), ReceivedShown)
	}
	assertNear(t, "newest received", got[0].Points[0], lb.Add(draw.Vec3{10, 0, 0}))
	assertNear(t, "oldest received", got[ReceivedShown-1].Points[0], lb.Add(draw.Vec3{3, 0, 0}))
	if got[0].Marker.Color != ReceivedColor || got[ReceivedShown-1].Marker.Color.A >= got[0].Marker.Color.A {
		t.Errorf("alphas newest %d oldest %d: want fading with age", got[0].Marker.Color.A, got[ReceivedShown-1].Marker.Color.A)
	}
}

// seed 000 §6: a blip's arrow goes from where the body was to where it
// landed and fades over a second of ticks; the end markers stay after.
func TestBlip_ArrowFlashFadesEndMarkersStay(t *testing.T) {
	s := knownSnapshot()
	from, to := lb.Add(draw.Vec3{90, 50, 0}), lb.Add(draw.Vec3{100, 50, 0})
	sc := newScene(s)
	sc.Index = model.NewIndex([]model.Event{{Tick: 100, GUID: guidA, Kind: eventlog.EventBlip, From: from, To: to, Target: interp.BlipTail, Note: -1}})
	var alphas []uint8
	for _, tick := range []int{100, 115, 129, 130, 400} {
		s.Tick = tick
		r := record(sc, 1<<Blips)
		arrows := r.Of(draw.OpArrow)
		crosses, rings := markers(r, draw.Cross, BlipColor), markers(r, draw.Ring, BlipColor)
		if len(crosses) != 1 || len(rings) != 1 || !near(crosses[0].Points[0], from) || !near(rings[0].Points[0], to) {
			t.Errorf("tick %d: end markers %v %v, want a cross at from and a ring at to", tick, crosses, rings)
		}
		if tick-100 < 30 {
			if len(arrows) != 1 || !near(arrows[0].Points[0], from) || !near(arrows[0].Points[1], to) {
				t.Fatalf("tick %d: arrows %v, want from → to", tick, arrows)
			}
			alphas = append(alphas, arrows[0].Stroke.Color.A)
		} else if len(arrows) != 0 {
			t.Errorf("tick %d: the flash is still drawn a second after the blip", tick)
		}
	}
	for i := 1; i < len(alphas); i++ {
		if alphas[i] >= alphas[i-1] {
			t.Errorf("flash alphas %v: want fading", alphas)
		}
	}
	s.Tick = 99
	r := record(sc, 1<<Blips)
	if n := len(markers(r, draw.Cross, BlipColor)) + r.Count(draw.OpArrow) + r.Count(draw.OpLine); n != 0 {
		t.Errorf("%d blip markers before the blip happened", n)
	}
}

// seed 000 §4: the ring fills over the window's 5 frames and its colour
// reads the cumulative progress against 0.20 m; a failed window bursts.
func TestStall_RingProgressColourAndFailureBurst(t *testing.T) {
	for _, c := range []struct {
		w    interp.StallWindow
		want any
	}{
		{interp.StallWindow{Frames: 2, HasBaseline: false}, StallPassColor},
		{interp.StallWindow{Frames: 3, HasBaseline: true, Cumulative: 0.25}, StallPassColor},
		{interp.StallWindow{Frames: 3, HasBaseline: true, Cumulative: 0.1}, StallShortColor},
		{interp.StallWindow{Frames: 4, HasBaseline: true, Cumulative: 0}, StallFailColor},
	} {
		s := knownSnapshot()
		s.Objects[0].Interp.Window = c.w
		r := record(newScene(s), 1<<Stall)
		arcs := []draw.Op{}
		for _, op := range r.Of(draw.OpMarker) {
			if op.Marker.Shape == draw.Arc {
				arcs = append(arcs, op)
			}
		}
		if len(arcs) != 1 {
			t.Fatalf("%+v: %d rings, want 1 (only A is interpolating)", c.w, len(arcs))
		}
		if arcs[0].Marker.Color != c.want || arcs[0].Marker.Progress != float32(c.w.Frames)/5 {
			t.Errorf("%+v: ring colour %v progress %v, want %v and %v", c.w, arcs[0].Marker.Color, arcs[0].Marker.Progress, c.want, float32(c.w.Frames)/5)
		}
	}
	s := knownSnapshot()
	sc := newScene(s)
	sc.Index = model.NewIndex([]model.Event{
		{Tick: 80, GUID: guidA, Kind: eventlog.EventStallWindow, Pass: false, Note: -1},
		{Tick: 90, GUID: guidB, Kind: eventlog.EventStallWindow, Pass: true, Note: -1},
	})
	bursts := func() int {
		n := 0
		for _, op := range record(sc, 1<<Stall).Of(draw.OpMarker) {
			if op.Marker.Shape == draw.Burst {
				n++
			}
		}
		return n
	}
	if n := bursts(); n != 1 {
		t.Errorf("%d bursts 20 ticks after a failure, want 1 (the pass draws none)", n)
	}
	s.Tick = 110
	if n := bursts(); n != 0 {
		t.Errorf("%d bursts a second after the failure, want 0", n)
	}
}

func TestTrails_LastSecondsSampledAndFading(t *testing.T) {
	s := knownSnapshot()
	s.Tick = 300
	h := model.NewHistory()
	for k := 0; k <= 300; k++ {
		var t model.Snapshot
		t.Reset(k)
		o := s.Objects[0]
		moveTo(&o, lb.Add(draw.Vec3{float64(k), 0, 0}))
		t.AddObject(o)
		model.Record(h, &t)
	}
	sc := newScene(s)
	sc.History = h
	lines := record(sc, 1<<Trails).Of(draw.OpPolyline)
	if len(lines) != 1 {
		t.Fatalf("%d trails, want 1 (B has no history)", len(lines))
	}
	pts := lines[0].Points
	if len(pts) > TrailPoints+2 || len(pts) < TrailPoints/2 {
		t.Errorf("trail of %d points, want about %d", len(pts), TrailPoints)
	}
	assertNear(t, "trail end", pts[len(pts)-1], lb.Add(draw.Vec3{300, 0, 0}))
	if first := pts[0].Sub(lb)[0]; first < 300-TrailSeconds*30-5 || first > 300-TrailSeconds*30+5 {
		t.Errorf("trail starts at x %v, want about %d (5 s back)", first, 300-TrailSeconds*30)
	}
	if lines[0].Stroke.Fade != 1 || lines[0].Stroke.Layer != draw.Overlay {
		t.Errorf("trail stroke %+v: want fading, not draped", lines[0].Stroke)
	}
}

func TestDraw_NoAllocationsInSteadyState(t *testing.T) {
	s := knownSnapshot()
	sc := newScene(s)
	sc.Selected = guidA
	sc.History, sc.Index = fakeRecords(s)
	d := NewDrawer()
	var r nullCanvas
	d.Draw(r, sc, All)
	if n := testing.AllocsPerRun(20, func() { d.Draw(r, sc, All) }); n != 0 {
		t.Errorf("%v allocations per frame, want 0", n)
	}
}

// nullCanvas discards everything, to measure the overlays alone.
type nullCanvas struct{}

func (nullCanvas) Line(a, b draw.Vec3, s draw.Stroke)                        {}
func (nullCanvas) Polyline(pts []draw.Vec3, s draw.Stroke)                   {}
func (nullCanvas) Arrow(from, to draw.Vec3, s draw.Stroke)                   {}
func (nullCanvas) Circle(c draw.Vec3, r float64, s draw.Stroke)              {}
func (nullCanvas) Polygon(p []draw.Vec3, col color.RGBA, l draw.Layer)       {}
func (nullCanvas) Disc(c draw.Vec3, r float64, col color.RGBA, l draw.Layer) {}
func (nullCanvas) Marker(at draw.Vec3, m draw.Marker)                        {}
func (nullCanvas) Text(at draw.Vec3, s string, c color.RGBA)                 {}
func (nullCanvas) Tag(at draw.Vec3, s string, c color.RGBA)                  {}
func (nullCanvas) Body(b draw.Body)                                          {}
