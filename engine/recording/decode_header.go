// Header decoding: the header line and the entity objects it and create
// events carry (Recording v1, "Header").

package recording

import (
	"strconv"
	"strings"

	"glidepath/engine/hexid"
	"glidepath/engine/terrainjson"
	"glidepath/physics"
)

const (
	hFormat = iota
	hVersion
	hTickRate
	hObserver
	hTerrain
	hEntities
	hCount
)

var headerFields = []string{
	hFormat: "format", hVersion: "version", hTickRate: "tick_rate",
	hObserver: "observer", hTerrain: "terrain", hEntities: "entities",
}

// decodeHeader interprets the parsed header line.
func (d *decoder) decodeHeader() (Header, bool) {
	h := NewHeader()
	var s [hCount]int32
	if !d.members(0, "", headerFields, s[:]) {
		return h, false
	}
	if !d.required(s[hFormat], "", "format") {
		return h, false
	}
	if f, ok := d.str(s[hFormat], "", "format"); !ok {
		return h, false
	} else if f != FormatName {
		return h, d.fail("", "format", noIndex, strconv.Quote(f)+" is not "+strconv.Quote(FormatName))
	}
	if !d.required(s[hVersion], "", "version") {
		return h, false
	}
	if v, isInt, overflow := d.integer(s[hVersion]); !isInt || overflow || v != Version {
		if !d.isNumber(s[hVersion]) {
			return h, d.fail("", "version", noIndex, "want 1, got "+d.describe(s[hVersion]))
		}
		return h, d.fail("", "version", noIndex, "unsupported version "+snippet(d.literal(s[hVersion]))+" (this reader reads 1)")
	}
	if s[hTickRate] >= 0 {
		v, ok := d.intRange(s[hTickRate], "", "tick_rate", MinTickRate, MaxTickRate, "an integer in [1, 240]")
		if !ok {
			return h, false
		}
		h.TickRate = int(v)
	}
	if n := s[hObserver]; n >= 0 {
		p, ok := d.positionObject(n, "", "observer", false)
		if !ok {
			return h, false
		}
		h.HasObserver, h.Observer = true, p
	}
	if n := s[hTerrain]; n >= 0 {
		if h.Terrain, _ = d.terrain(n); d.err != nil {
			return h, false
		}
	}
	n := s[hEntities]
	if !d.required(n, "", "entities") {
		return h, false
	}
	if d.nodes[n].kind != nodeArray {
		return h, d.fail("", "entities", noIndex, "want an array, got "+d.describe(n))
	}
	h.Entities = make([]Entity, 0, d.nodes[n].count)
	seen := make(map[uint32]int, d.nodes[n].count)
	i := 0
	for c := d.nodes[n].first; c >= 0; c = d.nodes[c].next {
		base := "entities[" + itoa(i) + "]"
		e, ok := d.entity(c, base, "")
		if !ok {
			return h, false
		}
		if j, dup := seen[e.GUID]; dup {
			return h, d.fail(base, "guid", noIndex, "duplicate guid "+hexid.String(e.GUID)+" (entities["+itoa(j)+"])")
		}
		seen[e.GUID] = i
		h.Entities = append(h.Entities, e)
		i++
	}
	return h, true
}

const (
	tKind = iota
	tZ
	tName
	tObstacles
	tFloor
	tCount
)

var terrainFields = []string{tKind: "kind", tZ: "z", tName: "name", tObstacles: "obstacles", tFloor: "floor"}

