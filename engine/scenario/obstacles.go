// Inline obstacles: a scenario's terrain may place static obstacles (walls,
// pillars) in the scenario landblock. The compiled header carries them in its
// terrain object, where the engine adds them to the collision world.

package scenario

import (
	"github.com/goccy/go-yaml/ast"

	"glidepath/physics"
)

// maxObstacles bounds a scenario's inline obstacles.
const maxObstacles = 256

var (
	boxFields      = []string{"kind", "name", "min", "max"}
	cylinderFields = []string{"kind", "name", "center", "radius", "height"}
)

// obstacles reads a list of {kind: box, min: [x, y, z], max: [x, y, z]} and
// {kind: cylinder, center: [x, y, z], radius: R, height: H}, in metres from
// the scenario landblock's south-west corner.
func (p *parser) obstacles(n ast.Node, path string) ([]physics.Obstacle, error) {
	d := p.d
	els, err := d.list(n, path, maxObstacles)
	if err != nil {
		return nil, err
	}
	out := make([]physics.Obstacle, 0, len(els))
	for i, el := range els {
		field := index(path, i)
		f, err := d.mapping(el, field)
		if err != nil {
			return nil, err
		}
		kn := f.take("kind")
		if kn == nil {
			return nil, f.missing("kind")
		}
		kind, err := d.word(kn, join(field, "kind"), "box", "cylinder")
		if err != nil {
			return nil, err
		}
		ob := physics.Obstacle{Landblock: p.s.landblock}
		if nn := f.take("name"); nn != nil {
			if ob.Name, err = d.text(nn, join(field, "name")); err != nil {
				return nil, err
			}
		}
		if kind == "box" {
			ob.Kind = physics.ObstacleBox
			if ob.Min, err = p.vec3(f, "min"); err != nil {
				return nil, err
			}
			if ob.Max, err = p.vec3(f, "max"); err != nil {
				return nil, err
			}
			err = f.finish(boxFields...)
		} else {
			ob.Kind = physics.ObstacleCylinder
			if ob.Center, err = p.vec3(f, "center"); err != nil {
				return nil, err
			}
			if ob.Radius, err = p.length(f, "radius"); err != nil {
				return nil, err
			}
			if ob.Height, err = p.length(f, "height"); err != nil {
				return nil, err
			}
			err = f.finish(cylinderFields...)
		}
		if err != nil {
			return nil, err
		}
		if verr := ob.Validate(); verr != nil {
			return nil, d.errAt(el, field, "%v", verr)
		}
		out = append(out, ob)
	}
	return out, nil
}

// vec3 reads the required field key as [x, y, z] metres.
func (p *parser) vec3(f *fields, key string) (v [3]float32, err error) {
	d := p.d
	n := f.take(key)
	if n == nil {
		return v, f.missing(key)
	}
	field := f.field(key)
	els, err := d.list(n, field, 3)
	if err != nil || len(els) != 3 {
		return v, d.errAt(n, field, "want [x, y, z], got %s", describe(n))
	}
	for i, el := range els {
		c, err := d.numberIn(el, index(field, i), -maxCoordinate, maxCoordinate, " m")
		if err != nil {
			return v, err
		}
		v[i] = float32(c)
	}
	return v, nil
}

// length reads the required field key as a positive length in metres.
func (p *parser) length(f *fields, key string) (float32, error) {
	n := f.take(key)
	if n == nil {
		return 0, f.missing(key)
	}
	v, err := p.d.positive(n, f.field(key), maxCoordinate, " m")
	return float32(v), err
}
