// The application shell: window setup and the Ebitengine game loop. Update
// holds all logic at a fixed tick; Draw only draws.
package ui

import (
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
)

// Options configure the window.
type Options struct {
	Title string
}

// Run opens the window and blocks until it is closed.
func Run(opts Options) error {
	ebiten.SetWindowTitle(opts.Title)
	ebiten.SetWindowSize(1280, 800)
	ebiten.SetWindowResizingMode(ebiten.WindowResizingModeEnabled)
	return ebiten.RunGame(&app{})
}

type app struct{}

func (a *app) Update() error { return nil }

// Draw shows a top-down grid of one landblock: 8×8 outdoor cells of 24 m.
func (a *app) Draw(screen *ebiten.Image) {
	screen.Fill(color.RGBA{0x1b, 0x1f, 0x24, 0xff})
	w, h := screen.Bounds().Dx(), screen.Bounds().Dy()
	size := float32(min(w, h)) * 0.8
	x0, y0 := (float32(w)-size)/2, (float32(h)-size)/2
	grid := color.RGBA{0x4a, 0x55, 0x60, 0xff}
	for i := 0; i <= 8; i++ {
		t := float32(i) / 8 * size
		vector.StrokeLine(screen, x0+t, y0, x0+t, y0+size, 1, grid, true)
		vector.StrokeLine(screen, x0, y0+t, x0+size, y0+t, 1, grid, true)
	}
}

func (a *app) Layout(w, h int) (int, int) { return w, h }