func (d *decoder) terrain(n int32) (Terrain, bool) {
	var t Terrain
	if !d.object(n, "", "terrain") {
		return t, false
	}
	var s [tCount]int32
	if !d.members(n, "terrain", terrainFields, s[:]) || !d.required(s[tKind], "terrain", "kind") {
		return t, false
	}
	kind, ok := d.str(s[tKind], "terrain", "kind")
	if !ok {
		return t, false
	}
	switch kind {
	case "flat":
		t.Kind = TerrainFlat
		if s[tZ] >= 0 {
			if t.Z, ok = d.float32At(s[tZ], "terrain", "z", noIndex); !ok {
				return t, false
			}
		}
	case "asset":
		t.Kind = TerrainAsset
		if !d.required(s[tName], "terrain", "name") {
			return t, false
		}
		if t.Name, ok = d.name(s[tName], "terrain", "name"); !ok {
			return t, false
		}
	default:
		return t, d.fail("terrain", "kind", noIndex, "unknown kind "+strconv.Quote(kind)+` (want "flat" or "asset")`)
	}
	if n := s[tObstacles]; n >= 0 {
		if t.Obstacles, ok = d.obstacles(n); !ok {
			return t, false
		}
	}
	if n := s[tFloor]; n >= 0 {
		floor, ok := d.str(n, "terrain", "floor")
		if !ok {
			return t, false
		}
		if floor != "server" {
			return t, d.fail("terrain", "floor", noIndex, "unknown floor "+strconv.Quote(floor)+` (want "server")`)
		}
		t.ServerFloor = true
	}
	return t, true
}

// obstacles reads the terrain's inline obstacles, a Glidepath extension of
// the header (docs/formats.md): the JSON array terrainjson.ParseObstacles reads.
func (d *decoder) obstacles(n int32) ([]physics.Obstacle, bool) {
	nd := &d.doc.nodes[n]
	if nd.kind != nodeArray {
		return nil, d.fail("terrain", "obstacles", noIndex, "want an array of obstacles")
	}
	obs, err := terrainjson.ParseObstacles("obstacles", d.doc.line[nd.start:nd.end])
	if err != nil {
		// ParseObstacles says "obstacles: [i].field: problem".
		return nil, d.fail("terrain", "obstacles", noIndex, strings.TrimPrefix(err.Error(), "obstacles: "))
	}
	return obs, true
}

const (
	eGUID = iota
	eName
	ePosition
	eSeq
	eMotion
	eRadius
	eHeight
	eMotionTable
	eParent
	eParentLocation
	eStatic
	eSetup
	eCount
)

var entityFields = []string{
	eGUID: "guid", eName: "name", ePosition: "position", eSeq: "seq",
	eMotion: "motion", eRadius: "radius", eHeight: "height", eMotionTable: "motion_table",
	eParent: "parent", eParentLocation: "parent_location", eStatic: "static",
	eSetup: "setup",
}

const (
	sInstance = iota
	sPosition
	sTeleport
	sForcePosition
	sVector
	sCount
)

var seqFields = []string{
	sInstance: "instance", sPosition: "position", sTeleport: "teleport",
	sForcePosition: "force_position", sVector: "vector",
}

var vectorSeqFields = []string{"instance", "vector"}

// stamps reads the u16 members names of the seq object at n, whose field
// path is path (base + ".seq", given whole so the hot path builds no
// string), into out.
func (d *decoder) stamps(n int32, path string, names []string, out []uint16) bool {
	if !d.object(n, path, "") {
		return false
	}
	var s [sCount]int32
	if !d.members(n, path, names, s[:len(names)]) {
		return false
	}
	for i := range out {
		if s[i] < 0 {
			continue
		}
		v, ok := d.u16(s[i], path, names[i])
		if !ok {
			return false
		}
		out[i] = v
	}
	return true
}

var runRateFields = []string{"run_rate"}

