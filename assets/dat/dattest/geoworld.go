// A geometry world for the transition's tests: a town landblock with a
// building whose doorway leads into an EnvCell, and a dungeon landblock
// with an L-shaped corridor of two EnvCells (a corner the server cuts) and
// a room with a floor, a 0.3 m stair, a 0.6 m wall and a pillar. Both
// landblocks are flat. Every cell's polygons face in; portals are polygons
// of their cells' CellStructs, in EnvCell portal order.

package dattest

import "glidepath/assets/dat"

// Ids and shapes of the geometry world.
const (
	TownBlock     = 0xC0C0FFFF // flat at height byte TownHeight (20 m)
	TownInfo      = 0xC0C0FFFE
	TownHeight    = 10
	DungeonBlock  = 0xC1C1FFFF // flat at height byte 0
	DungeonInfo   = 0xC1C1FFFE
	BuildingCell  = 0xC0C00100 // inside the building
	CorridorA     = 0xC1C10100 // x 0–10, y 0–2; its portal north at x 8–10
	CorridorB     = 0xC1C10101 // x 8–10, y 2–12; its portal south
	StairRoom     = 0xC1C10102 // 10 × 10 × 4 m: stair, wall, pillar
	GeoEnv        = 0x0D000100
	BuildingShell = 0x01000300
	Pillar        = 0x01000301

	// CellStruct indices in GeoEnv.
	CorridorAStruct = 0
	CorridorBStruct = 1
	RoomStruct      = 2
	BuildingStruct  = 3

	StairHeight = 0.3
	WallHeight  = 0.6
	DoorHeight  = 2.5
)

// The geometry world's boxes, in their cells' own coordinates (the cell's
// frame places them in the landblock).
var (
	CorridorABox = Box{Max: [3]float32{10, 2, 3}}
	CorridorBBox = Box{Min: [3]float32{8, 2, 0}, Max: [3]float32{10, 12, 3}}
	RoomBox      = Box{Max: [3]float32{10, 10, 4}}
	StairBox     = Box{Min: [3]float32{2, 3, 0}, Max: [3]float32{4, 7, StairHeight}}
	WallBox      = Box{Min: [3]float32{6, 3, 0}, Max: [3]float32{8, 7, WallHeight}}
	PillarBox    = Box{Min: [3]float32{-0.25, -0.25, 0}, Max: [3]float32{0.25, 0.25, 3}}
	BuildingBox  = Box{Max: [3]float32{8, 6, 4}}
	BuildingDoor = Door{Face: South, From: 3, To: 5, Height: DoorHeight}

	// Frames in their landblocks.
	DungeonFrame  = dat.Frame{Origin: [3]float32{40, 40, 0}, Rotation: [4]float32{1, 0, 0, 0}}
	RoomFrame     = dat.Frame{Origin: [3]float32{100, 100, 0}, Rotation: [4]float32{1, 0, 0, 0}}
	PillarFrame   = dat.Frame{Origin: [3]float32{105, 108.5, 0}, Rotation: [4]float32{1, 0, 0, 0}}
	BuildingFrame = dat.Frame{Origin: [3]float32{96, 96, 2 * TownHeight}, Rotation: [4]float32{1, 0, 0, 0}}
)

// GeoEnvironment is the geometry world's Environment.
func GeoEnvironment() *dat.Environment {
	return &dat.Environment{ID: GeoEnv, Cells: []dat.CellStruct{
		CorridorAStruct: BoxCell(CorridorABox, []Door{{Face: North, From: 8, To: 10}}),
		CorridorBStruct: BoxCell(CorridorBBox, []Door{{Face: South, From: 8, To: 10}}),
		RoomStruct:      BoxCell(RoomBox, nil, StairBox, WallBox),
		BuildingStruct:  BoxCell(BuildingBox, []Door{BuildingDoor}),
	}}
}

