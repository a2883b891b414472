// The application: window setup and the Ebitengine game loop. Update holds
// all logic at a fixed tick — keys, the mouse over the viewport, the
// timeline and the panels, playback, keeping the runs at the cursor, and
// working out every string the panels show; Draw only draws: the viewport's
// frame from the cursor's snapshot, the widgets, then the timeline and the
// panels' content.

package ui

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"glidepath/engine"
	"glidepath/physics"
	"glidepath/ui/camera"
	"glidepath/ui/mainthread"
	"glidepath/ui/model"
	"glidepath/ui/overlay"
	"glidepath/ui/page"
	"glidepath/ui/panel"
	"glidepath/ui/render"
	"glidepath/ui/session"
	"glidepath/ui/timeline"
)

// Window defaults.
const (
	defaultWidth  = 1280
	defaultHeight = 800
	// shotFrames is how many frames are drawn after loading before a
	// screenshot, so the widgets have laid out.
	shotFrames = 3
)

// shotLayoutFrames: a screenshot's frames before the last draw the widgets
// alone (Draw); a test turns it off to draw every frame whole.
var shotLayoutFrames = true

// Tests turn these off to take a screenshot the way the window is pre-run
// (shotPicture: session.New rather than NewPicture) or without the warm-up
// (shotWarmUp: warmUp).
var shotPicture, shotWarmUp = true, true

// leanPlot is every plot field a lean picture's history has of the whole
// run (session.NewLeanPicture: the distances to the queue's head and to
// the truth); the client's error reads the client trace.
const leanPlot = timeline.PlotSet(1<<timeline.PlotDistHead | 1<<timeline.PlotErrTruth | 1<<timeline.PlotClient)

// leanPicture says whether a screenshot's frame reads of the history past
// its tick only what a lean picture keeps: the aggregates and the
// selection's plot (session.NewLeanPicture). A picture drawn beside a
// client trace (whose divergence and plot read every object's samples), a
// remembered view (whose selection is known only once the window starts),
// an export, side by side, or a default plot that reads positions keeps
// the whole history; several readings do too (the session's choice).
func leanPicture(opts *Options) bool {
	return shotLean && opts.Client == nil && !opts.RestoreView && opts.Export == nil && !opts.Split && !opts.Follow &&
		timeline.DefaultPlot&^leanPlot == 0
}

// shotLean: tests turn it off to take a screenshot with the whole history.
var shotLean = true

var background = color.RGBA{0x1b, 0x1f, 0x24, 0xff}

// Run opens the window and blocks until it is closed.
func Run(opts Options) error {
	page.Mark("window") // the web viewer's page (ui/page)
	a, err := newApp(opts)
	if err != nil {
		return err
	}
	ShotMark("window's app made")
	defer func() { a.sess.Close() }() // the session opened last
	defer func() {
		if err := a.mem.rememberView(a); err != nil && opts.Warn != nil {
			opts.Warn("the view was not remembered: " + err.Error())
		}
	}()
	// The window on the main thread (ui/mainthread), the command beside it.
	var runErr error
	mainthread.Do(func() {
		ebiten.SetWindowTitle(opts.Title)
		ebiten.SetWindowSize(a.w, a.h)
		ebiten.SetWindowResizingMode(ebiten.WindowResizingModeEnabled)
		// An idle frame is left up rather than redrawn (idle.go).
		ebiten.SetScreenClearedEveryFrame(false)
		runErr = ebiten.RunGame(a)
	})
	ShotMark("window closed")
	// The picture's PNG is written while the window closes (shotWrite).
	if err := a.shot.wait(); err != nil && a.shotErr == nil {
		a.shotErr = err
	}
	if runErr != nil && !errors.Is(runErr, ebiten.Termination) {
		return runErr
	}
	return a.shotErr
}

