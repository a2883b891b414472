// Package datworld adapts the dat reader (assets/dat) to the engine's
// WorldData: a LandBlock's heights through the Region's height table, a
// Setup's collision shape, a LandBlockInfo's statics as obstacles, and a
// MotionTable with its Animations converted into the pipeline's motion
// table (physics/anim). It also resolves where the dat folder is
// (resolve.go). docs/world.md describes both.
package datworld

import (
	"errors"
	"fmt"
	"math"
	"sync"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/assets/dat"
	"glidepath/engine"
	"glidepath/physics"
)

// World is an open dat folder as engine.WorldData. It is safe for
// concurrent use (the reader's caches lock).
type World struct {
	d      *dat.Dats
	region *dat.Region
	// noRegion says why there is no region (engine.ErrNoRegion wrapped).
	noRegion error
	desc     string

	geoOnce sync.Once
	geo     *Geometry
}

var _ engine.WorldData = (*World)(nil)

// Open opens the dat folder dir. A folder holding neither file, a damaged
// file header or B-tree root, or a damaged Region is an error naming the
// file.
func Open(dir string) (*World, error) {
	d, err := dat.Open(dir)
	if err != nil {
		return nil, err
	}
	w := &World{d: d}
	if d.Cell != nil {
		r, err := d.Region()
		switch {
		case err == nil:
			w.region = r
		case absent(err):
			// No Region: the landblocks cannot be turned into heights and
			// every one falls back (docs/world.md), the fallback naming
			// the Region.
			w.noRegion = fmt.Errorf("%w (%v)", engine.ErrNoRegion, err)
		default:
			d.Close()
			return nil, err
		}
	}
	w.desc = describe(d)
	return w, nil
}

// Geometry is the folder's geometry for the transition (geometry.go),
// made on first use and shared.
func (w *World) Geometry() *Geometry {
	w.geoOnce.Do(func() { w.geo = NewGeometry(w.d) })
	return w.geo
}

// WorldGeometry is Geometry as the engine takes it (engine.GeometryData).
func (w *World) WorldGeometry() physics.Geometry { return w.Geometry() }

// GeometryFallbacks are the geometry left out so far (Geometry.Fallbacks).
func (w *World) GeometryFallbacks() []engine.Fallback { return w.Geometry().Fallbacks() }

var _ engine.GeometryData = (*World)(nil)

// Close closes the dat files.
func (w *World) Close() error { return w.d.Close() }

// Dats is the open reader.
func (w *World) Dats() *dat.Dats { return w.d }

func describe(d *dat.Dats) string {
	part := func(f *dat.File, name string) string {
		if f == nil {
			return name + " absent"
		}
		return fmt.Sprintf("%s iteration %d", name, f.Iteration())
	}
	return part(d.Portal, dat.PortalName) + ", " + part(d.Cell, dat.CellName)
}

// absent says err is an entry or a file the folder does not hold (a
// fallback), not a damaged one.
func absent(err error) bool {
	return errors.Is(err, dat.ErrNotFound) || errors.Is(err, dat.ErrNoFile)
}

// Describe is the world line: "client_portal.dat iteration N,
// client_cell_1.dat iteration M".
func (w *World) Describe() string { return w.desc }

// Landblock is LandBlock 0xXXYYFFFF's heights in metres, x-major, through
// the Region's LandHeightTable (LandblockStruct::ConstructVertices).
func (w *World) Landblock(id uint16) (*physics.Heightfield, error) {
	if w.region == nil {
		return nil, w.noRegion
	}
	lb, err := w.d.LandBlock(uint32(id)<<16 | 0xFFFF)
	if err != nil {
		if absent(err) {
			return nil, nil
		}
		return nil, err
	}
	hs := w.region.Heights(lb)
	var h physics.Heightfield
	copy(h[:], hs[:])
	return &h, nil
}

