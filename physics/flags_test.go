package physics

import (
	"testing"
)

// flags.go: the byte-indexed seed tests map onto the named bits.
func TestFlags_ByteIndexedMapping(t *testing.T) {
	state1 := func(b uint32) PhysicsState { return PhysicsState(b << 8) } // state[1] & b
	cases := []struct {
		got, want PhysicsState
	}{
		{state1(0x01), StateAlignPath}, {state1(0x04), StateGravity},
		{state1(0x10), StateParticleEmitter}, {state1(0x40), StateHidden},
	}
	for _, c := range cases {
		if c.got != c.want {
			t.Errorf("%v != %v", c.got, c.want)
		}
	}
	if TransientState(1<<8) != TransientCheckEthereal || TransientActive != 0x80 {
		t.Error("transient_state byte mapping")
	}
	if s := (TransientContact | TransientOnWalkable | TransientActive).String(); s != "Contact|OnWalkable|Active" {
		t.Errorf("String = %q", s)
	}
	if s := DefaultState.String(); s != "ReportCollisions|Gravity|LightingOn|EdgeSlide" {
		t.Errorf("DefaultState = %q", s)
	}
}

// Both flag words name their bits through one table walk (joinBitNames):
// each named bit alone gives its ACE name, none gives "0", a bit with no
// name is left out, and a word of several bits lists them in the table's
// order.
func TestFlags_StringNamesEachBit(t *testing.T) {
	for _, n := range stateNames {
		if got := n.bit.String(); got != n.name {
			t.Errorf("PhysicsState(%#x) = %q, want %q", uint32(n.bit), got, n.name)
		}
	}
	for _, n := range transientNames {
		if got := n.bit.String(); got != n.name {
			t.Errorf("TransientState(%#x) = %q, want %q", uint32(n.bit), got, n.name)
		}
	}
	if got := PhysicsState(0).String(); got != "0" {
		t.Errorf("no state bits = %q, want 0", got)
	}
	if got := TransientState(0).String(); got != "0" {
		t.Errorf("no transient bits = %q, want 0", got)
	}
	if got := (TransientState(1<<20) | TransientSliding).String(); got != "Sliding" {
		t.Errorf("an unnamed bit with Sliding = %q, want Sliding", got)
	}
	if got := (StateFrozen | StateStatic | StateGravity).String(); got != "Static|Gravity|Frozen" {
		t.Errorf("three bits = %q, want Static|Gravity|Frozen", got)
	}
}
