package physics

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
)

// Seed 004 §7: Position::distance uses the cell-aware offset, so two bodies
// a metre apart on either side of a landblock edge are a metre apart.
func TestDistance_AcrossLandblockBorder(t *testing.T) {
	cases := []struct {
		name string
		a, b Position
		want float32
	}{
		{"same landblock", NewPosition(0xA9B40001, mgl32.Vec3{10, 10, 0}, 0), NewPosition(0xA9B40001, mgl32.Vec3{13, 14, 0}, 0), 5},
		{"east edge", NewPosition(0xA9B40039, mgl32.Vec3{191.5, 50, 0}, 0), NewPosition(0xAAB40003, mgl32.Vec3{0.5, 50, 0}, 0), 1},
		{"north edge", NewPosition(0xA9B40008, mgl32.Vec3{20, 191, 0}, 0), NewPosition(0xA9B50001, mgl32.Vec3{20, 1, 2}, 0), float32(math.Sqrt(8))},
		{"diagonal corner", NewPosition(0xA9B40040, mgl32.Vec3{191, 191, 0}, 0), NewPosition(0xAAB50001, mgl32.Vec3{2, 3, 0}, 0), 5},
		{"two landblocks west", NewPosition(0xA9B40001, mgl32.Vec3{0, 0, 0}, 0), NewPosition(0xA7B40001, mgl32.Vec3{0, 0, 0}, 0), 384},
	}
	for _, c := range cases {
		if got := c.a.Distance(&c.b); !near(got, c.want, 1e-4) {
			t.Errorf("%s: distance = %v, want %v", c.name, got, c.want)
		}
		if got := c.b.Distance(&c.a); !near(got, c.want, 1e-4) {
			t.Errorf("%s: distance back = %v, want %v", c.name, got, c.want)
		}
		ga, gb := c.a.Global(), c.b.Global()
		gd := math.Sqrt((ga[0]-gb[0])*(ga[0]-gb[0]) + (ga[1]-gb[1])*(ga[1]-gb[1]) + (ga[2]-gb[2])*(ga[2]-gb[2]))
		if !near(float32(gd), c.want, 1e-4) {
			t.Errorf("%s: global-coordinate distance = %v, want %v", c.name, gd, c.want)
		}
	}
}

// Seed 004 §7: get_offset is the global-space vector from p to q.
func TestOffset_PointsFromPToQ(t *testing.T) {
	p := NewPosition(0xA9B40039, mgl32.Vec3{191, 10, 1}, 0)
	q := NewPosition(0xAAB30001, mgl32.Vec3{1, 190, 0}, 0)
	if got, want := p.Offset(&q), (mgl32.Vec3{2, -12, -1}); !nearVec(got, want, 1e-4) {
		t.Errorf("offset = %v, want %v", got, want)
	}
}

// LandDefs: outdoor cells are numbered 1–64, column-major: cx*8 + cy + 1.
func TestOutdoorCellIndex(t *testing.T) {
	cases := []struct {
		x, y float32
		want uint32
	}{
		{0, 0, 1}, {0, 24, 2}, {24, 0, 9}, {191.9, 191.9, 64}, {100, 50, 4*8 + 2 + 1},
		{-5, 200, 8}, // clamped to the border cells
	}
	for _, c := range cases {
		if got := OutdoorCellIndex(c.x, c.y); got != c.want {
			t.Errorf("OutdoorCellIndex(%v, %v) = %d, want %d", c.x, c.y, got, c.want)
		}
	}
}

// Seed 001: a cell is indoor when cell & 0xFFFF >= 0x100.
func TestIsIndoor(t *testing.T) {
	for cell, want := range map[uint32]bool{0xA9B40001: false, 0xA9B40040: false, 0xA9B400FF: false, 0xA9B40100: true, 0x01D9FFFD: true} {
		p := Position{Cell: cell}
		if got := p.IsIndoor(); got != want {
			t.Errorf("IsIndoor(0x%08X) = %v, want %v", cell, got, want)
		}
	}
}

