// Screenshots: the window's pixels read back in Draw and written as PNG,
// for looking at what the viewer drew without a human at the screen.

package ui

import (
	"fmt"
	"image"
	"image/png"
	"os"

	"github.com/hajimehoshi/ebiten/v2"
)

// writeScreenshot writes img's pixels to path as a PNG.
func writeScreenshot(img *ebiten.Image, path string) error {
	b := img.Bounds()
	rgba := image.NewRGBA(b)
	img.ReadPixels(rgba.Pix)
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("screenshot: %w", err)
	}
	enc := png.Encoder{CompressionLevel: png.BestCompression}
	if err := enc.Encode(f, rgba); err != nil {
		f.Close()
		return fmt.Errorf("screenshot: %w", err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("screenshot: %w", err)
	}
	return nil
}
