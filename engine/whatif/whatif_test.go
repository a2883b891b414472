package whatif

import (
	"reflect"
	"strings"
	"testing"

	"glidepath/assets"
	"glidepath/engine"
	"glidepath/engine/recording"
	"glidepath/engine/scenario"
	"glidepath/interp"
)

func compile(t *testing.T, name string) *recording.Recording {
	t.Helper()
	rec, err := scenario.CompileAsset(assets.FS(), name)
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

// pairMetrics runs the original and the what-if side by side and returns
// each run's metrics.
func pairMetrics(t *testing.T, rec *recording.Recording, changed interp.Reading, c Conditions) (orig, what []engine.ObjectMetrics, st Stats) {
	t.Helper()
	cmp, st, err := NewPair(rec, interp.SeedReading(), changed, c, engine.Options{Assets: assets.FS(), Metrics: true})
	if err != nil {
		t.Fatal(err)
	}
	for !cmp.Done() {
		cmp.Advance(64)
	}
	if err := cmp.Err(); err != nil {
		t.Fatal(err)
	}
	return cmp.Sims()[0].Query().Metrics(), cmp.Sims()[1].Query().Metrics(), st
}

// TestNewPair_ZeroChangeReproducesOriginal: a what-if that changes nothing
// (whatever its seed) gives every object exactly the original's metrics.
func TestNewPair_ZeroChangeReproducesOriginal(t *testing.T) {
	for _, name := range []string{"far-blip", "jitter"} {
		rec := compile(t, name)
		orig, what, _ := pairMetrics(t, rec, interp.SeedReading(), Conditions{Seed: 99})
		if len(orig) == 0 || !reflect.DeepEqual(orig, what) {
			t.Errorf("%s: zero-change what-if differs:\n orig %+v\n what %+v", name, orig, what)
		}
	}
}

// TestNewPair_LatencyRaisesError: more latency delivers every update later
// while the server truth stays where it was, so the body trails the truth
// further — the documented direction (docs/viewer.md "What-if"); so does a
// longer cadence, each update older when the next comes.
func TestNewPair_LatencyRaisesError(t *testing.T) {
	rec := compile(t, "default")
	for _, c := range []Conditions{{Latency: 0.3}, {Cadence: 3}} {
		orig, what, _ := pairMetrics(t, rec, interp.SeedReading(), c)
		for i := range orig {
			if orig[i].Error.N == 0 {
				t.Fatalf("%x: no truth to measure", orig[i].GUID)
			}
			if !(what[i].Error.Mean > orig[i].Error.Mean+0.1) {
				t.Errorf("%+v: %x: error mean %v, %v without; want it to rise", c, orig[i].GUID, what[i].Error.Mean, orig[i].Error.Mean)
			}
		}
	}
}

// TestRedeliver_LossAndCadence: loss 1 leaves no UpdatePosition; a cadence
// of 2 s over 1 s updates keeps about half; other kinds are untouched.
func TestRedeliver_LossAndCadence(t *testing.T) {
	rec := compile(t, "default")
	count := func(evs []recording.Event) (pos, other int) {
		for _, e := range evs {
			if e.Kind == recording.KindPosition {
				pos++
			} else {
				other++
			}
		}
		return
	}
	pos0, other0 := count(rec.Events)
	lost, st := Redeliver(rec.Events, Conditions{Loss: 1})
	if p, o := count(lost); p != 0 || o != other0 || st.Lost != pos0 {
		t.Errorf("loss 1: %d positions, %d others (want 0, %d), stats %+v", p, o, other0, st)
	}
	thin, st := Redeliver(rec.Events, Conditions{Cadence: 2})
	p, _ := count(thin)
	if p == 0 || p >= pos0 || st.Thinned != pos0-p {
		t.Errorf("cadence 2 s: kept %d of %d positions, stats %+v", p, pos0, st)
	}
	last := map[uint32]float64{}
	for _, e := range thin {
		if e.Kind != recording.KindPosition {
			continue
		}
		if l, ok := last[e.GUID]; ok && e.T-l < 2-1e-6 {
			t.Errorf("%x: updates at %v and %v, under 2 s apart", e.GUID, l, e.T)
		}
		last[e.GUID] = e.T
	}
}

// TestRedeliver_ReorderIsJudgedStale: held-back updates arrive after newer
// ones with their own old stamps; the pipeline drops them as stale
// (newer_event, seed 004 §2), so the what-if counts stale_position routes
// the original does not.
func TestRedeliver_ReorderIsJudgedStale(t *testing.T) {
	rec := compile(t, "default")
	_, st := Redeliver(rec.Events, Conditions{Reorder: 0.3, Seed: 3})
	if st.Reordered == 0 {
		t.Fatal("reorder 0.3 held nothing back")
	}
	orig, what, _ := pairMetrics(t, rec, interp.SeedReading(), Conditions{Reorder: 0.3, Seed: 3})
	var stale0, stale int
	for i := range orig {
		stale0 += orig[i].Routes[5]
		stale += what[i].Routes[5]
	}
	if stale0 != 0 || stale == 0 {
		t.Errorf("stale_position routes: %d original, %d what-if; want 0 and more", stale0, stale)
	}
}

// TestRedeliver_Deterministic: the same seed gives the same events, another
// seed other draws.
func TestRedeliver_Deterministic(t *testing.T) {
	rec := compile(t, "default")
	c := Conditions{Jitter: 0.2, Loss: 0.2, Seed: 7}
	a, _ := Redeliver(rec.Events, c)
	b, _ := Redeliver(rec.Events, c)
	if !reflect.DeepEqual(a, b) {
		t.Error("same seed, different events")
	}
	c.Seed = 8
	if d, _ := Redeliver(rec.Events, c); reflect.DeepEqual(a, d) {
		t.Error("seeds 7 and 8 gave the same events")
	}
}

// TestSetReading names the field or the value that is wrong.
func TestSetReading(t *testing.T) {
	r := interp.SeedReading()
	if err := SetReading(&r, "far_branch_prearm", "false"); err != nil || r.FarBranchPrearm {
		t.Errorf("far_branch_prearm=false: %v, %v", err, r.FarBranchPrearm)
	}
	if err := SetReading(&r, "secondary_divisor", "catch_up"); err != nil || r.SecondaryDivisor != interp.DivideByCatchUp {
		t.Errorf("secondary_divisor=catch_up: %v, %v", err, r.SecondaryDivisor)
	}
	for _, c := range []struct{ name, value, want string }{
		{"max_interpolated_velocity", "10", "max_interpolated_velocity: a retail constant, not a reading field"},
		{"prune_loop", "maybe", "prune_loop=maybe: want true or false"},
		{"heading_turn", "sideways", "want one of one_tick, slerp"},
	} {
		if err := SetReading(&r, c.name, c.value); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s=%s: %v, want %q", c.name, c.value, err, c.want)
		}
	}
}

