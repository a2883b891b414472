package panel

import "testing"

// The right column keeps its default width at least and leaves the
// viewport its minimum at most (less with the left panel open); only a
// real change counts as one to save.
func TestPanelStateRightWidthClamps(t *testing.T) {
	p := NewState()
	if !p.SetRightWidth(2000, 1280) || p.Open.RightW != 1280-LeftWidth-MinViewport {
		t.Fatalf("too wide with the left panel: width %d, want %d", p.Open.RightW, 1280-LeftWidth-MinViewport)
	}
	if p.SetRightWidth(2000, 1280) {
		t.Error("the same clamped width again reported a change")
	}
	p.Toggle(Left)
	if !p.SetRightWidth(2000, 1280) || p.Open.RightW != 1280-MinViewport {
		t.Errorf("too wide without the left panel: width %d, want %d", p.Open.RightW, 1280-MinViewport)
	}
	if !p.SetRightWidth(10, 1280) || p.Open.RightW != RightWidth {
		t.Errorf("too narrow: width %d, want the default %d", p.Open.RightW, RightWidth)
	}
	if !p.TakeMoved() || p.TakeMoved() {
		t.Error("a drag is to be saved once")
	}
}

// The split stays within its bounds; the default share stands until one
// is set; remembered sizes are not a change to save.
func TestPanelStateSplit(t *testing.T) {
	p := NewState()
	if p.Share() != DefaultSplit {
		t.Errorf("share %d, want the default %d", p.Share(), DefaultSplit)
	}
	p.SetSizes(500, 600)
	if p.Share() != 600 || p.TakeMoved() {
		t.Errorf("remembered share %d (moved %v), want 600 and nothing to save", p.Share(), p.moved)
	}
	for _, c := range []struct{ in, want int }{{0, MinSplit}, {1000, MaxSplit}, {300, 300}} {
		p.SetSplit(c.in)
		if p.Share() != c.want {
			t.Errorf("setSplit(%d): share %d, want %d", c.in, p.Share(), c.want)
		}
	}
}

// Each key toggles its own panel; V flips before/after.
func TestPanelStateToggles(t *testing.T) {
	p := NewState()
	p.Toggle(Right)
	p.Toggle(Timeline)
	p.ToggleBefore()
	if !p.Open.Left || p.Open.Right || p.Open.Timeline || !p.Before {
		t.Errorf("after toggling right, timeline and V: %+v, before %v", p.Open, p.Before)
	}
	p.SetOpen(false, true, true)
	if p.Open.Left || !p.Open.Right || !p.Open.Timeline {
		t.Errorf("setOpen: %+v", p.Open)
	}
	if p.Stepper.Active() {
		t.Error("a new pipeline panel is stepping")
	}
}
