// World: the collision world and the motion tables a recording needs, looked
// up by name in the assets tree — the header's terrain (flat, or an asset
// heightfield with the obstacles it places, plus the header's inline
// obstacles) and every object's motion table, each parsed once per Sim.

package engine

import (
	"errors"
	"fmt"
	"io/fs"
	"path"

	"glidepath/engine/hexid"
	"glidepath/engine/recording"
	"glidepath/engine/terrainjson"
	"glidepath/interp"
	"glidepath/physics"
	"glidepath/physics/anim"
)

// Asset directories and suffixes in the assets tree (assets.MotionDir and
// assets.TerrainDir; engine does not import assets).
const (
	motionDir        = "motion"
	terrainDir       = "terrain"
	assetJSONSuffix  = ".json"
	headerLine       = 1
	firstEventLine   = 2
	maxAssetNameSize = 256
)

// inputError builds the FILE:LINE: FIELD: problem error of a recording.
func inputError(file string, line int, field, format string, args ...any) error {
	return &recording.Error{File: file, Line: line, Field: field, Problem: fmt.Sprintf(format, args...)}
}

// eventLine is the line an event is reported on: the line it was read from,
// or, for a recording built in memory (a compiled scenario), the line it
// would have in the file `viewer compile` writes.
func eventLine(ev *recording.Event, i int) int {
	if ev.Line > 0 {
		return ev.Line
	}
	return firstEventLine + i
}

// buildWorld makes the collision world of the header's terrain: the ground
// (flat, or an asset heightfield), the obstacles the terrain asset places,
// then the header's inline obstacles (docs/formats.md, "inline obstacles").
func buildWorld(file string, t *recording.Terrain, assets fs.FS) (*physics.World, error) {
	var terrain *physics.Terrain
	if t.Kind == recording.TerrainFlat {
		terrain = physics.FlatTerrain(t.Z)
	} else {
		if err := checkAssetName(t.Name); err != nil {
			return nil, inputError(file, headerLine, "terrain.name", "%v", err)
		}
		if assets == nil {
			return nil, inputError(file, headerLine, "terrain.name", "terrain %q: no assets tree to look it up in", t.Name)
		}
		data, err := fs.ReadFile(assets, path.Join(terrainDir, t.Name+assetJSONSuffix))
		if err != nil {
			return nil, inputError(file, headerLine, "terrain.name", "no terrain %q in the assets (%s)", t.Name, describeFSError(err))
		}
		terrain, err = terrainjson.ParseTerrain(t.Name+assetJSONSuffix, data)
		if err != nil {
			return nil, inputError(file, headerLine, "terrain.name", "terrain %q: %v", t.Name, err)
		}
	}
	w := &physics.World{Terrain: terrain}
	if t.ServerFloor {
		// The stand-in floor from the server's positions (physics/floors.go),
		// outdoors too until dat terrain says otherwise (datWorld); the
		// transition asks it for an indoor cell without geometry.
		w.Floors, w.FloorsOutdoors = physics.NewFloors(), true
		w.Floor = serverFloor{w}
	}
	w.Obstacles = append(w.Obstacles, terrain.Obstacles...)
	for i := range t.Obstacles {
		if err := t.Obstacles[i].Validate(); err != nil {
			return nil, inputError(file, headerLine, fmt.Sprintf("terrain.obstacles[%d]", i), "%v", err)
		}
	}
	w.Obstacles = append(w.Obstacles, t.Obstacles...)
	return w, nil
}

// checkAssetName refuses names that could leave the asset directory.
func checkAssetName(name string) error {
	switch {
	case name == "":
		return errors.New("empty name")
	case len(name) > maxAssetNameSize:
		return fmt.Errorf("name longer than %d bytes", maxAssetNameSize)
	case !fs.ValidPath(name) || path.Base(name) != name:
		return fmt.Errorf("%q is not a plain asset name", name)
	}
	return nil
}

func describeFSError(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

// motionTables parses each motion table once and hands out the shared,
// immutable table (anim.MotionTable) by name. It holds a slice, not a map,
// so nothing about it depends on iteration order.
type motionTables struct {
	assets fs.FS
	names  []string
	tables []*anim.MotionTable
	// fresh[i] is a part array of tables[i] in its default state, the
	// template new objects copy from.
	fresh []*anim.PartArray
	// posFrames is the reading's pos_frame rule (docs/readings.md item 13),
	// set on every fresh part array so each object's copy carries it.
	posFrames anim.PosFrameRule
	// dat[i] says tables[i] came from the dat files; world is the Sim's
	// WorldData (its data nil without dats).
	dat   []bool
	world *worldBook
}

// lookupEntity returns the index of ent's table: its MotionTable dat id's
// table when the dats hold it, else (counted as a fallback) its shipped
// table.
func (m *motionTables) lookupEntity(ent *recording.Entity) (int, error) {
	if ent.MotionTableID == 0 || m.world == nil || m.world.data == nil {
		// No dat files: the shipped table plays, as documented.
		return m.lookup(ent.MotionTable)
	}
	name := hexid.String(ent.MotionTableID)
	for i, n := range m.names {
		if n == name {
			return i, nil
		}
	}
	t, err := m.world.data.MotionTable(ent.MotionTableID)
	if t == nil || err != nil {
		f := Fallback{Kind: "motion_table", ID: name, Used: "the shipped table " + ent.MotionTable}
		if err != nil {
			f.Problem = err.Error()
		}
		m.world.fallback(f)
		return m.lookup(ent.MotionTable)
	}
	m.add(name, t, true)
	return len(m.names) - 1, nil
}

// add keeps table t under name with its fresh part array.
func (m *motionTables) add(name string, t *anim.MotionTable, dat bool) {
	m.names = append(m.names, name)
	m.tables = append(m.tables, t)
	m.dat = append(m.dat, dat)
	pa := anim.NewPartArray(t)
	pa.SetPosFrameRule(m.posFrames)
	m.fresh = append(m.fresh, pa)
}

// lookup returns the index of the table called name, parsing it on first use.
func (m *motionTables) lookup(name string) (int, error) {
	for i, n := range m.names {
		if n == name {
			return i, nil
		}
	}
	if err := checkAssetName(name); err != nil {
		return 0, err
	}
	if m.assets == nil {
		return 0, fmt.Errorf("motion table %q: no assets tree to look it up in", name)
	}
	data, err := fs.ReadFile(m.assets, path.Join(motionDir, name+assetJSONSuffix))
	if err != nil {
		return 0, fmt.Errorf("no motion table %q in the assets (%s)", name, describeFSError(err))
	}
	t, err := anim.ParseMotionTable(name+assetJSONSuffix, data)
	if err != nil {
		return 0, fmt.Errorf("motion table %q: %v", name, err)
	}
	m.add(name, t, false)
	return len(m.names) - 1, nil
}

// posFrameRule maps the reading's item 13 onto the animation sequence.
func posFrameRule(r *interp.Reading) anim.PosFrameRule {
	if r.PosFramesCombineForward {
		return anim.CombineLeavingForward
	}
	return anim.SubtractLeavingForward
}

// serverFloor is the transition's stand-in floor of an indoor cell without
// geometry (physics.IndoorFloor) from the server's positions: the height
// the server last put a body at in that cell by the world's tick
// (World.FloorAt).
type serverFloor struct{ w *physics.World }

func (f serverFloor) FloorZ(cell uint32, _, _ float32) (float32, bool) { return f.w.FloorAt(cell) }
