// -track and -viewport, shared by shot and export: the follow camera
// keeps the selection within the view's middle third (on by default when
// -select is given), and -viewport renders the 3D view alone at the full
// -size, without the panels. -follow is the camera's old name here and
// still works, with a notice: on viewer and viewer run -follow follows a
// file being written, so the camera has a name of its own.

package launch

import (
	"flag"
	"fmt"
	"io"

	"glidepath/internal/cli"
	"glidepath/ui"
)

// trackUsage is -track's help, the same on viewer, shot and export.
const trackUsage = "keep the selection within the middle third of the view in every frame, the follow camera (default on when -select is given; -track=false turns it off)"

// framingFlags are -track (-follow), -viewport and -layout as given.
type framingFlags struct {
	track, follow, viewport *bool
	layout                  *string
	fs                      *flag.FlagSet
}

func addFraming(fs *flag.FlagSet) *framingFlags {
	return &framingFlags{
		fs:       fs,
		track:    fs.Bool("track", false, trackUsage),
		follow:   fs.Bool("follow", false, "the old name of -track here (on viewer and viewer run -follow follows a file being written)"),
		viewport: fs.Bool("viewport", false, "render the 3D view alone, at the full -size (no panels, timeline or top bar)"),
		layout:   addLayout(fs),
	}
}

// trackChoice is the follow camera as -track says (its default: on with a
// selection); given reports whether -track was set at all.
func trackChoice(fs *flag.FlagSet, track bool, sel string) (on, given bool) {
	if cli.IsSet(fs, "track") {
		return track, true
	}
	return sel != "", false
}

// addLayout adds -layout: overlay (one view) or split (one per run).
func addLayout(fs *flag.FlagSet) *string {
	return fs.String("layout", "overlay", "with -compare or several inputs: `overlay` (every run in one view) or split (one view per run side by side, cameras linked)")
}

// parseLayout reads -layout; split reports side by side.
func parseLayout(s string) (split bool, err error) {
	switch s {
	case "overlay":
		return false, nil
	case "split":
		return true, nil
	}
	return false, cli.BadInput("-layout %q: want overlay or split", s)
}

// check reports a bad -layout.
func (f *framingFlags) check() error {
	_, err := parseLayout(*f.layout)
	return err
}

// apply sets the options: -track as given, else -follow as given (with a
// one-line notice naming -track on stderr), else on with a -select.
func (f *framingFlags) apply(opts *ui.Options, sel string, stderr io.Writer) {
	follow, given := trackChoice(f.fs, *f.track, sel)
	if cli.IsSet(f.fs, "follow") {
		fmt.Fprintf(stderr, "viewer: %s: -follow is -track here (the follow camera); viewer -follow follows a file being written\n", f.fs.Name())
		if !given {
			follow = *f.follow
		}
	}
	opts.FollowSelection, opts.ViewportOnly = follow, *f.viewport
	opts.Split, _ = parseLayout(*f.layout)
	sayLoneSplit(opts, f.fs.Name(), stderr)
}

// sayLoneSplit says in one line on stderr that -layout split has one run
// to show (one input under one reading), so one view is drawn, as Shift+C
// says in the window — rather than taking the flag in silence.
func sayLoneSplit(opts *ui.Options, cmd string, stderr io.Writer) {
	if opts.Split && len(opts.Sources) < 2 {
		who := "viewer: " + cmd + ": "
		if cmd == "viewer" {
			who = "viewer: " // the window's own command line
		}
		fmt.Fprintf(stderr, "%s-layout split: side by side needs -compare or several inputs; one view is drawn\n", who)
	}
}

// addAgainst declares -against on fs, for open and shot (what it reads:
// against.go; the web build has none, web_js.go).
func addAgainst(fs *flag.FlagSet) *string {
	return fs.String("against", "", "draw the client trace `CLIENT_TRACE` (JSONL, CSV or a Glidepath trace) beside retail: key U toggles it")
}
