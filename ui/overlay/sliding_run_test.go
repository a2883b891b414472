package overlay

import (
	"testing"

	"glidepath/assets"
	"glidepath/assets/dat/dattest"
	"glidepath/engine"
	"glidepath/engine/datworld"
	"glidepath/engine/recording"
	"glidepath/ui/draw"
	"glidepath/ui/model"
)

// The sliding normal on a real run: the shipped transition-corridor.jsonl
// on dattest's geometry world (the world it is written for), whose walker
// the server's line drives into the corridor's wall at its corner, so the
// transition slides it along the wall polygon (slide_sphere) and leaves
// the Sliding bit and sliding_normal on the body. On each tick the body is
// sliding, layer 7 draws one arrow from the body's middle along the
// engine's sliding normal; on the ticks it is not, none.
func TestCollision_SlidingNormalOnTheCorridorRun(t *testing.T) {
	dir := t.TempDir()
	if err := dattest.WriteGeometry(dir); err != nil {
		t.Fatal(err)
	}
	w, err := datworld.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	rec, err := recording.ReadFile("../../recordings/transition-corridor.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	sim, err := engine.New(rec, engine.Options{Assets: assets.FS(), World: w})
	if err != nil {
		t.Fatal(err)
	}
	guid := rec.Header.Entities[0].GUID
	snap := &model.Snapshot{}
	sliding, first := 0, 0
	for sim.Tick() < sim.LastTick() {
		sim.Step()
		snap.Reset(sim.Tick())
		snap.Objects, snap.Nodes = sim.Query().ObjectsQueued(snap.Objects, snap.Nodes)
		i := snap.Find(guid)
		if i < 0 {
			t.Fatalf("tick %d: no walker %#x", sim.Tick(), guid)
		}
		o := &snap.Objects[i]
		sc := newScene(snap)
		sc.Selected = guid
		arrows := strokesOf(record(sc, 1<<SlidingNormal), draw.OpArrow, rgba(SlidingNormalColor))
		if !o.Sliding {
			if len(arrows) != 0 {
				t.Fatalf("tick %d: not sliding, yet %d sliding-normal arrows", sim.Tick(), len(arrows))
			}
			continue
		}
		sliding++
		if first == 0 {
			first = sim.Tick()
		}
		if len(arrows) != 1 {
			t.Fatalf("tick %d: sliding (normal %v), %d sliding-normal arrows, want 1", sim.Tick(), o.SlidingNormal, len(arrows))
		}
		n := model.Vec(o.SlidingNormal)
		d := arrows[0].Points[1].Sub(arrows[0].Points[0])
		if d.Sub(n.Mul(SlidingNormalLength/n.Len())).Len() > 1e-4 {
			t.Errorf("tick %d: arrow %v, want %.1f m along the sliding normal %v", sim.Tick(), d, SlidingNormalLength, o.SlidingNormal)
		}
	}
	if sliding == 0 {
		t.Fatal("the corridor's walker never slid along a wall: nothing for layer 7 to draw")
	}
	t.Logf("the walker slid on %d ticks, the first %d", sliding, first)
}