// app is the running viewer.
type app struct {
	opts     Options
	sess     *session.Session
	pb       session.Playback // the cursor and the live follow's hold (ui/session)
	tl       timeline.Timeline
	cam      camera.Camera
	ctl      camera.Controller
	builder  *render.Builder
	flat     *render.Flat // the panels' content and the timeline
	top      *render.Flat // over everything: captions, hover details, help
	renderer render.Renderer
	drawer   *overlay.Drawer
	scene    overlay.Scene
	layers   overlay.Set
	gui      *gui

	// world is the client's world inputs open in (Options.World, or the
	// dat folder opened with Shift+W); hideWorld hides the world overlay
	// (key 4: terrain, statics, grid).
	world     engine.WorldData
	hideWorld bool

	lay    panel.Layout
	panels panel.State // open panels, sizes, inspector and pipeline (ui/panel)
	rs     resizer
	w, h   int

	// sel is what the user picked (ui/session), in the input's
	// commands and mouse (input.go, mouse.go).
	sel session.Selection
	in  inputState

	help    bool
	started bool      // the session was ready on a previous update
	bar     statusBar // the top bar's text and its message (commands.go, statusfit.go)
	// noticeSaid is the input's notice last said (openfile.go sayNotice).
	noticeSaid string

	list   panel.ObjectList
	legend panel.Legend
	// geometry is the dats' geometry the viewport draws (overlay.Walls).
	geometry overlay.CellGeometry
	hud      panel.HUD

	idler               idler
	tour                tourGuide // the guided tour (-tour)
	before              beforeAfter
	savePending         bool
	frames, readyFrames int
	shotDone            bool
	shotErr             error
	shot                shotWrite // the picture's PNG (Run waits for it)
	exp                 exporter
	marks               marksView  // the bookmarks (bookmarks.go)
	open                openBox    // Shift+O, Shift+W and dropped files (openfile.go)
	mem                 viewMemory // the remembered settings (remember.go)
	live                session.Watch
	nav                 navState          // go to, quit (navigate.go)
	rate                session.RateMeter // the playback rate achieved
	msgs                panel.Messages    // Shift+M
	filt                filterBox         // Ctrl+F (filterbox.go)
	fc                  followState       // the follow camera's last step (followcam.go)
	split               splitView         // side by side (split.go)
	exportMsgs          chan string
	pack                packSaver          // Shift+P (packsave.go)
	stack               []timeline.Stacked // the timeline's rows per run, reused
	plotted             []uint32           // the filter's objects for the plot, reused
	// warm is where a picture's window draws its widgets and markers once
	// while it waits for the pre-run (warmer.warmUp).
	warm warmer
}

func newApp(opts Options) (*app, error) {
	if opts.Camera > camera.Perspective {
		return nil, fmt.Errorf("ui: unknown camera mode %d", opts.Camera)
	}
	newSession := session.New
	if opts.Screenshot != "" && !opts.ShotFirst && len(opts.Tour) == 0 && shotPicture {
		// One picture at one tick, drawn once the whole run is pre-run.
		newSession = func(srcs []model.Source) (*session.Session, error) { return session.NewPicture(srcs, opts.Tick) }
		if leanPicture(&opts) {
			newSession = func(srcs []model.Source) (*session.Session, error) {
				return session.NewLeanPicture(srcs, opts.Tick, session.Lean{Select: opts.Select})
			}
		}
	}
	sess, err := newSession(opts.Sources)
	if err != nil {
		return nil, err
	}
	b, err := render.NewBuilder()
	if err != nil {
		return nil, err
	}
	flat, err := render.NewFlat()
	if err != nil {
		return nil, err
	}
	top, err := render.NewFlat()
	if err != nil {
		return nil, err
	}
	a := &app{
		opts: opts, sess: sess, builder: b, flat: flat, top: top, drawer: overlay.NewDrawer(),
		layers: opts.Layers, panels: panel.NewState(),
		sel: session.Selection{GUID: opts.Select, Follow: opts.FollowSelection},
		w:   defaultWidth, h: defaultHeight,
		in: inputState{keys: keymap()}, split: splitView{on: opts.Split},
	}
	if a.layers == 0 {
		a.layers = overlay.Default
	}
	a.world = opts.World
	a.marks.Load(opts.File)
	a.mem.loadSettings(a)
	a.mem.restore = opts.RestoreView
	if opts.Follow {
		a.startLive()
	}
	if opts.Export != nil {
		if err := checkExport(opts.Export, opts.Sources[0].Info().LastTick); err != nil {
			return nil, err
		}
		a.exp.captured = opts.Export.From - 1
	}
	if opts.Size.X > 0 && opts.Size.Y > 0 {
		a.w, a.h = opts.Size.X, opts.Size.Y
	}
	// The strip spans the longest input (session.Last); the session is the
	// follow's when it opened the input again.
	info := a.opts.Sources[0].Info()
	a.pb.Reset(a.sess.Last(), info.TickRate)
	a.tl.Reset(a.sess.Last())
	a.cam = camera.New(camera.Vec3{})
	a.cam.SetMode(opts.Camera)
	a.gui = newGUI(a, flat.Face())
	a.relayout()
	a.noticeSaid = inputNotice(a.opts.Sources[0])
	if a.world != nil {
		// Once, at start: the dats' world (an illustrative world is said on
		// stderr only, leaving the status line as it was), and a capture's
		// player with the rule that chose it (or later, when the reader
		// decides it: sayNotice).
		a.say(a.open.worldLine(a))
	} else if a.noticeSaid != "" {
		a.say(a.noticeSaid)
	}
	return a, nil
}

