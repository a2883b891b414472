// The JSON forms `viewer dat -json` prints (docs/formats.md, "viewer dat
// JSON"). Field names are a contract; floats print as the float32 values
// the dat holds (shortest form that reads back to the same float32), ids as
// "0x%08X" strings.

package datcmd

import (
	"fmt"
	"strconv"

	"glidepath/assets/dat"
)

// datFloat is a float32 that marshals in its shortest round-trip form.
type datFloat float32

func (f datFloat) MarshalJSON() ([]byte, error) {
	return strconv.AppendFloat(nil, float64(f), 'g', -1, 32), nil
}

// datID marshals as "0x%08X".
type datID uint32

func (h datID) MarshalJSON() ([]byte, error) {
	return []byte(fmt.Sprintf(`"0x%08X"`, uint32(h))), nil
}

func datVec(v [3]float32) [3]datFloat {
	return [3]datFloat{datFloat(v[0]), datFloat(v[1]), datFloat(v[2])}
}

func datQuat(q [4]float32) [4]datFloat {
	return [4]datFloat{datFloat(q[0]), datFloat(q[1]), datFloat(q[2]), datFloat(q[3])}
}

type datJSONFrame struct {
	Origin   [3]datFloat `json:"origin"`
	Rotation [4]datFloat `json:"rotation"`
}

func datFrameJSON(f dat.Frame) datJSONFrame {
	return datJSONFrame{datVec(f.Origin), datQuat(f.Rotation)}
}

type datJSONLandBlock struct {
	ID         datID         `json:"id"`
	Type       string        `json:"type"`
	Heights    *[81]datFloat `json:"heights,omitempty"`
	Terrain    []uint16      `json:"terrain"`
	HasObjects bool          `json:"has_objects"`
}

func datLandBlockJSON(lb *dat.LandBlock, r *dat.Region) datJSONLandBlock {
	j := datJSONLandBlock{ID: datID(lb.ID), Type: "LandBlock", Terrain: lb.Terrain[:], HasObjects: lb.HasObjects}
	if r != nil {
		h := r.Heights(lb)
		var hs [81]datFloat
		for i, v := range h {
			hs[i] = datFloat(v)
		}
		j.Heights = &hs
	}
	return j
}

type datJSONStab struct {
	Setup    datID       `json:"setup"`
	Origin   [3]datFloat `json:"origin"`
	Rotation [4]datFloat `json:"rotation"`
}

type datJSONBuilding struct {
	Model    datID       `json:"model"`
	Origin   [3]datFloat `json:"origin"`
	Rotation [4]datFloat `json:"rotation"`
	Portals  int         `json:"portals"`
}

type datJSONLandBlockInfo struct {
	ID        datID             `json:"id"`
	Type      string            `json:"type"`
	NumCells  uint32            `json:"num_cells"`
	Objects   []datJSONStab     `json:"objects"`
	Buildings []datJSONBuilding `json:"buildings"`
}

func datLandBlockInfoJSON(li *dat.LandBlockInfo) datJSONLandBlockInfo {
	j := datJSONLandBlockInfo{ID: datID(li.ID), Type: "LandBlockInfo", NumCells: li.NumCells, Objects: []datJSONStab{}, Buildings: []datJSONBuilding{}}
	for _, o := range li.Objects {
		j.Objects = append(j.Objects, datJSONStab{datID(o.ID), datVec(o.Frame.Origin), datQuat(o.Frame.Rotation)})
	}
	for _, b := range li.Buildings {
		j.Buildings = append(j.Buildings, datJSONBuilding{datID(b.ModelID), datVec(b.Frame.Origin), datQuat(b.Frame.Rotation), len(b.Portals)})
	}
	return j
}

type datJSONCylSphere struct {
	Origin [3]datFloat `json:"origin"`
	Radius datFloat    `json:"radius"`
	Height datFloat    `json:"height"`
}

type datJSONSphere struct {
	Origin [3]datFloat `json:"origin"`
	Radius datFloat    `json:"radius"`
}

type datJSONSetup struct {
	ID                 datID              `json:"id"`
	Type               string             `json:"type"`
	Flags              uint32             `json:"flags"`
	Parts              []datID            `json:"parts"`
	CylSpheres         []datJSONCylSphere `json:"cylspheres"`
	Spheres            []datJSONSphere    `json:"spheres"`
	Height             datFloat           `json:"height"`
	Radius             datFloat           `json:"radius"`
	StepUpHeight       datFloat           `json:"step_up_height"`
	StepDownHeight     datFloat           `json:"step_down_height"`
	DefaultMotionTable datID              `json:"default_motion_table"`
}