// TestConditions_Check names the field out of range.
func TestConditions_Check(t *testing.T) {
	if err := (Conditions{Loss: 1.5}).Check(); err == nil || !strings.Contains(err.Error(), "loss 1.5") {
		t.Errorf("loss 1.5: %v", err)
	}
	if err := (Conditions{Latency: -1}).Check(); err == nil || !strings.Contains(err.Error(), "latency -1") {
		t.Errorf("latency -1: %v", err)
	}
}

// TestRedeliver_CreateMotionArrivesWithTheCreate: the motion a
// CreateObject's movement block is imported as (right after its create, at
// the same t) keeps the create's time; a later UpdateMotion gets the
// latency, and so does a delete.
func TestRedeliver_CreateMotionArrivesWithTheCreate(t *testing.T) {
	ent := &recording.Entity{GUID: 7}
	in := []recording.Event{
		{T: 1, Kind: recording.KindCreate, GUID: 7, HasGUID: true, Entity: ent},
		{T: 1, Kind: recording.KindMotion, GUID: 7, HasGUID: true},
		{T: 2, Kind: recording.KindMotion, GUID: 7, HasGUID: true},
		{T: 3, Kind: recording.KindDelete, GUID: 7, HasGUID: true},
	}
	out, _ := Redeliver(in, Conditions{Latency: 0.5})
	want := []float64{1, 1, 2.5, 3.5}
	for i, e := range out {
		if e.T != want[i] {
			t.Errorf("event %d (%v): t %v, want %v", i, e.Kind, e.T, want[i])
		}
	}
}

// pairConstants runs the original (retail constants) and a what-if that
// overrides the constants k, and returns each run's metrics.
func pairConstants(t *testing.T, rec *recording.Recording, k interp.Constants) (orig, what []engine.ObjectMetrics) {
	t.Helper()
	return pairConstantsUnder(t, rec, interp.SeedReading(), k)
}

// pairConstantsUnder is pairConstants with both runs under reading r.
func pairConstantsUnder(t *testing.T, rec *recording.Recording, r interp.Reading, k interp.Constants) (orig, what []engine.ObjectMetrics) {
	t.Helper()
	cmp, _, err := NewPairConstants(rec, r, r, k, Conditions{}, engine.Options{Assets: assets.FS(), Metrics: true})
	if err != nil {
		t.Fatal(err)
	}
	for !cmp.Done() {
		cmp.Advance(64)
	}
	if err := cmp.Err(); err != nil {
		t.Fatal(err)
	}
	return cmp.Sims()[0].Query().Metrics(), cmp.Sims()[1].Query().Metrics()
}

