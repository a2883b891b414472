// Tests of the Reading presets and of each field's behaviour where the
// readings differ (READINGS.md).

package interp

import (
	"reflect"
	"strings"
	"testing"

	"glidepath/physics"
)

// READINGS.md "Presets": each preset sets every field as the table says.
func TestReadingByName_Presets(t *testing.T) {
	type row struct {
		div      SecondaryDivisor
		primary  PrimaryTest
		progress ProgressMeasure
		prearm   bool
		loop     bool
		pops     bool
		over     bool
		cons     ConstraintOffsetUpdate
		gate     bool
		drive    bool
		farArg   bool
		posComb  bool
	}
	want := map[string]row{
		ReadingSeed:    {DivideByFrameDt, PrimaryCumulative, ProgressTime, true, true, true, true, ConstraintAssign, true, false, false, false},
		ReadingACE:     {DivideByCatchUp, PrimaryNone, ProgressTime, true, true, true, true, ConstraintAssign, true, false, true, true},
		ReadingHexRays: {DivideByCatchUp, PrimaryReachOnFail, ProgressTime, true, true, true, true, ConstraintAccumulate, true, false, false, false},
		ReadingLegacy:  {DivideByNothing, PrimaryCumulative, ProgressStepLength, false, false, false, false, ConstraintAssign, false, true, false, false},
	}
	names := ReadingNames()
	if len(names) != len(want) || names[0] != DefaultReadingName {
		t.Fatalf("ReadingNames() = %v", names)
	}
	for _, name := range names {
		r, err := ReadingByName(name)
		if err != nil {
			t.Fatal(err)
		}
		got := row{r.SecondaryDivisor, r.PrimaryTest, r.Progress, r.FarBranchPrearm, r.PruneLoop, r.StallPopsHead,
			r.OverwriteOffset, r.ConstraintOffset, r.ContactGate, r.DriveWithStateVelocity, r.FarBranchHeadingFromArgument, r.PosFramesCombineForward}
		if got != want[name] || r.Name != name {
			t.Errorf("%s: %+v (name %q), want %+v", name, got, r.Name, want[name])
		}
		if err := r.Validate(); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	if SeedReading() != mustReading(ReadingSeed) {
		t.Error("SeedReading differs from the seed preset")
	}
}

// An unknown reading name is an error that lists the known ones.
func TestReadingByName_Unknown(t *testing.T) {
	_, err := ReadingByName("retail")
	if err == nil {
		t.Fatal("no error for an unknown reading")
	}
	for _, n := range ReadingNames() {
		if !strings.Contains(err.Error(), n) {
			t.Errorf("error %q does not list %q", err, n)
		}
	}
}

// A hand-built Reading with an out-of-range enumeration is refused.
func TestReading_ValidateRejectsOutOfRange(t *testing.T) {
	for _, mutate := range []func(*Reading){
		func(r *Reading) { r.SecondaryDivisor = 9 },
		func(r *Reading) { r.PrimaryTest = 9 },
		func(r *Reading) { r.Progress = 9 },
		func(r *Reading) { r.ConstraintOffset = 9 },
	} {
		r := SeedReading()
		mutate(&r)
		if _, err := NewPositionManager(nil, r); err == nil {
			t.Errorf("accepted %+v", r)
		}
		if _, err := NewInterpolationManager(nil, r); err == nil {
			t.Errorf("interpolation manager accepted %+v", r)
		}
	}
}

// Every enumeration names itself with the trace-v1 / viewer strings.
func TestReading_EnumStrings(t *testing.T) {
	for got, want := range map[string]string{
		DivideByFrameDt.String():      "dt",
		DivideByCatchUp.String():      "catch_up",
		DivideByNothing.String():      "none",
		PrimaryCumulative.String():    "cumulative",
		PrimaryNone.String():          "none",
		PrimaryReachOnFail.String():   "reach_on_fail",
		ProgressTime.String():         "dt",
		ProgressStepLength.String():   "step_length",
		ConstraintAssign.String():     "assign",
		ConstraintAccumulate.String(): "accumulate",
		EventEnqueue.String():         "enqueue",
		EventNodeComplete.String():    "node_complete",
		EventStallWindow.String():     "stall_window",
		EventBlip.String():            "blip",
		BranchFar.String():            "far",
		BranchArrived.String():        "arrived",
		BranchNear.String():           "near",
		BlipTail.String():             "tail",
		BlipLastPositionNode.String(): "last_position_node",
		BlipToPosition.String():       "blipto_position",
		NodePosition.String():         "position",
		NodeJump.String():             "jump",
		NodeVelocity.String():         "velocity",
		SecondaryDivisor(7).String():  "SecondaryDivisor(7)",
		EventKind(0).String():         "EventKind(0)",
	} {
		if got != want {
			t.Errorf("String() = %q, want %q", got, want)
		}
	}
}

// creep runs a body that the test moves by hand, step metres per tick toward
// a head 10 m away, for two windows, and returns the second window's event.
func creep(t *testing.T, r Reading, step float32, headDist float32) Event {
	t.Helper()
	b := newBody(at(10, 10, 0))
	b.blocked = true
	pm, err := NewPositionManager(b, r)
	if err != nil {
		t.Fatal(err)
	}
	rec := &recorder{}
	pm.SetSink(rec)
	p := at(10, 10+headDist, 0)
	pm.InterpolateTo(&p, false)
	for range 2 * StallCheckFrameInterval {
		tick(pm, b, dt30)
		b.pos.Frame.Origin[1] += step
	}
	w := rec.of(EventStallWindow)
	if len(w) != 2 {
		t.Fatalf("%s: %d windows, want 2", r.Name, len(w))
	}
	return w[1]
}

// READINGS item 1 (seed 000 §4): a body creeping 2 mm per frame passes the
// window under seed (/dt: 0.01 / 0.167 / 0.033 ≈ 1.8) and fails under ace
// (/catch-up: 0.01 / 0.167 / 7.5 ≈ 0.008) and legacy (/nothing, with step
// lengths: 0.01 / 1.25).
func TestReading_SecondaryDivisor(t *testing.T) {
	for name, wantPass := range map[string]bool{ReadingSeed: true, ReadingACE: false, ReadingLegacy: false} {
		w := creep(t, mustReading(name), 0.002, 10)
		if w.Pass != wantPass {
			t.Errorf("%s: window pass=%v (cumulative %v, quantum %v), want %v", name, w.Pass, w.Cumulative, w.ProgressQuantum, wantPass)
		}
	}
}

// READINGS item 2: 0.25 m per window is below 30 % of the 7.5 m/s catch-up
// (0.25 / 0.167 / 7.5 = 0.2), so ace fails it; the same reading with the
// 0.20 m primary test passes it.
func TestReading_PrimaryTest(t *testing.T) {
	ace := mustReading(ReadingACE)
	if w := creep(t, ace, 0.05, 10); w.Pass {
		t.Errorf("ace passed a 0.25 m window: %+v", w)
	}
	ace.PrimaryTest = PrimaryCumulative
	if w := creep(t, ace, 0.05, 10); !w.Pass {
		t.Errorf("ace with the primary test failed a 0.25 m window: %+v", w)
	}
}

// READINGS item 2, hexrays: a failed window with the head closer than 0.20 m
// completes the head as reached instead of counting a failure.
func TestReading_HexRaysReachOnFail(t *testing.T) {
	for _, c := range []struct {
		name        string
		wantFail    int32
		wantSuccess bool
	}{
		{ReadingACE, 1, false},
		{ReadingHexRays, 0, true},
	} {
		b := newBody(at(10, 10, 0))
		b.blocked = true
		pm, rec := newPM(b, c.name)
		p1, p2 := at(10, 10.15, 0), at(10, 12, 0)
		pm.InterpolateTo(&p1, false)
		pm.InterpolateTo(&p2, false)
		for range 2 * StallCheckFrameInterval {
			tick(pm, b, dt30)
		}
		nc := rec.of(EventNodeComplete)
		if len(nc) != 1 || nc[0].Success != c.wantSuccess || pm.InterpolationState().FailCounter != c.wantFail {
			t.Errorf("%s: completions %+v, fail counter %d; want success=%v fail=%d", c.name, nc, pm.InterpolationState().FailCounter, c.wantSuccess, c.wantFail)
		}
	}
}

// READINGS item 3: legacy's progress_quantum sums step lengths, seed's dt.
func TestReading_ProgressMeasure(t *testing.T) {
	for name, want := range map[string]float32{ReadingSeed: 3 * float32(dt30), ReadingLegacy: 0.75} {
		b := newBody(at(10, 10, 0))
		pm, _ := newPM(b, name)
		p := at(10, 20, 0)
		pm.InterpolateTo(&p, false)
		for range 3 {
			tick(pm, b, dt30)
		}
		if got := pm.InterpolationState().ProgressQuantum; absf(got-want) > 1e-5 {
			t.Errorf("%s: progress_quantum %v, want %v", name, got, want)
		}
	}
}

// READINGS item 4 (seed 000 §7 bug #3): legacy does not pre-arm the far
// branch; the body drifts toward the far node at catch-up speed.
func TestReading_LegacyFarBranchDrifts(t *testing.T) {
	b := newBody(at(10, 10, 0))
	pm, rec := newPM(b, ReadingLegacy)
	far := at(10, 160, 0)
	pm.InterpolateTo(&far, false)
	if e := rec.of(EventEnqueue); len(e) != 1 || e[0].Branch != BranchFar || e[0].FailCounter != 0 {
		t.Fatalf("enqueue %+v, want far with no pre-arm", e)
	}
	tick(pm, b, dt30)
	if !pm.IsInterpolating() || len(rec.of(EventBlip)) != 0 {
		t.Error("legacy blipped on a far enqueue")
	}
	if y := b.pos.Frame.Origin[1]; absf(y-10.25) > 1e-4 {
		t.Errorf("body at y=%v, want a 0.25 m drift to 10.25", y)
	}
}

// READINGS item 5 (seed 000 §7 bug #5): legacy prunes the last node only.
func TestReading_LegacyPrunesLastOnly(t *testing.T) {
	for name, wantPruned := range map[string]int{ReadingSeed: 3, ReadingLegacy: 1} {
		b := newBody(at(10, 10, 0))
		pm, rec := newPM(b, name)
		m := pm.makeInterpolation()
		for _, dx := range []float32{0.01, 0.02, 0.03} {
			m.st.queue.pushBack(Node{Type: NodePosition, Position: at(20+dx, 10, 0)})
		}
		target := at(20, 10, 0)
		pm.InterpolateTo(&target, false)
		e := rec.of(EventEnqueue)
		if e[0].Pruned != wantPruned || m.QueueLen() != 4-wantPruned {
			t.Errorf("%s: pruned %d, queue %d; want %d pruned", name, e[0].Pruned, m.QueueLen(), wantPruned)
		}
	}
}

// READINGS item 6 (seed 000 §7 "Stall fail action"): under legacy a failed
// window keeps the head, and the 4th failure snaps to the tail from inside
// AdjustOffset, through the offset frame.
func TestReading_LegacyStallKeepsHeadAndSnapsInAdjustOffset(t *testing.T) {
	b := newBody(at(10, 10, 0))
	b.blocked = true
	pm, rec := newPM(b, ReadingLegacy)
	for i := 1; i <= 6; i++ {
		p := at(10, 10+float32(i), 0)
		pm.InterpolateTo(&p, false)
	}
	tail, _ := pm.Interpolation().Node(5)
	var snap physics.Frame
	for range 5 * StallCheckFrameInterval {
		off := physics.IdentityFrame()
		pm.AdjustOffset(&off, dt30)
		if len(rec.of(EventBlip)) > 0 {
			snap = off
			break
		}
		if n := pm.InterpolationState().QueueLen; n != 6 {
			t.Fatalf("legacy popped a head on a stall: queue %d", n)
		}
		pm.UseTime()
	}
	if len(rec.of(EventNodeComplete)) != 0 {
		t.Errorf("legacy completed nodes: %+v", rec.of(EventNodeComplete))
	}
	blips := rec.of(EventBlip)
	if len(blips) != 1 || blips[0].Target != BlipTail || blips[0].FailCounter != 4 {
		t.Fatalf("blips %+v, want one to the tail from AdjustOffset", blips)
	}
	if want := b.pos.Distance(&tail.Position); absf(snap.Origin.Len()-want) > 1e-4 {
		t.Errorf("snap offset %v long, want the %v m to the tail", snap.Origin.Len(), want)
	}
	if pm.IsInterpolating() || b.spsCalls != 0 {
		t.Errorf("after the legacy snap: queue %d, %d SetPositionSimple calls", pm.InterpolationState().QueueLen, b.spsCalls)
	}
}

// SettingName, the one spelling of a Reading field's name that
// `viewer whatif -set` takes and the readings' comparison prints:
// snake_case of the Go name, each field's name distinct and lower case.
func TestSettingName_SnakeCase(t *testing.T) {
	for in, want := range map[string]string{
		"FarBranchPrearm":  "far_branch_prearm",
		"SecondaryDivisor": "secondary_divisor",
		"Name":             "name",
		"already_snake":    "already_snake",
		"":                 "",
	} {
		if got := SettingName(in); got != want {
			t.Errorf("SettingName(%q) = %q, want %q", in, got, want)
		}
	}
	rt := reflect.TypeOf(Reading{})
	seen := map[string]string{}
	for i := range rt.NumField() {
		f := rt.Field(i).Name
		n := SettingName(f)
		if n != strings.ToLower(n) || strings.HasPrefix(n, "_") {
			t.Errorf("%s: setting name %q", f, n)
		}
		if o, ok := seen[n]; ok {
			t.Errorf("%s and %s share the setting name %q", o, f, n)
		}
		seen[n] = f
	}
}

// The enums' names, as traces and settings spell them, come from one
// table each; a value without a name (0 where a kind starts at 1, or past
// the table) reads as its type and number.
func TestEnumNames_AndTheirFallback(t *testing.T) {
	for _, c := range []struct {
		got, want string
	}{
		{EventBlip.String(), "blip"}, {EventKind(0).String(), "EventKind(0)"}, {EventKind(9).String(), "EventKind(9)"},
		{BranchNear.String(), "near"}, {EnqueueBranch(0).String(), "EnqueueBranch(0)"}, {EnqueueBranch(4).String(), "EnqueueBranch(4)"},
		{BlipToPosition.String(), "blipto_position"}, {BlipTarget(0).String(), "BlipTarget(0)"},
		{DivideByFrameDt.String(), "dt"}, {DivideByNothing.String(), "none"}, {SecondaryDivisor(3).String(), "SecondaryDivisor(3)"},
		{PrimaryReachOnFail.String(), "reach_on_fail"}, {PrimaryTest(7).String(), "PrimaryTest(7)"},
		{ProgressStepLength.String(), "step_length"}, {ProgressMeasure(2).String(), "ProgressMeasure(2)"},
		{ConstraintAccumulate.String(), "accumulate"}, {ConstraintOffsetUpdate(2).String(), "ConstraintOffsetUpdate(2)"},
		{HeadingSlerp.String(), "slerp"}, {HeadingTurn(255).String(), "HeadingTurn(255)"},
	} {
		if c.got != c.want {
			t.Errorf("%q, want %q", c.got, c.want)
		}
	}
}
