// The application shell: window setup and the Ebitengine game loop. Update
// holds all logic at a fixed tick (camera gestures, key commands, picking);
// Draw only draws: it builds the viewport's frame from the scene and submits
// it. Panels, the timeline and engine snapshots will slot in around the
// viewport rectangle.

package ui

import (
	"errors"
	"fmt"
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"

	"glidepath/ui/camera"
	"glidepath/ui/render"
)

// Options configure the viewer.
type Options struct {
	// Title is the window title.
	Title string
	// Camera is the camera the viewport starts with.
	Camera camera.Mode
	// Screenshot, when set, makes the viewer draw a few frames, write the
	// window as a PNG to this path and exit.
	Screenshot string
}

// Window defaults.
const (
	defaultWidth  = 1280
	defaultHeight = 800
	// screenshotFrame is the frame a screenshot is taken on: late enough
	// for the window and its first layout to have settled.
	screenshotFrame = 5
)

var background = color.RGBA{0x1b, 0x1f, 0x24, 0xff}

// Run opens the window and blocks until it is closed.
func Run(opts Options) error {
	a, err := newApp(opts)
	if err != nil {
		return err
	}
	ebiten.SetWindowTitle(opts.Title)
	ebiten.SetWindowSize(defaultWidth, defaultHeight)
	ebiten.SetWindowResizingMode(ebiten.WindowResizingModeEnabled)
	if err := ebiten.RunGame(a); err != nil && !errors.Is(err, ebiten.Termination) {
		return err
	}
	return a.shotErr
}

// app is the running viewer.
type app struct {
	opts     Options
	scene    *scene
	cam      camera.Camera
	ctl      camera.Controller
	builder  *render.Builder
	renderer render.Renderer
	hud      hud

	width, height int
	framed        bool   // the camera has been fitted to the scene
	selected      uint32 // handle of the selected body, 0 for none
	frames        int
	shotDone      bool
	shotErr       error
}

func newApp(opts Options) (*app, error) {
	if opts.Camera > camera.Perspective {
		return nil, fmt.Errorf("ui: unknown camera mode %d", opts.Camera)
	}
	sc, err := newDemoScene()
	if err != nil {
		return nil, err
	}
	b, err := render.NewBuilder()
	if err != nil {
		return nil, err
	}
	a := &app{opts: opts, scene: sc, builder: b, width: defaultWidth, height: defaultHeight}
	a.cam = camera.New(sc.focus)
	a.cam.SetMode(opts.Camera)
	return a, nil
}

// viewport is the rectangle the 3D view fills: the whole window until the
// panels and the timeline take their share.
func (a *app) viewport() camera.Viewport {
	return camera.Viewport{W: float64(a.width), H: float64(a.height)}
}

// Update applies one tick of input.
func (a *app) Update() error {
	if a.shotDone {
		return ebiten.Termination
	}
	vp := a.viewport()
	if !a.framed {
		a.frameAll(vp)
		a.framed = true
	}
	a.applyKeys(vp, pressedCommands())
	in := mouseInput()
	if clicked, x, y := a.ctl.Update(&a.cam, vp, in); clicked {
		a.selected, _ = a.builder.Pick(x, y)
	}
	a.hud.update(&a.cam, vp, in.X, in.Y)
	return nil
}

// frameAll fits the camera to the scene.
func (a *app) frameAll(vp camera.Viewport) {
	lo, hi := a.scene.bounds()
	a.cam.FrameBox(vp, lo, hi)
}

// Draw builds and submits the viewport's frame.
func (a *app) Draw(screen *ebiten.Image) {
	screen.Fill(background)
	vp := a.viewport()
	a.builder.Begin(a.cam.View(vp), a.scene.terrain)
	a.scene.draw(a.builder, a.selected)
	a.hud.draw(a.builder, vp)
	a.builder.End()
	if err := a.renderer.Draw(screen, a.builder); err != nil {
		a.shotErr, a.shotDone = err, true
		return
	}
	a.frames++
	if a.opts.Screenshot != "" && a.frames == screenshotFrame {
		a.shotErr = writeScreenshot(screen, a.opts.Screenshot)
		a.shotDone = true
	}
}

// Layout makes the screen as large as the window.
func (a *app) Layout(w, h int) (int, int) {
	a.width, a.height = w, h
	return w, h
}
