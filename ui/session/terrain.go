// The run's terrain as the viewport draws it: the physics world's heightfield
// sampled on the cell grid over the landblocks the run uses, its obstacles,
// and the cells where something stood indoors tinted.

package session

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/physics"
	"glidepath/ui/draw"
	"glidepath/ui/model"
	"glidepath/ui/render"
)

// terrainMargin is how far, metres, the terrain reaches past everything the
// run visits before rounding out to whole landblocks.
const terrainMargin = 24

// buildTerrain builds the terrain around everything h recorded.
func buildTerrain(w *physics.World, h *model.History) (*render.Terrain, error) {
	lo, hi, ok := h.Bounds()
	if !ok {
		lo, hi = draw.Vec3{}, draw.Vec3{}
	}
	const lb = physics.LandblockLength
	spec := render.TerrainSpec{
		MinX:   math.Floor((lo[0]-terrainMargin)/lb) * lb,
		MinY:   math.Floor((lo[1]-terrainMargin)/lb) * lb,
		MaxX:   math.Ceil((hi[0]+terrainMargin)/lb) * lb,
		MaxY:   math.Ceil((hi[1]+terrainMargin)/lb) * lb,
		Indoor: h.IndoorAt,
	}
	// Very wide runs keep the cells around their middle.
	const most = render.MaxTerrainCells * physics.CellLength
	if spec.MaxX-spec.MinX > most {
		c := math.Floor((spec.MinX+spec.MaxX)/2/lb) * lb
		spec.MinX, spec.MaxX = c-most/2, c+most/2
	}
	if spec.MaxY-spec.MinY > most {
		c := math.Floor((spec.MinY+spec.MaxY)/2/lb) * lb
		spec.MinY, spec.MaxY = c-most/2, c+most/2
	}
	if w != nil {
		spec.Height = func(x, y float64) float64 { return groundAt(w, x, y) }
		if w.Terrain != nil && w.Terrain.RetailSplit {
			// Dat terrain: each cell split as retail splits it.
			spec.SplitNE = func(gx, gy int) bool { return physics.SplitSWtoNE(uint32(gx), uint32(gy)) }
		}
		obstacles := append([]physics.Obstacle(nil), w.Obstacles...)
		// The client's statics (dat files): those of every landblock drawn.
		for bx := int(spec.MinX / lb); bx < int(math.Ceil(spec.MaxX/lb)); bx++ {
			for by := int(spec.MinY / lb); by < int(math.Ceil(spec.MaxY/lb)); by++ {
				if bx >= 0 && bx <= 0xFF && by >= 0 && by <= 0xFF {
					obstacles = append(obstacles, w.StaticsOf(uint16(bx<<8|by))...)
				}
			}
		}
		for _, ob := range obstacles {
			off := draw.Vec3{float64(ob.Landblock>>8) * lb, float64(ob.Landblock&0xFF) * lb, 0}
			switch ob.Kind {
			case physics.ObstacleCylinder:
				spec.Cylinders = append(spec.Cylinders, render.Cylinder{
					Base: off.Add(vec64(ob.Center)), Radius: float64(ob.Radius), Height: float64(ob.Height),
				})
			case physics.ObstacleBox:
				spec.Boxes = append(spec.Boxes, render.Box{Min: off.Add(vec64(ob.Min)), Max: off.Add(vec64(ob.Max))})
			}
		}
	}
	return render.NewTerrain(spec)
}

// groundAt is the physics world's ground height under a global point.
func groundAt(w *physics.World, x, y float64) float64 {
	const lb = physics.LandblockLength
	bx := min(max(math.Floor(x/lb), 0), 255)
	by := min(max(math.Floor(y/lb), 0), 255)
	cell := uint32(bx)<<24 | uint32(by)<<16 | 1
	z, _ := w.Ground(cell, float32(x-bx*lb), float32(y-by*lb))
	return float64(z)
}

func vec64(v mgl32.Vec3) draw.Vec3 { return draw.Vec3{float64(v[0]), float64(v[1]), float64(v[2])} }
