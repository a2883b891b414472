// The transition's events (engine/transit.go; docs/pipeline.md,
// "Transition events"): what CPhysicsObj::transition (0x00512DC0) did,
// once per contact start or change, never once a tick for a steady state.

package engine

import (
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/engine/eventlog"
	"glidepath/engine/explain"
	"glidepath/physics"
)

// The wall scenario: the Pusher walks into the wall box and is stopped
// head-on (find_valid_position finds no valid position: the body keeps its
// origin). That is one wall event though it pushes against the wall for
// tick after tick, it names the box's polygon as the scenario obstacle's
// (the walled terrain's first obstacle, "wall"; its box is a GfxObj with a
// BSP, id 0, which names nothing), and its cause chain says it stopped the
// body and names the obstacle.
func TestTransitEvents_WallOncePerContact(t *testing.T) {
	s := newSim(t, compiled(t, "wall"), Options{EventLog: true, Explain: true})
	runTo(s, s.LastTick())
	walls := eventsOf(s, eventlog.EventWall)
	if len(walls) != 1 {
		t.Fatalf("%d wall events, want 1: %+v", len(walls), walls)
	}
	w := walls[0]
	if w.Hit.Kind != eventlog.HitObstacle || w.Hit.ID != 0 || w.Hit.Name != "wall" || w.Hit.Index != 0 || w.Slid || w.From != w.To {
		t.Errorf("wall %+v: want a polygon of obstacle 0 \"wall\", not slid, the body kept where it was", w)
	}
	var cause *explain.Cause
	for _, c := range s.Query().Causes() {
		if c.Kind == eventlog.EventWall {
			cause = &c
		}
	}
	if cause == nil || cause.Tick != int(w.Tick) || !strings.Contains(cause.What, "stopped by wall polygon") || !strings.Contains(cause.What, `of obstacle 0 "wall" (a box)`) || strings.Contains(cause.What, "GfxObj") || !strings.Contains(cause.Why, "head-on stop") {
		t.Errorf("cause %+v", cause)
	}
}

// One wall event per contact start: a body sliding along one polygon for
// 30 ticks is one event; the same polygon met again after more than the
// gap, or another polygon, starts a new contact.
func TestTransitEvents_WallContactStarts(t *testing.T) {
	var st objectBook
	a := eventlog.Hit{Kind: eventlog.HitCellStruct, ID: 0x01000002, Cell: 0xC1C10102, Poly: 12}
	b := a
	b.Poly = 13
	const gap = 15
	starts := 0
	for tick := int32(100); tick < 130; tick++ {
		if st.meetWall(a, tick, gap) {
			starts++
		}
	}
	if starts != 1 {
		t.Errorf("30 ticks along one polygon: %d contact starts", starts)
	}
	if st.meetWall(a, 129+gap, gap) {
		t.Error("met again within the gap: a new contact")
	}
	if !st.meetWall(a, 129+3*gap, gap) {
		t.Error("met again after the gap: not a new contact")
	}
	if !st.meetWall(b, 130+3*gap, gap) {
		t.Error("another polygon: not a new contact")
	}
}

// The jump scenario: each landing is one land event, logged in the tick
// Contact comes back on (its contact row follows it), with the height
// fallen from the jump's top; none while the body stands.
func TestTransitEvents_LandOncePerLanding(t *testing.T) {
	s := newSim(t, compiled(t, "jump"), Options{EventLog: true})
	runTo(s, s.LastTick())
	lands := eventsOf(s, eventlog.EventLand)
	if len(lands) == 0 {
		t.Fatal("no land event in the jump scenario")
	}
	all := s.Query().AllEvents()
	for _, l := range lands {
		// The contact row of the same tick and object says Contact set.
		set := false
		for _, e := range all {
			if e.Tick == l.Tick && e.GUID == l.GUID && e.Kind == eventlog.EventContact && e.Contact {
				set = true
			}
		}
		if !set {
			t.Errorf("tick %d: a land without Contact coming back on", l.Tick)
		}
		if want := l.From.Origin[2] - l.To.Origin[2]; l.Distance <= 0 || math.Abs(float64(l.Distance-want)) > 1e-5 {
			t.Errorf("tick %d: fall %v, want the top's height above the landing %v", l.Tick, l.Distance, want)
		}
	}
	contactsSet := 0
	for _, e := range all {
		if e.Kind == eventlog.EventContact && e.Contact && e.Source < 0 {
			contactsSet++
		}
	}
	if len(lands) > contactsSet {
		t.Errorf("%d lands, %d contact sets in the pass", len(lands), contactsSet)
	}
}

