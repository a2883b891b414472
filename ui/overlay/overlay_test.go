// Tests of the overlays that read the snapshot: queue, bodies, ghost,
// compared readings, stage vectors, rings, observer, layers, legend and
// sub-tick stages.

package overlay

import (
	"math"
	"strconv"
	"testing"

	"glidepath/engine/eventlog"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/interp"
	"glidepath/physics"
	"glidepath/ui/draw"
	"glidepath/ui/model"
	"glidepath/ui/model/modeltest"
)

// seed 000 §1, §3: the queue is drawn as the path the body glides, from the
// body through the head to the tail; the head is the highlighted diamond,
// position nodes are dots and a velocity node a square.
func TestQueue_PathFromBodyThroughHeadToTail(t *testing.T) {
	s := knownSnapshot()
	sc := newScene(s)
	sc.Selected = guidA
	r := record(sc, 1<<Queue|1<<Labels)
	lines := r.Of(draw.OpPolyline)
	if len(lines) != 1 {
		t.Fatalf("%d polylines, want the one queue path of object A (B's queue is empty)", len(lines))
	}
	a := &s.Objects[0]
	want := []draw.Vec3{pos(a), nodePos(a, 0), nodePos(a, 1), nodePos(a, 2)}
	if got := lines[0].Points; len(got) != len(want) {
		t.Fatalf("path has %d points, want %d", len(got), len(want))
	}
	for i, p := range lines[0].Points {
		assertNear(t, "path point", p, want[i])
	}
	if lines[0].Stroke.Color != QueueColor {
		t.Errorf("path colour %v, want the queue colour", lines[0].Stroke.Color)
	}
	heads := markers(r, draw.Diamond, HeadColor)
	if len(heads) != 1 {
		t.Fatalf("%d head diamonds, want 1", len(heads))
	}
	assertNear(t, "head", heads[0].Points[0], nodePos(a, 0))
	if got := len(markers(r, draw.Dot, QueueColor)); got != 1 {
		t.Errorf("%d position-node dots behind the head, want 1", got)
	}
	if got := len(markers(r, draw.Square, VelocityNodeColor)); got != 1 {
		t.Errorf("%d velocity-node squares, want 1", got)
	}
	// The selection's nodes are numbered from the head.
	var nums []string
	for _, op := range r.Of(draw.OpTag) {
		nums = append(nums, op.Text)
		if op.Color != QueueColor {
			t.Errorf("node number %q in %v", op.Text, op.Color)
		}
	}
	if len(nums) != 3 || nums[0] != "1" || nums[1] != "2" || nums[2] != "3" {
		t.Errorf("node numbers %q, want 1 2 3", nums)
	}
	if txt := r.Of(draw.OpText); len(txt) != 1 || txt[0].Text != "Walker" {
		t.Errorf("labels %v, want the selection's name", txt)
	}
}

func TestQueue_UnselectedObjectsAreNotNumbered(t *testing.T) {
	r := record(newScene(knownSnapshot()), 1<<Queue|1<<Labels)
	if n := r.Count(draw.OpText) + r.Count(draw.OpTag); n != 0 {
		t.Errorf("%d labels with nothing selected or hovered, want 0", n)
	}
}

// Bodies are capsules at their radius and height; the airborne one drops a
// line (seed 003 §6: Contact clear), the selection is white and ringed.
func TestBodies_CapsulesAirborneAndSelection(t *testing.T) {
	s := knownSnapshot()
	sc := newScene(s)
	sc.Selected = guidB
	r := record(sc, 0)
	bodies := r.Of(draw.OpBody)
	if len(bodies) != 2 {
		t.Fatalf("%d bodies, want 2", len(bodies))
	}
	a, b := bodies[0].Body, bodies[1].Body
	// The engine keeps a body's cylinder in float32.
	if a.ID != guidA || b.ID != guidB || a.Shape != draw.Capsule || a.Radius != float64(float32(0.35)) || a.Height != float64(float32(1.8)) {
		t.Errorf("bodies %+v %+v: want pickable capsules of radius 0.35 and height 1.8", a, b)
	}
	if a.Airborne || !b.Airborne {
		t.Errorf("airborne flags A %v B %v, want only B (no contact)", a.Airborne, b.Airborne)
	}
	if a.Color != BodyColor || b.Color != SelectedColor {
		t.Errorf("colours A %v B %v, want body and selection colours", a.Color, b.Color)
	}
	if rings := markers(r, draw.Ring, SelectedColor); len(rings) != 1 || !near(rings[0].Points[0], pos(&s.Objects[1])) {
		t.Errorf("selection rings %v, want one at B", rings)
	}
}

