// Package terrainjson reads the illustrative world's JSON: terrain files
// (the format of assets/terrain/*.json) and inline obstacles, into the
// physics package's Terrain and Obstacle, which physics builds from numbers
// (Terrain.SetLandblock, Obstacle.Validate) and never parses: its landblock
// ids are read here, through engine/hexid. The engine reads the bytes from
// the embedded assets and calls ParseTerrain. Errors name the file and the
// field.
//
//	{
//	  "format": "glidepath-terrain", "version": 1,
//	  "name": "hills",
//	  "source": "where the numbers come from",
//	  "base_z": 0,
//	  "landblocks": [
//	    {"landblock": "0xA9B4",
//	     "heights": [[9 numbers: x = 0..8 at y = 0 (south edge)], ... 9 rows up to y = 8]}
//	  ],
//	  "obstacles": [ obstacles as ParseObstacles reads them (optional) ]
//	}
//
// heights are metres; row j is the vertices at y = 24·j, column i at
// x = 24·i, so the first row in the file is the landblock's south edge.
// landblock is "0xXXYY" (or a full cell id "0xXXYYCCCC", whose cell part is
// ignored) or a JSON integer. Unknown fields are errors (a misspelt field
// would otherwise silently change nothing).

package terrainjson

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"glidepath/engine/hexid"
	"glidepath/physics"
)

// TerrainFormat is the value of the "format" field.
const TerrainFormat = "glidepath-terrain"

// maxTerrainHeight bounds |height| and |base_z| (retail heights are a few
// hundred metres; this catches unit mistakes and keeps the math finite).
const maxTerrainHeight = 10000

type terrainJSON struct {
	Format     *string           `json:"format"`
	Version    *int              `json:"version"`
	Name       string            `json:"name"`
	Source     string            `json:"source"`
	BaseZ      *float64          `json:"base_z"`
	Landblocks []json.RawMessage `json:"landblocks"`
	Obstacles  []json.RawMessage `json:"obstacles"`
}

type landblockJSON struct {
	Landblock json.RawMessage   `json:"landblock"`
	Heights   []json.RawMessage `json:"heights"`
}

// ParseTerrain decodes a terrain file. name is the file name used in errors
// (for example "hills.json"); the terrain's Name is the file's "name" field,
// or name without its extension when that is absent.
func ParseTerrain(name string, data []byte) (*physics.Terrain, error) {
	fail := func(field, format string, args ...any) error {
		if field == "" {
			return fmt.Errorf("%s: %s", name, fmt.Sprintf(format, args...))
		}
		return fmt.Errorf("%s: %s: %s", name, field, fmt.Sprintf(format, args...))
	}
	var doc terrainJSON
	if err := decodeStrict(data, &doc); err != nil {
		return nil, fail("", "%s", describeJSONError(data, err))
	}
	if doc.Format == nil {
		return nil, fail("format", "missing (want %q)", TerrainFormat)
	}
	if *doc.Format != TerrainFormat {
		return nil, fail("format", "want %q, got %q", TerrainFormat, *doc.Format)
	}
	if doc.Version == nil {
		return nil, fail("version", "missing (want 1)")
	}
	if *doc.Version != 1 {
		return nil, fail("version", "want 1, got %d", *doc.Version)
	}
	t := &physics.Terrain{Name: doc.Name, Source: doc.Source}
	if t.Name == "" {
		t.Name = strings.TrimSuffix(name, ".json")
	}
	if doc.BaseZ != nil {
		z, err := heightValue(*doc.BaseZ)
		if err != nil {
			return nil, fail("base_z", "%v", err)
		}
		t.BaseZ = z
	}
	for i, raw := range doc.Landblocks {
		field := fmt.Sprintf("landblocks[%d]", i)
		var lbj landblockJSON
		if err := decodeStrict(raw, &lbj); err != nil {
			return nil, fail(field, "%s", describeJSONError(raw, err))
		}
		if lbj.Landblock == nil {
			return nil, fail(field+".landblock", "missing")
		}
		lb, err := parseLandblockID(lbj.Landblock)
		if err != nil {
			return nil, fail(field+".landblock", "%v", err)
		}
		if t.Landblock(lb) != nil {
			return nil, fail(field+".landblock", "%s appears twice", hexid.Landblock(lb))
		}
		if len(lbj.Heights) != physics.VerticesPerSide {
			return nil, fail(field+".heights", "want %d rows, got %d", physics.VerticesPerSide, len(lbj.Heights))
		}
		var h physics.Heightfield
		for y, rowRaw := range lbj.Heights {
			rowField := fmt.Sprintf("%s.heights[%d]", field, y)
			var row []json.RawMessage
			if err := json.Unmarshal(rowRaw, &row); err != nil {
				return nil, fail(rowField, "want an array of %d numbers", physics.VerticesPerSide)
			}
			if len(row) != physics.VerticesPerSide {
				return nil, fail(rowField, "want %d numbers, got %d", physics.VerticesPerSide, len(row))
			}
			for x, num := range row {
				z, err := parseHeight(num)
				if err != nil {
					return nil, fail(fmt.Sprintf("%s[%d]", rowField, x), "%v", err)
				}
				h[x*physics.VerticesPerSide+y] = z
			}
		}
		t.SetLandblock(lb, &h)
	}
	for i, raw := range doc.Obstacles {
		ob, err := parseObstacle(raw)
		if err != nil {
			return nil, fail(fmt.Sprintf("obstacles[%d]", i), "%v", err)
		}
		t.Obstacles = append(t.Obstacles, ob)
	}
	return t, nil
}

// parseHeight reads one JSON number as a height in metres.
func parseHeight(raw json.RawMessage) (float32, error) {
	s := strings.TrimSpace(string(raw))
	v, err := strconv.ParseFloat(s, 64)
	switch {
	case errors.Is(err, strconv.ErrRange):
		return 0, fmt.Errorf("%.20s is outside ±%d m", s, maxTerrainHeight)
	case err != nil:
		return 0, fmt.Errorf("want a number, got %.20s", s)
	}
	return heightValue(v)
}

// heightValue checks a height in metres.
func heightValue(v float64) (float32, error) {
	if math.IsNaN(v) || math.Abs(v) > maxTerrainHeight {
		return 0, fmt.Errorf("%v is outside ±%d m", v, maxTerrainHeight)
	}
	return float32(v), nil
}
