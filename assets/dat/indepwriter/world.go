// The world this writer writes: a Region, a 9×9 patch of hilly landblocks
// around HillBlock (heights from one function of global vertex
// coordinates, so neighbours share their edges), a LandBlockInfo, Setups
// (a humanoid, a big creature, a sphere-only object, and filler), a
// MotionTable (stored compressed) and Animations (one spanning many
// blocks). The portal dat's tree is made narrow (4 entries a node), so it
// is three levels deep; the cell dat's nodes are full (61), two levels.

package indepwriter

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
)

// Ids and numbers of the world.
const (
	RegionID      = 0x13000000
	HillX, HillY  = 0x64, 0x64 // the walk's landblock
	HillBlock     = HillX<<24 | HillY<<16 | 0xFFFF
	HillInfo      = HillX<<24 | HillY<<16 | 0xFFFE
	CompressedLB  = 0x6060FFFF // a landblock stored compressed
	HumanSetup    = 0x02000A01
	BigSetup      = 0x02000A11 // radius 1.2, height 3.5
	SphereSetup   = 0x02000B20
	Table         = 0x09000A01 // stored compressed
	IdleAnim      = 0x03000A01
	WalkAnim      = 0x03000A02 // 24 parts × 40 frames: spans many blocks
	LinkAnim      = 0x03000A03
	PortalBlock   = 1024
	CellBlock     = 256
	PortalFanout  = 4
	CellFanout    = maxFiles
	PortalIter    = 61
	CellIter      = 57
	HeightBase    = 25   // LandHeightTable[i] = HeightBase + HeightStep·i
	HeightStep    = 0.75 //
	firstBlockX   = HillX - 4
	firstBlockY   = HillY - 4
	blocksPerSide = 9

	// Full command ids (ACE MotionCommand.cs).
	NonCombat     = 0x8000003D
	HandCombat    = 0x8000003C
	Ready         = 0x41000003
	WalkForward   = 0x45000005
	WalkBackwards = 0x45000006
	RunForward    = 0x44000007
	TurnRight     = 0x6500000D
	SideStepRight = 0x6500000F
)

// HeightByte is the height byte of global vertex (gx, gy): gentle hills,
// every rise under 11 m per 24 m cell.
func HeightByte(gx, gy int) uint8 {
	v := 80 + 10*math.Sin(float64(gx)*0.83) + 7*math.Cos(float64(gy)*0.61+float64(gx)*0.27)
	return uint8(math.Round(v))
}

// VertexHeight is the height in metres of global vertex (gx, gy).
func VertexHeight(gx, gy int) float64 {
	return float64(float32(HeightBase + HeightStep*float64(HeightByte(gx, gy))))
}

// TerrainHeight is the terrain's height at global metres (X, Y) (landblock
// x·192 + local x), on the cell's two triangles as ACE's
// LandblockStruct.ConstructPolygons splits it: splitDir = gy·(214614067·gx
// + 1813693831) − 1109124029·gx − 1369149221 (u32), scaled by
// 2.3283064e-10; at 0.5 and above the cut runs SW–NE.
func TerrainHeight(X, Y float64) float64 {
	gx, gy := int(math.Floor(X/24)), int(math.Floor(Y/24))
	u, v := X/24-float64(gx), Y/24-float64(gy)
	z00, z10 := VertexHeight(gx, gy), VertexHeight(gx+1, gy)
	z01, z11 := VertexHeight(gx, gy+1), VertexHeight(gx+1, gy+1)
	ux, uy := uint32(gx), uint32(gy)
	split := uy*(214614067*ux+1813693831) - 1109124029*ux - 1369149221
	if float64(split)*2.3283064e-10 >= 0.5 { // SW–NE: triangles (00,10,11) and (00,11,01)
		if u >= v {
			return z00 + (z10-z00)*u + (z11-z10)*v
		}
		return z00 + (z11-z01)*u + (z01-z00)*v
	}
	// SE–NW: triangles (00,10,01) and (10,11,01)
	if u+v <= 1 {
		return z00 + (z10-z00)*u + (z01-z00)*v
	}
	return z11 + (z01-z11)*(1-u) + (z10-z11)*(1-v)
}

// Manifest is what Write wrote.
type Manifest struct {
	PortalIteration int32 `json:"portal_iteration"`
	CellIteration   int32 `json:"cell_iteration"`
	// PortalDepth and CellDepth are the B-trees' levels.
	PortalDepth int `json:"portal_depth"`
	CellDepth   int `json:"cell_depth"`
	// Compressed lists the entries stored compressed, Spanning those whose
	// stored bytes span more than one block.
	Compressed []string `json:"compressed"`
	Spanning   []string `json:"spanning"`
	// Entries maps "0x%08X" to the entry as `viewer dat -json -entry ID`
	// prints it.
	Entries map[string]map[string]any `json:"entries"`
}

func region() *Region {
	r := &Region{ID: RegionID, Number: 1, Version: 3, Name: "Dereth", NumBlockLength: 255, NumBlockWidth: 255,
		SquareLength: 24, LBlockLength: 8, VertexPerCell: 1, MaxObjHeight: 200, SkyHeight: 1000, RoadWidth: 5}
	for i := range r.LandHeightTable {
		r.LandHeightTable[i] = float32(HeightBase + HeightStep*float64(i))
	}
	return r
}