func TestBodies_SmallOnScreenGetADot(t *testing.T) {
	sc := newScene(knownSnapshot())
	sc.MetresPerPixel = 0.3 // a 0.7 m body is 2.3 px
	if n := len(markers(record(sc, 0), draw.Dot, BodyColor)); n != 2 {
		t.Errorf("%d body dots zoomed out, want 2", n)
	}
	sc.MetresPerPixel = 0.01
	if n := len(markers(record(sc, 0), draw.Dot, BodyColor)); n != 0 {
		t.Errorf("%d body dots zoomed in, want 0", n)
	}
}

func TestGhost_TranslucentBodyAtTheTruth(t *testing.T) {
	s := knownSnapshot()
	r := record(newScene(s), 1<<Ghost)
	var ghosts []draw.Body
	for _, op := range r.Of(draw.OpBody) {
		if op.Body.Color == GhostColor {
			ghosts = append(ghosts, op.Body)
		}
	}
	if len(ghosts) != 1 {
		t.Fatalf("%d ghosts, want 1 (only A has a truth)", len(ghosts))
	}
	if ghosts[0].ID != 0 || !near(ghosts[0].Pos, model.Global(&s.Objects[0].Truth)) || ghosts[0].Color.A == 0xff {
		t.Errorf("ghost %+v: want an unpickable translucent body at the truth", ghosts[0])
	}
}

func TestCompare_OneBodyPerReadingInItsColour(t *testing.T) {
	s, other := knownSnapshot(), knownSnapshot()
	moveTo(&other.Objects[0], pos(&other.Objects[0]).Add(draw.Vec3{1, 0, 0}))
	sc := newScene(s)
	sc.BodyColor = ReadingColor(0)
	sc.Compared = []Compared{{Snap: other, Color: ReadingColor(1)}}
	r := record(sc, 0)
	var mine, theirs int
	for _, op := range r.Of(draw.OpBody) {
		switch op.Body.Color {
		case ReadingColor(0):
			mine++
		case ReadingColor(1):
			theirs++
			if op.Body.ID != 0 {
				t.Errorf("a compared body is pickable (ID %#x)", op.Body.ID)
			}
		}
	}
	if mine != 2 || theirs != 2 {
		t.Errorf("%d bodies of the selected reading and %d of the other, want 2 and 2", mine, theirs)
	}
}

// seed 003 §2, §7: the vectors are the tick's root motion, the offset
// combine added (adjust_offset replaced the root motion) and the physics
// step, each rotated into global axes by the body's pre-tick frame and drawn
// × tick rate.
func TestVectors_StageVectorsInGlobalAxesScaledByTickRate(t *testing.T) {
	s := knownSnapshot()
	o := &s.Objects[0]
	// Facing east (heading 90): body-local +Y is global +X.
	pre := physics.NewPosition(0xA9B40013, mgl32.Vec3{100, 50, 0}, 90)
	walkStages(o, pre, mgl32.Vec3{0, 0.1, 0}, mgl32.Vec3{0, 0.2, 0}, mgl32.Vec3{0, 0, 0.05})
	r := record(newScene(s), 1<<RootMotion|1<<Offset|1<<PhysicsStep)
	arrows := r.Of(draw.OpArrow)
	if len(arrows) != 3 {
		t.Fatalf("%d arrows, want 3 (root motion, offset, physics step)", len(arrows))
	}
	want := []struct {
		col  any
		dir  draw.Vec3
		what string
	}{
		{RootMotionColor, draw.Vec3{3, 0, 0}, "root motion 0.1 m × 30"},
		{OffsetColor, draw.Vec3{6, 0, 0}, "offset 0.2 m × 30"},
		{PhysicsStepColor, draw.Vec3{0, 0, 1.5}, "physics step 0.05 m × 30"},
	}
	for i, w := range want {
		a := arrows[i]
		if a.Stroke.Color != w.col {
			t.Errorf("arrow %d colour %v, want %v", i, a.Stroke.Color, w.col)
		}
		if d := a.Points[1].Sub(a.Points[0]); !near(d, w.dir) {
			t.Errorf("%s: arrow %v, want %v", w.what, d, w.dir)
		}
		if d := a.Points[0].Sub(pos(o)); !approx(d[0], 0) || !approx(d[1], 0) {
			t.Errorf("%s starts %v from the body, want above it", w.what, d)
		}
	}
}

func TestVectors_DormantObjectDrawsNone(t *testing.T) {
	r := record(newScene(knownSnapshot()), 1<<RootMotion|1<<Offset|1<<PhysicsStep)
	if n := r.Count(draw.OpArrow); n != 0 {
		t.Errorf("%d arrows without stage records, want 0", n)
	}
}

