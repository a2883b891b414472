// Glide metrics tests, each on an input built so the expected number can be
// derived by hand from the pipeline's rules: pops, hitches, error
// percentiles, and the counts taken from the event log.

package engine

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/engine/recording"
	"glidepath/interp"
	"glidepath/physics"
)

func metricsOf(t *testing.T, s *Sim) ObjectMetrics {
	t.Helper()
	for _, m := range s.Query().Metrics() {
		if m.GUID == testGUID {
			return m
		}
	}
	t.Fatal("no metrics for the test object")
	return ObjectMetrics{}
}

// A pop is a tick that moved the body more than max(2 × catch-up step,
// 0.5 m) without a blip or snap. A 30 m/s VectorUpdate on flat ground: the
// friction step (seed 003 §4 row 2b, (1 − 0.95)^dt = 0.90496 per 1/30 s)
// runs before the Euler step, so tick k moves the body 30 × 0.90496^k / 30 m
// = 0.90496^k m — over 0.5 m for k = 1…6 (0.5493), not for k = 7 (0.4971).
// The teleport that follows moves it 50 m, but it is a snap, not a pop.
func TestMetrics_PopIsAnUnexplainedJump(t *testing.T) {
	rec := testRecording(false)
	tele := positionEvent(3, 140, 90, 1)
	tele.Update.Seq.Teleport = 1
	rec.Events = []recording.Event{
		{T: 0.1, Kind: recording.KindVector, GUID: testGUID, HasGUID: true,
			Vector: recording.Vector{Velocity: mgl32.Vec3{30, 0, 0}, Seq: recording.VectorSeq{Instance: 1, Vector: 1}}},
		tele,
	}
	s := newSim(t, rec, Options{Metrics: true})
	runTo(s, s.LastTick())
	m := metricsOf(t, s)
	if m.Pops != 6 || m.Snaps != 1 || m.Routes[physics.RouteTeleport] != 1 {
		t.Fatalf("pops %d, snaps %d, teleports %d; want 6, 1, 1", m.Pops, m.Snaps, m.Routes[physics.RouteTeleport])
	}
}