// entity reads an entity object at node n, named base.name.
func (d *decoder) entity(n int32, base, name string) (Entity, bool) {
	var e Entity
	if !d.object(n, base, name) {
		return e, false
	}
	path := joinField(base, name)
	var s [eCount]int32
	if !d.members(n, path, entityFields, s[:]) {
		return e, false
	}
	if !d.required(s[eGUID], path, "guid") || !d.required(s[ePosition], path, "position") {
		return e, false
	}
	guid, ok := d.id(s[eGUID], path, "guid")
	if !ok {
		return e, false
	}
	pos, ok := d.positionObject(s[ePosition], path, "position", true)
	if !ok {
		return e, false
	}
	e = NewEntity(guid, pos)
	if s[eName] >= 0 {
		if e.Name, ok = d.str(s[eName], path, "name"); !ok {
			return e, false
		}
	}
	if s[eSeq] >= 0 {
		var st [sCount]uint16
		if !d.stamps(s[eSeq], joinField(path, "seq"), seqFields, st[:]) {
			return e, false
		}
		e.Seq = Seq{Instance: st[sInstance], Position: st[sPosition], Teleport: st[sTeleport],
			ForcePosition: st[sForcePosition], Vector: st[sVector]}
	}
	if m := s[eMotion]; m >= 0 {
		if !d.object(m, path, "motion") {
			return e, false
		}
		mpath := joinField(path, "motion")
		var ms [1]int32
		if !d.members(m, mpath, runRateFields, ms[:]) {
			return e, false
		}
		e.HasMotion = true
		if ms[0] >= 0 {
			if e.RunRate, ok = d.float32At(ms[0], mpath, "run_rate", noIndex); !ok {
				return e, false
			}
		}
	}
	if s[eRadius] >= 0 {
		if e.Radius, ok = d.nonNegative32(s[eRadius], path, "radius"); !ok {
			return e, false
		}
	}
	if s[eHeight] >= 0 {
		if e.Height, ok = d.nonNegative32(s[eHeight], path, "height"); !ok {
			return e, false
		}
	}
	if s[eMotionTable] >= 0 {
		if e.MotionTable, ok = d.name(s[eMotionTable], path, "motion_table"); !ok {
			return e, false
		}
		if strings.HasPrefix(e.MotionTable, "0x") {
			// A dat id (docs/formats.md, "dat ids"): the shipped table
			// stays the default, used where the dats lack this one.
			if e.MotionTableID, ok = d.datID(s[eMotionTable], path, "motion_table", DatMotionTableType); !ok {
				return e, false
			}
			e.MotionTable = DefaultMotionTable
		}
	}
	if s[eSetup] >= 0 {
		if e.Setup, ok = d.datID(s[eSetup], path, "setup", DatSetupType); !ok {
			return e, false
		}
	}
	return e, d.entityPlacement(&e, s[:], path)
}

// entityPlacement reads an entity's parent, parent_location and static
// (docs/formats.md "Held items and statics").
func (d *decoder) entityPlacement(e *Entity, s []int32, path string) bool {
	var ok bool
	if n := s[eParent]; n >= 0 {
		// "observer": the local player holds it (a capture's player is no
		// entity of the recording; the item is drawn at the observer).
		if d.nodes[n].kind == nodeString && string(d.stringBytes(n)) == "observer" {
			e.Parent = ObserverTarget
		} else if e.Parent, ok = d.id(n, path, "parent"); !ok {
			return false
		}
		switch e.Parent {
		case 0:
			return d.fail(path, "parent", noIndex, "0 is no object")
		case e.GUID:
			return d.fail(path, "parent", noIndex, "an object cannot hold itself")
		case ObserverTarget:
			if d.nodes[n].kind != nodeString || string(d.stringBytes(n)) != "observer" {
				return d.fail(path, "parent", noIndex, `0xFFFFFFFF is reserved for the observer: write "observer"`)
			}
		}
	}
	if s[eParentLocation] >= 0 {
		if s[eParent] < 0 {
			return d.fail(path, "parent_location", noIndex, "given without parent")
		}
		if e.ParentLocation, ok = d.u32(s[eParentLocation], path, "parent_location"); !ok {
			return false
		}
	}
	if s[eStatic] >= 0 {
		if e.Static, ok = d.boolean(s[eStatic], path, "static"); !ok {
			return false
		}
	}
	return true
}