// seed 004 §3 and seed 001: 96 m around the observer; the creature blip
// distances around the selection, the outdoor 100 m solid for an outdoor
// cell and the indoor 20 m faint.
func TestRings_BubbleAroundObserverBlipDistancesAroundSelection(t *testing.T) {
	s := knownSnapshot()
	sc := newScene(s)
	sc.Selected = guidA
	r := record(sc, 1<<Rings)
	circles := r.Of(draw.OpCircle)
	if len(circles) != 3 {
		t.Fatalf("%d circles, want 3", len(circles))
	}
	if c := circles[0]; c.Radius != 96 || !near(c.Points[0], s.Observer) || c.Stroke.Layer != draw.Ground {
		t.Errorf("first ring %v m at %v, want 96 m draped around the observer", c.Radius, c.Points[0])
	}
	if c := circles[1]; c.Radius != 100 || !near(c.Points[0], pos(&s.Objects[0])) || c.Stroke.Color != BlipColor {
		t.Errorf("second ring %v m colour %v, want the solid 100 m outdoor blip distance around A", c.Radius, c.Stroke.Color)
	}
	if c := circles[2]; c.Radius != 20 || c.Stroke.Color.A == 0xff {
		t.Errorf("third ring %v m alpha %d, want the faint 20 m indoor blip distance", c.Radius, c.Stroke.Color.A)
	}
	sc.Selected = 0
	if n := record(sc, 1<<Rings).Count(draw.OpCircle); n != 1 {
		t.Errorf("%d rings with no selection, want only the observer's", n)
	}
}

func TestObserver_DiamondAndLabel(t *testing.T) {
	s := knownSnapshot()
	r := record(newScene(s), 1<<Observer|1<<Labels)
	d := markers(r, draw.Diamond, ObserverColor)
	if len(d) != 1 || !near(d[0].Points[0], s.Observer) {
		t.Errorf("observer markers %v, want one diamond at the observer", d)
	}
	if txt := r.Of(draw.OpText); len(txt) != 1 || txt[0].Text != "observer" {
		t.Errorf("labels %v, want \"observer\"", txt)
	}
}

// Every layer draws only when on: turning one off removes exactly its
// primitives.
func TestLayers_EachToggleRemovesItsPrimitives(t *testing.T) {
	s := knownSnapshot()
	pre := physics.NewPosition(0xA9B40013, mgl32.Vec3{100, 50, 0}, 0)
	walkStages(&s.Objects[0], pre, mgl32.Vec3{0, 0.1, 0}, mgl32.Vec3{0, 0.2, 0}, mgl32.Vec3{0, 0, 0.05})
	s.Objects[0].Constrained = true
	s.Objects[0].Constraint = interp.ConstraintState{Position: pre, Start: 5, Max: 20, LastScale: 1}
	s.Objects[0].Spheres[0], s.Objects[0].NumSpheres = physics.Sphere{Center: mgl32.Vec3{0, 0, 0.35}, Radius: 0.35}, 1
	s.Objects[0].ContactPlane, s.Objects[0].ContactPlaneCell = physics.Plane{N: mgl32.Vec3{0, 0, 1}}, 0xA9B40013
	s.Objects[0].Sliding, s.Objects[0].SlidingNormal = true, mgl32.Vec3{1, 0, 0}
	sc := newScene(s)
	sc.Selected = guidA
	sc.History, sc.Index = fakeRecords(s)
	sc.Client = NewClientTrack()
	sc.Client.Add(guidA, ClientRow{Tick: int(s.Tick), Pos: pos(&s.Objects[0]).Add(draw.Vec3{1, 0, 0})})
	sc.Geometry = roomScene(t).Geometry
	all := len(record(sc, All).Ops)
	for l := range NumLayers {
		off := len(record(sc, All.Toggle(l)).Ops)
		if off >= all {
			t.Errorf("turning %v off left %d primitives of %d: the layer draws nothing here or is not gated", Legend()[l].Name, off, all)
		}
	}
	if n := len(record(sc, 0).Ops); n == 0 {
		t.Error("no bodies with every layer off")
	}
}

func TestLegend_OneEntryPerLayerInOrderWithDistinctKeysAndColours(t *testing.T) {
	keys := map[string]bool{}
	cols := map[any]bool{}
	for i, e := range Legend() {
		if e.Layer != Layer(i) {
			t.Errorf("legend entry %d is layer %d", i, e.Layer)
		}
		if keys[e.Key] || cols[e.Color] {
			t.Errorf("%s: key %q or colour %v used twice", e.Name, e.Key, e.Color)
		}
		keys[e.Key], cols[e.Color] = true, true
	}
	if len(Legend()) != int(NumLayers) {
		t.Errorf("%d legend entries for %d layers", len(Legend()), NumLayers)
	}
}

