// Screenshots: the window's pixels read back in Draw and written as PNG,
// for looking at what the viewer drew without a human at the screen.

package ui

import (
	"fmt"
	"image"
	"image/png"
	"io"

	"github.com/hajimehoshi/ebiten/v2"

	"glidepath/internal/atomicfile"
)

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