// totals sums blips and the error against truth over every object.
func totals(ms []engine.ObjectMetrics) (blips int, errSum float64, errN int) {
	for _, m := range ms {
		blips += m.Blips
		errSum += m.Error.Mean * float64(m.Error.N)
		errN += m.Error.N
	}
	return
}

// TestSet_MaxInterpolatedVelocity: the example. The runner
// scenario's remotes catch up at MAX_INTERPOLATED_VELOCITY (7.5 m/s, seed
// 000 §4) while they sprint; at 10 m/s the body closes on each update
// sooner, so it trails the truth less and fewer stall windows fail into a
// blip — the direction docs/viewer.md "What-if" documents. Setting the
// retail value reproduces the original exactly.
func TestSet_MaxInterpolatedVelocity(t *testing.T) {
	rec := compile(t, "runner")
	r, k := interp.SeedReading(), interp.RetailConstants()
	if err := Set(&r, &k, "max_interpolated_velocity", "10"); err != nil || k.MaxInterpolatedVelocity != 10 {
		t.Fatalf("max_interpolated_velocity=10: %v, %v", err, k.MaxInterpolatedVelocity)
	}
	orig, what := pairConstants(t, rec, k)
	ob, oe, on := totals(orig)
	wb, we, wn := totals(what)
	if on == 0 || on != wn {
		t.Fatalf("error samples: %d and %d", on, wn)
	}
	if !(we/float64(wn) < oe/float64(on)) || wb >= ob {
		t.Errorf("max_interpolated_velocity=10: blips %d→%d, error mean %.3f→%.3f; want both lower",
			ob, wb, oe/float64(on), we/float64(wn))
	}

	k = interp.RetailConstants()
	if err := Set(&r, &k, "max_interpolated_velocity", "7.5"); err != nil {
		t.Fatal(err)
	}
	orig, what = pairConstants(t, rec, k)
	if !reflect.DeepEqual(orig, what) {
		t.Errorf("max_interpolated_velocity=7.5 (retail) differs from the original")
	}
}

// TestSet_StallWindowFrames: a longer stall window is judged less often, so
// the runner's stalls fail fewer windows and blip less.
func TestSet_StallWindowFrames(t *testing.T) {
	rec := compile(t, "runner")
	k := interp.RetailConstants()
	k.StallCheckFrameInterval = 50
	orig, what := pairConstants(t, rec, k)
	ob, _, _ := totals(orig)
	wb, _, _ := totals(what)
	if ob == 0 || wb >= ob {
		t.Errorf("stall_check_frame_interval=50: blips %d→%d, want fewer", ob, wb)
	}
}

// TestSet_Constants names the constant or the value that is wrong and
// leaves the constants as they were.
func TestSet_Constants(t *testing.T) {
	r := interp.SeedReading()
	for _, c := range []struct{ name, value, want string }{
		{"max_interpolated_velocity", "-1", "max_interpolated_velocity=-1: want a number above 0"},
		{"max_interpolated_velocity", "NaN", "max_interpolated_velocity=NaN"},
		{"max_interpolated_velocity", "0", "max_interpolated_velocity=0"},
		{"max_interpolated_velocity_mod", "Inf", "max_interpolated_velocity_mod=Inf"},
		{"creature_failed_interpolation_percentage", "1e40", "creature_failed_interpolation_percentage=1e40"},
		{"stall_check_frame_interval", "0", "stall_check_frame_interval=0: want a whole number of frames"},
		{"stall_check_frame_interval", "-3", "stall_check_frame_interval=-3"},
		{"max_speed", "3", "max_speed: not a reading field or constant; known: secondary_divisor"},
	} {
		k := interp.RetailConstants()
		err := Set(&r, &k, c.name, c.value)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s=%s: %v, want %q", c.name, c.value, err, c.want)
		}
		if k != interp.RetailConstants() {
			t.Errorf("%s=%s changed the constants: %+v", c.name, c.value, k)
		}
	}
	if err := SetReading(&r, "max_interpolated_velocity", "10"); err == nil || !strings.Contains(err.Error(), "a retail constant") {
		t.Errorf("SetReading of a constant: %v", err)
	}
	names := SettingNames()
	for _, n := range interp.ConstantNames() {
		if !strings.Contains(strings.Join(names, ","), n) {
			t.Errorf("SettingNames lacks %s", n)
		}
	}
}

