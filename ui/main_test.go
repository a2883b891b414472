// The test binary runs inside Ebitengine's game loop (notes/viewport.md).

package ui

import (
	"errors"
	"fmt"
	"os"
	"runtime"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// TestMain runs the package's tests inside Ebitengine's game loop, which
// GPU images and ReadPixels need (notes/viewport.md, "UI tests"): the game's
// first Update runs every test and ends the loop. Run under Xvfb:
// xvfb-run -a go test ./ui/... (make test-display does).
func TestMain(m *testing.M) {
	if runtime.GOOS == "linux" && os.Getenv("DISPLAY") == "" && os.Getenv("WAYLAND_DISPLAY") == "" {
		fmt.Println("ui: no display; these tests need one: run them under xvfb-run (make test-display)")
		os.Exit(0)
	}
	if mode := os.Getenv(framesModeEnv); mode != "" {
		os.Exit(framesChild(mode, os.Getenv(framesShotEnv))) // a window of its own (firstview_frames_test.go)
	}
	g := &testGame{m: m}
	ebiten.SetWindowSize(320, 240)
	ebiten.SetWindowTitle("glidepath ui tests")
	if err := ebiten.RunGame(g); err != nil && !errors.Is(err, ebiten.Termination) {
		fmt.Fprintln(os.Stderr, "ui: the test game loop failed:", err)
		os.Exit(1)
	}
	os.Exit(g.code)
}

// testGame runs the tests on its first tick.
type testGame struct {
	m    *testing.M
	code int
}

func (g *testGame) Update() error {
	g.code = g.m.Run()
	return ebiten.Termination
}

func (g *testGame) Draw(*ebiten.Image) {}

func (g *testGame) Layout(w, h int) (int, int) { return w, h }
