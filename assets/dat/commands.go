// Motion command ids from motion table keys. A cycle or modifier key is
// (style << 16) | (motion & 0xFFFFFF) (ACE MotionTable.cs): the style's low
// word and the motion's low bits survive, overlapping in bits 16–23. Retail
// command ids are unique in their low 16 bits (commands_gen.go), so the
// full ids come back from the table.

package dat

import "sort"

// Command returns the full MotionCommand id whose low 16 bits are low, and
// whether the retail command list has one.
func Command(low uint16) (uint32, bool) {
	i := sort.Search(len(motionCommands), func(i int) bool { return motionCommands[i].low >= low })
	if i < len(motionCommands) && motionCommands[i].low == low {
		return motionCommands[i].id, true
	}
	return 0, false
}

// CommandName returns a motion command's or style's retail name, or "".
func CommandName(id uint32) string {
	full, ok := Command(uint16(id))
	if !ok || full != id {
		return ""
	}
	i := sort.Search(len(motionCommands), func(i int) bool { return motionCommands[i].low >= uint16(id) })
	return motionCommands[i].name
}

// SplitKey returns a cycle or modifier key's style and motion: the style
// is 0x80000000 | key >> 16 (0 when the key has no style), the motion the
// full command id of the key's low 16 bits (those bits alone when the
// command list has no such command).
func SplitKey(key uint32) (style, motion uint32) {
	if key>>16 != 0 {
		style = 0x80000000 | key>>16
	}
	motion = key & 0xFFFF
	if full, ok := Command(uint16(key)); ok {
		motion = full
	}
	return style, motion
}
