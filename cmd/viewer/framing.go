// -follow and -viewport, shared by shot and export: the follow camera
// keeps the selection within the view's middle third (on by default when
// -select is given), and -viewport renders the 3D view alone at the full
// -size, without the panels.
package main

import (
	"flag"

	"glidepath/internal/cli"
	"glidepath/ui"
)

// framingFlags are -follow and -viewport as given.
type framingFlags struct {
	follow, viewport *bool
	layout           *string
	fs               *flag.FlagSet
}

func addFraming(fs *flag.FlagSet) *framingFlags {
	return &framingFlags{
		fs:       fs,
		follow:   fs.Bool("follow", false, "keep the selection within the middle third of the view in every frame (default on when -select is given; -follow=false turns it off)"),
		viewport: fs.Bool("viewport", false, "render the 3D view alone, at the full -size (no panels, timeline or top bar)"),
		layout:   addLayout(fs),
	}
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

// apply sets the options: -follow as given, else on with a -select.
func (f *framingFlags) apply(opts *ui.Options, sel string) {
	follow := sel != ""
	f.fs.Visit(func(fl *flag.Flag) {
		if fl.Name == "follow" {
			follow = *f.follow
		}
	})
	opts.FollowSelection, opts.ViewportOnly = follow, *f.viewport
	opts.Split, _ = parseLayout(*f.layout)
}
