// The window commands (viewer, shot, export) need a display. Without one the
// window system's own error ("no window system is available: fbdev: …")
// does not say what to do; README "No display?" does, so the error says it
// too.

package launch

import (
	"fmt"
	"os"
	"runtime"
)

// NoDisplay reports whether this is an X11/Wayland system with neither
// DISPLAY nor WAYLAND_DISPLAY set.
func NoDisplay() bool {
	switch runtime.GOOS {
	case "windows", "darwin", "ios", "android", "js":
		return false
	}
	return os.Getenv("DISPLAY") == "" && os.Getenv("WAYLAND_DISPLAY") == ""
}

// displayHint adds to a window's failure how to run it without a display;
// the error (and so the exit status) is otherwise unchanged.
func displayHint(err error) error {
	if err == nil || !NoDisplay() {
		return err
	}
	return fmt.Errorf("%w\n  no display (DISPLAY is not set): run it under a virtual X server, xvfb-run -a viewer … (Debian: apt-get install xvfb xauth)", err)
}