// Shape is the collision shape of Setup s as the body uses it: the first
// cylsphere's radius and height, else the first sphere's radius with its
// top as the height, else the Setup's radius and height; its step heights;
// its spheres (retail's transition sweeps them, CPhysicsObj::get_object_info).
func Shape(s *dat.Setup) engine.SetupShape {
	sh := engine.SetupShape{StepUpHeight: s.StepUpHeight, StepDown: s.StepDownHeight}
	for _, sp := range s.Spheres {
		sh.Spheres = append(sh.Spheres, physics.Sphere{Center: vec(sp.Origin), Radius: sp.Radius})
	}
	switch {
	case len(s.CylSpheres) > 0:
		sh.Radius, sh.Height = s.CylSpheres[0].Radius, s.CylSpheres[0].Height
	case len(s.Spheres) > 0:
		sp := s.Spheres[0]
		sh.Radius, sh.Height = sp.Radius, sp.Origin[2]+sp.Radius
	default:
		sh.Radius, sh.Height = s.Radius, s.Height
	}
	return sh
}

// Setup is Setup id's shape (Shape).
func (w *World) Setup(id uint32) (engine.SetupShape, bool, error) {
	s, err := w.d.Setup(id)
	if err != nil {
		if absent(err) {
			return engine.SetupShape{}, false, nil
		}
		return engine.SetupShape{}, false, err
	}
	return Shape(s), true, nil
}

// maxStatics bounds the obstacles one landblock's statics make.
const maxStatics = 4096

// Statics are LandBlockInfo 0xXXYYFFFE's static objects and buildings
// whose model is a Setup, each cylsphere a cylinder and each sphere a
// cylinder around it, placed by the stab's frame. Models that are GfxObjs
// (0x01…) have no collision volume this reader knows and are skipped
// (docs/world.md); so is a Setup the dats lack.
func (w *World) Statics(id uint16) ([]physics.Obstacle, error) {
	info, err := w.d.LandBlockInfo(uint32(id)<<16 | 0xFFFE)
	if err != nil {
		if absent(err) {
			return nil, nil
		}
		return nil, err
	}
	var out []physics.Obstacle
	add := func(model uint32, f dat.Frame) error {
		if model>>24 != 0x02 || len(out) >= maxStatics {
			return nil
		}
		s, err := w.d.Setup(model)
		if err != nil {
			if absent(err) {
				return nil
			}
			return err
		}
		out = append(out, StaticObstacles(id, model, s, f)...)
		return nil
	}
	for _, o := range info.Objects {
		if err := add(o.ID, o.Frame); err != nil {
			return nil, err
		}
	}
	for _, b := range info.Buildings {
		if err := add(b.ModelID, b.Frame); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// StaticObstacles are Setup s's collision volumes placed at frame f in
// landblock lb: each cylsphere a vertical cylinder, each sphere the
// cylinder around it; volumes that are not finite and positive are left
// out.
func StaticObstacles(lb uint16, model uint32, s *dat.Setup, f dat.Frame) []physics.Obstacle {
	q := mgl32.Quat{W: f.Rotation[0], V: mgl32.Vec3{f.Rotation[1], f.Rotation[2], f.Rotation[3]}}
	if l := q.Len(); !(l > 0.5 && l < 2) {
		q = mgl32.QuatIdent()
	} else {
		q = q.Normalize()
	}
	org := mgl32.Vec3{f.Origin[0], f.Origin[1], f.Origin[2]}
	name := fmt.Sprintf("0x%08X", model)
	var out []physics.Obstacle
	place := func(local [3]float32, r, h, dz float32) {
		c := org.Add(q.Rotate(mgl32.Vec3{local[0], local[1], local[2]}))
		c[2] += dz
		ob := physics.Obstacle{Kind: physics.ObstacleCylinder, Name: name, Landblock: lb, Center: c, Radius: r, Height: h}
		if ob.Validate() == nil && c.Len() < 1e5 && !math.IsInf(float64(r), 0) {
			out = append(out, ob)
		}
	}
	for _, cs := range s.CylSpheres {
		place(cs.Origin, cs.Radius, cs.Height, 0)
	}
	for _, sp := range s.Spheres {
		place(sp.Origin, sp.Radius, 2*sp.Radius, -sp.Radius)
	}
	return out
}
