// Checks the subcommands share: flags set on the command line, the cap on
// ticks, and the warning for events
// of unknown types a recording held.

package cli

import (
	"flag"
	"fmt"
	"io"
	"strings"

	"glidepath/engine"
	"glidepath/engine/recording"
)

// IsSet reports whether the flag name was given on the command line (an
// empty value, -compare=, counts as given).
func IsSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

// CheckTicks refuses -ticks past the longest run the engine takes
// (engine.MaxTicks: the 48 h a recording may span, engine.MaxRunSeconds) at
// the input's tick rate, so a typo cannot start a run that grows for hours.
func CheckTicks(ticks, rate int) error {
	if max := engine.MaxTicks(rate); ticks > max {
		return BadInput("-ticks %d: more than the limit of %d ticks (%d h at %d Hz)", ticks, max, engine.MaxRunSeconds/3600, rate)
	}
	return nil
}

// WarnSkipped prints the warning docs/formats.md promises for events of
// unknown types: how many, their types and the first line.
func WarnSkipped(stderr io.Writer, rec *recording.Recording) {
	if rec == nil || rec.Skipped == 0 {
		return
	}
	fmt.Fprintf(stderr, "viewer: warning: %s\n", skippedWarning(rec.Name, rec.Skipped, rec.SkippedTypes, rec.SkippedLine))
}

// WarnSkippedSource is WarnSkipped for a streamed input, once the stream
// has been read to its end.
func WarnSkippedSource(stderr io.Writer, src recording.Source) {
	r, ok := src.(interface {
		Skipped() int
		SkippedTypes() []string
		SkippedLine() int
	})
	if !ok || r.Skipped() == 0 {
		return
	}
	fmt.Fprintf(stderr, "viewer: warning: %s\n", skippedWarning(src.Name(), r.Skipped(), r.SkippedTypes(), r.SkippedLine()))
}

// skippedWarning is the warning's text.
func skippedWarning(name string, n int, types []string, first int) string {
	events := "events"
	if n == 1 {
		events = "event"
	}
	return fmt.Sprintf("%s:%d: skipped %d %s of unknown type (%s), the first on this line",
		name, first, n, events, strings.Join(types, ", "))
}
