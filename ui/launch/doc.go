// Package launch holds the window commands: the default subcommand (open
// the viewer on recordings, scenarios, captures, packs or a followed file),
// viewer shot and viewer export, with what they share — the inputs read
// and checked before any window opens, the framing, the guided tour, the
// client trace laid beside a run, the evidence packs saved from the window
// and the export's GIF and PNG sinks. cmd/viewer parses the command line
// and hands each of these its Wiring: its flag helpers, the -dat flag
// every subcommand shares and the window itself.
package launch

import (
	"flag"
	"io"
	"os/exec"

	"glidepath/engine"
	"glidepath/ui"
)

// Wiring is what the window commands take from cmd/viewer.
type Wiring struct {
	// NewFlagSet returns a subcommand's flag set, its usage naming it.
	NewFlagSet func(name, synopsis string, stderr io.Writer) *flag.FlagSet
	// ParseFlags parses the flags, a flag error being a usage error.
	ParseFlags func(fs *flag.FlagSet, args []string) error
	// ParseInterspersed parses flags and files in any order, returning
	// the files.
	ParseInterspersed func(fs *flag.FlagSet, args []string) ([]string, error)
	// AddDat adds the -dat flag to fs; what it returns opens the world
	// the flag names once fs is parsed.
	AddDat func(fs *flag.FlagSet) OpenWorld
	// Window opens the window (ui.Run when nil); the tests of what the
	// flags make of the options put a recorder here.
	Window func(ui.Options) error
	// PackCommand makes the child process that runs viewer pack with
	// args for the window's Shift+P (this executable when nil; a test
	// runs its own binary's helper instead).
	PackCommand func(args []string) (*exec.Cmd, error)
	// LiveAlarms, when set, are the alarms of viewer live's session
	// beside the window Open opens (ui.Options.LiveAlarms).
	LiveAlarms <-chan ui.LiveAlarm
}

// OpenWorld opens the client's world the -dat flag, $GLIDEPATH_DAT or
// (remembered) the folder the viewer remembers names: nil, nil when there
// are no dat files.
type OpenWorld func(stderr io.Writer, remembered bool) (engine.WorldData, error)

// window is Wiring.Window, or ui.Run.
func (wire Wiring) window() func(ui.Options) error {
	if wire.Window != nil {
		return wire.Window
	}
	return ui.Run
}
