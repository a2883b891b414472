package ui

import "testing"

// The right column keeps its default width at least and leaves the
// viewport its minimum at most (less with the left panel open); only a
// real change counts as one to save.
func TestPanelStateRightWidthClamps(t *testing.T) {
	p := newPanelState()
	if !p.setRightWidth(2000, 1280) || p.open.rightW != 1280-leftWidth-minViewport {
		t.Fatalf("too wide with the left panel: width %d, want %d", p.open.rightW, 1280-leftWidth-minViewport)
	}
	if p.setRightWidth(2000, 1280) {
		t.Error("the same clamped width again reported a change")
	}
	p.toggle(panelLeft)
	if !p.setRightWidth(2000, 1280) || p.open.rightW != 1280-minViewport {
		t.Errorf("too wide without the left panel: width %d, want %d", p.open.rightW, 1280-minViewport)
	}
	if !p.setRightWidth(10, 1280) || p.open.rightW != rightWidth {
		t.Errorf("too narrow: width %d, want the default %d", p.open.rightW, rightWidth)
	}
	if !p.takeMoved() || p.takeMoved() {
		t.Error("a drag is to be saved once")
	}
}

// The split stays within its bounds; the default share stands until one
// is set; remembered sizes are not a change to save.
func TestPanelStateSplit(t *testing.T) {
	p := newPanelState()
	if p.share() != defaultSplit {
		t.Errorf("share %d, want the default %d", p.share(), defaultSplit)
	}
	p.setSizes(500, 600)
	if p.share() != 600 || p.takeMoved() {
		t.Errorf("remembered share %d (moved %v), want 600 and nothing to save", p.share(), p.moved)
	}
	for _, c := range []struct{ in, want int }{{0, minSplit}, {1000, maxSplit}, {300, 300}} {
		p.setSplit(c.in)
		if p.share() != c.want {
			t.Errorf("setSplit(%d): share %d, want %d", c.in, p.share(), c.want)
		}
	}
}

// Each key toggles its own panel; V flips before/after.
func TestPanelStateToggles(t *testing.T) {
	p := newPanelState()
	p.toggle(panelRight)
	p.toggle(panelTimeline)
	p.toggleBefore()
	if !p.open.left || p.open.right || p.open.timeline || !p.before {
		t.Errorf("after toggling right, timeline and V: %+v, before %v", p.open, p.before)
	}
	p.setOpen(false, true, true)
	if p.open.left || !p.open.right || !p.open.timeline {
		t.Errorf("setOpen: %+v", p.open)
	}
	if p.stepper.Active() {
		t.Error("a new pipeline panel is stepping")
	}
}
