// The viewer remembers, per user, each input's view (ui/settings, in the
// user's configuration directory). The remembered view is restored unless
// the command line asks for a camera, a selection or a start tick; a
// screenshot never reads or writes the settings, so it depends on the
// command line alone.

package launch

import (
	"flag"
	"fmt"
	"io"

	"glidepath/internal/cli"
	"glidepath/ui"
	"glidepath/ui/settings"
)

func rememberViews(opts *ui.Options, fs *flag.FlagSet, stderr io.Writer) {
	path, err := settings.DefaultPath()
	if err != nil {
		return // no configuration directory: nothing is remembered
	}
	opts.Settings = path
	opts.RestoreView = !cli.IsSet(fs, "camera") && !cli.IsSet(fs, "select") && !cli.IsSet(fs, "tick")
	opts.Warn = func(msg string) { fmt.Fprintf(stderr, "viewer: warning: %s\n", msg) }
}
