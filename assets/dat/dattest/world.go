// A standard small world for tests: a Region with a height table, a 2×2
// patch of hilly landblocks around 0xA9B4 (heights from HillHeight on
// global vertex coordinates, so neighbours agree on shared edges), a flat
// landblock at a low id, a LandBlockInfo with statics and a building,
// Setups of a humanoid, a big creature and a sphere-only object, a
// MotionTable with real-looking framerates and velocities, and Animations
// with pos_frames and hooks of every type. The B-trees are several levels
// deep, one entry is compressed and several span blocks.

package dattest

import (
	"glidepath/assets/dat"
)

// Ids of the standard world.
const (
	HillBlock      = 0xA9B4FFFF // hilly, with objects
	HillBlockInfo  = 0xA9B4FFFE
	EastBlock      = 0xAAB4FFFF
	NorthBlock     = 0xA9B5FFFF
	NorthEastBlock = 0xAAB5FFFF
	FlatBlock      = 0x1234FFFF // flat, at height byte FlatHeight
	FlatHeight     = 10

	HumanSetup    = 0x02000001
	BigSetup      = 0x0200004E
	SphereSetup   = 0x02000100
	HumanTable    = 0x09000001
	ReadyAnim     = 0x03000001
	WalkAnim      = 0x03000002
	RunAnim       = 0x03000003
	LinkAnim      = 0x03000004
	HooksAnim     = 0x03000010 // every hook type; stored compressed
	NonCombat     = 0x8000003D
	Ready         = 0x41000003
	WalkForward   = 0x45000005
	WalkBackward  = 0x45000006
	RunForward    = 0x44000007
	TurnRight     = 0x6500000D
	SideStepRight = 0x6500000F

	PortalIteration = 982
	CellIteration   = 975
)

// HeightTable is the standard Region's LandHeightTable: 2 m steps to byte
// 200, then 10 m steps.
func HeightTable() [256]float32 {
	var t [256]float32
	for i := range t {
		if i < 200 {
			t[i] = float32(i) * 2
		} else {
			t[i] = 400 + float32(i-200)*10
		}
	}
	return t
}

func tri(v, p int) int {
	m := v % (2 * p)
	if m < 0 {
		m += 2 * p
	}
	if m > p {
		return 2*p - m
	}
	return m
}

// HillHeight is the hilly blocks' height byte at global vertex (gx, gy)
// (gx = blockX*8 + x): ridges 18 and 8 bytes high, 36 m and 16 m per
// byte-step of the waves.
func HillHeight(gx, gy int) uint8 {
	return uint8(40 + 3*tri(gx, 6) + 2*tri(gy, 4))
}

// StandardRegion is the standard world's Region.
func StandardRegion() *dat.Region {
	return &dat.Region{ID: dat.RegionID, Number: 1, Version: 3, Name: "Dereth", LandDefs: dat.LandDefs{
		NumBlockLength: 255, NumBlockWidth: 255, SquareLength: 24, LBlockLength: 8, VertexPerCell: 1,
		MaxObjHeight: 200, SkyHeight: 1000, RoadWidth: 5, LandHeightTable: HeightTable(),
	}}
}

// HillLandBlock returns hilly landblock id (0xXXYYFFFF).
func HillLandBlock(id uint32) *dat.LandBlock {
	bx, by := int(id>>24), int(id>>16&0xFF)
	lb := &dat.LandBlock{ID: id, HasObjects: id == HillBlock}
	for x := 0; x < 9; x++ {
		for y := 0; y < 9; y++ {
			lb.Height[x*9+y] = HillHeight(bx*8+x, by*8+y)
			lb.Terrain[x*9+y] = uint16((x+y)%4)<<2 | uint16(x%2) // type bits 2–6, road bits 0–1
		}
	}
	return lb
}

