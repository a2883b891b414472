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

// WarnWorldMismatch says once that the recorded positions lie far from
// the dat ground (a warning -quiet keeps): "viewer: warning: recorded
// positions lie 54.7 m below the dat ground of 0xA9B4: is this input from
// this world? (…)".
func WarnWorldMismatch(stderr io.Writer, m *engine.WorldMismatch) {
	if m == nil {
		return
	}
	fmt.Fprintf(stderr, "viewer: warning: %s\n", m.Text())
}

// WorldLine is the world line of a run in w (nil: illustrative).
func WorldLine(w engine.WorldData) string {
	if w == nil {
		return engine.IllustrativeWorld
	}
	return w.Describe()
}
