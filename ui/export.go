// Export: the viewer renders a range of ticks, one frame per tick, exactly as
// a screenshot would show each (same camera, selection and overlays), and
// hands every frame to the caller, which encodes them (viewer export: an
// animated GIF or numbered PNGs). Like a screenshot, it ignores the mouse and
// keyboard of the machine it runs on. A screenshot is written as a PNG.

package ui

import (
	"fmt"
	"image"
	"image/png"
	"io"

	"glidepath/internal/atomicfile"

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
func (a *app) exportUpdate() {
	e := a.opts.Export
	if e == nil || a.exp.captured != a.pb.Cursor() || a.exp.captured >= e.To {
		return
	}
	a.pb.Seek(a.exp.captured + 1)
}

// exportDraw hands the drawn frame over if its tick has not been yet, and
// ends the viewer after the last.
func (a *app) exportDraw(screen *ebiten.Image) {
	e := a.opts.Export
	if e == nil || a.shotDone || a.readyFrames < shotFrames {
		return
	}
	tick := a.pb.Cursor()
	if tick == a.exp.captured || tick < e.From {
		return
	}
	b := screen.Bounds()
	if a.exp.buf == nil || a.exp.buf.Bounds() != b {
		a.exp.buf = image.NewRGBA(b)
	}
	screen.ReadPixels(a.exp.buf.Pix)
	a.exp.captured = tick
	if err := e.Frame(tick, a.exp.buf); err != nil {
		a.shotErr, a.shotDone = err, true
		return
	}
	if tick >= e.To {
		a.shotDone = true
	}
}

// writeScreenshot writes img's pixels to path as a PNG, atomically: a
// failed or interrupted write leaves path as it was.
func writeScreenshot(img *ebiten.Image, path string) error {
	b := img.Bounds()
	rgba := image.NewRGBA(b)
	img.ReadPixels(rgba.Pix)
	enc := png.Encoder{CompressionLevel: png.BestCompression}
	err := atomicfile.Write(path, func(w io.Writer) error { return enc.Encode(w, rgba) })
	if err != nil {
		return fmt.Errorf("screenshot: %w", err)
	}
	return nil
}
