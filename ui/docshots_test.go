// The docs' screenshots of window states no command line reaches (a range
// selected, a panel dragged wider, a tooltip): with GLIDEPATH_DOC_SHOTS
// set to a directory, TestDocShots writes them there as PNGs
// (xvfb-run -a -s "-screen 0 1280x800x24" env GLIDEPATH_DOC_SHOTS=docs/img
// go test ./ui/ -run TestDocShots). Without it the test is skipped.

package ui

import (
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"glidepath/engine/bookmarks"
	"glidepath/ui/camera"
)

// docShot draws a frame of a and writes it to dir/name.
func docShot(t *testing.T, a *app, dir, name string) {
	t.Helper()
	a.readyFrames = shotFrames + 1
	frame(t, a) // widgets lay out on the first frame
	px := frame(t, a)
	f, err := os.Create(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	enc := png.Encoder{CompressionLevel: png.BestCompression}
	if err := enc.Encode(f, px); err != nil {
		t.Fatal(err)
	}
}

func TestDocShots(t *testing.T) {
	dir := os.Getenv("GLIDEPATH_DOC_SHOTS")
	if dir == "" {
		t.Skip("GLIDEPATH_DOC_SHOTS is not set")
	}
	shots := map[string]func(t *testing.T) *app{
		// Bookmarks on the cliff: the list (F4), the label box open at
		// tick 440, the flags on the ruler.
		"bookmarks.png": func(t *testing.T) *app {
			path := scenarioCopy(t, "cliff.yaml")
			sc, _ := bookmarks.Load(path)
			sc.Bookmarks.Add(120, "first stall")
			sc.Bookmarks.Add(400, "slope")
			sc.Bookmarks.Add(620, "blips start")
			if err := sc.Save(); err != nil {
				t.Fatal(err)
			}
			a := openAppWith(t, path, nil, Options{File: path, Camera: camera.Isometric, Tick: 440, Paused: true, Select: 0x80001201, Size: image.Pt(1280, 800)})
			a.marks.Shown = true
			a.marks.startBookmark(a)
			a.marks.Text = []rune("climb fails")
			return a
		},
		// The runner's first blip: the pipeline panel leads with its cause
		// chain, the right column dragged wider, a range selected.
		"runner-cause.png": func(t *testing.T) *app {
			a := openAppWith(t, "../assets/scenarios/runner.yaml", nil, Options{Camera: camera.Isometric, Tick: 79, Paused: true, Size: image.Pt(1280, 800), Select: 0x80000C01})
			a.rs.setRightWidth(a, 520)
			a.rs.setSplit(a, 380)
			a.tl.View.Show(79)
			x := func(tick int) float64 { return a.tl.View.XOf(float64(tick)) }
			y := a.tl.Rect().Y + 60
			a.in.shift = true
			a.routeMouse(camera.Input{X: x(60), Y: y, Left: true, Free: true}, true, false)
			a.routeMouse(camera.Input{X: x(140), Y: y, Left: true, Free: true}, false, false)
			a.routeMouse(camera.Input{X: x(140), Y: y, Free: true}, false, false)
			a.in.shift = false
			if err := a.Update(); err != nil {
				t.Fatal(err)
			}
			return a
		},
		// The Messages panel (Shift+M) on the runner at its first blip,
		// ±2 ticks, an UpdatePosition opened to its fields and bytes.
		"messages.png": func(t *testing.T) *app {
			a := openAppWith(t, "../assets/scenarios/runner.yaml", nil, Options{Camera: camera.Isometric, Tick: 79, Paused: true, Size: image.Pt(1280, 800), Select: 0x80000C01})
			a.apply(cmdMessages)
			a.msgs.Span = 1
			if err := a.Update(); err != nil {
				t.Fatal(err)
			}
			for i, l := range a.msgs.Lines {
				if l.Head && l.Event >= 0 && strings.Contains(l.Text, "position") {
					a.msgs.Opened = map[int]bool{a.msgs.Lines[i].Event: true}
					a.msgs.Lines = nil
					break
				}
			}
			if err := a.Update(); err != nil {
				t.Fatal(err)
			}
			return a
		},
	}
	for name, open := range shots {
		t.Run(name, func(t *testing.T) { docShot(t, open(t), dir, name) })
	}
}
