// The default subcommand: open the visual debugger on a file or the built-in
// default scenario.
package main

import (
	"io"

	"glidepath/ui"
	"glidepath/ui/camera"
)

func runOpen(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("viewer", "viewer [flags] [FILE]", stderr)
	cam := fs.String("camera", "top-down", "starting camera: top-down, isometric or perspective")
	shot := fs.String("screenshot", "", "draw a few frames, write the window to this PNG `file` and exit")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 1 {
		return badInput("too many arguments: want at most one FILE, got %d", fs.NArg())
	}
	mode, ok := cameraModes()[*cam]
	if !ok {
		return badInput("-camera %q: want top-down, isometric or perspective", *cam)
	}
	return ui.Run(ui.Options{Title: "Glidepath", Camera: mode, Screenshot: *shot})
}

// cameraModes names the -camera values.
func cameraModes() map[string]camera.Mode {
	return map[string]camera.Mode{
		camera.TopDown.String():     camera.TopDown,
		camera.Isometric.String():   camera.Isometric,
		camera.Perspective.String(): camera.Perspective,
	}
}
