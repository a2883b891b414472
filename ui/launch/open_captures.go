// Captures in the window: -player, -server-port and -truth-from apply to
// every capture opened; several captures of one session are put on one
// server clock, so that the one cursor shows the same server instant in
// each (docs/real-sessions.md, "The fellowship in one window").

package launch

import (
	"fmt"
	"io"
	"slices"

	"glidepath/engine"
	"glidepath/engine/capture"
	"glidepath/engine/loader"
	"glidepath/internal/cli"
	"glidepath/internal/cmdinput"
	"glidepath/internal/inputfile"
	"glidepath/ui/model"
)

// windowCaptures checks the capture flags and returns each input's capture
// options: the flags' own, and, when two or more inputs are captures, each
// one's shift onto the server clock of the one that started first.
func windowCaptures(cf *cmdinput.CaptureFlags, files []string, stderr io.Writer) (map[string]capture.Options, error) {
	opts, err := cf.Options()
	if err != nil {
		return nil, err
	}
	out := map[string]capture.Options{}
	var caps []string
	for _, f := range files {
		if err := cmdinput.CheckPlayerInput(f, opts); err != nil {
			return nil, err
		}
		out[f] = opts
		if inputfile.Regular(f) && loader.IsCapture(f) && !slices.Contains(caps, f) {
			caps = append(caps, f)
		}
	}
	if len(caps) < 2 {
		return out, nil
	}
	starts, err := capture.ServerStarts(caps, opts)
	if err != nil {
		return nil, cli.UsageError{Err: err}
	}
	first := slices.Min(starts)
	for i, f := range caps {
		o := opts
		o.TimeShift = starts[i] - first
		out[f] = o
		fmt.Fprintf(stderr, "viewer: %s on the server clock: starts %+.3f s after the first capture\n", f, o.TimeShift)
	}
	return out, nil
}

// captureOf looks an input's capture options up in caps.
func captureOf(caps map[string]capture.Options) func(string) capture.Options {
	if caps == nil {
		return nil
	}
	return func(path string) capture.Options { return caps[path] }
}

// openSourcesInWith is openSourcesIn passing each capture its options.
func openSourcesInWith(w engine.WorldData, caps map[string]capture.Options) openFunc {
	if caps == nil {
		return openSourcesIn(w)
	}
	return func(path string, readings []string, sel uint32, stderr io.Writer) ([]model.Source, error) {
		return openGrowing(path, readings, sel, stderr, startAt{whole: true, world: w, capture: captureOf(caps)})
	}
}

// openSourcesFromWith is openSourcesFrom passing each capture its options.
func openSourcesFromWith(tick int, w engine.WorldData, caps map[string]capture.Options) openFunc {
	if caps == nil {
		return openSourcesFrom(tick, w)
	}
	return func(path string, readings []string, sel uint32, stderr io.Writer) ([]model.Source, error) {
		return openGrowing(path, readings, sel, stderr, startAt{tick: tick, world: w, capture: captureOf(caps)})
	}
}

// warnSourcesFloor says, once, the ground the window's first input's run
// stood on without dat files (cmdinput.WarnFloor): shot and export say it
// after their run, as viewer run does.
func warnSourcesFloor(stderr io.Writer, sources []model.Source) {
	for _, src := range sources {
		if s, ok := src.(interface{ Sim() *engine.Sim }); ok {
			cmdinput.WarnFloor(stderr, s.Sim())
			return
		}
	}
}