func TestStage_CandidateAfterTheSteppedStage(t *testing.T) {
	s := knownSnapshot()
	o := &s.Objects[0]
	pre := physics.NewPosition(0xA9B40013, mgl32.Vec3{100, 50, 0}, 0)
	walkStages(o, pre, mgl32.Vec3{0, 0.1, 0}, mgl32.Vec3{0, 0.2, 0}, mgl32.Vec3{0, 0, 0.05})
	sc := newScene(s)
	sc.Selected = guidA
	for _, c := range []struct {
		stage physics.Stage
		want  draw.Vec3
	}{
		{physics.StageRootMotion, lb.Add(draw.Vec3{100, 50.1, 0})},
		{physics.StageCombine, lb.Add(draw.Vec3{100, 50.2, 0})},
		{physics.StagePhysics, lb.Add(draw.Vec3{100, 50.2, 0.05})},
	} {
		sc.Stage = int(c.stage)
		r := record(sc, 0)
		var got []draw.Body
		for _, op := range r.Of(draw.OpBody) {
			if op.Body.ID == 0 {
				got = append(got, op.Body)
			}
		}
		if len(got) != 1 {
			t.Fatalf("%v: %d stage bodies, want 1", c.stage, len(got))
		}
		assertNear(t, c.stage.String()+" candidate", got[0].Pos, c.want)
	}
}

// fakeRecords gives s a history (a straight walk over the last 10 s) and an
// index with received positions, a blip and a failed stall window.
func fakeRecords(s *model.Snapshot) (*model.History, *model.Index) {
	h := model.NewHistory()
	for k := 0; k <= s.Tick; k++ {
		var t model.Snapshot
		t.Reset(k)
		for _, o := range s.Objects {
			moveTo(&o, pos(&o).Add(draw.Vec3{0, float64(k-s.Tick) * 0.1, 0}))
			t.AddObject(o)
		}
		model.Record(h, &t)
	}
	a := pos(&s.Objects[0])
	events := []model.Event{
		{Tick: 40, GUID: guidA, Kind: eventlog.EventRoute, HasReceived: true, Received: a.Add(draw.Vec3{0, -4, 0}), Note: -1},
		{Tick: 70, GUID: guidA, Kind: eventlog.EventRoute, HasReceived: true, Received: a.Add(draw.Vec3{0, 2, 0}), Note: -1},
		{Tick: 90, GUID: guidA, Kind: eventlog.EventBlip, From: a.Add(draw.Vec3{-5, 0, 0}), To: a, Note: -1},
		{Tick: 95, GUID: guidA, Kind: eventlog.EventStallWindow, Pass: false, Note: -1},
	}
	return h, model.NewIndex(events)
}

// Comparing, the selected body keeps its reading's colour and a ring marks
// it, so the selection never hides which reading a body belongs to.
func TestCompare_SelectedBodyKeepsItsReadingColour(t *testing.T) {
	s, other := knownSnapshot(), knownSnapshot()
	sc := newScene(s)
	sc.BodyColor = ReadingColor(0)
	sc.Compared = []Compared{{Snap: other, Color: ReadingColor(1)}}
	sc.Selected = s.Objects[0].GUID
	r := record(sc, 0)
	for _, op := range r.Of(draw.OpBody) {
		if op.Body.ID == sc.Selected && op.Body.Color != ReadingColor(0) {
			t.Errorf("the selected body is drawn %v, want its reading's %v", op.Body.Color, ReadingColor(0))
		}
	}
	rings := 0
	for _, op := range r.Of(draw.OpMarker) {
		if op.Marker.Shape == draw.Ring && op.Marker.Color == SelectedColor {
			rings++
		}
	}
	if rings != 1 {
		t.Errorf("%d selection rings, want 1", rings)
	}
}

