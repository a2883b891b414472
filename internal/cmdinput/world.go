package cmdinput

import (
	"bytes"
	"fmt"
	"io"

	"glidepath/engine"
	"glidepath/internal/plural"
)

// WarnFallbacks says once which items the dats lacked (a warning -quiet
// does not hide).
func WarnFallbacks(stderr io.Writer, fb []engine.Fallback) {
	if len(fb) == 0 {
		return
	}
	fmt.Fprintf(stderr, "viewer: warning: the dat files lack %s; each falls back alone:\n", plural.Count(len(fb), "item"))
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

// SayWorld prints the world line, "world: illustrative (no dat files; see
// docs/world.md)", once the command line and its inputs are accepted: a
// usage error prints only the error (and the usage). viewer run and the
// window say it through here.
func SayWorld(stderr io.Writer, w engine.WorldData) {
	fmt.Fprintf(stderr, "world: %s\n", WorldLine(w))
}

// WarnFloor says once what a run of a capture stood on without the dat
// ground: "viewer: no dat files: ground from the server's positions in 14
// cells" (engine.Sim.FloorNotice, physics.Floors; docs/real-sessions.md).
// Every command that runs the pipeline says it through here, of the first
// of sims that keeps such a floor, after its run; nothing for an input
// without one.
func WarnFloor(stderr io.Writer, sims ...*engine.Sim) {
	for _, s := range sims {
		if s == nil {
			continue
		}
		if n := s.Query().FloorNotice(); n != "" {
			fmt.Fprintf(stderr, "viewer: %s\n", n)
			return
		}
	}
}

// WithoutFloorNotice returns w less WarnFloor's lines, for the subcommands
// a command runs on its own copies of the input (pack's shrink, run and
// export steps): the command says the notice once, of its input.
func WithoutFloorNotice(w io.Writer) io.Writer { return floorFilter{w} }

type floorFilter struct{ w io.Writer }

func (f floorFilter) Write(p []byte) (int, error) {
	// WarnFloor writes its line in one Write.
	for _, n := range [...]string{"viewer: no dat files: ground from the server's positions", "viewer: dat terrain outdoors; indoor ground from the server's positions"} {
		if bytes.HasPrefix(p, []byte(n)) {
			return len(p), nil
		}
	}
	return f.w.Write(p)
}