// StandardSetups returns the standard world's setups.
func StandardSetups() []*dat.Setup {
	return []*dat.Setup{
		{ID: HumanSetup, Parts: []uint32{0x01000001, 0x01000002, 0x01000003},
			NumHoldingLocations: 2, NumPlacements: 1, Placements: []dat.Placement{placement(dat.PlacementResting, 3)},
			CylSpheres: []dat.CylSphere{{Origin: [3]float32{0, 0, 0}, Radius: 0.35, Height: 1.8}},
			Spheres:    []dat.Sphere{{Origin: [3]float32{0, 0, 0.5}, Radius: 0.5}, {Origin: [3]float32{0, 0, 1.3}, Radius: 0.5}},
			Height:     1.8, Radius: 0.35, StepUpHeight: 0.4, StepDownHeight: 1.5,
			SortingSphere: dat.Sphere{Origin: [3]float32{0, 0, 0.9}, Radius: 1}, SelectionSphere: dat.Sphere{Origin: [3]float32{0, 0, 0.9}, Radius: 1},
			DefaultMotionTable: HumanTable},
		{ID: BigSetup, Flags: dat.SetupHasParent | dat.SetupHasDefaultScale,
			Parts:               []uint32{0x01000101, 0x01000102, 0x01000103, 0x01000104},
			ParentIndices:       []uint32{0xFFFFFFFF, 0, 1, 1},
			DefaultScales:       [][3]float32{{1, 1, 1}, {1, 1, 1}, {0.5, 0.5, 0.5}, {1, 2, 1}},
			NumHoldingLocations: 1, NumConnectionPoints: 2, NumPlacements: 2, NumLights: 1,
			Placements: []dat.Placement{placement(dat.PlacementDefault, 4), placement(dat.PlacementResting, 4)},
			CylSpheres: []dat.CylSphere{{Origin: [3]float32{0, 0.25, 0}, Radius: 1.2, Height: 3.5}, {Origin: [3]float32{0, -1, 0}, Radius: 0.8, Height: 2}},
			Height:     3.5, Radius: 1.6, StepUpHeight: 0.8, StepDownHeight: 2.5,
			SortingSphere: dat.Sphere{Origin: [3]float32{0, 0, 1.75}, Radius: 2.5}, SelectionSphere: dat.Sphere{Origin: [3]float32{0, 0, 1.75}, Radius: 2.2},
			DefaultAnimation: WalkAnim, DefaultMotionTable: HumanTable, DefaultSoundTable: 0x20000012, DefaultScriptTable: 0x34000004},
		{ID: SphereSetup, Parts: []uint32{0x01000200}, Placements: []dat.Placement{},
			Spheres: []dat.Sphere{{Origin: [3]float32{0, 0, 0.3}, Radius: 0.3}},
			Height:  0.6, Radius: 0.3, StepUpHeight: 0.1, StepDownHeight: 0.1},
	}
}

// placement is placement key's frames for parts parts (part p raised p ×
// 0.4 m, turned by key) with a Sound and a CreateParticle hook, as real
// placement frames carry.
func placement(key uint32, parts int) dat.Placement {
	p := dat.Placement{Key: key, Frames: make([]dat.Frame, parts), Hooks: []dat.Hook{
		{Type: dat.HookSound, Direction: 1, ID: 0x0A000011},
		{Type: dat.HookCreateParticle, ID: 0x32000004, Part: 0, Frame: Identity, EmitterID: 7},
	}}
	for i := range p.Frames {
		p.Frames[i] = dat.Frame{Origin: [3]float32{0, 0, 0.4 * float32(i)}, Rotation: [4]float32{1, 0, 0, float32(key) * 0.001}}
	}
	return p
}

// key is a cycle's key: (style << 16) | (motion & 0xFFFFFF).
func key(style, motion uint32) uint32 { return style<<16 | motion&0xFFFFFF }

// StandardMotionTable is a humanoid table: Ready, walking (3.12 m/s at 30
// frames per second; backwards at −30), running (4 m/s at 30 × 1.25),
// turning (omega 1.5 rad/s) and side-stepping, a turn modifier and a link
// from Ready to WalkForward playing two animations.
func StandardMotionTable() *dat.MotionTable {
	md := func(flags uint8, vel, omega [3]float32, anims ...dat.AnimData) dat.MotionData {
		return dat.MotionData{Flags: flags, Anims: anims, Velocity: vel, Omega: omega}
	}
	none := [3]float32{}
	return &dat.MotionTable{ID: HumanTable, DefaultStyle: NonCombat,
		StyleDefaults: []dat.StyleDefault{{Style: NonCombat, Motion: Ready}},
		Cycles: []dat.MotionEntry{
			{Key: key(NonCombat, Ready), Data: md(0, none, none, dat.AnimData{AnimID: ReadyAnim, LowFrame: 0, HighFrame: -1, Framerate: 30})},
			{Key: key(NonCombat, WalkForward), Data: md(dat.MotionHasVelocity, [3]float32{0, 3.12, 0}, none, dat.AnimData{AnimID: WalkAnim, LowFrame: 0, HighFrame: -1, Framerate: 30})},
			{Key: key(NonCombat, WalkBackward), Data: md(dat.MotionHasVelocity, [3]float32{0, -2.028, 0}, none, dat.AnimData{AnimID: WalkAnim, LowFrame: 0, HighFrame: -1, Framerate: -19.5})},
			{Key: key(NonCombat, RunForward), Data: md(dat.MotionHasVelocity, [3]float32{0, 4, 0}, none, dat.AnimData{AnimID: RunAnim, LowFrame: 0, HighFrame: -1, Framerate: 37.5})},
			{Key: key(NonCombat, TurnRight), Data: md(dat.MotionHasOmega, none, [3]float32{0, 0, -1.5}, dat.AnimData{AnimID: ReadyAnim, LowFrame: 0, HighFrame: -1, Framerate: 30})},
			{Key: key(NonCombat, SideStepRight), Data: md(dat.MotionHasVelocity, [3]float32{1.25, 0, 0}, none, dat.AnimData{AnimID: WalkAnim, LowFrame: 2, HighFrame: 9, Framerate: 25})},
		},
		Modifiers: []dat.MotionEntry{
			{Key: key(NonCombat, TurnRight), Data: md(dat.MotionHasOmega, none, [3]float32{0, 0, -1.5})},
		},
		Links: []dat.Link{{Key: key(NonCombat, Ready), Motions: []dat.LinkMotion{
			{Motion: WalkForward, Data: md(0, none, none,
				dat.AnimData{AnimID: LinkAnim, LowFrame: 0, HighFrame: -1, Framerate: 30},
				dat.AnimData{AnimID: ReadyAnim, LowFrame: 0, HighFrame: 3, Framerate: 45})},
			{Motion: RunForward, Data: md(0, none, none, dat.AnimData{AnimID: LinkAnim, LowFrame: 1, HighFrame: 4, Framerate: 30})},
		}}},
	}
}