func landBlock(bx, by int) *LandBlock {
	lb := &LandBlock{ID: uint32(bx)<<24 | uint32(by)<<16 | 0xFFFF, HasObjects: bx == HillX && by == HillY}
	for x := 0; x < 9; x++ {
		for y := 0; y < 9; y++ {
			gx, gy := bx*8+x, by*8+y
			lb.Height[x*9+y] = HeightByte(gx, gy)
			lb.Terrain[x*9+y] = uint16((gx+gy)%4 | (gx*7+gy*3)%32<<2 | (gx*gy)%32<<11)
			if lb.ID == CompressedLB { // grass without roads or scenery: compresses
				lb.Terrain[x*9+y] = 1 << 2
			}
		}
	}
	return lb
}

func vec(x, y, z float32) *[3]float32 { return &[3]float32{x, y, z} }

func motionTable() *MotionTable {
	anim := func(id uint32, fr float32) []AnimData {
		return []AnimData{{AnimID: id, LowFrame: 0, HighFrame: -1, Framerate: fr}}
	}
	return &MotionTable{
		ID: Table, DefaultStyle: NonCombat,
		StyleDefaults: [][2]uint32{{NonCombat, Ready}, {HandCombat, Ready}},
		Cycles: []Motion{
			{NonCombat, WalkForward, MotionData{Bitfield: 0, Anims: anim(WalkAnim, 30), Velocity: vec(0, 3.12, 0)}},
			{NonCombat, Ready, MotionData{Bitfield: 1, Anims: anim(IdleAnim, 15)}},
			{NonCombat, RunForward, MotionData{Anims: []AnimData{{WalkAnim, 2, 37, 30.5}, {IdleAnim, 0, 1, 10}}, Velocity: vec(0, 4, 0)}},
			{NonCombat, WalkBackwards, MotionData{Anims: anim(WalkAnim, -30), Velocity: vec(0, -1.56, 0)}},
			{NonCombat, TurnRight, MotionData{Anims: anim(IdleAnim, 20), Omega: vec(0, 0, -1.5)}},
			{HandCombat, Ready, MotionData{Anims: anim(IdleAnim, 12.5)}},
		},
		Modifiers: []Motion{
			{NonCombat, SideStepRight, MotionData{Anims: anim(IdleAnim, 25), Velocity: vec(1.25, 0, 0), Omega: vec(0, 0, 0.25)}},
		},
		Links: []Link{
			{NonCombat, Ready, WalkForward, MotionData{Anims: anim(LinkAnim, 45)}},
			{NonCombat, Ready, RunForward, MotionData{Anims: []AnimData{{LinkAnim, 1, 3, 60}}}},
			{NonCombat, WalkForward, Ready, MotionData{Anims: anim(LinkAnim, -45), Velocity: vec(0, 0.5, 0)}},
		},
	}
}

func animations() []*Animation {
	q := func(a float64) [4]float32 { // rotation a about z
		return [4]float32{float32(math.Cos(a / 2)), 0, 0, float32(math.Sin(a / 2))}
	}
	mk := func(id uint32, parts, frames int, pos bool, hooked map[int][]Hook) *Animation {
		a := &Animation{ID: id, NumParts: uint32(parts)}
		for f := 0; f < frames; f++ {
			if pos {
				a.PosFrames = append(a.PosFrames, Frame{Origin: [3]float32{0, float32(f) * 0.104, 0}, Rotation: q(float64(f) * 0.01)})
			}
			af := AnimFrame{Hooks: hooked[f]}
			for p := 0; p < parts; p++ {
				af.Parts = append(af.Parts, Frame{Origin: [3]float32{float32(p) * 0.1, float32(f) * 0.01, 1 + float32(p)*0.05}, Rotation: q(float64(p*frames+f) * 0.003)})
			}
			a.Frames = append(a.Frames, af)
		}
		return a
	}
	return []*Animation{
		mk(IdleAnim, 3, 4, true, map[int][]Hook{1: {SoundHook(1, 0x0A000010)}, 3: {SoundHook(-1, 0x0A000011), SoundHook(0, 0x0A000012)}}),
		mk(WalkAnim, 24, 40, false, map[int][]Hook{10: {SoundHook(1, 0x0A000020)}}),
		mk(LinkAnim, 3, 5, true, map[int][]Hook{2: EveryHook()}),
	}
}

