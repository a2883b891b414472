// Export: the viewer renders a range of ticks, one frame per tick, exactly as
// a screenshot would show each (same camera, selection and overlays), and
// hands every frame to the caller, which encodes them (viewer export: an
// animated GIF or numbered PNGs). Like a screenshot, it ignores the mouse and
// keyboard of the machine it runs on. A screenshot (-screenshot, or the P
// key's, saved beside the input) is written here as a PNG.

package ui

import (
	"fmt"
	"image"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"glidepath/internal/atomicfile"
	"glidepath/ui/pngout"

	"github.com/hajimehoshi/ebiten/v2"
)

// Export asks the viewer to render ticks From to To (inclusive) and exit.
type Export struct {
	From, To int
	// Frame receives each tick's frame, in tick order. img is reused for
	// the next frame: copy what must be kept. An error stops the export
	// and is what Run returns.
	Frame func(tick int, img *image.RGBA) error
}

// exporter is the state of an export in progress.
type exporter struct {
	captured int // the last tick handed over; From-1 before the first
	buf      *image.RGBA
}

// headless reports whether the viewer renders for a file rather than a
// person: a screenshot or an export.
func (a *app) headless() bool { return a.opts.Screenshot != "" || a.opts.Export != nil }

// checkExport refuses a range outside the run.
func checkExport(e *Export, last int) error {
	if e.Frame == nil {
		return fmt.Errorf("ui: export without a frame handler")
	}
	if e.From < 0 || e.To > last || e.From > e.To {
		return fmt.Errorf("ui: export range %d–%d: the run has ticks 0 to %d", e.From, e.To, last)
	}
	return nil
}

// exportUpdate moves the cursor on once the tick under it has been handed
// over. Update may run several times between two draws; the cursor moves
// only past a captured tick.
func (ex *exporter) exportUpdate(a *app) {
	e := a.opts.Export
	if e == nil || ex.captured != a.pb.Cursor() || ex.captured >= e.To {
		return
	}
	a.pb.Seek(ex.captured + 1)
}

// exportDraw hands the drawn frame over if its tick has not been yet, and
// ends the viewer after the last.
func (ex *exporter) exportDraw(a *app, screen *ebiten.Image) {
	e := a.opts.Export
	if e == nil || a.shotDone || a.readyFrames < shotFrames {
		return
	}
	tick := a.pb.Cursor()
	if tick == ex.captured || tick < e.From {
		return
	}
	b := screen.Bounds()
	if ex.buf == nil || ex.buf.Bounds() != b {
		ex.buf = image.NewRGBA(b)
	}
	screen.ReadPixels(ex.buf.Pix)
	ex.captured = tick
	if err := e.Frame(tick, ex.buf); err != nil {
		a.shotErr, a.shotDone = err, true
		return
	}
	if tick >= e.To {
		a.shotDone = true
	}
}

// writeScreenshot writes img's pixels to path as a PNG, atomically: a
// failed or interrupted write leaves path as it was. It compresses at
// zlib's default level (on a 1280×800 picture of a crowd the best level
// took seven times as long for a file 1 % smaller), the rows cut into
// pieces deflated on every core (ui/pngout; the file is the same on any
// machine); the pixels, and the rows' filters, are image/png's
// (scripts/shotcmp.sh compares pixels).
func writeScreenshot(img *ebiten.Image, path string) error {
	return writePNG(readScreen(img), path)
}

// readScreen reads img's pixels (the frame's drawing finished first).
func readScreen(img *ebiten.Image) *image.RGBA {
	rgba := image.NewRGBA(img.Bounds())
	img.ReadPixels(rgba.Pix)
	ShotMark("pixels read")
	return rgba
}

// writePNG writes rgba to path as writeScreenshot does.
func writePNG(rgba *image.RGBA, path string) error {
	err := atomicfile.Write(path, func(w io.Writer) error { return shotEncode(w, rgba) })
	if err != nil {
		return fmt.Errorf("screenshot: %w", err)
	}
	return nil
}

// shotEncode encodes a picture (a test holds it back: TestShot_PNGWrittenWhileTheWindowCloses).
var shotEncode = pngout.Encode

// shotWrite is a screenshot's PNG (-screenshot, viewer shot) encoded and
// written on a goroutine of its own while the window closes: the frame's
// pixels are read in the frame that drew them, and nothing after needs
// the window (the PNG's 0.04–0.06 s and the close's last frame, its
// present and its teardown, 0.03–0.07 s, were one after the other).
// Run waits for it before it returns.
type shotWrite struct {
	done chan error
	err  error
}

// start reads img's pixels and writes them to path as writeScreenshot
// does, on a goroutine of its own.
func (w *shotWrite) start(img *ebiten.Image, path string) {
	rgba := readScreen(img)
	w.done = make(chan error, 1)
	go func() {
		err := writePNG(rgba, path)
		ShotMark("PNG written")
		w.done <- err
	}()
}

// wait waits for the PNG started, if any, and returns the write's error.
func (w *shotWrite) wait() error {
	if w.done != nil {
		w.err, w.done = <-w.done, nil
	}
	return w.err
}

// shotTimes: with GLIDEPATH_SHOT_TIMES set, a picture's steps are
// printed on stderr with the seconds since the process started (shotT0),
// to find the serial gaps of a shot (docs/benchmarks.md); nothing reads
// the clock otherwise, and the simulation never does.
var (
	shotTimes = os.Getenv("GLIDEPATH_SHOT_TIMES") != ""
	shotT0    = time.Now()
)

// ShotMark prints what a picture has reached and when, under
// GLIDEPATH_SHOT_TIMES (shotTimes).
func ShotMark(what string) {
	if shotTimes {
		fmt.Fprintf(os.Stderr, "shot %7.3f s  %s\n", time.Since(shotT0).Seconds(), what)
	}
}

// screenshotPath is where P saves: next to the input file (the current
// directory for the built-in scenario), named after it and the tick.
func (ex *exporter) screenshotPath(a *app) string {
	dir, base := ".", "glidepath"
	if a.opts.File != "" {
		dir = filepath.Dir(a.opts.File)
		base = strings.TrimSuffix(filepath.Base(a.opts.File), filepath.Ext(a.opts.File))
		base = strings.TrimSuffix(base, ".jsonl")
	}
	for n := 0; ; n++ {
		name := fmt.Sprintf("%s-tick%05d.png", base, a.pb.Cursor())
		if n > 0 {
			name = fmt.Sprintf("%s-tick%05d-%d.png", base, a.pb.Cursor(), n)
		}
		p := filepath.Join(dir, name)
		if _, err := os.Stat(p); os.IsNotExist(err) {
			return p
		}
	}
}

// saveScreenshot writes the window for the P key and says where.
func (ex *exporter) saveScreenshot(a *app, screen *ebiten.Image) {
	a.savePending = false
	p := ex.screenshotPath(a)
	if err := writeScreenshot(screen, p); err != nil {
		a.say(err.Error())
		return
	}
	a.say("saved " + p)
}