// AllHooks is one hook of every type (NoOp included), with distinct
// values.
func AllHooks() []dat.Hook {
	f := dat.Frame{Origin: [3]float32{0.1, 0.2, 0.3}, Rotation: [4]float32{1, 0, 0, 0}}
	return []dat.Hook{
		{Type: dat.HookNoOp, Direction: 1},
		{Type: dat.HookSound, Direction: 1, ID: 0x0A000001},
		{Type: dat.HookSoundTable, ID: 0x12},
		{Type: dat.HookAttack, Direction: -1, Attack: dat.AttackCone{Part: 2, LeftX: -0.5, LeftY: 1, RightX: 0.5, RightY: 1, Radius: 2, Height: 1.5}},
		{Type: dat.HookAnimationDone},
		{Type: dat.HookReplaceObject, Part: 3, ID: 0x01000123},
		{Type: dat.HookReplaceObject, Part: 4, ID: 0x01012345},
		{Type: dat.HookEthereal, Value: 1},
		{Type: dat.HookTransparentPart, Part: 1, Start: 0, End: 0.5, Time: 1.25},
		{Type: dat.HookLuminous, Start: 0.25, End: 1, Time: 2},
		{Type: dat.HookLuminousPart, Part: 2, Start: 1, End: 0, Time: 0.5},
		{Type: dat.HookDiffuse, Start: 0.5, End: 1, Time: 3},
		{Type: dat.HookDiffusePart, Part: 0, Start: 1, End: 0.25, Time: 1},
		{Type: dat.HookScale, End: 1.5, Time: 0.75},
		{Type: dat.HookCreateParticle, ID: 0x32000010, Part: 1, Frame: f, EmitterID: 3},
		{Type: dat.HookDestroyParticle, ID: 3},
		{Type: dat.HookStopParticle, ID: 4},
		{Type: dat.HookNoDraw, ID: 1},
		{Type: dat.HookDefaultScript},
		{Type: dat.HookDefaultScriptPart, Part: 2},
		{Type: dat.HookCallPES, ID: 0x33000020, Pause: 0.5},
		{Type: dat.HookTransparent, Start: 1, End: 0, Time: 0.25},
		{Type: dat.HookSoundTweaked, ID: 0x0A000002, Priority: 0.5, Probability: 0.75, Volume: 0.9},
		{Type: dat.HookSetOmega, Vector: [3]float32{0, 0, 2}},
		{Type: dat.HookTextureVelocity, Speed: [2]float32{0.1, -0.2}},
		{Type: dat.HookTextureVelocityPart, Part: 1, Speed: [2]float32{0.3, 0.4}},
		{Type: dat.HookSetLight, Value: 1},
		{Type: dat.HookCreateBlockingParticle, ID: 0x32000011, Part: 0, Frame: f, EmitterID: 5},
	}
}

