// Obstacles in JSON: the form terrains and scenarios give inline static
// obstacles in, read into physics.Obstacle values (checked by
// Obstacle.Validate) and written back:
//
//	[{"kind": "cylinder", "name": "well", "landblock": "0xA9B4",
//	  "center": [x, y, z_bottom], "radius": 1.5, "height": 2},
//	 {"kind": "box", "landblock": "0xA9B4", "min": [x, y, z], "max": [x, y, z]}]
//
// Coordinates are metres relative to the landblock's south-west corner, like
// a position's origin.

package terrainjson

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/engine/hexid"
	"glidepath/physics"
)

type obstacleJSON struct {
	Kind      string          `json:"kind"`
	Name      string          `json:"name"`
	Landblock json.RawMessage `json:"landblock"`
	Center    []float64       `json:"center"`
	Radius    *float64        `json:"radius"`
	Height    *float64        `json:"height"`
	Min       []float64       `json:"min"`
	Max       []float64       `json:"max"`
}

// maxObstacleCoord bounds obstacle numbers: a landblock is 192 m, so a
// coordinate beyond ±100 km is a mistake, and the bound keeps float32 exact
// enough.
const maxObstacleCoord = 1e5

// vec3Field converts a JSON [x, y, z].
func vec3Field(field string, v []float64) (mgl32.Vec3, error) {
	if v == nil {
		return mgl32.Vec3{}, fmt.Errorf("%s: missing", field)
	}
	if len(v) != 3 {
		return mgl32.Vec3{}, fmt.Errorf("%s: want 3 numbers, got %d", field, len(v))
	}
	var out mgl32.Vec3
	for i, c := range v {
		f, err := scalarField(field, &c)
		if err != nil {
			return out, err
		}
		out[i] = f
	}
	return out, nil
}

// scalarField converts a JSON number.
func scalarField(field string, v *float64) (float32, error) {
	if v == nil {
		return 0, fmt.Errorf("%s: missing", field)
	}
	if math.IsNaN(*v) || math.Abs(*v) > maxObstacleCoord {
		return 0, fmt.Errorf("%s: %v is outside ±%g", field, *v, float64(maxObstacleCoord))
	}
	return float32(*v), nil
}

// ParseObstacles decodes a JSON array of obstacles. name is the file name
// used in errors, which name the element and field
// ("town.json: [2].radius: want a positive number, got 0").
func ParseObstacles(name string, data []byte) ([]physics.Obstacle, error) {
	var raws []json.RawMessage
	if err := decodeStrict(data, &raws); err != nil {
		return nil, fmt.Errorf("%s: %s", name, describeJSONError(data, err))
	}
	out := make([]physics.Obstacle, 0, len(raws))
	for i, raw := range raws {
		ob, err := parseObstacle(raw)
		if err != nil {
			return nil, fmt.Errorf("%s: [%d].%v", name, i, err)
		}
		out = append(out, ob)
	}
	return out, nil
}

// parseObstacle decodes and validates one obstacle object.
func parseObstacle(raw json.RawMessage) (physics.Obstacle, error) {
	var j obstacleJSON
	if err := decodeStrict(raw, &j); err != nil {
		return physics.Obstacle{}, fmt.Errorf("%s", describeJSONError(raw, err))
	}
	var ob physics.Obstacle
	ob.Name = j.Name
	if j.Landblock == nil {
		return ob, fmt.Errorf("landblock: missing")
	}
	lb, err := parseLandblockID(j.Landblock)
	if err != nil {
		return ob, fmt.Errorf("landblock: %v", err)
	}
	ob.Landblock = lb
	switch j.Kind {
	case "cylinder":
		ob.Kind = physics.ObstacleCylinder
		if ob.Center, err = vec3Field("center", j.Center); err != nil {
			return ob, err
		}
		if ob.Radius, err = scalarField("radius", j.Radius); err != nil {
			return ob, err
		}
		if ob.Height, err = scalarField("height", j.Height); err != nil {
			return ob, err
		}
	case "box":
		ob.Kind = physics.ObstacleBox
		if ob.Min, err = vec3Field("min", j.Min); err != nil {
			return ob, err
		}
		if ob.Max, err = vec3Field("max", j.Max); err != nil {
			return ob, err
		}
	case "":
		return ob, fmt.Errorf("kind: missing (want \"cylinder\" or \"box\")")
	default:
		return ob, fmt.Errorf("kind: want \"cylinder\" or \"box\", got %q", j.Kind)
	}
	return ob, ob.Validate()
}

// AppendObstaclesJSON appends obs as the JSON array ParseObstacles reads.
// Numbers are the shortest decimals that parse back to the same float32, so
// a write→parse round trip is exact.
func AppendObstaclesJSON(b []byte, obs []physics.Obstacle) []byte {
	b = append(b, '[')
	for i := range obs {
		ob := &obs[i]
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"kind":`...)
		b = strconv.AppendQuote(b, ob.Kind.String())
		if ob.Name != "" {
			b = append(b, `,"name":`...)
			b = strconv.AppendQuote(b, ob.Name)
		}
		b = append(hexid.AppendLandblock(append(b, `,"landblock":"`...), ob.Landblock), '"')
		switch ob.Kind {
		case physics.ObstacleCylinder:
			b = appendVec3JSON(append(b, `,"center":`...), ob.Center)
			b = appendFloatJSON(append(b, `,"radius":`...), ob.Radius)
			b = appendFloatJSON(append(b, `,"height":`...), ob.Height)
		default:
			b = appendVec3JSON(append(b, `,"min":`...), ob.Min)
			b = appendVec3JSON(append(b, `,"max":`...), ob.Max)
		}
		b = append(b, '}')
	}
	return append(b, ']')
}

func appendVec3JSON(b []byte, v mgl32.Vec3) []byte {
	b = append(b, '[')
	for i, c := range v {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendFloatJSON(b, c)
	}
	return append(b, ']')
}

func appendFloatJSON(b []byte, v float32) []byte {
	return strconv.AppendFloat(b, float64(v), 'g', -1, 32)
}