func setups() []*Setup {
	s := []*Setup{
		{ID: HumanSetup, Parts: []uint32{0x01000001, 0x01000002}, CylSpheres: []CylSphere{{Radius: 0.35, Height: 1.8}},
			Height: 1.8, Radius: 0.35, StepUpHeight: 0.4, StepDownHeght: 1.2, DefaultMotionTable: Table},
		{ID: BigSetup, Flags: SetupHasParent | SetupHasDefaultScale, Parts: []uint32{0x01000A01, 0x01000A02, 0x01000A03},
			CylSpheres: []CylSphere{{Origin: [3]float32{0, 0, 0}, Radius: 1.2, Height: 3.5}, {Origin: [3]float32{0, 0.8, 1.5}, Radius: 0.6, Height: 1.1}},
			Spheres:    []Sphere{{Origin: [3]float32{0, 0, 1.2}, Radius: 1.2}},
			Height:     3.5, Radius: 1.2, StepUpHeight: 0.8, StepDownHeght: 2.5, DefaultMotionTable: Table, Extras: true},
		{ID: SphereSetup, Parts: []uint32{0x01000B01}, Spheres: []Sphere{{Origin: [3]float32{0, 0, 0.9}, Radius: 0.9}, {Origin: [3]float32{0.3, 0, 1.7}, Radius: 0.4}},
			Height: 2.1, Radius: 0.9, StepUpHeight: 0.2, StepDownHeght: 0.2},
	}
	for i := 0; i < 16; i++ { // filler, to make the portal tree deep
		r := 0.3 + 0.05*float32(i)
		s = append(s, &Setup{ID: 0x02000C00 + uint32(i), Parts: []uint32{0x01000C00 + uint32(i)}, CylSpheres: []CylSphere{{Radius: r, Height: 2 * r}},
			Height: 2 * r, Radius: r})
	}
	return s
}

// Write writes client_portal.dat, client_cell_1.dat and manifest.json into
// dir and returns the manifest.
func Write(dir string) (*Manifest, error) {
	m := &Manifest{PortalIteration: PortalIter, CellIteration: CellIter, Entries: map[string]map[string]any{}}
	portal := newContainer(datPortal, PortalBlock, PortalFanout)
	cell := newContainer(datCell, CellBlock, CellFanout)
	note := func(c *container, id uint32, data []byte, compressed bool, j map[string]any) {
		if compressed {
			c.addCompressed(id, data)
			m.Compressed = append(m.Compressed, hexID(id))
		} else {
			c.add(id, data)
			if len(data) > c.blockSize-4 {
				m.Spanning = append(m.Spanning, hexID(id))
			}
		}
		if j != nil {
			m.Entries[hexID(id)] = j
		}
	}

	r := region()
	note(portal, r.ID, r.bytes(), false, r.manifest())
	for _, s := range setups() {
		note(portal, s.ID, s.bytes(), false, s.manifest())
	}
	mt := motionTable()
	note(portal, mt.ID, mt.bytes(), true, mt.manifest())
	for _, a := range animations() {
		note(portal, a.ID, a.bytes(), false, a.manifest())
	}
	portal.add(0xFFFF0001, iteration(PortalIter))

	for bx := firstBlockX; bx < firstBlockX+blocksPerSide; bx++ {
		for by := firstBlockY; by < firstBlockY+blocksPerSide; by++ {
			lb := landBlock(bx, by)
			note(cell, lb.ID, lb.bytes(), lb.ID == CompressedLB, lb.manifest(&r.LandHeightTable))
		}
	}
	ground := func(x, y float32) [3]float32 {
		return [3]float32{x, y, float32(TerrainHeight(HillX*192+float64(x), HillY*192+float64(y)))}
	}
	info := &LandBlockInfo{ID: HillInfo, NumCells: 3,
		Objects: []Stab{
			{ID: SphereSetup, Frame: Frame{Origin: ground(30, 170), Rotation: [4]float32{1, 0, 0, 0}}},
			{ID: 0x01000B70, Frame: Frame{Origin: ground(60, 180), Rotation: [4]float32{0.9238795, 0, 0, 0.38268343}}},
		},
		Buildings: []Building{
			{Model: 0x01000B77, Frame: Frame{Origin: ground(150, 20), Rotation: [4]float32{0.70710677, 0, 0, -0.70710677}}, NumLeaves: 4,
				Portals: []Portal{{Flags: 1, OtherCell: 0x0100, OtherPortal: 0, Stabs: []uint16{0x0100, 0x0101, 0x0102}}, {Flags: 2, OtherCell: 0x0101, OtherPortal: 1}}},
			{Model: SphereSetup, Frame: Frame{Origin: ground(170, 175), Rotation: [4]float32{1, 0, 0, 0}}, NumLeaves: 1,
				Portals: []Portal{{Flags: 3, OtherCell: 0x0102, OtherPortal: 2, Stabs: []uint16{0x0100}}}},
		},
		Restrictions: [][2]uint32{{0x64640100, 0x7000001}, {0x64640101, 0x7000002}},
	}
	note(cell, info.ID, info.bytes(), false, info.manifest())
	cell.add(0xFFFF0001, iteration(CellIter))

	var err error
	if m.PortalDepth, err = portal.write(filepath.Join(dir, "client_portal.dat")); err != nil {
		return nil, err
	}
	if m.CellDepth, err = cell.write(filepath.Join(dir, "client_cell_1.dat")); err != nil {
		return nil, err
	}
	b, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(dir, "manifest.json"), b, 0o644); err != nil {
		return nil, fmt.Errorf("manifest: %w", err)
	}
	return m, nil
}