// relayout recomputes the layout for the window size and panels.
func (a *app) relayout() {
	a.lay = panel.ComputeLayout(a.w, a.h, a.panels.Open)
	if a.opts.ViewportOnly {
		a.lay.Viewport = image.Rect(0, 0, a.w, a.h) // drawn alone (Draw)
	}
	r := a.lay.Timeline
	a.tl.SetRect(timeline.Rect{X: float64(r.Min.X), Y: float64(r.Min.Y), W: float64(r.Dx()), H: float64(r.Dy())})
	a.gui.relayout()
}

// viewport is the 3D view's rectangle.
func (a *app) viewport() camera.Viewport {
	v := a.lay.Viewport
	return camera.Viewport{X: float64(v.Min.X), Y: float64(v.Min.Y), W: float64(v.Dx()), H: float64(v.Dy())}
}

// Update applies one tick of input and time.
func (a *app) Update() error {
	if a.shotDone || a.nav.quit {
		return ebiten.Termination
	}
	a.nav.updates++
	a.idler.noteTick(a.idler.busy(a), a.w, a.h)
	if !a.sess.Poll() {
		return nil // pre-running: Draw shows the progress
	}
	if a.sess.Err != nil {
		return a.sess.Err
	}
	if a.headless() && !a.opts.ShotFirst && !a.sess.Ready {
		// A screenshot or export shows the whole run's records; a
		// picture's runs go to its tick meanwhile, once the pre-run has
		// passed it (session.SeekAhead).
		if a.sess.SeekAhead() {
			ShotMark("runs at the picture's tick")
		}
		return nil
	}
	if page.FirstViewWhole && !a.started && !a.sess.Ready {
		return nil // the web viewer's first view too (ui/page); Draw shows the progress
	}
	if !a.started && waitHook != nil && (a.warm.hold || a.warm.waited == 0) {
		return nil // a test's frames before the first view (waitHook)
	}
	if !a.started {
		ShotMark("pre-run seen done")
		a.start()
		ShotMark("started")
	}
	pollLiveAlarms(a)
	a.pollClient()
	// A screenshot shows the state it was asked for, whatever the mouse
	// and keyboard of the machine it runs on are doing.
	if !a.headless() {
		a.gui.ui.Update()
		wasFocused := a.gui.focused()
		a.gui.releaseFocus(&a.lay)
		if dropped := ebiten.DroppedFiles(); dropped != nil {
			a.open.handleDrop(a, dropped)
		}
		// Every key event since the last Update is queued and applied in
		// order; a box being typed in takes the keys, and so does a
		// focused widget.
		a.in.read()
		keysFree := false
		switch {
		case a.open.Active:
			a.open.readOpenKeys(a)
		case a.marks.Editing:
			a.marks.readLabelKeys(a)
		case a.nav.box.On:
			a.nav.readGotoKeys(a)
		case a.filt.BoxOn:
			a.filt.readFilterKeys(a)
		default:
			keysFree = !wasFocused
		}
		a.applyInput(keysFree)
		a.updateMouse()
		a.marks.pollExports(a)
		a.mem.keepView(a)
		a.pack.pollPack(a)
		a.pollLive(false)
	} else {
		if a.opts.Screenshot != "" {
			// A screenshot is the window's picture: its viewport's
			// camera-keys line too, with no cursor over the view.
			a.hud.Update(&a.cam, a.viewport(), -1, -1, a.flat)
		}
		a.exp.exportUpdate(a)
	}
	a.growRuns()
	a.open.sayNotice(a)
	a.open.sayFloor(a)
	a.pb.Advance(1 / float64(ebiten.TPS()))
	a.rate.Note(time.Now(), a.pb.Cursor(), a.pb.Playing() && !a.pb.Waiting(), a.sess.Cur().Info.TickRate)
	// Past what the pre-run has reached, the cursor steps on by itself
	// (playing) but a jump waits there.
	if a.pb.WaitFor(a.sess.Reach(), a.sess.Cur().Src.Tick()) {
		a.say(fmt.Sprintf("went to tick %d", a.pb.Cursor())) // a jump that waited for the pre-run
	}
	if err := a.sess.Seek(a.pb.Cursor()); err != nil {
		return err
	}
	if a.pb.Playing() {
		a.tl.View.Show(a.pb.Cursor())
	}
	a.afterSeek()
	return nil
}