func datSetupJSON(s *dat.Setup) datJSONSetup {
	j := datJSONSetup{ID: datID(s.ID), Type: "Setup", Flags: s.Flags, Parts: []datID{}, CylSpheres: []datJSONCylSphere{}, Spheres: []datJSONSphere{},
		Height: datFloat(s.Height), Radius: datFloat(s.Radius), StepUpHeight: datFloat(s.StepUpHeight), StepDownHeight: datFloat(s.StepDownHeight),
		DefaultMotionTable: datID(s.DefaultMotionTable)}
	for _, p := range s.Parts {
		j.Parts = append(j.Parts, datID(p))
	}
	for _, c := range s.CylSpheres {
		j.CylSpheres = append(j.CylSpheres, datJSONCylSphere{datVec(c.Origin), datFloat(c.Radius), datFloat(c.Height)})
	}
	for _, sp := range s.Spheres {
		j.Spheres = append(j.Spheres, datJSONSphere{datVec(sp.Origin), datFloat(sp.Radius)})
	}
	return j
}

type datJSONAnimData struct {
	ID        datID    `json:"id"`
	LowFrame  int32    `json:"low_frame"`
	HighFrame int32    `json:"high_frame"`
	Framerate datFloat `json:"framerate"`
}

// datJSONMotion is a cycle, modifier or link: its keys, then its MotionData
// (framerate is the first animation's, 0 without animations).
type datJSONMotion struct {
	Style      datID             `json:"style"`
	From       *datID            `json:"from,omitempty"`
	Motion     datID             `json:"motion"`
	Flags      uint8             `json:"flags"`
	Bitfield   uint8             `json:"bitfield"`
	Framerate  datFloat          `json:"framerate"`
	Velocity   [3]datFloat       `json:"velocity"`
	Omega      [3]datFloat       `json:"omega"`
	Animations []datJSONAnimData `json:"animations"`
}

func datMotionJSON(style, motion uint32, d dat.MotionData) datJSONMotion {
	j := datJSONMotion{Style: datID(style), Motion: datID(motion), Flags: d.Flags, Bitfield: d.Bitfield,
		Velocity: datVec(d.Velocity), Omega: datVec(d.Omega), Animations: []datJSONAnimData{}}
	for _, a := range d.Anims {
		j.Animations = append(j.Animations, datJSONAnimData{datID(a.AnimID), a.LowFrame, a.HighFrame, datFloat(a.Framerate)})
	}
	if len(d.Anims) > 0 {
		j.Framerate = datFloat(d.Anims[0].Framerate)
	}
	return j
}

type datJSONStyleDefault struct {
	Style  datID `json:"style"`
	Motion datID `json:"motion"`
}

type datJSONMotionTable struct {
	ID            datID                 `json:"id"`
	Type          string                `json:"type"`
	DefaultStyle  datID                 `json:"default_style"`
	StyleDefaults []datJSONStyleDefault `json:"style_defaults"`
	Cycles        []datJSONMotion       `json:"cycles"`
	Modifiers     []datJSONMotion       `json:"modifiers"`
	Links         []datJSONMotion       `json:"links"`
}

func datMotionTableJSON(m *dat.MotionTable) datJSONMotionTable {
	j := datJSONMotionTable{ID: datID(m.ID), Type: "MotionTable", DefaultStyle: datID(m.DefaultStyle),
		StyleDefaults: []datJSONStyleDefault{}, Cycles: []datJSONMotion{}, Modifiers: []datJSONMotion{}, Links: []datJSONMotion{}}
	for _, s := range m.StyleDefaults {
		j.StyleDefaults = append(j.StyleDefaults, datJSONStyleDefault{datID(s.Style), datID(s.Motion)})
	}
	for _, c := range m.Cycles {
		style, motion := dat.SplitKey(c.Key)
		j.Cycles = append(j.Cycles, datMotionJSON(style, motion, c.Data))
	}
	for _, c := range m.Modifiers {
		style, motion := dat.SplitKey(c.Key)
		j.Modifiers = append(j.Modifiers, datMotionJSON(style, motion, c.Data))
	}
	for _, l := range m.Links {
		style, from := dat.SplitKey(l.Key)
		for _, lm := range l.Motions {
			jm := datMotionJSON(style, lm.Motion, lm.Data)
			f := datID(from)
			jm.From = &f
			j.Links = append(j.Links, jm)
		}
	}
	return j
}

type datJSONAnimFrame struct {
	Parts []datJSONFrame   `json:"parts"`
	Hooks []map[string]any `json:"hooks"`
}

type datJSONAnimation struct {
	ID        datID              `json:"id"`
	Type      string             `json:"type"`
	Flags     uint32             `json:"flags"`
	NumParts  uint32             `json:"num_parts"`
	NumFrames uint32             `json:"num_frames"`
	PosFrames []datJSONFrame     `json:"pos_frames"`
	Frames    []datJSONAnimFrame `json:"frames"`
}

