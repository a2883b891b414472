package overlay

import (
	"math"
	"strconv"
	"testing"

	"glidepath/physics"
	"glidepath/ui/draw"
	"glidepath/ui/render"
)

// datTerrain is 3×3 landblocks of hilly terrain around the crowd, split
// per cell as retail splits dat terrain, with a static cylinder per
// landblock: what the viewer builds for a run with dat files.
func datTerrain(tb testing.TB, sc *Scene) *render.Terrain {
	lo, hi, _ := sc.History.Bounds()
	const lb = render.LandblockLength
	cx := math.Floor((lo[0]+hi[0])/2/lb) * lb
	cy := math.Floor((lo[1]+hi[1])/2/lb) * lb
	spec := render.TerrainSpec{MinX: cx - lb, MinY: cy - lb, MaxX: cx + 2*lb, MaxY: cy + 2*lb,
		Height:  func(x, y float64) float64 { return 4*math.Sin(x/37) + 3*math.Cos(y/29) },
		SplitNE: func(gx, gy int) bool { return physics.SplitSWtoNE(uint32(gx), uint32(gy)) },
	}
	for i := -1; i <= 1; i++ {
		for j := -1; j <= 1; j++ {
			spec.Cylinders = append(spec.Cylinders, render.Cylinder{Base: draw.Vec3{cx + float64(i)*lb + 40, cy + float64(j)*lb + 60, 0}, Radius: 1.2, Height: 3.5})
		}
	}
	t, err := render.NewTerrain(spec)
	if err != nil {
		tb.Fatal(err)
	}
	return t
}

// BenchmarkBuildFrame_World is BenchmarkBuildFrame over 9 landblocks of
// dat-style terrain (retail's split, statics), the whole terrain in view:
// the terrain alone (objects=0 draws only the world) and with the crowd.
func BenchmarkBuildFrame_World(b *testing.B) {
	for _, n := range []int{0, 1000} {
		b.Run("landblocks=9/objects="+strconv.Itoa(n), func(b *testing.B) {
			sc, _ := crowdScene(b, max(n, 1))
			terrain := datTerrain(b, sc)
			bl, err := render.NewBuilder()
			if err != nil {
				b.Fatal(err)
			}
			v := crowdView(terrain)
			sc.MetresPerPixel = v.MetresPerPixel(v.Target)
			sc.Focus, sc.FocusRadius = v.Target, sc.MetresPerPixel*math.Hypot(1280, 800)/2
			d := NewDrawer()
			layers := All
			if n == 0 {
				layers = 0
			}
			build := func() {
				bl.Begin(v, terrain)
				if n > 0 {
					d.Draw(bl, sc, layers)
				}
				bl.End()
			}
			frames(b, bl, build)
		})
	}
}