// start runs once the pre-run has finished: the camera frames the run and
// the cursor goes to the start tick.
func (a *app) start() {
	a.started = true
	a.pb.Begin(a.opts.Tick, !a.opts.Paused && !a.headless())
	a.sess.Seek(a.pb.Cursor())
	if a.sess.Terrain == nil {
		a.sess.BuildTerrain()
	}
	a.frameFirst()
	if a.marks.LoadErr != nil {
		a.marks.sayMarksOff(a)
	}
	if a.mem.restore {
		a.mem.restore = false
		a.mem.restoreView(a)
	}
	if a.tour.Stops = a.opts.Tour; len(a.tour.Stops) > 0 {
		a.tour.tourGo(a, 0)
		a.sess.Seek(a.pb.Cursor())
	}
	a.afterSeek()
}

// afterSeek refreshes what depends on the cursor and the selection.
func (a *app) afterSeek() {
	r := a.sess.Cur()
	if a.sel.Follow && a.sel.GUID != 0 {
		a.fc.followSelection(a, r) // followcam.go
	}
	a.list.Update(r, a.gui.filter.GetText(), a.sel.GUID, a.lay.List, func(guid uint32) bool { return a.filt.Keeps(r, guid) })
	a.updateInspector(r)
	a.panels.Pipe.Update(a.flat, a.lay.Pipeline, r, a.sess.Sel, a.selectedObject(), a.sel.GUID, &a.panels.Stepper)
	a.msgs.Update(r, a.sel.GUID, a.sess.Sel, a.lay.Viewport, a.filt.Expr)
	if a.bar.statusFrames > 0 {
		a.bar.statusFrames--
		if a.bar.statusFrames == 0 {
			a.bar.status = ""
		}
	}
	a.bar.setStatus(a)
	a.gui.title.pipeline.Label = panel.PipelineTitle(&a.panels.Stepper)
	if t := a.gui.play.Text(); t != nil {
		t.Label = "Play"
		if a.pb.Playing() {
			t.Label = "Pause"
		}
	}
}

// say shows a message in the status line for a few seconds.
func (a *app) say(msg string) {
	a.bar.status = msg
	a.bar.statusFrames = 6 * activeTPS
}

