// Opening an evidence pack (a `viewer pack -o FILE.zip`) as the window's
// input: the pack's shrunk recording is opened at the pack's moment, its
// object selected and under its reading, unless the command line says
// otherwise. This is how the web viewer opens a pack dropped on its page or
// named by `?url=` (docs/web.md), and the desktop viewer opens one the same
// way. The zip is read by internal/packzip.

package launch

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"

	"glidepath/internal/cli"
	"glidepath/internal/packzip"
)

// openPackArgs rewrites the window's command line when its one input is an
// evidence pack zip: the input becomes the pack's recording, extracted to a
// temporary folder, and -tick, -select and -reading default to the pack's
// moment, object and reading (a flag given on the command line wins). It
// returns the window's title for the pack — the zip's name and its
// README heading, which names the pack's tick — or "" for any other input.
func openPackArgs(fs *flag.FlagSet, stderr io.Writer) (string, error) {
	if fs.NArg() != 1 || !packzip.Is(fs.Arg(0)) {
		return "", nil
	}
	dir, err := os.MkdirTemp("", "glidepath-pack-")
	if err != nil {
		return "", fmt.Errorf("opening the evidence pack %s: %w", fs.Arg(0), err)
	}
	m, err := packzip.Open(fs.Arg(0), dir)
	if bad := (*packzip.Error)(nil); errors.As(err, &bad) {
		return "", cli.UsageError{Err: err} // exit status 2
	}
	if err != nil {
		return "", err
	}
	for _, nv := range [][2]string{{"tick", strconv.Itoa(m.Tick)}, {"select", m.GUID}, {"reading", m.Reading}} {
		name, v := nv[0], nv[1]
		if !cli.IsSet(fs, name) && fs.Lookup(name) != nil {
			if err := fs.Set(name, v); err != nil {
				return "", cli.BadInput("%s: README.md: %s %q: %v", fs.Arg(0), name, v, err)
			}
		}
	}
	fmt.Fprintf(stderr, "viewer: evidence pack %s: its recording at tick %d, %s selected, reading %s\n", fs.Arg(0), m.Tick, m.GUID, m.Reading)
	return filepath.Base(fs.Arg(0)) + ": " + m.Heading, fs.Parse([]string{m.Recording})
}
