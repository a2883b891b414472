// MotionTable 0x09xxxxxx in the portal dat (ACE FileTypes/MotionTable.cs,
// Entity/MotionData.cs, Entity/AnimData.cs; DatReaderWriter dats.xml
// "MotionTable"): the default style, each style's default substate, cycles
// and modifiers keyed by (style << 16) | (motion & 0xFFFFFF), and links
// keyed by style|substate with inner keys the full motion id. The file
// holds them as hash tables; here every table is a slice sorted by key so
// that whatever iterates it does so in one order.

package dat

import (
	"fmt"
	"sort"
)

// MotionData flags (ACE MotionDataFlags).
const (
	MotionHasVelocity = 0x1
	MotionHasOmega    = 0x2
)

// MotionTable is a creature's motion table.
type MotionTable struct {
	ID            uint32
	DefaultStyle  uint32
	StyleDefaults []StyleDefault
	Cycles        []MotionEntry
	Modifiers     []MotionEntry
	Links         []Link
}

// StyleDefault is a style's default substate.
type StyleDefault struct {
	Style, Motion uint32
}

// MotionEntry is a cycle or modifier: its table key and data.
type MotionEntry struct {
	Key  uint32
	Data MotionData
}

// Link is the transitions out of one style|substate key: Motions by the
// full motion id they lead to, sorted.
type Link struct {
	Key     uint32
	Motions []LinkMotion
}

// LinkMotion is one transition.
type LinkMotion struct {
	Motion uint32
	Data   MotionData
}

// MotionData is what a cycle, modifier or link plays: its animations and,
// by flag, a velocity and an omega.
type MotionData struct {
	Bitfield uint8
	Flags    uint8
	Anims    []AnimData
	Velocity [3]float32
	Omega    [3]float32
}

// AnimData is one animation of a MotionData: frames LowFrame to HighFrame
// (−1: the last) at Framerate frames per second (negative: backwards).
type AnimData struct {
	AnimID              uint32
	LowFrame, HighFrame int32
	Framerate           float32
}

func (c *cursor) motionData() MotionData {
	n := int(c.u8("num_anims"))
	d := MotionData{Bitfield: c.u8("bitfield"), Flags: c.u8("flags")}
	c.align("padding")
	if !c.need("animations", n*16) {
		return d
	}
	d.Anims = make([]AnimData, n)
	for i := range d.Anims {
		d.Anims[i] = AnimData{AnimID: c.u32("anim_id"), LowFrame: c.i32("low_frame"), HighFrame: c.i32("high_frame"), Framerate: c.f32("framerate")}
		if c.err != nil {
			c.wrap(fmt.Sprintf("animations[%d]", i))
			return d
		}
	}
	if d.Flags&MotionHasVelocity != 0 {
		d.Velocity = c.vec3("velocity")
	}
	if d.Flags&MotionHasOmega != 0 {
		d.Omega = c.vec3("omega")
	}
	return d
}

// motionEntries reads a u32-counted table of (key, MotionData).
func (c *cursor) motionEntries(field string) []MotionEntry {
	n := c.count(field+" count", 8)
	out := make([]MotionEntry, 0, n)
	for i := 0; i < n && c.err == nil; i++ {
		k := c.u32("key")
		out = append(out, MotionEntry{Key: k, Data: c.motionData()})
		if c.err != nil {
			c.wrap(fmt.Sprintf("%s[%d]", field, i))
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Key < out[j].Key })
	return out
}

// ParseMotionTable decodes MotionTable entry id; its tables come back
// sorted by key.
func ParseMotionTable(b []byte, id uint32) (*MotionTable, error) {
	c := &cursor{b: b}
	m := &MotionTable{ID: id}
	c.id(id)
	m.DefaultStyle = c.u32("default_style")
	n := c.count("style_defaults count", 8)
	m.StyleDefaults = make([]StyleDefault, n)
	for i := range m.StyleDefaults {
		m.StyleDefaults[i] = StyleDefault{Style: c.u32("style_defaults"), Motion: c.u32("style_defaults")}
	}
	sort.SliceStable(m.StyleDefaults, func(i, j int) bool { return m.StyleDefaults[i].Style < m.StyleDefaults[j].Style })
	m.Cycles = c.motionEntries("cycles")
	m.Modifiers = c.motionEntries("modifiers")
	n = c.count("links count", 8)
	m.Links = make([]Link, 0, n)
	for i := 0; i < n && c.err == nil; i++ {
		l := Link{Key: c.u32("key")}
		nm := c.count("count", 8)
		l.Motions = make([]LinkMotion, 0, nm)
		for j := 0; j < nm && c.err == nil; j++ {
			k := c.u32("motion")
			l.Motions = append(l.Motions, LinkMotion{Motion: k, Data: c.motionData()})
			if c.err != nil {
				c.wrap(fmt.Sprintf("[%d]", j))
			}
		}
		sort.SliceStable(l.Motions, func(i, j int) bool { return l.Motions[i].Motion < l.Motions[j].Motion })
		m.Links = append(m.Links, l)
		if c.err != nil {
			c.wrap(fmt.Sprintf("links[%d]", i))
		}
	}
	sort.SliceStable(m.Links, func(i, j int) bool { return m.Links[i].Key < m.Links[j].Key })
	if c.err != nil {
		return nil, c.err
	}
	return m, nil
}

// Cycle returns the cycle for (style, motion), keyed as retail keys it:
// (style << 16) | (motion & 0xFFFFFF).
func (m *MotionTable) Cycle(style, motion uint32) (MotionData, bool) {
	return findEntry(m.Cycles, style<<16|motion&0xFFFFFF)
}

// Modifier returns the modifier for (style, motion), or for motion alone.
func (m *MotionTable) Modifier(style, motion uint32) (MotionData, bool) {
	if d, ok := findEntry(m.Modifiers, style<<16|motion&0xFFFFFF); ok {
		return d, true
	}
	return findEntry(m.Modifiers, motion&0xFFFFFF)
}

// Link returns the transition from (style, substate) to motion.
func (m *MotionTable) Link(style, from, motion uint32) (MotionData, bool) {
	key := style<<16 | from&0xFFFFFF
	i := sort.Search(len(m.Links), func(i int) bool { return m.Links[i].Key >= key })
	if i == len(m.Links) || m.Links[i].Key != key {
		return MotionData{}, false
	}
	ms := m.Links[i].Motions
	j := sort.Search(len(ms), func(j int) bool { return ms[j].Motion >= motion })
	if j == len(ms) || ms[j].Motion != motion {
		return MotionData{}, false
	}
	return ms[j].Data, true
}

// StyleDefault returns style's default substate.
func (m *MotionTable) StyleDefault(style uint32) (uint32, bool) {
	for _, d := range m.StyleDefaults {
		if d.Style == style {
			return d.Motion, true
		}
	}
	return 0, false
}

func findEntry(es []MotionEntry, key uint32) (MotionData, bool) {
	i := sort.Search(len(es), func(i int) bool { return es[i].Key >= key })
	if i == len(es) || es[i].Key != key {
		return MotionData{}, false
	}
	return es[i].Data, true
}
