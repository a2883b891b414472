// Options: what the command line hands the viewer.

package ui

import (
	"image"

	"glidepath/engine"
	"glidepath/ui/camera"
	"glidepath/ui/model"
	"glidepath/ui/overlay"
	"glidepath/ui/panel"
)

// Options configure the viewer.
type Options struct {
	// Title is the window title.
	Title string
	// Sources are the runs to view, one per reading; the first is selected.
	Sources []model.Source
	// File is the input's path, next to which P saves screenshots; "" saves
	// in the current directory.
	File string
	// Camera is the camera the viewport starts with.
	Camera camera.Mode
	// Tick is the tick to start at; Paused keeps playback stopped (it
	// starts playing otherwise).
	Tick   int
	Paused bool
	// Select is the guid of the object selected at start; 0 for none.
	Select uint32
	// Layers are the overlays shown at start; 0 means every one.
	Layers overlay.Set
	// Size is the window size; zero means 1280×800. With Screenshot set,
	// the image is exactly this size whatever the window.
	Size image.Point
	// Screenshot, when set, makes the viewer pre-run, draw the start tick,
	// write the window as a PNG to this path and exit.
	Screenshot string
	// Tour, when set, starts the guided tour at its first stop (viewer
	// -tour); Enter walks on.
	Tour []TourStop
	// ShotFirst takes the screenshot at the first frame the viewer can
	// draw, without waiting for the pre-run to finish.
	ShotFirst bool
	// Client is a client trace to draw beside retail (viewer -against).
	Client *overlay.ClientTrack
	// Export, when set, makes the viewer pre-run, render every tick of a
	// range like a screenshot and hand each frame over (export.go); Tick
	// should be its first tick.
	Export *Export
	// ExportRange, when set, exports a range of ticks for the E key (the
	// range between two bookmarks) and returns the message for the status
	// line. It runs on its own goroutine.
	ExportRange func(ExportRequest) string
	// SavePack, when set, saves the evidence pack of the moment at the
	// cursor for Shift+P (packsave.go), calling progress with each step,
	// and returns the message for the status line. It runs on its own
	// goroutine.
	SavePack func(req PackRequest, progress func(string)) string
	// Settings is the per-user settings file (ui/settings; "" keeps none).
	// RestoreView applies the view remembered for the input at start;
	// Warn reports a problem once the window has closed (saving them).
	Settings    string
	RestoreView bool
	Warn        func(string)
	// World is the client's world the runs were opened in (nil:
	// illustrative); an input opened from the window, or the dat folder
	// opened there (Shift+W), uses it too.
	World engine.WorldData
	// LiveAlarms, when set, hands over the alarms of a live session
	// following File (viewer live): each is said and bookmarked
	// (live.go).
	LiveAlarms <-chan LiveAlarm
	// Follow appends what is written to File as it grows (its runs grow)
	// and keeps the cursor at the live edge until the user moves it
	// (live.go).
	Follow bool
	// FollowSelection starts with the follow camera on (followcam.go):
	// the selection is kept within the viewport's middle third.
	FollowSelection bool
	// ViewportOnly draws the 3D view alone, filling the window (no top
	// bar, panels or timeline): viewer shot and export -viewport.
	ViewportOnly bool
	// Split draws one viewport per run side by side, cameras linked
	// (split.go); the runs are overlaid in one otherwise.
	Split bool
}

// TourStop is one stop of the guided tour (Options.Tour).
type TourStop = panel.TourStop