// TestSet_EveryConstantReachesTheRun: each constant, set away from retail,
// changes the what-if on an input and reading where its test decides
// (docs/viewer.md "What-if"): a higher catch-up factor closes the gap
// sooner (error mean falls); a stricter secondary ratio fails more windows
// (more blips, under ace's catch_up divisor); a different primary-test
// distance is read only by legacy's cumulative test (a smaller one passes
// the default scenario's slow windows).
func TestSet_EveryConstantReachesTheRun(t *testing.T) {
	for _, c := range []struct {
		name, value, scenario, reading string
		check                          func(ob, wb int, oe, we float64) bool
	}{
		{"max_interpolated_velocity", "10", "runner", "seed", func(ob, wb int, oe, we float64) bool { return we < oe }},
		{"max_interpolated_velocity_mod", "3", "jitter", "seed", func(ob, wb int, oe, we float64) bool { return we < oe }},
		{"creature_failed_interpolation_percentage", "0.9", "jitter", "ace", func(ob, wb int, oe, we float64) bool { return wb > ob }},
		{"min_distance_to_reach_position", "0.05", "default", "legacy", func(ob, wb int, oe, we float64) bool { return we != oe }},
		{"stall_check_frame_interval", "50", "runner", "seed", func(ob, wb int, oe, we float64) bool { return wb < ob }},
	} {
		r, err := interp.ReadingByName(c.reading)
		if err != nil {
			t.Fatal(err)
		}
		k := interp.RetailConstants()
		if err := Set(&r, &k, c.name, c.value); err != nil {
			t.Fatal(err)
		}
		orig, what := pairConstantsUnder(t, compile(t, c.scenario), r, k)
		ob, oe, on := totals(orig)
		wb, we, wn := totals(what)
		if on == 0 || wn == 0 || !c.check(ob, wb, oe/float64(on), we/float64(wn)) {
			t.Errorf("%s=%s on %s under %s: blips %d→%d, error mean %.4f→%.4f", c.name, c.value, c.scenario, c.reading,
				ob, wb, oe/float64(max(on, 1)), we/float64(max(wn, 1)))
		}
	}
	if n := len(interp.ConstantNames()); n != 5 {
		t.Errorf("%d constants; this test covers 5", n)
	}
}

// TestRedeliver_RecreatedObjectKeepsItsUpdates: an object deleted and
// created again (a capture's CreateObject with a new instance stamp) keeps
// the updates of its new life; only its first life's delete drops the
// first life's updates that now arrive after it. A delete delayed past the
// create that followed it on the server would delete the new object (or
// make the engine refuse the create): the create arrives after it.
func TestRedeliver_RecreatedObjectKeepsItsUpdates(t *testing.T) {
	ent := &recording.Entity{GUID: 7}
	in := []recording.Event{
		{T: 2, Kind: recording.KindPosition, GUID: 7, HasGUID: true},
		{T: 2.9, Kind: recording.KindPosition, GUID: 7, HasGUID: true},
		{T: 3, Kind: recording.KindDelete, GUID: 7, HasGUID: true},
		{T: 4, Kind: recording.KindCreate, GUID: 7, HasGUID: true, Entity: ent},
		{T: 4, Kind: recording.KindMotion, GUID: 7, HasGUID: true},
		{T: 5, Kind: recording.KindPosition, GUID: 7, HasGUID: true},
		{T: 6, Kind: recording.KindPosition, GUID: 7, HasGUID: true},
	}
	type row struct {
		kind recording.Kind
		t    float64
	}
	rows := func(evs []recording.Event) []row {
		var r []row
		for _, e := range evs {
			r = append(r, row{e.Kind, e.T})
		}
		return r
	}
	out, st := Redeliver(in, Conditions{Latency: 2})
	want := []row{{recording.KindPosition, 4}, {recording.KindPosition, 4.9}, {recording.KindDelete, 5},
		{recording.KindCreate, 5}, {recording.KindMotion, 5}, {recording.KindPosition, 7}, {recording.KindPosition, 8}}
	if got := rows(out); !reflect.DeepEqual(got, want) || st.AfterDelete != 0 {
		t.Errorf("latency 2 s: %v, after delete %d; want %v, 0", got, st.AfterDelete, want)
	}
	// Every update held back by the mean interval, (6-2)/3 s × 1.5 = 2 s:
	// the first life's two now arrive after its delete (3) and are dropped;
	// the second life's have no delete after them and stay.
	out, st = Redeliver(in, Conditions{Reorder: 1})
	want = []row{{recording.KindDelete, 3}, {recording.KindCreate, 4}, {recording.KindMotion, 4},
		{recording.KindPosition, 7}, {recording.KindPosition, 8}}
	if got := rows(out); !reflect.DeepEqual(got, want) || st.AfterDelete != 2 {
		t.Errorf("reorder 1: %v, after delete %d; want %v, 2", got, st.AfterDelete, want)
	}
}
