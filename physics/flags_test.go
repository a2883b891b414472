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
