// The first view whatever the frames before it: a picture's window draws
// its loading frame, then nothing while the pre-run runs, and Ebitengine
// presents none of those frames after the fourth; a draw into another
// image in one of them (a warm-up's) once left the OpenGL driver's
// uniforms of that draw in place for the picture's first draws, so the
// viewport's triangles were drawn for another destination — the same
// input and tick, another picture (render.Renderer.Begin,
// docs/benchmarks.md "The first view's camera"). Ebitengine's frames
// exist only in a game loop of their own, so each picture here is taken
// by a child process of this test binary running the window as `viewer
// shot` does.

package ui

import (
	"bytes"
	"fmt"
	"image"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"glidepath/assets"
	"glidepath/ui/camera"
	"glidepath/ui/simsource"
)

// The child's mode ("plain" or "forced") and the picture's path.
const (
	framesModeEnv = "GLIDEPATH_UI_FRAMES_MODE"
	framesShotEnv = "GLIDEPATH_UI_FRAMES_SHOT"
)

// forcedFrames is the frame, after the loading frame and four frames that
// drew nothing, at which the forced order draws into another image; the
// picture's frame is two after it, when the render thread has handed
// that frame's command queue back (the frame between waits for it).
const forcedFrames = 8

// framesChild takes the picture of queueScenario at a tick in a window
// of its own, in the plain order or the forced one (above), and returns
// the process's exit status: 0, 1 when the window failed, 3 when the
// forced order was not followed.
func framesChild(mode, out string) int {
	runs, err := simsource.Open(simsource.Spec{Path: queueScenario, Assets: assets.FS()})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	opts := Options{Camera: camera.Isometric, Tick: 90, Paused: true, Size: image.Pt(1024, 640), Screenshot: out}
	for _, r := range runs {
		opts.Sources = append(opts.Sources, r)
	}
	followed := mode != "forced"
	if !followed {
		var other, white *ebiten.Image
		waitHook = func(frame int) bool {
			switch frame {
			case 1, forcedFrames:
				// A draw into another image through Ebitengine's own
				// shader, at forcedFrames in a frame it does not
				// present, its only draw (the images are made and
				// drawn first at frame 1).
				if other == nil {
					other = ebiten.NewImageWithOptions(image.Rect(0, 0, 97, 61), &ebiten.NewImageOptions{Unmanaged: true})
					white = ebiten.NewImage(3, 3)
					white.Fill(image.White)
				}
				v := []ebiten.Vertex{{DstX: 0, DstY: 0, ColorA: 1}, {DstX: 5, DstY: 0, ColorA: 1}, {DstX: 0, DstY: 5, ColorA: 1}}
				other.DrawTriangles32(v, []uint32{0, 1, 2}, white, nil)
			case forcedFrames + 1:
				time.Sleep(100 * time.Millisecond) // the render thread hands the queue back
				followed = true
			}
			return frame <= forcedFrames
		}
	}
	if err := Run(opts); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	if !followed {
		return 3
	}
	return 0
}

// TestShot_FirstViewWhateverTheFramesBefore: the picture after frames
// that drew into another image and were not presented is the picture of
// the plain order, byte for byte.
func TestShot_FirstViewWhateverTheFramesBefore(t *testing.T) {
	dir := t.TempDir()
	shot := func(mode string) []byte {
		out := filepath.Join(dir, mode+".png")
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(), framesModeEnv+"="+mode, framesShotEnv+"="+out)
		if b, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%s: the window's child: %v\n%s", mode, err, b)
		}
		b, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	plain, forced := shot("plain"), shot("forced")
	if !bytes.Equal(plain, forced) {
		t.Errorf("the picture after frames drawn into another image and not presented differs from the plain order's (%d and %d bytes)", len(forced), len(plain))
	}
}