// GeoEnvCells are the geometry world's EnvCells. Portal flags set bit 1
// (PortalSide false): each cell lies on its portal polygon's positive side
// (ACE EnvCell.find_transit_cells).
func GeoEnvCells(env *dat.Environment) []*dat.EnvCell {
	portal := func(cs, i int, other uint16, otherPortal uint16) dat.CellPortal {
		return dat.CellPortal{Flags: dat.PortalSideFlag, PolygonID: env.Cells[cs].Portals[i], OtherCellID: other, OtherPortalID: otherPortal}
	}
	surf := []uint32{0x08000010, 0x08000011}
	return []*dat.EnvCell{
		{ID: CorridorA, Surfaces: surf, EnvironmentID: GeoEnv, CellStructure: CorridorAStruct, Position: DungeonFrame,
			Portals: []dat.CellPortal{portal(CorridorAStruct, 0, CorridorB&0xFFFF, 0)}, VisibleCells: []uint16{CorridorB & 0xFFFF}},
		{ID: CorridorB, Surfaces: surf, EnvironmentID: GeoEnv, CellStructure: CorridorBStruct, Position: DungeonFrame,
			Portals: []dat.CellPortal{portal(CorridorBStruct, 0, CorridorA&0xFFFF, 0)}, VisibleCells: []uint16{CorridorA & 0xFFFF}},
		{ID: StairRoom, Flags: dat.EnvCellHasStaticObjs | dat.EnvCellHasRestrictionObj, Surfaces: surf[:1], EnvironmentID: GeoEnv,
			CellStructure: RoomStruct, Position: RoomFrame, Portals: []dat.CellPortal{}, VisibleCells: []uint16{},
			StaticObjects: []dat.Stab{{ID: Pillar, Frame: PillarFrame}}, RestrictionObj: 0x7A000002},
		{ID: BuildingCell, Flags: dat.EnvCellSeenOutside, Surfaces: surf, EnvironmentID: GeoEnv, CellStructure: BuildingStruct,
			Position: BuildingFrame, Portals: []dat.CellPortal{portal(BuildingStruct, 0, dat.OutsideCell, 0)}, VisibleCells: []uint16{}},
	}
}

// GeoGfxObjs are the building's shell and the pillar.
func GeoGfxObjs() []*dat.GfxObj {
	var pillar Mesh
	pillar.AddSolid(PillarBox, true)
	return []*dat.GfxObj{Shell(BuildingShell, BuildingBox, BuildingDoor), Solid(Pillar, pillar)}
}

// GeoInfos are the town's LandBlockInfo (the building, its portal into
// BuildingCell) and the dungeon's (its three cells, no statics).
func GeoInfos() []*dat.LandBlockInfo {
	return []*dat.LandBlockInfo{
		{ID: TownInfo, NumCells: 1, Objects: []dat.Stab{}, Buildings: []dat.Building{{ModelID: BuildingShell, Frame: BuildingFrame, NumLeaves: 1,
			Portals: []dat.BuildingPortal{{Flags: dat.PortalSideFlag, OtherCellID: BuildingCell & 0xFFFF, OtherPortalID: 0, Stabs: []uint16{BuildingCell & 0xFFFF}}}}}},
		{ID: DungeonInfo, NumCells: 3, Objects: []dat.Stab{}, Buildings: []dat.Building{}},
	}
}

// Geometry returns writers for the geometry world's portal dat (the
// standard Region and Setups, the Environment, the GfxObjs) and cell dat
// (the two flat landblocks, their infos, the EnvCells).
func Geometry() (portal, cell *Writer) {
	portal = New(1024, PortalDataSet)
	portal.NodeEntries = 3
	portal.Iteration = PortalIteration
	portal.Add(dat.RegionID, Region(StandardRegion(), true))
	for _, s := range StandardSetups() {
		portal.Add(s.ID, Setup(s))
	}
	env := GeoEnvironment()
	portal.AddCompressed(env.ID, Environment(env))
	for _, g := range GeoGfxObjs() {
		portal.Add(g.ID, GfxObj(g))
	}
	cell = New(256, CellDataSet)
	cell.NodeEntries = 2
	cell.Iteration = CellIteration
	for _, b := range []struct {
		id uint32
		h  uint8
	}{{TownBlock, TownHeight}, {DungeonBlock, 0}} {
		lb := &dat.LandBlock{ID: b.id, HasObjects: b.id == TownBlock}
		for i := range lb.Height {
			lb.Height[i] = b.h
		}
		cell.Add(b.id, LandBlock(lb))
	}
	for _, li := range GeoInfos() {
		cell.Add(li.ID, LandBlockInfo(li))
	}
	for _, e := range GeoEnvCells(env) {
		cell.Add(e.ID, EnvCell(e))
	}
	return portal, cell
}

// WriteGeometry writes the geometry world into dir.
func WriteGeometry(dir string) error {
	p, c := Geometry()
	return WriteDir(dir, p, c)
}
