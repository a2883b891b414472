// The smoke test: every shipped scenario opened, played, scrubbed and
// stepped, every overlay, panel and camera switched, without an error.

package ui

import (
	"bytes"
	"flag"
	"image"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"glidepath/assets"
	"glidepath/engine/recording"
	"glidepath/engine/scenario"
	"glidepath/ui/model"
	"glidepath/ui/overlay"
	"glidepath/ui/simsource"
	"glidepath/ui/timeline"
)

// step runs one update, failing on any error.
func step(t *testing.T, a *app) {
	t.Helper()
	if err := a.Update(); err != nil {
		t.Fatal(err)
	}
}

// show runs one update and draws a frame (without reading its pixels
// back). Reading one pixel sends the frame's draw commands to the GPU, as
// the window's loop does at the end of each frame: the tests all run within
// one Update of the test game (main_test.go), so without it every frame of
// the smoke test would queue up in Ebitengine's command queue, whose
// vertex buffer then grows by copying — gigabytes, and more CPU than
// drawing the frames.
func show(t *testing.T, a *app) {
	t.Helper()
	step(t, a)
	img := ebiten.NewImage(a.w, a.h)
	defer img.Deallocate()
	a.Draw(img)
	img.At(0, 0)
	if a.shotErr != nil {
		t.Fatal(a.shotErr)
	}
}

// The smoke test: every shipped scenario opens, plays, steps, scrubs,
// jumps between events, steps through a tick's stages, toggles every
// overlay and panel and switches cameras without an error.
func TestSmoke_EveryShippedScenario(t *testing.T) {
	if os.Getenv(smokeAlone) == "" {
		smokeInOwnProcess(t)
		return
	}
	for _, e := range scenario.Catalog() {
		t.Run(e.Name, func(t *testing.T) {
			a := openApp(t, "../assets/scenarios/"+e.Name+".yaml", nil, 0, 800, 500)
			last := a.pb.Last()
			a.apply(cmdPlay)
			for range 5 {
				step(t, a)
			}
			show(t, a)
			if a.pb.Cursor() == 0 {
				t.Error("playing did not move the cursor")
			}
			a.apply(cmdNextObject)
			if a.sel.GUID == 0 {
				t.Fatal("Tab selected nothing")
			}
			for _, c := range []command{cmdStepForward, cmdStepForward10, cmdStepBack, cmdStepBack10, cmdLast, cmdFirst, cmdFaster, cmdSlower, cmdFollow} {
				a.apply(c)
				step(t, a)
			}
			for _, tick := range []int{last / 2, last / 3, last, 1, last * 3 / 4} {
				a.pb.Seek(tick)
				show(t, a)
				if a.sess.Cur().Snap.Tick != tick {
					t.Fatalf("scrubbed to %d, the snapshot is at %d", tick, a.sess.Cur().Snap.Tick)
				}
			}
			for l := range timeline.NumLanes {
				a.tl.Lane = l
				a.apply(cmdNextEvent)
				step(t, a)
				a.apply(cmdPrevEvent)
				step(t, a)
			}
			for range 8 {
				a.apply(cmdStageNext)
				step(t, a)
			}
			a.apply(cmdStagePrev)
			show(t, a)
			for l := range overlay.NumLayers {
				a.apply(cmdLayer + command(l))
				step(t, a)
				a.apply(cmdLayer + command(l))
			}
			a.layers = 0
			show(t, a)
			a.layers = overlay.All
			for _, c := range []command{cmdTopDown, cmdPerspective, cmdIsometric, cmdFrameAll, cmdHelp, cmdToggleLeft, cmdToggleRight, cmdToggleTimeline, cmdToggleTimeline, cmdHelp, cmdDeselect, cmdDeselect} {
				a.apply(c)
				show(t, a)
			}
		})
	}
}

// smokeAlone marks the smoke test's own process.
const smokeAlone = "GLIDEPATH_UI_SMOKE_ALONE"

// smokeInOwnProcess runs the smoke test in a process of its own (this test
// binary, asked for it alone), beside the package's other tests: within
// their process, grown to 3–4 GB by the tests before it, it took about
// half as much CPU again as alone (docs/testing.md, "Where the time goes,
// 2026-12-07 night").
func smokeInOwnProcess(t *testing.T) {
	cmd := exec.Command(os.Args[0], "-test.run=^TestSmoke_EveryShippedScenario$", "-test.v",
		"-test.timeout="+flag.Lookup("test.timeout").Value.String())
	cmd.Env = append(os.Environ(), smokeAlone+"=1")
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Parallel() // the package's other tests run while it does
	if err := cmd.Wait(); err != nil || !bytes.Contains(out.Bytes(), []byte("--- PASS: TestSmoke_EveryShippedScenario ")) {
		t.Fatalf("the smoke test in its own process: %v\n%s", err, out.Bytes())
	}
	if testing.Verbose() {
		t.Logf("%s", out.Bytes())
	}
}

// Under -compare each reading has its body in its own colour, and C moves
// the overlays from one reading to the next.
func TestSmoke_CompareReadings(t *testing.T) {
	a := openApp(t, "", []string{"seed", "ace", "legacy"}, 300, 800, 500)
	show(t, a)
	if len(a.scene.Compared) != 2 || a.scene.BodyColor != overlay.ReadingColor(0) {
		t.Fatalf("%d compared readings, body colour %v", len(a.scene.Compared), a.scene.BodyColor)
	}
	a.apply(cmdNextReading)
	show(t, a)
	if a.sess.Cur().Info.Reading != "ace" || a.scene.BodyColor != overlay.ReadingColor(1) {
		t.Errorf("after C the selected reading is %q in %v", a.sess.Cur().Info.Reading, a.scene.BodyColor)
	}
	for _, r := range a.sess.Runs {
		if r.Snap.Tick != 300 {
			t.Errorf("reading %s is at tick %d, want 300", r.Info.Reading, r.Snap.Tick)
		}
	}
}

// Recordings open too, and a recording with no object at all shows an
// empty world.
func TestSmoke_RecordingsAndAnEmptyWorld(t *testing.T) {
	files, err := filepath.Glob("../engine/testdata/*.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no recordings in engine/testdata")
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			a := openApp(t, f, nil, 0, 800, 500)
			a.apply(cmdNextObject)
			a.apply(cmdPlay)
			for range 3 {
				step(t, a)
			}
			a.pb.Seek(a.pb.Last())
			show(t, a)
		})
	}
	rec := &recording.Recording{Name: "empty.jsonl", Header: recording.NewHeader()}
	runs, err := simsource.New(rec, "empty.jsonl", nil, assets.FS())
	if err != nil {
		t.Fatal(err)
	}
	a, err := newApp(Options{Sources: []model.Source{runs[0]}, Paused: true, Size: image.Pt(640, 400)})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(a.sess.Close)
	if err := a.sess.Wait(); err != nil {
		t.Fatal(err)
	}
	a.Layout(640, 400)
	a.apply(cmdNextObject)
	a.apply(cmdStageNext)
	show(t, a)
	if a.sel.GUID != 0 {
		t.Error("selected an object in an empty world")
	}
}
