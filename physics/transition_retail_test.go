package physics

import "testing"

// retailRamp is the shipped ramp read as dat terrain is: the same
// landblocks (0xA9B4, 0xAAB4), loaded on first use, each cell split by
// retail's rule (Terrain.RetailSplit).
func retailRamp(t *testing.T) *Terrain {
	src := loadTerrain(t, "ramp.json")
	return NewLoadedTerrain("ramp", "retail split", src.BaseZ, true, func(id uint16) (*Heightfield, bool) {
		h := src.Landblock(id)
		return h, h != nil
	})
}

// Seed 003 §5–§6 on dat-style terrain: a grounded body walking up and down
// the walkable ramp stays on the triangle planes, in contact and walkable,
// every tick; a slope steeper than floor_z refuses it at its foot.
func TestTransition_RetailSplitRamp(t *testing.T) {
	w := &World{Terrain: retailRamp(t)}
	for _, dir := range []struct {
		name          string
		x, z, heading float32
		wantX, wantZ  float32
	}{
		{"up", 40, 0, 90, 121, 18},
		{"down", 130, 18, 270, 40, 0},
	} {
		o := walker(t, w, dir.x, 40, dir.z, dir.heading, 0.2)
		for k := 0; k < 450; k++ {
			o.UpdateObjectInternal(dt)
			p := o.Position()
			gz, n := w.Ground(p.Cell, p.Frame.Origin[0], p.Frame.Origin[1])
			if !near(p.Frame.Origin[2], gz, 1e-3) || !o.InContact() || !o.OnWalkable() || n[2] < FloorZ {
				t.Fatalf("%s, tick %d at %v: ground %v (normal %v), contact %v, walkable %v", dir.name, k, p.Frame.Origin, gz, n, o.InContact(), o.OnWalkable())
			}
		}
		// Uphill, adjust_offset keeps each step in the contact plane (its
		// length, not its ground track, is the step), so the body ends
		// short of where the same steps on the flat would take it.
		if p := o.Position(); (dir.name == "up" && p.Frame.Origin[0] < dir.wantX) || (dir.name == "down" && !near(p.Frame.Origin[0], dir.wantX, 0.05)) || !near(p.Frame.Origin[2], dir.wantZ, 1e-3) {
			t.Errorf("%s: ended at %v, want x %v z %v", dir.name, p.Frame.Origin, dir.wantX, dir.wantZ)
		}
	}
	o := walker(t, w, 80, 150, 0, 90, 0.2) // east, into the 1.5-grade rise at x 96
	for k := 0; k < 200; k++ {
		o.UpdateObjectInternal(dt)
	}
	if p := o.Position().Frame.Origin; p[0] > 96.01 || p[0] < 95 || !near(p[2], 0, 0.01) || !o.InContact() {
		t.Errorf("into the unwalkable slope: ended at %v contact %v; want stopped at its foot (x 96)", p, o.InContact())
	}
}

// A body walking east across the edge from landblock 0xA9B4 into 0xAAB4 on
// dat-style terrain keeps its contact: its cell changes to the new
// landblock's and its height is the new landblock's ground.
func TestTransition_RetailSplitLandblockEdge(t *testing.T) {
	tr := retailRamp(t)
	w := &World{Terrain: tr}
	gz, _ := w.Ground(testCell, 180, 20)
	o := walker(t, w, 180, 20, gz, 90, 0.2)
	crossed := false
	for k := 0; k < 120; k++ {
		o.UpdateObjectInternal(dt)
		p := o.Position()
		gz, _ := w.Ground(p.Cell, p.Frame.Origin[0], p.Frame.Origin[1])
		if !near(p.Frame.Origin[2], gz, 1e-3) || !o.InContact() {
			t.Fatalf("tick %d at %08X %v: ground %v, contact %v", k, p.Cell, p.Frame.Origin, gz, o.InContact())
		}
		crossed = crossed || p.Cell>>16 == 0xAAB4
	}
	if !crossed {
		t.Errorf("never reached landblock 0xAAB4: at %08X %v", o.Position().Cell, o.Position().Frame.Origin)
	}
}
