package report

import (
	"testing"

	"glidepath/engine"
	"glidepath/engine/recording"
	"glidepath/interp"
	"glidepath/physics"
)

// On runner.yaml the seed and hexrays readings keep the same states until
// tick 512, where adjust_offset moves the Courier differently (the readings
// differ in adjust_offset's catch-up, READINGS.md): the finder names that
// tick, the object, the field and the stage, and the states the tick
// before are indeed the same.
func TestDifferenceFinder(t *testing.T) {
	rec := compiled(t, "runner")
	seed, _ := interp.ReadingByName("seed")
	hexrays, _ := interp.ReadingByName("hexrays")
	c, err := engine.NewCompareStream(recording.NewSource(rec), []interp.Reading{seed, hexrays}, engine.Options{Assets: testAssets(), RecordStages: true, NoCheckpoints: true})
	if err != nil {
		t.Fatal(err)
	}
	d := NewDifferenceFinder(c)
	var before, before0 []engine.StateRow
	for !d.Found() && !c.Done() {
		if err := d.WriteTick(); err != nil {
			t.Fatal(err)
		}
		if !d.Found() {
			before = c.Sims()[1].Query().States(before[:0])
			before0 = c.Sims()[0].Query().States(before0[:0])
			c.Step()
		}
	}
	fd := d.First()
	if fd == nil {
		t.Fatal("no difference found")
	}
	if fd.Tick != 512 || fd.GUID != "0x80000C01" || fd.Field != "position" || fd.Stage != "PositionManager::adjust_offset" ||
		fd.Readings[0] != "seed" || fd.Readings[1] != "hexrays" {
		t.Errorf("first difference %+v", fd)
	}
	// The tick before, both runs held the same state, bit for bit.
	if len(before) == 0 || len(before) != len(before0) {
		t.Fatalf("states the tick before: %d and %d rows", len(before0), len(before))
	}
	for i := range before {
		if before[i] != before0[i] {
			t.Errorf("tick 511 already differs: %+v vs %+v", before0[i], before[i])
		}
	}
	// One reading against itself never differs.
	c2, err := engine.NewCompareStream(recording.NewSource(rec), []interp.Reading{seed}, engine.Options{Assets: testAssets(), NoCheckpoints: true})
	if err != nil {
		t.Fatal(err)
	}
	if d2 := NewDifferenceFinder(c2); !d2.Found() || d2.First() != nil {
		t.Error("one run: want Found with no difference")
	}
}

// The first stage that ran under one run only, or gave another output,
// names the difference.
func TestStageDifference(t *testing.T) {
	var a, b physics.StageRecord
	if got := stageDifference(&a, &b); got != "" {
		t.Errorf("same records: %q", got)
	}
	b.Ran[2] = true
	if got := stageDifference(&a, &b); got == "" {
		t.Error("a stage ran under one run only, yet no stage named")
	}
	a.Ran[2] = true
	a.Pos[2].Frame.Origin[0] = 0.0005 // half a millimetre
	if got := stageDifference(&a, &b); got == "" {
		t.Error("a 0.5 mm difference went unnoticed")
	}
}

// A reading that only turns a body differs first in the heading a trace's
// state row gives (docs/readings.md item 14): on default.yaml,
// heading_slerp turns the Wanderer differently from tick 94 while its
// cell, origin, queue, counter and Contact stay the same until tick 153.
// The finder names tick 94 and "heading", not the later position, and
// the states it compared the tick before agree in every field, the
// heading too.
func TestDifferenceFinder_HeadingAloneDiffers(t *testing.T) {
	rec := compiled(t, "default")
	seed, _ := interp.ReadingByName("seed")
	slerp, err := interp.ReadingByName("seed+heading_slerp")
	if err != nil {
		t.Fatal(err)
	}
	c, err := engine.NewCompareStream(recording.NewSource(rec), []interp.Reading{seed, slerp}, engine.Options{Assets: testAssets(), RecordStages: true, NoCheckpoints: true})
	if err != nil {
		t.Fatal(err)
	}
	d := NewDifferenceFinder(c)
	for !d.Found() && !c.Done() {
		if err := d.WriteTick(); err != nil {
			t.Fatal(err)
		}
		if !d.Found() {
			c.Step()
		}
	}
	fd := d.First()
	if fd == nil {
		t.Fatal("no difference found: the heading is not compared")
	}
	if fd.Tick != 94 || fd.GUID != "0x80000A03" || fd.Field != "heading" || fd.Stage != "PositionManager::adjust_offset" {
		t.Errorf("first difference %+v, want tick 94, 0x80000A03, heading, at adjust_offset", fd)
	}
	// That tick every other field agrees: the heading alone differs.
	q0, q1 := c.Sims()[0].Query(), c.Sims()[1].Query()
	a, b := q0.States(nil), q1.States(nil)
	for i := range a {
		if a[i] != b[i] {
			t.Errorf("tick %d: %+v vs %+v differ in more than the heading", fd.Tick, a[i], b[i])
		}
		if a[i].GUID == 0x80000A03 && q0.RowHeading(&a[i]) == q1.RowHeading(&b[i]) {
			t.Errorf("tick %d: the Wanderer's headings are the same (%v)", fd.Tick, q0.RowHeading(&a[i]))
		}
	}
	if got := objectDifference(d.Objects(), "0x80000A03"); got == nil || got.Tick != 94 || got.Field != "heading" {
		t.Errorf("the Wanderer's own first difference %+v, want tick 94, heading", got)
	}
}

// objectDifference is the first difference of guid's one life in diffs.
func objectDifference(diffs map[ObjectKey]*FirstDifference, guid string) *FirstDifference {
	for k, fd := range diffs {
		if k.GUID == guid {
			return fd
		}
	}
	return nil
}
