package cmdinput

import (
	"fmt"
	"io"

	"glidepath/engine"
)

// WarnFallbacks says once which items the dats lacked (a warning -quiet
// does not hide).
func WarnFallbacks(stderr io.Writer, fb []engine.Fallback) {
	if len(fb) == 0 {
		return
	}
	fmt.Fprintf(stderr, "viewer: warning: the dat files lack %d item(s); each falls back alone:\n", len(fb))
	for _, f := range fb {
		line := fmt.Sprintf("  %s %s: %s", f.Kind, f.ID, f.Used)
		if f.Problem != "" {
			line += " (" + f.Problem + ")"
		}
		fmt.Fprintln(stderr, line)
	}
}

// WorldLine is the world line of a run in w (nil: illustrative).
func WorldLine(w engine.WorldData) string {
	if w == nil {
		return engine.IllustrativeWorld
	}
	return w.Describe()
}
