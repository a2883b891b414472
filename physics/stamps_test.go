package physics

import "testing"

// recording-v1 "Delivery semantics" / seed 004 §8: s is newer than r when
// (s − r) mod 65536 is in [1, 0x7FFF]; equal stamps and stamps 0x8000 apart
// are neither newer nor older.
func TestStampIsNewer_RollingU16(t *testing.T) {
	cases := []struct {
		s, r         uint16
		newer, older bool
	}{
		{5, 4, true, false},
		{4, 5, false, true},
		{7, 7, false, false},
		{0, 65535, true, false},   // the wrap: 65535 → 0 is one step forward
		{65535, 0, false, true},   // and back
		{10, 65530, true, false},  // 16 steps across the wrap
		{0x7FFF, 0, true, false},  // the farthest newer
		{0x8000, 0, false, false}, // exactly half way: neither
		{0, 0x8000, false, false}, // either way round
		{0x8001, 0, false, true},  // past half way counts as older
		{1, 0x8002, true, false},  // 0x7FFF ahead across the wrap
		{0x1234, 0x1234, false, false},
	}
	for _, c := range cases {
		if got := StampIsNewer(c.s, c.r); got != c.newer {
			t.Errorf("StampIsNewer(%d, %d) = %v, want %v", c.s, c.r, got, c.newer)
		}
		if got := StampIsOlder(c.s, c.r); got != c.older {
			t.Errorf("StampIsOlder(%d, %d) = %v, want %v", c.s, c.r, got, c.older)
		}
	}
}

// CPhysicsObj::newer_event stores the stamp only when it is newer.
func TestNewerEvent_StoresOnlyNewer(t *testing.T) {
	o := NewObject()
	o.UpdateTimes[StampPosition] = 65534
	steps := []struct {
		s      uint16
		newer  bool
		stored uint16
	}{
		{65535, true, 65535},
		{0, true, 0}, // across the wrap
		{0, false, 0},
		{65535, false, 0}, // older: not stored
		{0x8000, false, 0},
		{3, true, 3},
	}
	for i, s := range steps {
		if got := o.NewerEvent(StampPosition, s.s); got != s.newer {
			t.Errorf("step %d: NewerEvent(%d) = %v, want %v", i, s.s, got, s.newer)
		}
		if o.UpdateTimes[StampPosition] != s.stored {
			t.Errorf("step %d: stored %d, want %d", i, o.UpdateTimes[StampPosition], s.stored)
		}
	}
	if o.UpdateTimes[StampTeleport] != 0 {
		t.Error("NewerEvent touched another slot")
	}
}
