// Tests of the app's input: the mouse kept from the camera over panels,
// picking, the keys' commands, the screenshot key, the pre-run's progress
// and the layout.

package ui

import (
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"glidepath/ui/camera"
	"glidepath/ui/model"
	"glidepath/ui/model/modeltest"
	"glidepath/ui/panel"
	"glidepath/ui/timeline"
)

// mouse feeds routeMouse a press, a drag to (x1, y1) and a release.
func drag(a *app, x0, y0, x1, y1 float64) {
	a.routeMouse(camera.Input{X: x0, Y: y0, Left: true}, true, false)
	a.routeMouse(camera.Input{X: (x0 + x1) / 2, Y: (y0 + y1) / 2, Left: true}, false, false)
	a.routeMouse(camera.Input{X: x1, Y: y1, Left: true}, false, false)
	a.routeMouse(camera.Input{X: x1, Y: y1}, false, false)
}

// Mouse input over a panel never reaches the camera: neither a drag that
// starts there nor the wheel; the same gestures in the viewport do.
func TestMouse_PanelsKeepTheirInputFromTheCamera(t *testing.T) {
	a := openApp(t, "", nil, 100, 1280, 800)
	l := a.lay
	before := a.cam
	for _, r := range []image.Rectangle{l.Left, l.Right, l.Top, l.Timeline} {
		c := r.Min.Add(image.Pt(20, 10))
		drag(a, float64(c.X), float64(c.Y), float64(c.X)+200, float64(c.Y)+5)
		a.routeMouse(camera.Input{X: float64(c.X), Y: float64(c.Y), Wheel: 3}, false, false)
	}
	if a.cam != before {
		t.Errorf("gestures over the panels moved the camera: %+v → %+v", before, a.cam)
	}
	v := l.Viewport.Min.Add(image.Pt(l.Viewport.Dx()/2, l.Viewport.Dy()/2))
	a.routeMouse(camera.Input{X: float64(v.X), Y: float64(v.Y), Wheel: 3}, false, true)
	if a.cam != before {
		t.Error("the wheel zoomed while a widget had the mouse")
	}
	drag(a, float64(v.X), float64(v.Y), float64(v.X)+150, float64(v.Y))
	if a.cam.Target == before.Target {
		t.Error("a drag in the viewport did not pan")
	}
	span := a.cam.Span
	a.routeMouse(camera.Input{X: float64(v.X), Y: float64(v.Y), Wheel: 3}, false, false)
	if a.cam.Span >= span {
		t.Error("the wheel in the viewport did not zoom in")
	}
}

// A click selects the body under the cursor; a click on empty ground
// clears the selection. The object list selects by row.
func TestMouse_ClickSelectsTheBodyUnderTheCursor(t *testing.T) {
	a := openApp(t, "", nil, 100, 1280, 800)
	a.frameAll() // the first view centres on one body; show them all
	frame(t, a)  // picking reads the last built frame
	o := a.sess.Cur().Snap.Objects[1]
	view := a.cam.View(a.viewport())
	x, y, ok := view.Project(model.Global(&o.Position).Add(model.Vec3{0, 0, float64(o.Height) / 2}))
	if !ok {
		t.Fatal("body not in view")
	}
	drag(a, x, y, x, y)
	if a.sel.GUID != o.GUID {
		t.Fatalf("clicked %s, selected %#x", o.Name, a.sel.GUID)
	}
	vp := a.lay.Viewport
	drag(a, float64(vp.Min.X+5), float64(vp.Max.Y-40), float64(vp.Min.X+5), float64(vp.Max.Y-40))
	if a.sel.GUID != 0 {
		t.Errorf("a click on empty ground left %#x selected", a.sel.GUID)
	}
	row := a.lay.List.Min.Add(image.Pt(10, 2*panel.RowHeight+5))
	a.routeMouse(camera.Input{X: float64(row.X), Y: float64(row.Y), Left: true}, true, false)
	if want := a.sess.Cur().Snap.Objects[2].GUID; a.sel.GUID != want {
		t.Errorf("clicking the third row selected %#x, want %#x", a.sel.GUID, want)
	}
}