// Zoomed out until the selection's waypoints stand closer than the numbers'
// gap, numbers that would overlap are left out: the head's and the tail's
// stay, and no two drawn numbers are closer than the gap.
func TestQueue_CrowdedNumbersDeclutter(t *testing.T) {
	s := knownSnapshot()
	sc := newScene(s)
	sc.Selected = s.Objects[0].GUID
	q := s.Objects[0].Queue
	sc.MetresPerPixel = 0 // all numbers at zero gap
	if n := record(sc, 1<<Queue|1<<Labels).Count(draw.OpTag); n != len(q) {
		t.Fatalf("%d numbers with room for all, want %d", n, len(q))
	}
	// A gap of (nearly) the whole queue's length: only the head and tail.
	span := nodePos(&s.Objects[0], len(q)-1).Sub(nodePos(&s.Objects[0], 0)).Len()
	sc.MetresPerPixel = span * 0.99 / queueNumberGap
	var nums []string
	for _, op := range record(sc, 1<<Queue|1<<Labels).Of(draw.OpTag) {
		nums = append(nums, op.Text)
	}
	if want := []string{"1", strconv.Itoa(len(q))}; len(nums) != 2 || nums[0] != want[0] || nums[1] != want[1] {
		t.Errorf("numbers %q, want %q", nums, want)
	}
}

// seed 003 §2: in a crowded view (more than crowdedObjects bodies in full)
// the stage arrows are capped at crowdedArrowPixels, except the
// selection's; with few bodies none is capped.
func TestVectors_CrowdedViewCapsArrowsButTheSelections(t *testing.T) {
	base := knownSnapshot()
	o := base.Objects[0]
	walkStages(&o, physics.NewPosition(0xA9B40013, mgl32.Vec3{100, 50, 0}, 0), mgl32.Vec3{}, mgl32.Vec3{0, 0.2, 0}, mgl32.Vec3{})
	full := 0.2 * 30 // metres: the offset × tick rate
	lengths := func(n int) (sel float64, others []float64) {
		var s model.Snapshot
		s.Reset(base.Tick)
		for k := range n {
			c := o
			c.GUID = o.GUID + uint32(k)
			moveTo(&c, pos(&o).Add(model.Vec3{float64(k), 0, 0}))
			s.AddObject(c)
		}
		sc := newScene(&s)
		sc.Selected = o.GUID
		sc.MetresPerPixel = 0.01
		for _, op := range record(sc, 1<<Offset).Of(draw.OpArrow) {
			l := op.Points[1].Sub(op.Points[0]).Len()
			if math.Abs(op.Points[0][0]-pos(&o)[0]) < 1e-9 {
				sel = l
			} else {
				others = append(others, l)
			}
		}
		return sel, others
	}
	sel, others := lengths(crowdedObjects + 4)
	if len(others) != crowdedObjects+3 || math.Abs(sel-full) > 1e-6 {
		t.Fatalf("crowded: selection's arrow %.2f m (want %.2f), %d others", sel, full, len(others))
	}
	for _, l := range others {
		if math.Abs(l-0.01*crowdedArrowPixels) > 1e-6 {
			t.Errorf("crowded: an arrow of %.2f m, want capped at %.2f", l, 0.01*crowdedArrowPixels)
		}
	}
	_, others = lengths(3)
	for _, l := range others {
		if math.Abs(l-full) > 1e-6 {
			t.Errorf("few bodies: an arrow of %.2f m, want %.2f uncapped", l, full)
		}
	}
}

// The leash layer: two rings (start and max distance) and a diamond at
// constraint_pos and a line to the body for a constrained object; for a
// stuck one the standoff ring around the target and an arrow from the body
// as long as the planar gap still to close (ACE ConstraintManager,
// StickyManager).
func TestLeash_RingsAndStickyArrow(t *testing.T) {
	s := knownSnapshot()
	o := &s.Objects[0]
	cp := physics.NewPosition(0xA9B40013, mgl32.Vec3{90, 50, 0}, 0)
	o.Constrained = true
	o.Constraint = interp.ConstraintState{Position: cp, Start: 5, Max: 20, LastScale: 0.5}
	o.Stuck, o.Sticky.TargetPosition, o.StickyStandoff = true, modeltest.InCell(o.Position.Cell, pos(o).Add(draw.Vec3{4, 0, 0}), 0), 1
	sc := newScene(s)
	sc.Selected = guidA
	rec := record(sc, Set(1)<<Leash)
	var circles []float64
	var arrows []draw.Vec3
	for _, op := range rec.Ops {
		switch op.Kind {
		case draw.OpCircle:
			circles = append(circles, op.Radius)
		case draw.OpArrow:
			arrows = append(arrows, op.Points[1].Sub(op.Points[0]))
		}
	}
	if len(circles) != 3 || circles[0] != 5 || circles[1] != 20 || circles[2] != 1 {
		t.Errorf("circles %v, want start 5, max 20, standoff 1", circles)
	}
	if len(arrows) != 1 || math.Abs(arrows[0][0]-3) > 1e-9 || math.Abs(arrows[0][1]) > 1e-9 {
		t.Errorf("sticky arrows %v, want one 3 m east (4 m to the target less the 1 m standoff)", arrows)
	}
}
