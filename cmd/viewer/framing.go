// -follow and -viewport, shared by shot and export: the follow camera
// keeps the selection within the view's middle third (on by default when
// -select is given), and -viewport renders the 3D view alone at the full
// -size, without the panels.
package main

import (
	"flag"

	"glidepath/ui"
)

// framingFlags are -follow and -viewport as given.
type framingFlags struct {
	follow, viewport *bool
	fs               *flag.FlagSet
}

func addFraming(fs *flag.FlagSet) *framingFlags {
	return &framingFlags{
		fs:       fs,
		follow:   fs.Bool("follow", false, "keep the selection within the middle third of the view in every frame (default on when -select is given; -follow=false turns it off)"),
		viewport: fs.Bool("viewport", false, "render the 3D view alone, at the full -size (no panels, timeline or top bar)"),
	}
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
}
