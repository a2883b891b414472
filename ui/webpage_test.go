// What the web viewer's page needs of the window (docs/web.md): the view
// saved as it changes, since a page is reloaded or closed without the
// viewer seeing it, and a screenshot that is the window's picture, its
// camera-keys line included, so that the page's canvas can be compared
// with viewer shot.

package ui

import (
	"image"
	"os"
	"path/filepath"
	"testing"

	"glidepath/ui/camera"
	"glidepath/ui/panel"
	"glidepath/ui/settings"
)

// keepChanged writes the view when it changes, and only then: the
// camera switched by a key reaches the settings file without the window
// closing.
func TestKeepChanged_SavesTheViewAsItChanges(t *testing.T) {
	st := filepath.Join(t.TempDir(), "viewer.json")
	scen := "../assets/scenarios/runner.yaml"
	opts := Options{Camera: camera.Isometric, Tick: 10, Paused: true, Size: image.Pt(1280, 800), Settings: st, File: scen}
	a := openAppWith(t, scen, nil, opts)
	if !a.started {
		t.Fatal("the window has not started after its first update")
	}
	a.mem.keepChanged(a)
	view := func() settings.View {
		t.Helper()
		s, err := settings.Load(st)
		if err != nil {
			t.Fatal(err)
		}
		v, ok := s.View(viewKey(scen))
		if !ok {
			t.Fatalf("the settings hold no view of %s", scen)
		}
		return v
	}
	if v := view(); v.Camera != "isometric" {
		t.Fatalf("the first view kept is %q, want isometric", v.Camera)
	}
	// Unchanged: nothing is written (the file removed stays removed).
	if err := os.Remove(st); err != nil {
		t.Fatal(err)
	}
	a.mem.keepChanged(a)
	if _, err := os.Stat(st); !os.IsNotExist(err) {
		t.Fatalf("an unchanged view was written again (%v)", err)
	}
	a.cam.SetMode(camera.TopDown) // the 1 key (commands.go)
	a.mem.keepChanged(a)
	if v := view(); v.Camera != "top-down" {
		t.Errorf("after the camera changed the view kept is %q, want top-down", v.Camera)
	}
}

// A screenshot draws the viewport's camera-keys line as the window does
// ("isometric   1 top-down · …", ui/panel/hud.go): its lettering, in
// panel.HUDColor, in the viewport's top-left corner.
func TestShot_DrawsTheCameraKeysLine(t *testing.T) {
	opts := Options{Camera: camera.Isometric, Tick: 10, Paused: true, Size: image.Pt(1280, 800),
		Screenshot: filepath.Join(t.TempDir(), "shot.png")}
	a := openAppWith(t, "../assets/scenarios/runner.yaml", nil, opts)
	var px *image.RGBA
	for range shotFrames { // the picture is the last frame (Draw)
		px = frame(t, a)
	}
	vp := a.lay.Viewport
	line := image.Rect(vp.Min.X, vp.Min.Y, vp.Max.X, vp.Min.Y+30)
	n := 0
	for y := line.Min.Y; y < line.Max.Y; y++ {
		for x := line.Min.X; x < line.Max.X; x++ {
			if px.RGBAAt(x, y) == panel.HUDColor {
				n++
			}
		}
	}
	if n < 100 {
		t.Errorf("the shot's viewport has %d pixels of the camera-keys line's lettering in its top 30 rows, want it drawn", n)
	}
}
