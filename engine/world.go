// World: the collision world and the motion tables a recording needs, looked
// up by name in the assets tree — the header's terrain (flat, or an asset
// heightfield with the obstacles it places, plus the header's inline
// obstacles) and every object's motion table, each parsed once per Sim.
// The world mismatch — recorded positions far from the dat files' ground —
// follows.

package engine

import (
	"errors"
	"fmt"
	"io/fs"
	"math"
	"path"
	"sort"

	"glidepath/engine/eventlog"
	"glidepath/engine/explain"
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

// World mismatch: recorded positions far from the dat files' ground. A
// recording made in one world and run beside the dat files of another (the
// illustrative walk at z 0 on a dat landblock whose hills stand 55 m high)
// gives blips, snaps and metres of error that are not the pipeline's: the
// body stands on the dat's ground while every server position is under it.
// Each UpdatePosition delivered outdoors is compared with the dat ground
// under it; a landblock where most of them lie more than
// explain.GroundMismatch metres below the ground (or above it while the
// update says the object is on the ground) is reported once
// (docs/world.md, "Recordings from another world").

// Thresholds of the world mismatch report: a landblock is reported when at
// least minMismatches of its UpdatePositions, and at least half of those
// checked there, lie far from its dat ground.
const minMismatches = 3

// WorldMismatch is the landblock whose recorded positions lie far from the
// dat ground (Query.WorldMismatch): `world_mismatch` in viewer run -json.
type WorldMismatch struct {
	// Landblock is "0xXXYY".
	Landblock string `json:"landblock"`
	// Metres is the mean distance from the ground of the positions that
	// lie far from it; Direction says "below" or "above".
	Metres    float64 `json:"metres"`
	Direction string  `json:"direction"`
	// Count is how many UpdatePositions there lie that far from the
	// ground, of Checked compared with it.
	Count   int `json:"count"`
	Checked int `json:"checked"`
}

// Text is the one-line warning: "recorded positions lie 54.7 m below the
// dat ground of 0xA9B4: is this input from this world? (10 of 12
// UpdatePositions there)".
func (m *WorldMismatch) Text() string {
	return fmt.Sprintf("recorded positions lie %.1f m %s the dat ground of %s: is this input from this world? (%d of %d UpdatePositions there)",
		m.Metres, m.Direction, m.Landblock, m.Count, m.Checked)
}

// groundTally is one landblock's comparison of recorded positions with its
// dat ground. The distances are summed in whole millimetres, so the sums do
// not depend on the order the tick's workers add them in.
type groundTally struct {
	id               uint16
	checked          int
	below, above     int
	belowMM, aboveMM int64
}

// noteRecordedGround compares a delivered UpdatePosition with the dat
// ground under it (runs with dat files only; never while re-simulating).
func (s *Sim) noteRecordedGround(o *object, up *recording.UpdatePosition) {
	b := s.worldData
	if s.replay || b == nil || b.data == nil || s.world == nil {
		return
	}
	p := eventlog.PlaceOf(&up.Pos)
	ground, ok := b.datGround(s.world, &p)
	if !ok {
		o.hasGround = false
		return
	}
	o.belowGround, o.groundTick, o.hasGround = ground-up.Pos.Frame.Origin[2], int32(s.tick), true
	d := float64(o.belowGround)
	id := uint16(up.Pos.Cell >> 16)
	// The sharded pass delivers on several workers at once.
	b.mu.Lock()
	defer b.mu.Unlock()
	i := sort.Search(len(b.ground), func(i int) bool { return b.ground[i].id >= id })
	if i == len(b.ground) || b.ground[i].id != id {
		b.ground = append(b.ground, groundTally{})
		copy(b.ground[i+1:], b.ground[i:])
		b.ground[i] = groundTally{id: id}
	}
	t := &b.ground[i]
	t.checked++
	switch {
	case d > explain.GroundMismatch:
		t.below++
		t.belowMM += int64(math.Round(d * 1000))
	case -d > explain.GroundMismatch && up.Grounded:
		t.above++
		t.aboveMM += int64(math.Round(-d * 1000))
	}
}

// datGround is the dat ground's height under p: false indoors (an EnvCell
// has no terrain under it), off the landblock grid, and where the dats lack
// the landblock (the recording's own ground stands in, a fallback).
func (b *worldBook) datGround(w *physics.World, p *eventlog.Place) (float32, bool) {
	if p.Cell&0xFFFF >= 0x100 || p.Cell == 0 {
		return 0, false
	}
	x, y := p.Origin[0], p.Origin[1]
	if !(x >= 0 && x < physics.LandblockLength && y >= 0 && y < physics.LandblockLength) || math.IsNaN(float64(p.Origin[2])) {
		return 0, false
	}
	id := uint16(p.Cell >> 16)
	if w.Terrain.Landblock(id) == nil || b.fellBack("landblock", hexid.String(uint32(id)<<16|0xFFFF)) {
		return 0, false
	}
	z, _ := w.Terrain.Height(p.Cell, x, y)
	return z, true
}

// WorldMismatch is the landblock where the recorded positions lie far from
// the dat ground — the one with the most such positions, the lowest id on a
// tie — or nil when none does (or the run has no dat files).
func (q Query) WorldMismatch() *WorldMismatch {
	s := q.s
	b := s.worldData
	if b == nil {
		return nil
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	var best *WorldMismatch
	for i := range b.ground {
		t := &b.ground[i]
		n, mm, dir := t.below, t.belowMM, "below"
		if t.above > t.below {
			n, mm, dir = t.above, t.aboveMM, "above"
		}
		if n < minMismatches || 2*n < t.checked {
			continue
		}
		if best == nil || n > best.Count {
			best = &WorldMismatch{Landblock: hexid.Landblock(t.id), Metres: math.Round(float64(mm)/float64(n)/10) / 100,
				Direction: dir, Count: n, Checked: t.checked}
		}
	}
	return best
}

// groundFunc is how far an object's last UpdatePosition lay below the dat
// ground, for the cause chains (explain.Explainer.RecordedGround); nil
// without dat files.
func (q Query) groundFunc() func(guid uint32) (below float32, tick int32, ok bool) {
	s := q.s
	if s.worldData == nil || s.worldData.data == nil || s.world == nil {
		return nil
	}
	return func(guid uint32) (float32, int32, bool) {
		o := s.find(guid)
		if o == nil || !o.hasGround {
			return 0, 0, false
		}
		return o.belowGround, o.groundTick, true
	}
}
