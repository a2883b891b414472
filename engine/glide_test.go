// Tests of the glide events (glide.go) on the three ACE reports rebuilt as
// recordings (recordings/ace2764_sprint.jsonl, ace3328_snapback.jsonl,
// ace2823_lag.jsonl): each keeps its retail outcome, and its cause chain
// names what did it, in the ticks where it happened.

package engine

import (
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/engine/eventlog"
	"glidepath/engine/explain"
	"glidepath/engine/recording"
	"glidepath/physics"
)

// explainFile runs a recording file under the seed reading with the log,
// metrics and stages on, to its last tick.
func explainFile(t *testing.T, path string) (*Sim, []explain.Cause) {
	t.Helper()
	rec, err := recording.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	s := newSim(t, rec, Options{EventLog: true, Metrics: true, RecordStages: true, Explain: true})
	runTo(s, s.LastTick())
	return s, s.Query().Causes()
}

// ACE issue #2764: the first update after the monster starts moving lands
// 6.8 m ahead; retail's adjust_offset chases it at the catch-up speed, 2 ×
// get_adjusted_max_speed = 8 m/s, twice the run speed (seed 000 §4), for
// about 1.7 s (6.8 m closed at 8 − 4 m/s).
func TestGlide_ACE2764SprintAtCatchUpSpeed(t *testing.T) {
	s, cs := explainFile(t, "../recordings/ace2764_sprint.jsonl")
	sp := causesOf(cs, eventlog.EventSprint)
	if len(sp) != 1 {
		t.Fatalf("%d sprints, want 1: %v", len(sp), cs)
	}
	c := sp[0]
	if c.Tick != 30 || c.Until < 75 || c.Until > 85 {
		t.Errorf("sprint ticks %d–%d, want from 30 (the update at t 1.0) for about 1.7 s", c.Tick, c.Until)
	}
	if secs := float64(c.Until-c.Tick+1) / 30; secs < 1.5 || secs > 1.9 {
		t.Errorf("sprint lasted %.2f s, want about 1.7", secs)
	}
	for _, want := range []string{"catch-up speed 8.00 m/s", "2 × get_adjusted_max_speed", "landed 6.80 m ahead", "run speed 4.00 m/s"} {
		if !strings.Contains(c.String(), want) {
			t.Errorf("sprint cause lacks %q:\n%s", want, c.String())
		}
	}
	// No snap-back and no lag: the body catches up.
	if n := len(causesOf(cs, eventlog.EventSnapback)) + len(causesOf(cs, eventlog.EventLag)); n != 0 {
		t.Errorf("%d snap-backs or lags in a plain catch-up", n)
	}
	ev := eventsOf(s, eventlog.EventSprint)[0]
	if ev.Rate != 8 || ev.Ref != 4 || ev.Speed < 0.85*8 {
		t.Errorf("sprint event %+v: want rate 8, run speed 4, mean near the catch-up speed", ev)
	}
}

