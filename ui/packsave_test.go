package ui

import (
	"image"
	"strings"
	"testing"
	"time"

	"glidepath/assets"
	"glidepath/engine/whatif"
	"glidepath/interp"
	"glidepath/ui/camera"
	"glidepath/ui/model"
	"glidepath/ui/panel"
	"glidepath/ui/simsource"
)

// Shift+P asks for the pack of the cursor's moment and the selection, in
// the shown reading; the progress and the last word reach the status line.
func TestSavePack_AsksAndReports(t *testing.T) {
	path := scenarioCopy(t, "cliff.yaml")
	got := make(chan PackRequest, 1)
	release := make(chan struct{})
	a := openAppWith(t, path, nil, Options{File: path, Camera: camera.TopDown, Tick: 150, Paused: true, Select: 0x80001201, Size: image.Pt(1280, 800),
		SavePack: func(r PackRequest, progress func(string)) string {
			got <- r
			progress("shrink: objects: 1 objects, 4 events")
			<-release
			return "saved the evidence pack cliff-pack-150"
		}})
	a.apply(cmdSavePack)
	r := <-got
	if r != (PackRequest{File: path, Tick: 150, Select: 0x80001201, Reading: "seed"}) {
		t.Errorf("request %+v", r)
	}
	waitStatus := func(want string) {
		t.Helper()
		for i := 0; i < 500 && !strings.Contains(a.bar.status, want); i++ {
			a.marks.pollExports(a)
			a.pack.pollPack(a)
			time.Sleep(2 * time.Millisecond)
		}
		if !strings.Contains(a.bar.status, want) {
			t.Fatalf("status %q lacks %q", a.bar.status, want)
		}
	}
	waitStatus("shrink: objects")
	a.apply(cmdSavePack) // one at a time
	if !strings.Contains(a.bar.status, "being saved") {
		t.Errorf("a second Shift+P while saving: status %q", a.bar.status)
	}
	close(release)
	waitStatus("saved the evidence pack cliff-pack-150")
	if a.pack.busy {
		t.Error("still busy after the pack's last word")
	}
}

// Without a file (the built-in scenario) there is no input to pack.
func TestSavePack_NeedsAFile(t *testing.T) {
	a := openAppWith(t, "", nil, Options{Camera: camera.TopDown, Paused: true, Size: image.Pt(1280, 800),
		SavePack: func(PackRequest, func(string)) string { t.Error("asked without a file"); return "" }})
	a.apply(cmdSavePack)
	if !strings.Contains(a.bar.status, "input file") {
		t.Errorf("status %q", a.bar.status)
	}
}

// viewer -whatif's window: the original and its what-if (engine/whatif)
// as two runs side by side, the what-if's bodies elsewhere than the
// original's once updates are lost and late.
func TestWhatifWindow_TwoRunsThatDiffer(t *testing.T) {
	path := "../assets/scenarios/runner.yaml"
	orig, err := simsource.Open(simsource.Spec{Path: path, Readings: []string{"seed"}, Assets: assets.FS()})
	if err != nil {
		t.Fatal(err)
	}
	rec, err := simsource.Load(simsource.Spec{Path: path, Assets: assets.FS()})
	if err != nil {
		t.Fatal(err)
	}
	what := *rec
	what.Events, _ = whatif.Redeliver(rec.Events, whatif.Conditions{Latency: 0.7, Loss: 0.4, Seed: 1})
	changed := interp.SeedReading()
	if err := whatif.SetReading(&changed, "far_branch_prearm", "false"); err != nil {
		t.Fatal(err)
	}
	changed.Name += whatif.ChangedSuffix
	wi, err := simsource.New(&what, path, []interp.Reading{changed}, assets.FS())
	if err != nil {
		t.Fatal(err)
	}
	opts := Options{File: path, Camera: camera.TopDown, Tick: 300, Paused: true, Split: true, Size: image.Pt(1280, 800),
		Sources: []model.Source{orig[0], wi[0]}}
	a, err := newApp(opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(a.sess.Close)
	if err := a.sess.Wait(); err != nil {
		t.Fatal(err)
	}
	a.Layout(1280, 800)
	if err := a.Update(); err != nil {
		t.Fatal(err)
	}
	if len(a.sess.Runs) != 2 || !a.split.on {
		t.Fatalf("runs %d, split %v; want 2 side by side", len(a.sess.Runs), a.split.on)
	}
	if n := a.sess.Runs[1].Info.Reading; n != "seed@whatif" {
		t.Errorf("second run's reading %q", n)
	}
	// The pipeline panel explains the what-if run under its own reading,
	// the override included, though "seed@whatif" names no reading.
	if r := panel.RunReading(a.sess.Runs[1]); r.Name != "seed@whatif" || r != changed {
		t.Errorf("the what-if run's reading %+v, want %+v", r, changed)
	}
	if r := panel.RunReading(a.sess.Runs[0]); r != interp.SeedReading() {
		t.Errorf("the original's reading %q", r.Name)
	}
	o, w := a.sess.Runs[0].Snap.Objects, a.sess.Runs[1].Snap.Objects
	if len(o) == 0 || len(w) == 0 {
		t.Fatalf("objects at tick 300: original %d, what-if %d", len(o), len(w))
	}
	if o[0].GUID != w[0].GUID || o[0].Position == w[0].Position {
		t.Errorf("at tick 300 the what-if's %08X is at %v, the original's %08X at %v: want the same object elsewhere", w[0].GUID, w[0].Position, o[0].GUID, o[0].Position)
	}
}