func TestKeys_PlaybackEventsAndSelection(t *testing.T) {
	a := openApp(t, "", nil, 100, 1280, 800)
	for _, c := range []struct {
		cmd  command
		want int
	}{{cmdStepForward, 101}, {cmdStepForward10, 111}, {cmdStepBack, 110}, {cmdStepBack10, 100}, {cmdLast, a.pb.Last()}, {cmdFirst, 0}} {
		a.apply(c.cmd)
		if err := a.Update(); err != nil {
			t.Fatal(err)
		}
		if a.pb.Cursor() != c.want || a.sess.Cur().Snap.Tick != c.want {
			t.Errorf("after command %d the cursor is %d (snapshot %d), want %d", c.cmd, a.pb.Cursor(), a.sess.Cur().Snap.Tick, c.want)
		}
	}
	a.tl.Lane = timeline.LaneUpdates
	a.apply(cmdNextEvent)
	first := a.pb.Cursor()
	a.apply(cmdNextEvent)
	if first == 0 || a.pb.Cursor() <= first {
		t.Errorf("next update: %d then %d", first, a.pb.Cursor())
	}
	a.apply(cmdPrevEvent)
	if a.pb.Cursor() != first {
		t.Errorf("previous update went to %d, want %d", a.pb.Cursor(), first)
	}
	a.apply(cmdNextLane)
	if a.tl.Lane != timeline.LaneEnqueues {
		t.Errorf("K selected lane %v", a.tl.Lane)
	}
	a.apply(cmdFaster)
	if a.pb.Speed() != 2 {
		t.Errorf("] gives speed %v", a.pb.Speed())
	}
	a.sel.GUID = 0 // the first view selected the most eventful object
	a.apply(cmdNextObject)
	a.apply(cmdNextObject)
	if want := a.sess.Cur().Snap.Objects[1].GUID; a.sel.GUID != want {
		t.Errorf("Tab twice selected %#x, want the second object %#x", a.sel.GUID, want)
	}
	a.apply(cmdPrevObject)
	if err := a.Update(); err != nil {
		t.Fatal(err)
	}
	a.apply(cmdStageNext)
	if !a.panels.Stepper.Active() {
		t.Errorf("X did not start stage stepping: %q", a.bar.status)
	}
	a.apply(cmdDeselect)
	if a.panels.Stepper.Active() || a.sel.GUID == 0 {
		t.Error("the first Esc leaves stage stepping only")
	}
	a.apply(cmdDeselect)
	if a.sel.GUID != 0 {
		t.Error("the second Esc keeps the selection")
	}
	for _, c := range []struct {
		cmd  command
		mode camera.Mode
	}{{cmdPerspective, camera.Perspective}, {cmdTopDown, camera.TopDown}, {cmdIsometric, camera.Isometric}} {
		a.apply(c.cmd)
		if a.cam.Mode != c.mode {
			t.Errorf("camera %v, want %v", a.cam.Mode, c.mode)
		}
	}
	a.apply(cmdToggleLeft)
	if a.panels.Open.Left || a.lay.Viewport.Min.X != 0 {
		t.Error("F1 did not hide the object list and widen the viewport")
	}
}

// Every key the help overlay lists has a distinct key and a command.
func TestKeymap_EveryKeyOnceWithHelp(t *testing.T) {
	seen := map[[2]int]bool{}
	for _, b := range keymap() {
		k := [2]int{int(b.key), map[bool]int{true: 1}[b.shift]}
		if seen[k] {
			t.Errorf("key %v (shift %v) bound twice", b.key, b.shift)
		}
		seen[k] = true
		if b.cmd == cmdNone || b.name != "" && b.help == "" {
			t.Errorf("binding %+v has no command or no help", b)
		}
	}
}