func datAnimationJSON(a *dat.Animation) datJSONAnimation {
	j := datJSONAnimation{ID: datID(a.ID), Type: "Animation", Flags: a.Flags, NumParts: a.NumParts, NumFrames: a.NumFrames,
		PosFrames: []datJSONFrame{}, Frames: []datJSONAnimFrame{}}
	for _, f := range a.PosFrames {
		j.PosFrames = append(j.PosFrames, datFrameJSON(f))
	}
	for _, f := range a.PartFrames {
		jf := datJSONAnimFrame{Parts: []datJSONFrame{}, Hooks: []map[string]any{}}
		for _, p := range f.Parts {
			jf.Parts = append(jf.Parts, datFrameJSON(p))
		}
		for _, h := range f.Hooks {
			jf.Hooks = append(jf.Hooks, datHookJSON(h))
		}
		j.Frames = append(j.Frames, jf)
	}
	return j
}

// datHookJSON is a hook as an object of its type's fields (encoding/json
// sorts map keys, so the output is deterministic).
func datHookJSON(h dat.Hook) map[string]any {
	m := map[string]any{"type": h.Type.String(), "direction": h.Direction}
	fade := func() { m["start"], m["end"], m["time"] = datFloat(h.Start), datFloat(h.End), datFloat(h.Time) }
	switch h.Type {
	case dat.HookSound, dat.HookSoundTable, dat.HookDestroyParticle, dat.HookStopParticle, dat.HookNoDraw:
		m["id"] = datID(h.ID)
	case dat.HookEthereal, dat.HookSetLight:
		m["value"] = h.Value
	case dat.HookLuminous, dat.HookDiffuse, dat.HookTransparent:
		fade()
	case dat.HookLuminousPart, dat.HookDiffusePart, dat.HookTransparentPart:
		m["part"] = h.Part
		fade()
	case dat.HookScale:
		m["end"], m["time"] = datFloat(h.End), datFloat(h.Time)
	case dat.HookDefaultScriptPart:
		m["part"] = h.Part
	case dat.HookReplaceObject:
		m["part"], m["id"] = h.Part, datID(h.ID)
	case dat.HookCreateParticle, dat.HookCreateBlockingParticle:
		m["id"], m["part"], m["emitter_id"] = datID(h.ID), h.Part, h.EmitterID
		m["offset"] = datFrameJSON(h.Frame)
	case dat.HookCallPES:
		m["id"], m["pause"] = datID(h.ID), datFloat(h.Pause)
	case dat.HookSoundTweaked:
		m["id"], m["priority"], m["probability"], m["volume"] = datID(h.ID), datFloat(h.Priority), datFloat(h.Probability), datFloat(h.Volume)
	case dat.HookSetOmega:
		m["axis"] = datVec(h.Vector)
	case dat.HookTextureVelocity:
		m["speed"] = [2]datFloat{datFloat(h.Speed[0]), datFloat(h.Speed[1])}
	case dat.HookTextureVelocityPart:
		m["part"], m["speed"] = h.Part, [2]datFloat{datFloat(h.Speed[0]), datFloat(h.Speed[1])}
	case dat.HookAttack:
		a := h.Attack
		m["part"] = a.Part
		m["left"] = [2]datFloat{datFloat(a.LeftX), datFloat(a.LeftY)}
		m["right"] = [2]datFloat{datFloat(a.RightX), datFloat(a.RightY)}
		m["radius"], m["height"] = datFloat(a.Radius), datFloat(a.Height)
	}
	return m
}

type datJSONRegion struct {
	ID              datID         `json:"id"`
	Type            string        `json:"type"`
	Number          uint32        `json:"number"`
	Version         uint32        `json:"version"`
	Name            string        `json:"name"`
	NumBlockLength  int32         `json:"num_block_length"`
	NumBlockWidth   int32         `json:"num_block_width"`
	SquareLength    datFloat      `json:"square_length"`
	LBlockLength    int32         `json:"lblock_length"`
	VertexPerCell   int32         `json:"vertex_per_cell"`
	MaxObjHeight    datFloat      `json:"max_obj_height"`
	SkyHeight       datFloat      `json:"sky_height"`
	RoadWidth       datFloat      `json:"road_width"`
	LandHeightTable [256]datFloat `json:"land_height_table"`
}

func datRegionJSON(r *dat.Region) datJSONRegion {
	d := r.LandDefs
	j := datJSONRegion{ID: datID(r.ID), Type: "Region", Number: r.Number, Version: r.Version, Name: r.Name,
		NumBlockLength: d.NumBlockLength, NumBlockWidth: d.NumBlockWidth, SquareLength: datFloat(d.SquareLength),
		LBlockLength: d.LBlockLength, VertexPerCell: d.VertexPerCell, MaxObjHeight: datFloat(d.MaxObjHeight),
		SkyHeight: datFloat(d.SkyHeight), RoadWidth: datFloat(d.RoadWidth)}
	for i, h := range d.LandHeightTable {
		j.LandHeightTable[i] = datFloat(h)
	}
	return j
}

// datJSONRaw is an entry of a type `viewer dat` does not decode.
type datJSONRaw struct {
	ID   datID  `json:"id"`
	Type string `json:"type"`
	File string `json:"file"`
	Size int    `json:"size"`
}