// frameAll fits the camera to everything the run visits.
func (a *app) frameAll() {
	lo, hi, ok := a.sess.Cur().Hist.Bounds()
	switch {
	case ok && a.sess.Full:
	case a.sess.Terrain != nil:
		lo, hi = a.sess.Terrain.Bounds()
	default:
		hi = camera.Vec3{physics.LandblockLength, physics.LandblockLength, 0}
	}
	// Leave room for the bodies' height and the rings' reach.
	hi[2] += 2
	a.cam.FrameBox(a.viewport(), lo, hi)
}

// waitHook, when a test sets it, is called at each frame of the window
// before it starts (start), with the frame's number from 0, and holds the
// start while it returns true: the test chooses how many frames come
// before the first view and what they draw
// (TestShot_FirstViewWhateverTheFramesBefore).
var waitHook func(frame int) (hold bool)

// Draw draws the frame.
func (a *app) Draw(screen *ebiten.Image) {
	if waitHook != nil && !a.started {
		a.warm.hold = waitHook(a.warm.waited)
		a.warm.waited++
		if a.idler.drawn {
			return // nothing after the loading frame, as while the pre-run runs
		}
	}
	if a.idler.idle() && a.readyFrames > shotFrames {
		return // nothing changed: the last frame stays up
	}
	if a.idler.throttled(a.idler.waitingOnly(a)) {
		return // only the pre-run moves: a few frames a second show it
	}
	if a.headless() && !a.opts.ShotFirst && !a.sess.Ready && a.idler.drawn {
		// A picture or an export waits for the whole pre-run, and nobody
		// watches its progress: the CPU its frames would cost (40–60 ms
		// each under Xvfb, more on a loaded machine) goes to the pre-run.
		return
	}
	a.idler.drew()
	if a.started {
		ShotMark("frame")
	}
	// The frame's first draw: the uniforms of the draws after it are all
	// uploaded, whatever the frame before left (render.Renderer.Begin).
	if err := a.renderer.Begin(screen); err != nil {
		a.shotErr, a.shotDone = err, true
		return
	}
	screen.Fill(background)
	if a.sess.Err != nil || !a.started {
		a.drawLoading(screen)
		a.warm.warmUp(a)
		return
	}
	a.warm.skipLayoutFrames(a)
	if a.opts.Screenshot != "" && a.readyFrames < shotFrames-1 && shotLayoutFrames {
		// A picture keeps the last of its frames: the ones before it let
		// the widgets lay out, and draw them alone; the view, panels,
		// timeline and overlays are drawn once, in the last. The
		// warm-up has drawn them while the pre-run ran, where it could
		// (skipLayoutFrames).
		if !a.opts.ViewportOnly {
			a.gui.ui.Draw(screen)
		}
		a.finishFrame(screen)
		return
	}
	a.drawViewport(screen)
	if a.opts.ViewportOnly {
		a.finishFrame(screen)
		return
	}
	a.gui.ui.Draw(screen)
	a.flat.Reset()
	a.drawPanels()
	if a.panels.Open.Timeline {
		a.tl.Draw(a.flat, a.timelineData(), a.pb.Cursor())
		a.marks.DrawFlags(a.flat, &a.tl.View, a.lay.Timeline)
	}
	if err := a.renderer.DrawFlat(screen, a.flat); err != nil {
		a.shotErr, a.shotDone = err, true
		return
	}
	a.top.Reset()
	a.drawOverlays()
	if err := a.renderer.DrawFlat(screen, a.top); err != nil {
		a.shotErr, a.shotDone = err, true
		return
	}
	a.finishFrame(screen)
}

// warmer holds the image a picture's window warms the renderer on, and
// the layout its widgets were laid out for there.
type warmer struct {
	img *ebiten.Image
	// laid: a screenshot's layout frames were drawn on img, for the
	// window's layout lay with the panels open; used: the picture's
	// frames have started (skipLayoutFrames).
	laid, used bool
	lay        panel.Layout
	open       panel.Open
	// waited counts the frames before the start and hold holds it there,
	// for a test (waitHook).
	waited int
	hold   bool
}

