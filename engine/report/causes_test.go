// The cause chains in the report: each object's row holds its own.

package report

import (
	"testing"

	"glidepath/engine"
	"glidepath/engine/recording"
	"glidepath/interp"
)

// A guid that is deleted and created again is two objects in the report
// (two slots, long-movement-run's Delwyn three); each row lists the chains
// of its own life only, so every chain is listed once.
func TestAddCauses_OneRowPerLife(t *testing.T) {
	rec := testRecording(false)
	jump := func(t float64, x float32, instance, teleport uint16) recording.Event {
		e := positionEvent(t, x, 90, 1)
		e.Update.Seq.Instance, e.Update.Seq.Teleport = instance, teleport
		return e
	}
	again := recording.NewEntity(testGUID, posAt(90, 90, 0))
	again.Name, again.Seq.Instance = "Again", 2
	rec.Events = []recording.Event{
		jump(0.2, 130, 1, 1),
		{T: 1.0, Kind: recording.KindDelete, GUID: testGUID, HasGUID: true},
		{T: 1.5, Kind: recording.KindCreate, GUID: testGUID, HasGUID: true, Entity: &again},
		jump(2.0, 50, 2, 1),
	}
	c, err := compareOf(rec, []interp.Reading{interp.SeedReading()}, engine.Options{Assets: testAssets(), Metrics: true, Explain: true})
	if err != nil {
		t.Fatal(err)
	}
	c.RunAll(nil)
	all := c.Sims()[0].Query().Causes()
	r := NewReport("t", c)
	r.AddCauses(c)
	if len(r.Objects) != 2 || r.Objects[0].GUID != r.Objects[1].GUID {
		t.Fatalf("report objects %+v, want the guid twice", r.Objects)
	}
	created := []int{0, 45}
	n := 0
	for i, obj := range r.Objects {
		for _, cause := range obj.Runs[0].Causes {
			n++
			if cause.Tick < created[i] || (i == 0 && cause.Tick >= created[1]) {
				t.Errorf("row %d (%s): %s, outside its life", i, obj.Name, cause.Text)
			}
		}
	}
	if len(all) < 2 || n != len(all) {
		t.Errorf("%d chains in the rows, %d in the run", n, len(all))
	}
}