// ACE issue #3328: the melee swing's sticky object (an UpdateMotion with
// StickToObject) sticks the monster to the player; the StickyManager pulls
// it from the server's 1.8 m to 1.0 m (0.3 m from the cylinders) and holds
// it 1 s while the server's updates queue; at the sticky timeout
// adjust_offset takes the queue again and the body slides back 0.8 m at
// catch-up speed (ACE StickyManager.cs; seed 000 §4).
func TestGlide_ACE3328SnapBackAtStickyTimeout(t *testing.T) {
	s, cs := explainFile(t, "../recordings/ace3328_snapback.jsonl")
	sb := causesOf(cs, eventlog.EventSnapback)
	if len(sb) != 1 {
		t.Fatalf("%d snap-backs, want 1: %v", len(sb), cs)
	}
	c := sb[0]
	// The swing arrives at t 0.5 (tick 15); the 1 s timeout lets go at
	// tick 44, and 0.8 m at 8 m/s takes 3 ticks.
	if c.Tick != 45 || c.Until != 47 {
		t.Errorf("snap-back ticks %d–%d, want 45–47", c.Tick, c.Until)
	}
	if math.Abs(float64(c.Distance)-0.8) > 0.01 {
		t.Errorf("snap-back %.3f m, want 0.8", c.Distance)
	}
	for _, want := range []string{"StickyManager", "stuck to the player", "StickTo at tick 15", "released it at tick 44, at its 1 s sticky timeout", "catch-up speed 8.00"} {
		if !strings.Contains(c.String(), want) {
			t.Errorf("snap-back cause lacks %q:\n%s", want, c.String())
		}
	}
	// The pull itself is a pop, and its cause names the StickyManager.
	pops := causesOf(cs, eventlog.EventPop)
	if len(pops) != 1 || pops[0].Tick != 15 || !strings.Contains(pops[0].Why, "StickyManager's pull") || strings.Contains(pops[0].Why, "adjust_offset's offset") {
		t.Errorf("the sticky pull's pop: %v", pops)
	}
	// The retail outcome: back where the server put it.
	o := s.find(0x80003328)
	if x := o.phys.Position().Frame.Origin[0]; math.Abs(float64(x)-94.2) > 0.01 {
		t.Errorf("body ends at x %.3f, want 94.2", x)
	}
}

// stickyLegacy is a sticky MoveToObject in its legacy form (no approach
// parameters: StickTo at once, docs/formats.md "Movement types") toward
// the player, then two plain UpdatePositions queued while stuck, where
// the server keeps the monster. An independent writer: the text, not
// recording.WriteFile.
const stickyLegacy = `{"format":"glidepath-recording","version":1,"tick_rate":30,"observer":{"cell":"0xA9B4001C","origin":[96,90,0]},"terrain":{"kind":"flat","z":0},"entities":[{"guid":"0x80003329","name":"Drudge","position":{"cell":"0xA9B4001C","origin":[94.2,90,0],"rotation":[0.7071068,0,0,-0.7071068]},"seq":{"instance":1,"position":1},"motion":{"run_rate":1.0}}]}
{"t":0.5,"type":"motion","guid":"0x80003329","movement_type":"MoveToObject","target":"observer","sticky":true}
{"t":0.75,"type":"position","guid":"0x80003329","cell":"0xA9B4001C","origin":[94.2,90,0],"rotation":[0.7071068,0,0,-0.7071068],"seq":{"instance":1,"position":2}}
{"t":1.0,"type":"position","guid":"0x80003329","cell":"0xA9B4001C","origin":[94.2,90,0],"rotation":[0.7071068,0,0,-0.7071068],"seq":{"instance":1,"position":3}}
%s{"t":3.0,"type":"note","guid":"0x80003329","text":"end"}
`

