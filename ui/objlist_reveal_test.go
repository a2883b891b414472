package ui

import (
	"image"
	"testing"

	"glidepath/ui/camera"
	"glidepath/ui/panel"
)

// A selection made outside the object list (here -select, as `viewer shot
// -select` and the window's command line do) scrolls the list so that its
// row shows, with its counts filled in.
func TestObjectList_SelectionScrolledIntoView(t *testing.T) {
	const guid = 0x80020000 + 190 // near the end of crowd's 200 villagers
	a := openAppWith(t, "../assets/scenarios/crowd.yaml", nil, Options{Camera: camera.Isometric, Tick: 100, Paused: true, Size: image.Pt(1280, 800), Select: guid})
	step(t, a)
	l := &a.list
	if l.Scroll.Y == 0 {
		t.Fatal("the list did not scroll to the selection")
	}
	first, last := l.Scroll.Y/panel.RowHeight, (l.Scroll.Y+a.lay.List.Dy())/panel.RowHeight
	for k, ri := range l.Visible {
		if l.Rows[ri].GUID != guid {
			continue
		}
		if k < first || k >= last {
			t.Fatalf("the selection is row %d; rows %d to %d show", k, first, last-1)
		}
		if l.Rows[ri].Stats == "" {
			t.Errorf("the selection's row shows no counts: %+v", l.Rows[ri])
		}
		return
	}
	t.Fatal("the selection is not in the list")
}