// P saves a PNG next to the input file and says where.
func TestScreenshotKey_SavesNextToTheInput(t *testing.T) {
	dir := t.TempDir()
	input := filepath.Join(dir, "walk.jsonl.gz")
	a := openApp(t, "", nil, 42, 640, 400)
	a.opts.File = input
	a.apply(cmdScreenshot)
	frame(t, a)
	want := filepath.Join(dir, "walk-tick00042.png")
	if _, err := os.Stat(want); err != nil {
		t.Fatalf("no screenshot at %s: %v", want, err)
	}
	if !strings.Contains(a.bar.status, want) {
		t.Errorf("status %q does not say where", a.bar.status)
	}
	a.apply(cmdScreenshot)
	frame(t, a)
	if _, err := os.Stat(filepath.Join(dir, "walk-tick00042-1.png")); err != nil {
		t.Errorf("a second screenshot overwrote the first or went elsewhere: %v", err)
	}
}

// gated is a Source whose pre-run waits at tick 10 until released.
type gated struct {
	*modeltest.Fake
	release chan struct{}
}

func (g *gated) Step() {
	if g.Tick() == 10 {
		<-g.release
	}
	g.Fake.Step()
}

// While the pre-run goes on, the window shows its progress and takes no
// input; once it is done the viewer starts at the requested tick.
func TestLoading_ShowsProgressThenStarts(t *testing.T) {
	src := &gated{Fake: modeltest.NewFake(3, 20), release: make(chan struct{})}
	a, err := newApp(Options{Sources: []model.Source{src}, Tick: 30, Paused: true, Size: image.Pt(400, 300)})
	if err != nil {
		t.Fatal(err)
	}
	a.Layout(400, 300)
	for a.sess.Progress() == 0 {
		if err := a.Update(); err != nil {
			t.Fatal(err)
		}
	}
	px := frame(t, a)
	if a.started {
		t.Fatal("started before the pre-run finished")
	}
	// The progress bar's filled part, left of the middle.
	if got := px.RGBAAt(200-480/2+100, 150+6); !near(got, panel.BarColor, 10) && !near(got, panel.RowHover, 10) {
		t.Errorf("no progress bar: %v", got)
	}
	close(src.release)
	if err := a.sess.Wait(); err != nil {
		t.Fatal(err)
	}
	if err := a.Update(); err != nil {
		t.Fatal(err)
	}
	if !a.started || a.pb.Cursor() != 30 || a.sess.Cur().Snap.Tick != 30 {
		t.Errorf("started %v at tick %d", a.started, a.pb.Cursor())
	}
	frame(t, a)
}

func TestLayout_PanelsShrinkOnSmallWindowsAndCollapse(t *testing.T) {
	all := panel.Open{Left: true, Right: true, Timeline: true}
	l := panel.ComputeLayout(1280, 800, all)
	if l.Viewport.Dx() != 1280-panel.LeftWidth-panel.RightWidth || l.Timeline.Dy() != timeline.Height || l.Viewport.Max.Y != l.Timeline.Min.Y {
		t.Errorf("1280×800: viewport %v timeline %v", l.Viewport, l.Timeline)
	}
	s := panel.ComputeLayout(700, 500, all)
	if s.Viewport.Dx() < panel.MinViewport || s.Left.Dx() == 0 || s.Right.Dx() == 0 {
		t.Errorf("700×500: viewport %v left %v right %v", s.Viewport, s.Left, s.Right)
	}
	// A short left panel: the legend's title stays below two object rows,
	// clear of the filter box, and the legend ends inside the panel.
	if s.LayTitle.Min.Y < s.Filter.Max.Y || s.List.Dy() < panel.MinListRows*panel.RowHeight || s.Legend.Max.Y > s.Left.Max.Y {
		t.Errorf("700×500: filter %v, list %v, legend title %v, legend %v in %v", s.Filter, s.List, s.LayTitle, s.Legend, s.Left)
	}
	n := panel.ComputeLayout(1280, 800, panel.Open{})
	if n.Viewport != image.Rect(0, panel.TopBarHeight, 1280, 800) {
		t.Errorf("no panels: viewport %v", n.Viewport)
	}
	tiny := panel.ComputeLayout(100, 60, all)
	if tiny.Viewport.Dx() < 0 || tiny.Viewport.Dy() < 0 {
		t.Errorf("100×60: viewport %v", tiny.Viewport)
	}
	_ = ebiten.KeyA
}