func writeStickyLegacy(t *testing.T, extra string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "sticky_legacy.jsonl")
	if err := os.WriteFile(path, []byte(strings.Replace(stickyLegacy, "%s", extra, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// The snap-back wherever it happens (issue 37 item 10): the legacy
// sticky MoveToObject sticks at once (PositionManager::StickTo, ACE
// MoveToManager), the StickyManager pulls the body 0.8 m onto the player
// and holds it while both updates queue; its 1 s timeout
// (StickyManager::UseTime, ACE StickyManager.cs) releases them and
// adjust_offset slides the body back at catch-up speed (seed 000 §4). The
// chain names the nodes queued while stuck and the timeout that released
// them, read from the StickyManager's state at the let-go.
func TestGlide_SnapBackAfterLegacyStickyMoveTo(t *testing.T) {
	s, cs := explainFile(t, writeStickyLegacy(t, ""))
	sb := causesOf(cs, eventlog.EventSnapback)
	if len(sb) != 1 {
		t.Fatalf("%d snap-backs, want 1: %v", len(sb), cs)
	}
	c := sb[0]
	if c.Tick != 45 || c.Until != 47 || math.Abs(float64(c.Distance)-0.8) > 0.01 {
		t.Errorf("snap-back ticks %d–%d, %.3f m; want 45–47, 0.8 m", c.Tick, c.Until, c.Distance)
	}
	for _, want := range []string{"queued at tick 30 while the StickyManager held the body stuck to the player", "StickTo at tick 15; 1 node queued while sticky",
		"released it at tick 44, at its 1 s sticky timeout (StickyManager::UseTime)", "catch-up speed 8.00 m/s"} {
		if !strings.Contains(c.String(), want) {
			t.Errorf("snap-back cause lacks %q:\n%s", want, c.String())
		}
	}
	if ev := eventsOf(s, eventlog.EventSnapback)[0]; !ev.Sticky || ev.Queue != 1 || ev.Released != 44 {
		t.Errorf("snap-back event %+v: want the timeout's let-go at tick 44 and 1 node queued while stuck", ev)
	}
}

// The same stick ended early by an UpdateMotion (an interpreted state
// cancels the move-to and unsticks, ACE MovementManager): the slide back
// is still a snap-back, and its chain does not blame the timeout.
func TestGlide_SnapBackAfterUnstickNamesNoTimeout(t *testing.T) {
	_, cs := explainFile(t, writeStickyLegacy(t, `{"t":1.2,"type":"motion","guid":"0x80003329","forward":"Ready"}
`))
	sb := causesOf(cs, eventlog.EventSnapback)
	if len(sb) != 1 {
		t.Fatalf("%d snap-backs, want 1: %v", len(sb), cs)
	}
	if txt := sb[0].String(); strings.Contains(txt, "sticky timeout") || !strings.Contains(txt, "before its 1 s timeout (an Unstick") {
		t.Errorf("snap-back after an Unstick:\n%s", txt)
	}
}

// ACE PR #2823: created mid-MoveTo with the CreateObject's interpreted
// state (Ready, no run rate), the monster has no run cycle; only the
// catch-up moves it, at 2 × 4.0 × my_run_rate 1 = 8 m/s, while the server
// moves it at 10 m/s: it falls 11 m behind.
func TestGlide_ACE2823LagWithoutRunRate(t *testing.T) {
	_, cs := explainFile(t, "../recordings/ace2823_lag.jsonl")
	lg := causesOf(cs, eventlog.EventLag)
	if len(lg) != 1 {
		t.Fatalf("%d lags, want 1: %v", len(lg), cs)
	}
	c := lg[0]
	if c.Tick != 15 || c.Until != 90 {
		t.Errorf("lag ticks %d–%d, want 15–90 (the updates from t 0.5 to 3.0)", c.Tick, c.Until)
	}
	if math.Abs(float64(c.Distance)-11) > 0.2 {
		t.Errorf("fell %.2f m behind, want about 11", c.Distance)
	}
	for _, want := range []string{"lag", "no run rate", "my_run_rate 1.00", "catch-up speed 8.00", "server moved it at 10.00 m/s", "no run cycle"} {
		if !strings.Contains(c.String(), want) {
			t.Errorf("lag cause lacks %q:\n%s", want, c.String())
		}
	}
}

// The same lag with the run rate given (the CreateObject carrying the
// MoveTo's run rate, as after ACE's fix): the catch-up is 20 m/s and the
// body keeps up, so there is no lag.
func TestGlide_RunRateGivenNoLag(t *testing.T) {
	rec, err := recording.ReadFile("../recordings/ace2823_lag.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	for i := range rec.Events {
		if m := &rec.Events[i].Motion; rec.Events[i].Kind == recording.KindMotion {
			m.Forward, m.ForwardSpeed = recording.RunForward, 2.5
		}
	}
	s := newSim(t, rec, Options{EventLog: true, Metrics: true, Explain: true})
	runTo(s, s.LastTick())
	if lg := causesOf(s.Query().Causes(), eventlog.EventLag); len(lg) != 0 {
		t.Errorf("a lag with the run rate given: %v", lg)
	}
}

// A steady walk's catch-up after each update is too short to be a sprint,
// and a walker that keeps up never lags or snaps back.
func TestGlide_SteadyWalkIsQuiet(t *testing.T) {
	_, cs := explainFile(t, "testdata/steady_walk.jsonl")
	for _, k := range []eventlog.EventKind{eventlog.EventSprint, eventlog.EventSnapback, eventlog.EventLag} {
		if n := len(causesOf(cs, k)); n != 0 {
			t.Errorf("%d %v causes in a steady walk", n, k)
		}
	}
}

// The span events pack into the log and back bit for bit.
func TestGlide_SpanEventsPackExactly(t *testing.T) {
	s := &Sim{}
	want := eventlog.Event{Tick: 9, GUID: 7, Kind: eventlog.EventSnapback, Since: 3, Until: 8, From: eventlog.Place{Cell: 1, Origin: [3]float32{1, 2, 3}},
		To: eventlog.Place{Cell: 2, Origin: [3]float32{4, 5, 6}}, Distance: 0.8, Speed: 8, Rate: 8, Ref: 4, CauseTick: 2, CauseDist: 0.8,
		Stuck: 0xFFFFFFFF, StuckSince: 1, Released: -1, RunRate: 1.5, NoRunRate: true, Gliding: true, Fail: 1, Queue: 3, Source: -1}
	s.pack(&want)
	if got := s.unpack(0); !reflect.DeepEqual(got, want) {
		t.Errorf("unpacked\n%+v\nwant\n%+v", got, want)
	}
	m := eventlog.Event{Tick: 4, GUID: 7, Kind: eventlog.EventMotion, Gate: eventlog.MotionStaleServerControl, Stored: [3]uint16{1, 0xFFFF, 9}, Source: 2}
	s.pack(&m)
	if got := s.unpack(1); !reflect.DeepEqual(got, m) {
		t.Errorf("motion unpacked %+v, want %+v", got, m)
	}
}

// The ordinary rhythm — catch up on one update, then wait for the next —
// is no sprint, however long the catch-up: a walker whose updates each land
// 4 m ahead (the default scenario's) has none, while the teleport
// scenario's 40 m chase, on past the next updates, is one.
func TestGlide_OneUpdateCatchUpIsNoSprint(t *testing.T) {
	_, cs := explainedRun(t, "default")
	if n := len(causesOf(cs, eventlog.EventSprint)); n != 0 {
		t.Errorf("%d sprints in the default scenario's steady catch-ups", n)
	}
	_, cs = explainedRun(t, "teleport")
	if sp := causesOf(cs, eventlog.EventSprint); len(sp) != 1 || sp[0].Distance < 39 {
		t.Errorf("teleport chase: %v", sp)
	}
}

// hypotAtLeast decides as math.Hypot(dx, dy) >= d does, on distances
// around the threshold to the last bit (where the squares alone would
// decide some the other way), far from it, and on NaNs and infinities.
func TestGlide_HypotAtLeastIsHypots(t *testing.T) {
	r := rand.New(rand.NewPCG(41, 1))
	check := func(dx, dy, d float64) {
		t.Helper()
		if got, want := hypotAtLeast(dx, dy, d), math.Hypot(dx, dy) >= d; got != want {
			t.Fatalf("hypotAtLeast(%v, %v, %v) = %v; math.Hypot says %v", dx, dy, d, got, want)
		}
	}
	for _, d := range []float64{TravelMinDistance, 1, 0.5} {
		for range 2000 {
			a := r.Float64() * 2 * math.Pi
			dx, dy := d*math.Cos(a), d*math.Sin(a)
			// The point on the circle, and a few bits either side of it.
			for k := range 9 {
				x := dx
				for range k {
					x = math.Nextafter(x, math.Inf(int(k%2*2-1)))
				}
				check(x, dy, d)
				check(dy, -x, d)
			}
			check(dx*(1+r.Float64()), dy*(1+r.Float64()), d)
			check(dx*r.Float64(), dy*r.Float64(), d)
		}
	}
	nan, inf := math.NaN(), math.Inf(1)
	for _, c := range [][2]float64{{nan, 0}, {0, nan}, {inf, nan}, {nan, -inf}, {inf, 0}, {-inf, 1}, {1e200, 1e200}, {1e-200, 0}, {0, 0}} {
		check(c[0], c[1], TravelMinDistance)
	}
}

// followByHypot is glide.follow as the distance defines it: every call
// measures the anchor's distance with math.Hypot.
func followByHypot(g *glide, to *eventlog.Place, jumped bool) {
	if !g.hasAnchor || jumped {
		g.anchor, g.hasAnchor = *to, true
		if jumped {
			g.hasTravel = false
		}
		return
	}
	if d := placeDist(&g.anchor, to); d >= TravelMinDistance {
		ax, ay := globalXY(&g.anchor)
		tx, ty := globalXY(to)
		g.travel = [2]float64{(tx - ax) / d, (ty - ay) / d}
		g.hasTravel, g.unit = true, true
		g.anchor = *to
	}
}

// follow keeps the direction of travel followByHypot keeps, call after
// call, on a walk that stands still (where follow measures nothing: the
// place it saw last is the body's), steps around TravelMinDistance,
// crosses a landblock line, jumps, and skips calls (a snap-back's ticks
// follow nothing).
func TestGlide_FollowAsByHypot(t *testing.T) {
	r := rand.New(rand.NewPCG(43, 1))
	var got, want glide
	at := eventlog.Place{Cell: 0xA9B40001, Origin: [3]float32{190, 20, 5}}
	for i := range 200000 {
		switch k := r.IntN(10); {
		case k < 3: // still
		case k < 5: // a step about TravelMinDistance long
			a := r.Float64() * 2 * math.Pi
			l := TravelMinDistance * (0.9 + 0.2*r.Float64())
			at.Origin[0] += float32(l * math.Cos(a))
			at.Origin[1] += float32(l * math.Sin(a))
		default: // a short step
			at.Origin[0] += float32(0.2 * (r.Float64() - 0.3))
			at.Origin[1] += float32(0.2 * (r.Float64() - 0.5))
		}
		if at.Origin[0] >= 192 { // into the next landblock east
			at.Cell += 1 << 24
			at.Origin[0] -= 192
		}
		if at.Origin[0] < 0 {
			at.Cell -= 1 << 24
			at.Origin[0] += 192
		}
		if r.IntN(8) == 0 {
			continue // a tick that follows nothing
		}
		jumped := r.IntN(500) == 0
		pos := at.Position()
		got.follow(&pos, jumped)
		followByHypot(&want, &at, jumped)
		if got.anchor != want.anchor || got.hasAnchor != want.hasAnchor || got.hasTravel != want.hasTravel ||
			got.hasTravel && got.travelDir() != want.travel {
			t.Fatalf("call %d at %+v: anchor %+v travel %v (%v), want anchor %+v travel %v (%v)",
				i, at, got.anchor, got.travelDir(), got.hasTravel, want.anchor, want.travel, want.hasTravel)
		}
		if got.seen != at {
			t.Fatalf("call %d at %+v: follow saw %+v last", i, at, got.seen)
		}
	}
}

// reversesByHypot is the step's reversal as the cosine defines it: the
// step's length and the travel's unit vector (the stretch over its
// length) always made (math.Hypot).
func reversesByHypot(g *glide, from, to *eventlog.Place) bool {
	if !g.hasTravel {
		return false
	}
	fx, fy := globalXY(from)
	tx, ty := globalXY(to)
	dx, dy := tx-fx, ty-fy
	d := math.Hypot(g.stretch[0], g.stretch[1])
	ux, uy := g.stretch[0]/d, g.stretch[1]/d
	if l := math.Hypot(dx, dy); l > 0 {
		return (dx*ux+dy*uy)/l < SnapbackReverseCos
	}
	return false
}

// movesAwayByHypots is the step's going away from tail as the distances
// define it: both measured, always (math.Hypot).
func movesAwayByHypots(from, to, tail *eventlog.Place, disp float32) bool {
	return placeDist(to, tail) > placeDist(from, tail)+0.25*float64(disp)
}

// glideSteps calls check on steps of a walk in every direction against a
// direction of travel, across a landblock line, standing still, and
// around a node at the distances where a step ends as far from it as it
// began, to the last bit either side (where the squares alone would
// decide some the other way).
func glideSteps(t *testing.T, seed uint64, check func(g *glide, from, to, tail *eventlog.Place, disp float32)) {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 1))
	var g glide
	for i := range 40000 {
		from := eventlog.Place{Cell: 0xA9B40001, Origin: [3]float32{float32(192 * r.Float64()), float32(192 * r.Float64()), 5}}
		a := r.Float64() * 2 * math.Pi
		l := 0.2 * r.Float64()
		if i%7 == 0 {
			l = 0 // still
		}
		to := from
		to.Origin[0] += float32(l * math.Cos(a))
		to.Origin[1] += float32(l * math.Sin(a))
		if i%5 == 0 { // the step's end in the next landblock north
			to.Cell += 1 << 16
			to.Origin[1] -= 192
		}
		// A stretch of travel 0.3 to 3 m long, in any direction, against
		// the step (about 120° apart), or across it (90°, to the last
		// few bits, where the stretch alone would decide some the other
		// way).
		b, sl := r.Float64()*2*math.Pi, TravelMinDistance+2.7*r.Float64()
		switch i % 4 {
		case 0:
			b = a + math.Pi*(2.0/3+0.01*(r.Float64()-0.5))
		case 1:
			b = a + math.Pi/2*float64(1-2*r.IntN(2))
			for range r.IntN(4) {
				b = math.Nextafter(b, math.Inf(r.IntN(2)*2-1))
			}
		}
		g.setTravel(sl*math.Cos(b), sl*math.Sin(b))
		g.hasTravel = i%11 != 0
		disp := float32(l)
		// A node ahead, behind, or as far from the step's end as from
		// its start.
		tail := from
		tail.Origin[0] += float32(8 * (r.Float64() - 0.5))
		tail.Origin[1] += float32(8 * (r.Float64() - 0.5))
		check(&g, &from, &to, &tail, disp)
		if i%2 == 0 {
			fx, fy := globalXY(&from)
			tx, ty := globalXY(&to)
			ax, ay := globalXY(&tail)
			d0 := math.Hypot(ax-fx, ay-fy)
			d1 := math.Hypot(ax-tx, ay-ty)
			if d1 > 0 {
				// The step's end moved along the line from the node to
				// where the step began's distance, and a few bits either
				// side.
				k := d0 / d1
				end := to
				end.Origin[0] = float32(ax - (ax-tx)*k - float64(to.Cell>>24)*192)
				end.Origin[1] = float32(ay - (ay-ty)*k - float64(to.Cell>>16&0xFF)*192)
				for n := range 7 {
					e := end
					for range n {
						e.Origin[0] = math.Nextafter32(e.Origin[0], float32(math.Inf(n%2*2-1)))
					}
					check(&g, &from, &e, &tail, disp)
					check(&g, &from, &e, &tail, 0)
				}
			}
		}
	}
}

// reverses, which measures no step with no part against the travel,
// decides as reversesByHypot on every step.
func TestGlide_ReversesAsByHypot(t *testing.T) {
	n := 0
	glideSteps(t, 47, func(g *glide, from, to, _ *eventlog.Place, _ float32) {
		got, want := g.reverses(from, to), reversesByHypot(g, from, to)
		if got != want {
			t.Fatalf("reverses(%+v → %+v, stretch %v) = %v; by Hypot %v", *from, *to, g.stretch, got, want)
		}
		if want {
			n++
		}
	})
	if n == 0 {
		t.Fatal("no step reversed: the test checks nothing")
	}
}

// movesAway, which compares by the squares where they clearly decide,
// decides as movesAwayByHypots on every step, those that end as far from
// the node as they began included.
func TestGlide_MovesAwayAsByHypots(t *testing.T) {
	n, near := 0, 0
	glideSteps(t, 53, func(_ *glide, from, to, tail *eventlog.Place, disp float32) {
		got, want := movesAway(from, to, tail, disp), movesAwayByHypots(from, to, tail, disp)
		if got != want {
			t.Fatalf("movesAway(%+v → %+v, node %+v, step %v) = %v; by Hypot %v", *from, *to, *tail, disp, got, want)
		}
		if want {
			n++
		}
		if placeDist(to, tail) == placeDist(from, tail) {
			near++
		}
	})
	if n == 0 || near == 0 {
		t.Fatalf("%d steps went away, %d ended as far as they began: the test checks too little", n, near)
	}
	nan, inf := math.NaN(), float32(math.Inf(1))
	at := eventlog.Place{Cell: 0xA9B40001}
	for _, c := range [][3]float32{{float32(nan), 0, 0}, {inf, 0, 1}, {0, 0, 0}, {1e-30, 0, 0}, {3e38, 3e38, 0}} {
		p := at
		p.Origin[0], p.Origin[1] = c[0], c[1]
		if got, want := movesAway(&at, &p, &at, c[2]), movesAwayByHypots(&at, &p, &at, c[2]); got != want {
			t.Fatalf("movesAway(%+v → %+v) = %v; by Hypot %v", at, p, got, want)
		}
		if got, want := movesAway(&p, &at, &at, c[2]), movesAwayByHypots(&p, &at, &at, c[2]); got != want {
			t.Fatalf("movesAway(%+v → %+v) = %v; by Hypot %v", p, at, got, want)
		}
	}
}

// snapsBackByHypots is the snap-back's step as the distances define it:
// whether it goes toward the head, reverses the travel and goes away from
// the newest node all measured first (math.Hypot), for every step.
func snapsBackByHypots(g *glide, from, to, head, tail *eventlog.Place, disp float32, afterStick bool) (bool, routeNote) {
	bk := &g.back
	reverse := reversesByHypot(g, from, to)
	toward := placeDist(from, head)-placeDist(to, head) >= 0.5*float64(disp)
	away := movesAwayByHypots(from, to, tail, disp)
	var note routeNote
	isBack := false
	switch {
	case !toward:
	case bk.active:
		isBack = reverse || away || afterStick && bk.cause.stuck != 0
	case !(reverse || away || afterStick):
	default:
		found := false
		if note, found = g.noteAt(head); found {
			held := note.stuck != 0 && note.tick <= g.released
			isBack = held || (reverse || away) && !sameSpot(head, tail)
		}
	}
	return isBack, note
}

// snapsBack, which measures the step toward the head only for a step that
// could be a snap-back's, decides as snapsBackByHypots — and finds the
// same update behind a snap-back it begins — on steps toward the head and
// away from it, back along the travel and on, after a stick and not,
// with a snap-back being followed and not, its head node queued while
// stuck, queued before or never noted.
func TestGlide_SnapsBackAsByHypots(t *testing.T) {
	kinds := map[string]int{}
	glideSteps(t, 59, func(g *glide, from, to, tail *eventlog.Place, disp float32) {
		r := rand.New(rand.NewPCG(uint64(math.Float32bits(from.Origin[0])), uint64(math.Float32bits(disp))))
		// The head: the newest node, or one between the body and it,
		// or behind the body.
		head := *tail
		switch r.IntN(3) {
		case 1:
			head.Origin[0], head.Origin[1] = (from.Origin[0]+tail.Origin[0])/2, (from.Origin[1]+tail.Origin[1])/2
		case 2:
			head.Origin[0], head.Origin[1] = 2*from.Origin[0]-tail.Origin[0], 2*from.Origin[1]-tail.Origin[1]
		}
		g.back = span{}
		if r.IntN(4) == 0 {
			g.back = span{active: true, cause: routeNote{place: head, stuck: uint32(r.IntN(2))}}
		}
		g.released = int32(r.IntN(3)) * 100
		g.nNotes = 0
		for range r.IntN(routeNotes + 3) {
			n := routeNote{tick: int32(r.IntN(300)), place: *tail, stuck: uint32(r.IntN(2))}
			if r.IntN(2) == 0 {
				n.place = head
			}
			g.notes[g.nNotes%routeNotes] = n
			g.nNotes++
		}
		afterStick := r.IntN(5) == 0
		got, gotNote := g.snapsBack(from, to, &head, tail, disp, afterStick)
		want, wantNote := snapsBackByHypots(g, from, to, &head, tail, disp, afterStick)
		if got != want || want && !g.back.active && gotNote != wantNote {
			t.Fatalf("snapsBack(%+v → %+v, head %+v, tail %+v, step %v, after a stick %v, following %+v) = %v %+v; by Hypot %v %+v",
				*from, *to, head, *tail, disp, afterStick, g.back, got, gotNote, want, wantNote)
		}
		switch {
		case want && g.back.active:
			kinds["goes on"]++
		case want && wantNote.stuck != 0:
			kinds["held"]++
		case want:
			kinds["steps back"]++
		case !want && placeDist(from, &head)-placeDist(to, &head) >= 0.5*float64(disp):
			kinds["toward the head, no snap-back"]++
		}
	})
	for _, k := range []string{"goes on", "held", "steps back", "toward the head, no snap-back"} {
		if kinds[k] == 0 {
			t.Errorf("no step %s: the test checks too little (%v)", k, kinds)
		}
	}
}

// setPlace and atPlace, which the glide metrics use in place of building
// a place and copying or comparing it whole, are PlaceOf and == on it:
// every field, across landblocks, with a NaN (never at its own place) and
// −0 (at +0's).
func TestGlide_SetPlaceIsPlaceOf(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 3))
	nan := float32(math.NaN())
	for i := range 2000 {
		p := physics.Position{Cell: r.Uint32(), Frame: physics.NewFrame(mgl32.Vec3{r.Float32() * 192, r.Float32() * 192, r.Float32()*40 - 20}, mgl32.QuatIdent())}
		switch i % 7 {
		case 0:
			p.Frame.Origin[i%3] = nan
		case 1:
			p.Frame.Origin[i%3] = float32(math.Copysign(0, -1))
		}
		var got eventlog.Place
		setPlace(&got, &p)
		want := eventlog.PlaceOf(&p)
		if got.Cell != want.Cell || math.Float32bits(got.Origin[0]) != math.Float32bits(want.Origin[0]) ||
			math.Float32bits(got.Origin[1]) != math.Float32bits(want.Origin[1]) || math.Float32bits(got.Origin[2]) != math.Float32bits(want.Origin[2]) {
			t.Fatalf("setPlace(%+v) = %+v, want %+v", p, got, want)
		}
		for _, a := range []eventlog.Place{want, {Cell: want.Cell ^ 1, Origin: want.Origin}, {Cell: want.Cell, Origin: mgl32.Vec3{want.Origin[0], want.Origin[1], want.Origin[2] + 1}},
			{Cell: want.Cell, Origin: mgl32.Vec3{0, want.Origin[1], want.Origin[2]}}} {
			if got, want := atPlace(&a, &p), a == eventlog.PlaceOf(&p); got != want {
				t.Fatalf("atPlace(%+v, %+v) = %v, want %v", a, p, got, want)
			}
		}
	}
}
