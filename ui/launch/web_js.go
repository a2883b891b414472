//go:build js

// The web viewer (docs/web.md "What the web build holds") opens the page's
// input alone, under the page's flags: what the desktop window takes from
// the headless subcommands — a client trace beside the run (-against, read
// by viewer diff's code), a what-if run (-whatif, the whatif subcommand's
// conditions), E's export and Shift+P's evidence pack (this viewer run
// again as a child process) — is left out of its WebAssembly. The flags
// still parse, and say so when given; E and Shift+P say in the window that
// they are not available here.

package launch

import (
	"io"

	"glidepath/engine"
	"glidepath/internal/cli"
	"glidepath/ui"
	"glidepath/ui/model"
)

// notInBrowser is the bad-input error of a flag the web build does not hold.
func notInBrowser(flag string) error {
	return cli.BadInput("%s: not in the web viewer, which opens its input alone; run the desktop viewer (docs/web.md)", flag)
}

// applyAgainst refuses -against (against.go on the desktop).
func applyAgainst(_ *ui.Options, path string, _ bool) error {
	if path == "" {
		return nil
	}
	return notInBrowser("-against")
}

// whatifSpec is -whatif's value, kept as given (open_whatif.go on the
// desktop parses it).
type whatifSpec struct{ raw string }

func (w *whatifSpec) String() string { return w.raw }

func (w *whatifSpec) Set(s string) error {
	w.raw = s
	return nil
}

// checkWhatif refuses -whatif.
func checkWhatif([]string, bool, string) error { return notInBrowser("-whatif") }

// whatifSources is never reached: checkWhatif refused -whatif first.
func whatifSources(string, string, *whatifSpec, engine.WorldData, io.Writer) ([]model.Source, error) {
	return nil, notInBrowser("-whatif")
}

// childActions leaves the window's E and Shift+P unset: a page runs no
// child process, and the window says they are not available here.
func (Wiring) childActions(*ui.Options, []string, bool) {}
