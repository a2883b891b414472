// Setup 0x02xxxxxx in the portal dat (ACE FileTypes/SetupModel.cs;
// DatReaderWriter dats.xml "Setup"): parts, flag-dependent parent indices
// (bit 0) and default scales (bit 1), holding locations, connection points,
// placement frames (a key, one frame per part, then hooks), cylspheres,
// spheres, height, radius, step heights, sorting and selection spheres,
// lights and five default ids. Everything is read in order; what the world
// does not use is skipped exactly.

package dat

import "fmt"

// Setup flags (ACE SetupFlags).
const (
	SetupHasParent       = 0x1
	SetupHasDefaultScale = 0x2
)

// Setup is an object's shape: its parts and its collision volumes.
type Setup struct {
	ID    uint32
	Flags uint32
	// Parts are the parts' GfxObj ids.
	Parts []uint32
	// ParentIndices (flags bit 0) are each part's parent part
	// (0xFFFFFFFF: none); DefaultScales (bit 1) each part's scale. Both
	// are nil when the flag is clear.
	ParentIndices []uint32
	DefaultScales [][3]float32
	// Placements are the placement frames, in the file's order: a key
	// (ACE Placement: 0 Default, 0x65 Resting, …) and one frame per part.
	Placements []Placement
	// NumHoldingLocations, NumConnectionPoints and NumLights count what
	// was read and not kept; NumPlacements is len(Placements).
	NumHoldingLocations, NumConnectionPoints, NumPlacements, NumLights int
	CylSpheres                                                         []CylSphere
	Spheres                                                            []Sphere
	Height, Radius                                                     float32
	StepUpHeight, StepDownHeight                                       float32
	SortingSphere, SelectionSphere                                     Sphere
	DefaultAnimation, DefaultScript, DefaultMotionTable                uint32
	DefaultSoundTable, DefaultScriptTable                              uint32
}

// Placement is one placement frame of a Setup (an AnimationFrame keyed by
// placement): a frame per part and the frame's hooks.
type Placement struct {
	Key    uint32
	Frames []Frame
	Hooks  []Hook
}

// Placement keys (ACE Placement).
const (
	PlacementDefault = 0
	PlacementResting = 0x65
)

// PlacementFrames are the part frames the object is built with:
// placement key's, else the Default placement's, as
// CPartArray::SetPlacementFrame falls back (ACE PartArray.SetPlacementFrame;
// objects are built at Resting, 0x65); nil when the Setup has neither.
func (s *Setup) PlacementFrames(key uint32) []Frame {
	for _, want := range []uint32{key, PlacementDefault} {
		for i := range s.Placements {
			if s.Placements[i].Key == want {
				return s.Placements[i].Frames
			}
		}
	}
	return nil
}

// maxParts bounds a setup's or animation's part count; maxPlacements a
// setup's placement frames (retail setups have a handful).
const (
	maxParts      = 1 << 12
	maxPlacements = 1 << 12
)

// ParseSetup decodes Setup entry id.
func ParseSetup(b []byte, id uint32) (*Setup, error) {
	c := &cursor{b: b}
	s := &Setup{ID: id}
	c.id(id)
	s.Flags = c.u32("flags")
	np := c.count("parts count", 4)
	c.overLimit("parts count", 4, np, maxParts)
	s.Parts = make([]uint32, np)
	for i := range s.Parts {
		s.Parts[i] = c.u32("parts")
	}
	if s.Flags&SetupHasParent != 0 && c.need("parent indices", 4*np) {
		s.ParentIndices = make([]uint32, np)
		for i := range s.ParentIndices {
			s.ParentIndices[i] = c.u32("parent indices")
		}
	}
	if s.Flags&SetupHasDefaultScale != 0 && c.need("default scales", 12*np) {
		s.DefaultScales = make([][3]float32, np)
		for i := range s.DefaultScales {
			s.DefaultScales[i] = c.vec3("default scales")
		}
	}
	s.NumHoldingLocations = c.count("holding locations count", 8+frameSize)
	c.skip("holding locations", s.NumHoldingLocations*(8+frameSize))
	s.NumConnectionPoints = c.count("connection points count", 8+frameSize)
	c.skip("connection points", s.NumConnectionPoints*(8+frameSize))
	s.NumPlacements = c.count("placement frames count", 4+np*frameSize+4)
	c.overLimit("placement frames count", 4, s.NumPlacements, maxPlacements)
	s.Placements = make([]Placement, s.NumPlacements)
	for i := 0; i < s.NumPlacements && c.err == nil; i++ {
		pl := &s.Placements[i]
		pl.Key = c.u32("key")
		pl.Frames = make([]Frame, np)
		for p := range pl.Frames {
			pl.Frames[p] = c.frame("frames")
		}
		n := c.count("hooks count", 8)
		pl.Hooks = make([]Hook, n)
		for h := 0; h < n && c.err == nil; h++ {
			pl.Hooks[h] = c.hook()
			if c.err != nil {
				c.wrap(fmt.Sprintf("hooks[%d]", h))
			}
		}
		if c.err != nil {
			c.wrap(fmt.Sprintf("placement_frames[%d]", i))
		}
	}
	n := c.count("cylspheres count", 20)
	s.CylSpheres = make([]CylSphere, n)
	for i := range s.CylSpheres {
		s.CylSpheres[i] = CylSphere{Origin: c.vec3("cylspheres.origin"), Radius: c.f32("cylspheres.radius"), Height: c.f32("cylspheres.height")}
	}
	n = c.count("spheres count", 16)
	s.Spheres = make([]Sphere, n)
	for i := range s.Spheres {
		s.Spheres[i] = c.sphere("spheres")
	}
	s.Height = c.f32("height")
	s.Radius = c.f32("radius")
	s.StepUpHeight = c.f32("step_up_height")
	s.StepDownHeight = c.f32("step_down_height")
	s.SortingSphere = c.sphere("sorting_sphere")
	s.SelectionSphere = c.sphere("selection_sphere")
	s.NumLights = c.count("lights count", 4+frameSize+16)
	c.skip("lights", s.NumLights*(4+frameSize+16))
	s.DefaultAnimation = c.u32("default_animation")
	s.DefaultScript = c.u32("default_script")
	s.DefaultMotionTable = c.u32("default_motion_table")
	s.DefaultSoundTable = c.u32("default_sound_table")
	s.DefaultScriptTable = c.u32("default_script_table")
	if c.err != nil {
		return nil, c.err
	}
	return s, nil
}