// warmUp draws, once, while a picture or an export waits for the whole
// pre-run, the widgets and a marker into an image nobody sees: the
// software renderer under Xvfb compiles the programs they draw with then,
// on the window's thread while the pre-run runs on the others, rather
// than in the picture's first frames after it (0.3–0.5 s of a shot on two
// cores). A screenshot's layout frames (the widgets drawn alone, Draw)
// are drawn there too, so that once the pre-run is done the picture is
// its first frame (skipLayoutFrames); the widgets lay out from the
// window's layout and open panels alone (placer), which the pre-run does
// not change (TestShot_WarmUpDrawsTheSamePicture,
// TestShot_LayoutFramesDrawnWhileThePreRunRuns).
func (w *warmer) warmUp(a *app) {
	if w.img != nil || !a.headless() || a.opts.ShotFirst || a.sess.Err != nil || !shotWarmUp {
		return
	}
	w.img = ebiten.NewImage(a.w, a.h)
	frames := 1
	if a.opts.Screenshot != "" && shotLayoutFrames {
		frames = shotFrames - 1
	}
	for range frames {
		a.gui.ui.Draw(w.img)
	}
	w.laid, w.lay, w.open = a.opts.Screenshot != "" && shotLayoutFrames, a.lay, a.panels.Open
	if err := a.renderer.Warm(w.img); err != nil {
		a.shotErr, a.shotDone = err, true
	}
}

// skipLayoutFrames, at a screenshot's first frame after the pre-run,
// counts the layout frames the warm-up drew as drawn when the window's
// layout and open panels are still the ones they were drawn for.
func (w *warmer) skipLayoutFrames(a *app) {
	if w.used {
		return
	}
	w.used = true
	if w.laid && a.readyFrames == 0 && w.lay == a.lay && w.open == a.panels.Open {
		a.readyFrames = shotFrames - 1
	}
}

// finishFrame saves, counts and hands over the drawn frame.
func (a *app) finishFrame(screen *ebiten.Image) {
	if a.savePending {
		a.exp.saveScreenshot(a, screen)
	}
	a.frames++
	a.readyFrames++
	page.Frame(a.opts.Title, a.pb.Cursor(), a.cam.Mode.String()) // the web viewer's page (ui/page)
	if a.opts.Screenshot != "" && a.readyFrames == shotFrames {
		ShotMark("picture's frame drawn")
		a.shot.start(screen, a.opts.Screenshot) // written while the window closes
		a.shotDone = true
	}
	a.exp.exportDraw(a, screen)
}

// drawViewport builds and submits the 3D view, clipped to its rectangle.
func (a *app) drawViewport(screen *ebiten.Image) {
	if a.split.splitting(a) {
		a.split.drawSplit(a, screen) // split.go
		return
	}
	vp := a.viewport()
	view := a.cam.View(vp)
	terrain := a.sess.Terrain
	if a.hideWorld {
		terrain = nil
	}
	a.builder.Begin(view, terrain)
	a.fillScene(&view)
	a.drawer.Draw(a.builder, &a.scene, a.layers)
	a.hud.Draw(a.builder, vp)
	a.builder.End()
	dst := screen.SubImage(a.lay.Viewport).(*ebiten.Image)
	if err := a.renderer.Draw(dst, a.builder); err != nil {
		a.shotErr, a.shotDone = err, true
	}
}

// Layout makes the screen as large as the window (or the screenshot's size).
func (a *app) Layout(w, h int) (int, int) {
	if a.headless() && a.opts.Size.X > 0 && a.opts.Size.Y > 0 {
		w, h = a.opts.Size.X, a.opts.Size.Y
	}
	if w != a.w || h != a.h {
		a.w, a.h = w, h
		a.relayout()
	}
	return w, h
}

// selectedObject returns the selection in the current snapshot, or nil.
func (a *app) selectedObject() *engine.ObjectView {
	r := a.sess.Cur()
	if i := r.Snap.Find(a.sel.GUID); a.sel.GUID != 0 && i >= 0 {
		return &r.Snap.Objects[i]
	}
	return nil
}