// A step is the rise the ground plane the body stood on does not explain
// (CTransition::step_up, step_down): walking along a 30° slope is no step,
// a 0.3 m stair on flat ground is 0.3, and across landblocks it is the
// height difference.
func TestTransitEvents_StepHeightAgainstTheGroundPlane(t *testing.T) {
	n := mgl32.Vec3{0, -0.5, 0.8660254} // a slope rising to +y
	from := eventlog.Place{Cell: 0xA9B40001, Origin: mgl32.Vec3{10, 10, 5}}
	b := transitBefore{from: from, plane: physics.Plane{N: n, D: -n.Dot(from.Origin)}, planeLB: 0xA9B4}
	up := eventlog.Place{Cell: 0xA9B40001, Origin: mgl32.Vec3{10, 11, 5 + float32(math.Tan(math.Pi/6))}}
	if d := stepHeight(&b, &up); math.Abs(float64(d)) > 1e-5 {
		t.Errorf("up the slope: step %v, want 0", d)
	}
	stair := up
	stair.Origin[2] += 0.3
	if d := stepHeight(&b, &stair); math.Abs(float64(d-0.3)) > 1e-5 {
		t.Errorf("a 0.3 m stair on the slope: step %v", d)
	}
	other := eventlog.Place{Cell: 0xA9B50001, Origin: mgl32.Vec3{10, 1, 4}}
	if d := stepHeight(&b, &other); d != -1 {
		t.Errorf("across landblocks: %v, want the height difference −1", d)
	}
}

// The report's hit kinds become the log's: "cylsphere 2" keeps its index.
func TestTransitEvents_HitOf(t *testing.T) {
	for _, c := range []struct {
		kind string
		want eventlog.Hit
	}{
		{"CellStruct", eventlog.Hit{Kind: eventlog.HitCellStruct, ID: 7, Cell: 9, Poly: 3}},
		{"GfxObj", eventlog.Hit{Kind: eventlog.HitGfxObj, ID: 7, Cell: 9, Poly: 3}},
		{"cylsphere 2", eventlog.Hit{Kind: eventlog.HitCylSphere, Index: 2, ID: 7, Cell: 9, Poly: 3}},
		{"sphere 11", eventlog.Hit{Kind: eventlog.HitSphere, Index: 11, ID: 7, Cell: 9, Poly: 3}},
		{"what", eventlog.Hit{Kind: eventlog.HitOther, ID: 7, Cell: 9, Poly: 3}},
		{"obstacle", eventlog.Hit{Kind: eventlog.HitObstacle, ID: 7, Cell: 9, Poly: 3, Name: "well"}},
		{"obstacle cylsphere 0", eventlog.Hit{Kind: eventlog.HitObstacle, Index: 1, ID: 7, Cell: 9, Name: "well"}},
	} {
		r := physics.TransitionReport{HitKind: c.kind, HitID: 7, HitCell: 9, HitPoly: 3}
		if strings.HasPrefix(c.kind, "obstacle") {
			r.HitName = "well"
		}
		if got := hitOf(&r); got != c.want {
			t.Errorf("%q: %+v, want %+v", c.kind, got, c.want)
		}
	}
}

// The packed log keeps a transition event bit for bit: places, distance,
// hit and slid.
func TestTransitEvents_PackRoundTrip(t *testing.T) {
	s := &Sim{}
	e := eventlog.Event{Tick: 5, GUID: 0x80000A01, Kind: eventlog.EventWall, Source: -1,
		From: eventlog.Place{Cell: 0xC1C10100, Origin: mgl32.Vec3{1, 2, 3}}, To: eventlog.Place{Cell: 0xC1C10101, Origin: mgl32.Vec3{4, 5, 6}},
		Distance: -0.3, Hit: eventlog.Hit{Kind: eventlog.HitCylSphere, Index: 200, Poly: 65535, ID: 0xDEADBEEF, Cell: 0xC1C10100}, Slid: true}
	s.pack(&e)
	if got := s.unpack(0); !reflect.DeepEqual(got, e) {
		t.Errorf("unpacked %+v, want %+v", got, e)
	}
	// An obstacle is kept by its number; unpacking names it from the
	// run's world (and from a view of the log).
	s.world = &physics.World{Obstacles: []physics.Obstacle{{Name: "wall"}, {Name: "well"}}}
	e.Hit = eventlog.Hit{Kind: eventlog.HitObstacle, ID: 1, Cell: 0xA9B4001F, Index: 1, Name: "well"}
	s.pack(&e)
	if got := s.unpack(1); !reflect.DeepEqual(got, e) {
		t.Errorf("unpacked %+v, want %+v", got, e)
	}
	if got := s.Query().LogView().At(1); !reflect.DeepEqual(got, e) {
		t.Errorf("a view's entry %+v, want %+v", got, e)
	}
	e.Hit.ID = 2 // past the list: no name
	e.Hit.Name = ""
	s.pack(&e)
	if got := s.unpack(2); !reflect.DeepEqual(got, e) {
		t.Errorf("unpacked %+v, want %+v", got, e)
	}
}

// Seeking back and re-running re-logs nothing and changes nothing: the
// detector's state (the wall last met, a fall's top) rides in the
// checkpoints, so a run restored mid-way logs the transition events a
// straight run logs.
func TestTransitEvents_SameAfterSeek(t *testing.T) {
	for _, name := range []string{"wall", "jump"} {
		straight := newSim(t, compiled(t, name), Options{EventLog: true})
		runTo(straight, straight.LastTick())
		want := straight.Query().AllEvents()

		s := newSim(t, compiled(t, name), Options{EventLog: true})
		runTo(s, s.LastTick()/2)
		s.Seek(s.LastTick() / 5)
		runTo(s, s.LastTick())
		if got := s.Query().AllEvents(); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: %d events after the seek, %d straight", name, len(got), len(want))
		}
	}
}
