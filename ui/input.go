// Reading Ebitengine's input into the viewer's own terms: mouse state for
// the camera controller, and key presses as commands. Keeping the mapping
// here leaves the camera and the commands testable without a window.

package ui

import (
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"glidepath/ui/camera"
)

// command is something a key asks the viewer to do.
type command uint8

const (
	cmdTopDown command = iota
	cmdIsometric
	cmdPerspective
	cmdFrameAll
)

// keymap is the explicit table of keys and their commands.
var keymap = [...]struct {
	keys []ebiten.Key
	cmd  command
}{
	{[]ebiten.Key{ebiten.KeyDigit1, ebiten.KeyNumpad1}, cmdTopDown},
	{[]ebiten.Key{ebiten.KeyDigit2, ebiten.KeyNumpad2}, cmdIsometric},
	{[]ebiten.Key{ebiten.KeyDigit3, ebiten.KeyNumpad3}, cmdPerspective},
	{[]ebiten.Key{ebiten.KeyF}, cmdFrameAll},
}

// pressedCommands returns the commands whose keys went down this tick, as
// a bit set indexed by command.
func pressedCommands() uint32 {
	var set uint32
	for _, k := range keymap {
		for _, key := range k.keys {
			if inpututil.IsKeyJustPressed(key) {
				set |= 1 << k.cmd
			}
		}
	}
	return set
}

// applyKeys carries out a tick's commands, in command order.
func (a *app) applyKeys(vp camera.Viewport, set uint32) {
	has := func(c command) bool { return set&(1<<c) != 0 }
	switch {
	case has(cmdTopDown):
		a.cam.SetMode(camera.TopDown)
	case has(cmdIsometric):
		a.cam.SetMode(camera.Isometric)
	case has(cmdPerspective):
		a.cam.SetMode(camera.Perspective)
	}
	if has(cmdFrameAll) {
		a.frameAll(vp)
	}
}

// mouseInput reads the mouse for the camera controller. Free will become
// false while the cursor is over a panel.
func mouseInput() camera.Input {
	x, y := ebiten.CursorPosition()
	_, wy := ebiten.Wheel()
	return camera.Input{
		X: float64(x), Y: float64(y),
		Left:   ebiten.IsMouseButtonPressed(ebiten.MouseButtonLeft),
		Right:  ebiten.IsMouseButtonPressed(ebiten.MouseButtonRight),
		Middle: ebiten.IsMouseButtonPressed(ebiten.MouseButtonMiddle),
		Wheel:  wy,
		Free:   true,
	}
}
