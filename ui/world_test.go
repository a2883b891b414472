package ui

import (
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"glidepath/assets/dat/dattest"
	"glidepath/ui/settings"
)

// Shift+W ("Open dat folder…"): the folder typed opens, the input is
// opened again in the dats' world (its runs say so), the folder is
// remembered; a folder without dats is reported and the world stays.
// Key 4 hides and shows the world overlay.
func TestOpenDat_OpensRemembersAndReopens(t *testing.T) {
	cliff := scenarioCopy(t, "cliff.yaml")
	st := filepath.Join(t.TempDir(), "cfg", "viewer.json")
	a := openAppWith(t, cliff, nil, Options{File: cliff, Paused: true, Size: image.Pt(1280, 800), Settings: st})
	if got := a.sess.Cur().Info.WorldLine; !strings.Contains(got, "illustrative") {
		t.Fatalf("world line %q before any dats", got)
	}
	empty := t.TempDir()
	a.apply(cmdOpenDat)
	if !a.open.Active || !a.open.Dat {
		t.Fatal("Shift+W did not open the dat folder box")
	}
	a.open.typeOpen(a, []rune(""), false, false, false, true) // Esc
	a.open.openDat(a, empty)
	if a.world != nil || !strings.Contains(a.bar.status, "cannot open the dat folder") {
		t.Fatalf("a folder without dats: world %v, status %q", a.world, a.bar.status)
	}
	dir := filepath.Join(t.TempDir(), "dats")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := dattest.WriteStandard(dir); err != nil {
		t.Fatal(err)
	}
	a.open.openDat(a, dir)
	if a.world == nil {
		t.Fatalf("dats not opened: %q", a.bar.status)
	}
	if err := a.sess.Wait(); err != nil {
		t.Fatal(err)
	}
	if got := a.sess.Cur().Info.WorldLine; got != "client_portal.dat iteration 982, client_cell_1.dat iteration 975" {
		t.Errorf("the reopened input's world %q", got)
	}
	s, err := settings.Load(st)
	if err != nil || s.DatDir != dir {
		t.Errorf("remembered dat_dir %q (%v), want %s", s.DatDir, err, dir)
	}
	a.apply(cmdWorld)
	if !a.hideWorld || !strings.Contains(a.bar.status, "world overlay off") {
		t.Errorf("key 4: hidden %v, status %q", a.hideWorld, a.bar.status)
	}
	a.apply(cmdWorld)
	if a.hideWorld {
		t.Error("key 4 again did not show the world")
	}
}