// StepAnimation is an animation of parts parts and frames frames whose
// pos_frames each step (0, step, 0) and whose parts swing; frame 0 has a
// Sound hook and the last an AnimationDone hook.
func StepAnimation(id uint32, parts, frames int, step float32) *dat.Animation {
	a := &dat.Animation{ID: id, NumParts: uint32(parts), NumFrames: uint32(frames)}
	if step != 0 {
		a.Flags = dat.AnimationPosFrames
		a.PosFrames = make([]dat.Frame, frames)
	}
	a.PartFrames = make([]dat.AnimFrame, frames)
	for i := range a.PartFrames {
		if step != 0 {
			a.PosFrames[i] = dat.Frame{Origin: [3]float32{0, step, 0}, Rotation: [4]float32{1, 0, 0, 0}}
		}
		f := &a.PartFrames[i]
		f.Parts = make([]dat.Frame, parts)
		for p := range f.Parts {
			f.Parts[p] = dat.Frame{Origin: [3]float32{0, 0, float32(p) * 0.5}, Rotation: [4]float32{1, float32(i) * 0.01, 0, 0}}
		}
		switch i {
		case 0:
			f.Hooks = []dat.Hook{{Type: dat.HookSound, Direction: 1, ID: 0x0A000010}}
		case frames - 1:
			f.Hooks = []dat.Hook{{Type: dat.HookAnimationDone}}
		}
	}
	return a
}

// StandardAnimations returns the standard world's animations. WalkAnim
// steps 0.104 m per frame (3.12 m/s at 30 fps).
func StandardAnimations() []*dat.Animation {
	hooks := StepAnimation(HooksAnim, 2, 2, 0)
	hooks.PartFrames[1].Hooks = AllHooks()
	return []*dat.Animation{
		StepAnimation(ReadyAnim, 3, 10, 0),
		StepAnimation(WalkAnim, 3, 16, 0.104),
		StepAnimation(RunAnim, 3, 12, 0.1333),
		StepAnimation(LinkAnim, 3, 5, 0.05),
		hooks,
	}
}

// StandardInfo is HillBlock's LandBlockInfo.
func StandardInfo() *dat.LandBlockInfo {
	return &dat.LandBlockInfo{ID: HillBlockInfo, NumCells: 3,
		Objects: []dat.Stab{
			{ID: BigSetup, Frame: dat.Frame{Origin: [3]float32{40, 60, 92}, Rotation: [4]float32{0.70710677, 0, 0, 0.70710677}}},
			{ID: 0x01000777, Frame: dat.Frame{Origin: [3]float32{100.5, 20.25, 88}, Rotation: [4]float32{1, 0, 0, 0}}},
		},
		PackMask: 1,
		Buildings: []dat.Building{{ModelID: 0x01001234, Frame: dat.Frame{Origin: [3]float32{120, 120, 95}, Rotation: [4]float32{1, 0, 0, 0}}, NumLeaves: 2, Portals: []dat.BuildingPortal{
			{Flags: dat.PortalSideFlag, OtherCellID: 0x0100, OtherPortalID: 0, Stabs: []uint16{0x0100, 0x0101, 0x0102}},
			{Flags: dat.PortalExactMatch, OtherCellID: 0x0101, OtherPortalID: 1, Stabs: []uint16{0x0101}},
		}}},
		Restrictions: [][2]uint32{{0xA9B40100, 0x7A000001}},
	}
}

// Standard returns writers for the standard world's portal and cell dats.
func Standard() (portal, cell *Writer) {
	portal = New(1024, PortalDataSet)
	portal.NodeEntries = 3
	portal.Iteration = PortalIteration
	portal.Scatter = true
	portal.Add(dat.RegionID, Region(StandardRegion(), true))
	for _, s := range StandardSetups() {
		portal.Add(s.ID, Setup(s))
	}
	portal.Add(HumanTable, MotionTable(StandardMotionTable()))
	for _, a := range StandardAnimations() {
		if a.ID == HooksAnim {
			portal.AddCompressed(a.ID, Animation(a))
		} else {
			portal.Add(a.ID, Animation(a))
		}
	}
	cell = New(256, CellDataSet)
	cell.NodeEntries = 2
	cell.Iteration = CellIteration
	for _, id := range []uint32{HillBlock, EastBlock, NorthBlock, NorthEastBlock} {
		cell.Add(id, LandBlock(HillLandBlock(id)))
	}
	flat := &dat.LandBlock{ID: FlatBlock}
	for i := range flat.Height {
		flat.Height[i] = FlatHeight
	}
	cell.Add(FlatBlock, LandBlock(flat))
	cell.Add(HillBlockInfo, LandBlockInfo(StandardInfo()))
	return portal, cell
}

// WriteStandard writes the standard world into dir.
func WriteStandard(dir string) error {
	p, c := Standard()
	return WriteDir(dir, p, c)
}