// Moving a position across a landblock border re-expresses its origin in
// the new landblock and recomputes the outdoor cell.
func TestNormalize_CrossesLandblockBorders(t *testing.T) {
	cases := []struct {
		name   string
		origin mgl32.Vec3
		cell   uint32
		want   mgl32.Vec3
	}{
		{"inside", mgl32.Vec3{30, 50, 1}, 0xA9B40000 | OutdoorCellIndex(30, 50), mgl32.Vec3{30, 50, 1}},
		{"east", mgl32.Vec3{193, 10, 0}, 0xAAB40001, mgl32.Vec3{1, 10, 0}},
		{"west", mgl32.Vec3{-1, 10, 0}, 0xA8B40039, mgl32.Vec3{191, 10, 0}},
		{"north", mgl32.Vec3{10, 200, 0}, 0xA9B50001, mgl32.Vec3{10, 8, 0}},
		{"south-west corner", mgl32.Vec3{-0.5, -0.5, 3}, 0xA8B30040, mgl32.Vec3{191.5, 191.5, 3}},
		{"two landblocks east", mgl32.Vec3{400, 0, 0}, 0xABB40001, mgl32.Vec3{16, 0, 0}},
	}
	for _, c := range cases {
		p := Position{Cell: 0xA9B40001, Frame: NewFrame(c.origin, mgl32.QuatIdent())}
		if !p.Normalize() {
			t.Errorf("%s: Normalize failed", c.name)
			continue
		}
		if p.Cell != c.cell || !nearVec(p.Frame.Origin, c.want, 1e-4) {
			t.Errorf("%s: got 0x%08X %v, want 0x%08X %v", c.name, p.Cell, p.Frame.Origin, c.cell, c.want)
		}
	}
	// A tiny negative coordinate lands just inside the west neighbour, never
	// on its far edge (192 would belong to the original landblock).
	p := Position{Cell: 0xA9B40001, Frame: NewFrame(mgl32.Vec3{-1e-6, 5, 0}, mgl32.QuatIdent())}
	if !p.Normalize() || p.LandblockX() != 0xA8 || !(p.Frame.Origin[0] < LandblockLength) {
		t.Errorf("tiny negative x: got 0x%08X %v", p.Cell, p.Frame.Origin)
	}
	// Off the 256×256 map, or not finite: refused, unchanged.
	for _, o := range []mgl32.Vec3{{-1, 0, 0}, {float32(math.NaN()), 0, 0}, {float32(math.Inf(1)), 0, 0}} {
		q := Position{Cell: 0x00000001, Frame: NewFrame(o, mgl32.QuatIdent())}
		if q.Normalize() || q.Cell != 0x00000001 || q.Frame.Origin[1] != 0 {
			t.Errorf("Normalize(%v) from landblock 0x0000 should fail and change nothing", o)
		}
	}
	// Indoor positions keep their cell.
	in := Position{Cell: 0x01D90105, Frame: NewFrame(mgl32.Vec3{250, -3, -60}, mgl32.QuatIdent())}
	if !in.Normalize() || in.Cell != 0x01D90105 {
		t.Errorf("indoor Normalize changed the cell to 0x%08X", in.Cell)
	}
}

// Add moves a position by a global vector into whichever landblock holds it.
func TestPositionAdd(t *testing.T) {
	p := NewPosition(0xA9B40040, mgl32.Vec3{190, 190, 0}, 90)
	q := p.Add(mgl32.Vec3{5, 5, 1})
	if q.Cell != 0xAAB50001 || !nearVec(q.Frame.Origin, mgl32.Vec3{3, 3, 1}, 1e-4) {
		t.Errorf("Add = 0x%08X %v", q.Cell, q.Frame.Origin)
	}
	if d := p.Distance(&q); !near(d, float32(math.Sqrt(51)), 1e-4) {
		t.Errorf("distance moved = %v", d)
	}
}