// A blip (seed 000 §6) is meant as a jump, so it is not a pop either.
func TestMetrics_BlipIsNotAPop(t *testing.T) {
	rec, err := recording.ReadFile("testdata/far_jump.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	s := newSim(t, rec, Options{Metrics: true})
	runTo(s, s.LastTick())
	m := metricsOf(t, s)
	if m.Blips != 1 || m.Pops != 0 || m.Enqueues[interp.BranchFar] != 1 || m.Enqueues[interp.BranchNear] != 2 {
		t.Fatalf("blips %d, pops %d, far %d, near %d; want 1, 0, 1, 2", m.Blips, m.Pops, m.Enqueues[interp.BranchFar], m.Enqueues[interp.BranchNear])
	}
}

// A hitch is one still tick between two moving ones. No motion interpreter:
// the catch-up step is 7.5 m/s × 1/30 s = 0.25 m (seed 000 §4, READINGS.md
// item 10). An update 1 m ahead in tick 15 moves the body in ticks 15–18;
// in tick 19 it is within 0.05 m and NodeCompleted runs without a step
// (seed 000 §4 reach test). A second update in tick 20 makes tick 19 a
// hitch; in tick 21 the body stands still two ticks, which is a stop.
func TestMetrics_HitchIsOneStillTickInAGlide(t *testing.T) {
	for _, tc := range []struct {
		secondTick int
		want       int
	}{{20, 1}, {21, 0}, {22, 0}} {
		rec := testRecording(false)
		rec.Events = []recording.Event{
			positionEvent(0.5, 91, 90, 1),
			positionEvent(float64(tc.secondTick)/30, 92, 90, 2),
		}
		s := newSim(t, rec, Options{Metrics: true})
		runTo(s, s.LastTick())
		if m := metricsOf(t, s); m.Hitches != tc.want || m.Pops != 0 {
			t.Errorf("second update in tick %d: %d hitches, %d pops; want %d, 0", tc.secondTick, m.Hitches, m.Pops, tc.want)
		}
	}
}

// Position error: a body standing at (90, 90) with truth k cm east of it in
// tick k = 1…100 has errors 0.01…1.00 m: mean 0.505, 95th percentile by
// nearest rank the 95th smallest (0.95), max 1.
func TestMetrics_ErrorPercentiles(t *testing.T) {
	rec := testRecording(false)
	for k := 1; k <= 100; k++ {
		rec.Events = append(rec.Events, recording.Event{
			T: float64(k) / 30, Kind: recording.KindTruth, GUID: testGUID, HasGUID: true,
			Pos: posAt(90+float32(k)*0.01, 90, 90),
		})
	}
	s := newSim(t, rec, Options{Metrics: true, LastTick: 100})
	runTo(s, 100)
	e := metricsOf(t, s).Error
	near := func(a, b float64) bool { return math.Abs(a-b) < 1e-4 }
	if e.N != 100 || !near(e.Mean, 0.505) || !near(e.P95, 0.95) || !near(e.Max, 1) {
		t.Fatalf("error %+v; want N 100, mean 0.505, p95 0.95, max 1", e)
	}
	v, _ := s.Query().Object(testGUID)
	if !v.HasTruth || v.TruthTick != 100 {
		t.Fatalf("view truth %v at tick %d, want the latest, tick 100", v.HasTruth, v.TruthTick)
	}
}

func TestErrorStats_NearestRank(t *testing.T) {
	for _, tc := range []struct {
		in   []float32
		want ErrorStats
	}{
		{nil, ErrorStats{}},
		{[]float32{2}, ErrorStats{N: 1, Mean: 2, P95: 2, Max: 2}},
		{[]float32{3, 1, 2}, ErrorStats{N: 3, Mean: 2, P95: 3, Max: 3}},
		{[]float32{5, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}, ErrorStats{N: 20, Mean: 1.2, P95: 1, Max: 5}},
	} {
		var d errorDist
		for _, v := range tc.in {
			d.add(v)
		}
		got := d.stats()
		if got.N != tc.want.N || math.Abs(got.Mean-tc.want.Mean) > 1e-9 || got.P95 != tc.want.P95 || got.Max != tc.want.Max {
			t.Errorf("stats of %v = %+v, want %+v", tc.in, got, tc.want)
		}
	}
}

// The counts come from the event log: routing branches (seed 004 §0–§3),
// snaps, and the queue's longest run, maximum and final length.
func TestMetrics_CountsFromTheGoldenRecordings(t *testing.T) {
	for _, tc := range []struct {
		file  string
		check func(m *ObjectMetrics) bool
	}{
		{"duplicates", func(m *ObjectMetrics) bool {
			return m.Routes[physics.RouteInterpolate] == 3 && m.Routes[physics.RouteStalePosition] == 2 &&
				m.Routes[physics.RouteWrongInstance] == 2 && m.Updates() == 7
		}},
		{"teleport_stamp", func(m *ObjectMetrics) bool {
			return m.Routes[physics.RouteTeleport] == 1 && m.Routes[physics.RouteStaleTeleport] == 1 && m.Snaps == 1
		}},
		{"outside_bubble", func(m *ObjectMetrics) bool {
			return m.Routes[physics.RouteSlide] == 2 && m.Snaps == 2 && m.Routes[physics.RouteInterpolate] == 1
		}},
		{"airborne", func(m *ObjectMetrics) bool {
			return m.Routes[physics.RouteAirborne] == 3 && m.Enqueues[interp.BranchNear] == 1
		}},
		// The walker's queue holds one node from the enqueue in tick 15
		// until it completes in tick 21: six ticks end non-empty.
		{"steady_walk", func(m *ObjectMetrics) bool {
			return m.LongestQueue == 6 && m.MaxQueue == 1 && m.FinalQueue == 0 && m.StallWindows == 6 && m.StallFailures == 0
		}},
	} {
		rec, err := recording.ReadFile("testdata/" + tc.file + ".jsonl")
		if err != nil {
			t.Fatal(err)
		}
		s := newSim(t, rec, Options{Metrics: true})
		runTo(s, s.LastTick())
		if m := metricsOf(t, s); !tc.check(&m) {
			t.Errorf("%s: metrics %+v", tc.file, m)
		}
	}
}

// Stall windows that fail are counted (seed 000 §4): the wall scenario walks
// the body into a slope it cannot climb.
func TestMetrics_StallFailures(t *testing.T) {
	s := newSim(t, compiled(t, "wall"), Options{Metrics: true})
	runTo(s, s.LastTick())
	m := s.Query().Metrics()[0]
	if m.StallFailures == 0 || m.Blips == 0 {
		t.Fatalf("wall: %d stall failures, %d blips; want some of each", m.StallFailures, m.Blips)
	}
}

// Compare runs every reading on the same input in lock step.
func TestCompare_ReadingsInLockStep(t *testing.T) {
	rec := testRecording(true)
	m := recording.NewMotion()
	m.Forward = recording.RunForward
	rec.Events = []recording.Event{{T: 0.1, Kind: recording.KindMotion, GUID: testGUID, HasGUID: true, Motion: m}}
	var readings []interp.Reading
	for _, n := range interp.ReadingNames() {
		r, _ := interp.ReadingByName(n)
		readings = append(readings, r)
	}
	c, err := compareOf(rec, readings, Options{Assets: testAssets(), Metrics: true})
	if err != nil {
		t.Fatal(err)
	}
	for range 30 {
		c.Step()
	}
	c.Seek(20)
	for _, s := range c.Sims() {
		if s.Tick() != 20 {
			t.Fatalf("%s at tick %d, want 20", s.Reading().Name, s.Tick())
		}
	}
	seed, _ := c.Sim("seed").Query().Object(testGUID)
	legacy, _ := c.Sim("legacy").Query().Object(testGUID)
	if seed.Position == legacy.Position {
		t.Fatal("seed and legacy should differ for a running remote with no updates (READINGS.md item 11)")
	}
	if _, err := compareOf(rec, []interp.Reading{readings[0], readings[0]}, Options{Assets: testAssets()}); err == nil {
		t.Fatal("the same reading twice should be refused")
	}
}

// Past ExactErrorTicks an object's errors are a histogram: memory stops
// growing with the run, the mean and maximum stay exact, and the 95th
// percentile is the upper edge of the bucket holding the nearest rank — no
// lower than the exact value and at most 1/64 above it.
func TestErrorStats_HistogramPastExactTicks(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 5))
	for _, n := range []int{ExactErrorTicks, ExactErrorTicks + 1, 50_000, 200_000} {
		var d errorDist
		all := make([]float32, 0, n)
		var sum float64
		for range n {
			// Mostly centimetres, a tail of metres, some exact zeros.
			e := float32(rng.ExpFloat64() * 0.05)
			switch rng.IntN(50) {
			case 0:
				e *= 100
			case 1:
				e = 0
			}
			d.add(e)
			all = append(all, e)
			sum += float64(e)
		}
		slices.Sort(all)
		exact := float64(all[int(math.Ceil(0.95*float64(n)))-1])
		got := d.stats()
		if got.N != n || math.Abs(got.Mean-sum/float64(n)) > 1e-12*sum || got.Max != float64(all[n-1]) {
			t.Errorf("n=%d: %+v, want N %d, mean %v, max %v exactly", n, got, n, sum/float64(n), all[n-1])
		}
		if n <= ExactErrorTicks {
			if got.P95 != exact || d.hist != nil {
				t.Errorf("n=%d: p95 %v, want the exact %v", n, got.P95, exact)
			}
			continue
		}
		if d.exact != nil || len(d.hist) != errBuckets {
			t.Errorf("n=%d: %d samples kept, want only the histogram", n, len(d.exact))
		}
		if got.P95 < exact || got.P95 > exact*(1+1.0/64) {
			t.Errorf("n=%d: p95 %v, exact %v: want within [exact, exact·(1+1/64)]", n, got.P95, exact)
		}
	}
}

