package physics

import (
	"testing"

	"github.com/go-gl/mathgl/mgl32"
)

// BenchmarkTransit_ObjectTick is one object-tick (UpdateObjectInternal) of a
// remote pacing on the ground through retail's transition, outdoors on the
// hills asset (with and without 16 posts) and indoors in an EnvCell room
// (floor, walls, ceiling: a CellStruct BSP). It reports the CPU time of the
// benchmark's own thread (cpu-ns/op), which a busy machine does not
// inflate as it does the wall clock. Targets (issue 40): outdoors ≤ 1.3×
// the simplified transition's object-tick, indoors ≤ 3× it; 0 allocations.
func BenchmarkTransit_ObjectTick(b *testing.B) {
	hills := loadTerrain(b, "hills.json")
	var posts []Obstacle
	for i := 0; i < 16; i++ {
		posts = append(posts, Obstacle{Kind: ObstacleCylinder, Landblock: 0xA9B4, Center: mgl32.Vec3{float32(40 + 8*i), 120, 0}, Radius: 0.5, Height: 3})
	}
	room := uint32(testLB | 0x0100)
	geom := &fakeGeometry{env: map[uint32]*EnvCell{
		room: envCell(b, room, mgl32.Vec3{60, 30, 0}, roomSpec{lo: mgl32.Vec3{0, 0, 0}, hi: mgl32.Vec3{10, 40, 4}}),
	}}
	for _, c := range []struct {
		name string
		w    *World
		cell uint32
		at   mgl32.Vec3
	}{
		{"outdoor/hills", &World{Terrain: hills}, testCell, mgl32.Vec3{12, 45, 0}},
		{"outdoor/hills,obstacles=16", &World{Terrain: hills, Obstacles: posts}, testCell, mgl32.Vec3{12, 45, 0}},
		{"indoor/room", &World{Terrain: FlatTerrain(0), Geometry: geom}, room, mgl32.Vec3{65, 40, 0}},
	} {
		b.Run(c.name, func(b *testing.B) {
			if !IsIndoorCell(c.cell) {
				c.at[2], _ = c.w.Ground(c.cell, c.at[0], c.at[1])
			}
			o := pacer(b, c.w, c.cell, c.at)
			benchTicks(b, o) // cpu-ns/op: the thread's CPU time a tick
			if !o.InContact() || !o.OnWalkable() || o.Position().Cell>>16 != c.cell>>16 || IsIndoorCell(o.Position().Cell) != IsIndoorCell(c.cell) {
				b.Fatalf("the walker left the ground or its cell: %08X %v", o.Position().Cell, o.Position().Frame.Origin)
			}
		})
	}
}