// Buckets follow the values: every error lies below its bucket's top and
// at or above the previous bucket's.
func TestErrorBucket_OrderedAndBounded(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	for range 100_000 {
		e := float32(math.Ldexp(rng.Float64(), rng.IntN(44)-24))
		i := errorBucket(e)
		if top := bucketTop(i); !(e < top) {
			t.Fatalf("%v in bucket %d whose top is %v", e, i, top)
		}
		if i > 0 && !(e >= bucketTop(i-1)) {
			t.Fatalf("%v in bucket %d, below the previous bucket's top %v", e, i, bucketTop(i-1))
		}
	}
	if errorBucket(0) != 0 || errorBucket(float32(math.Inf(1))) != errBuckets-1 {
		t.Error("zero and infinity must be the first and last buckets")
	}
}

// offsetLen is Offset(…).Len() bit for bit: within a landblock, across
// landblock edges in every direction, near and far.
func TestOffsetLen_IsOffsetLenBitForBit(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 19))
	coord := func() float32 { return float32(rng.Float64()*200 - 4) }
	for i := range 100000 {
		p := physics.Position{Cell: uint32(0xA9+rng.IntN(3))<<24 | uint32(0xB3+rng.IntN(3))<<16 | 1}
		q := physics.Position{Cell: uint32(0xA9+rng.IntN(3))<<24 | uint32(0xB3+rng.IntN(3))<<16 | 1}
		p.Frame.Origin = mgl32.Vec3{coord(), coord(), coord() / 8}
		q.Frame.Origin = mgl32.Vec3{coord(), coord(), coord() / 8}
		if i%3 == 0 { // close together: the small displacements of a tick
			q.Cell, q.Frame.Origin = p.Cell, p.Frame.Origin.Add(mgl32.Vec3{float32(rng.NormFloat64()) * 0.01, float32(rng.NormFloat64()) * 0.01, 0})
		}
		want := p.Offset(&q).Len()
		if got := offsetLen(&p, &q); math.Float32bits(got) != math.Float32bits(want) {
			t.Fatalf("%v → %v: offsetLen %v, Offset().Len() %v", p, q, got, want)
		}
	}
}
