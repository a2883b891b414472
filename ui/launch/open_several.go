// Several inputs in one window (viewer A B …, viewer shot A B …): each is
// run under the readings, all share one cursor counted in the first
// input's ticks, and a shorter input stays at its end (docs/viewer.md,
// "Several inputs").

package launch

import (
	"math"
	"path/filepath"
	"strings"

	"glidepath/internal/cli"
	"glidepath/ui/model"
)

// checkSeveral refuses what several inputs cannot do: follow a file being
// written, or compare with one client trace.
func checkSeveral(files []string, follow bool, against string) error {
	if len(files) < 2 {
		return nil
	}
	switch {
	case follow:
		return cli.BadInput("-follow follows one FILE, got %d", len(files))
	case against != "":
		return cli.BadInput("-against compares one INPUT with the client trace, got %d inputs", len(files))
	}
	return nil
}

// stripLast is the last tick of the window's timeline: the longest input's
// end in the first input's ticks.
func stripLast(srcs []model.Source) int {
	rate0 := srcs[0].Info().TickRate
	last := 0
	for _, s := range srcs {
		info := s.Info()
		t := info.LastTick
		if info.TickRate != rate0 && info.TickRate > 0 && rate0 > 0 {
			t = int(math.Ceil(float64(t) * float64(rate0) / float64(info.TickRate)))
		}
		last = max(last, t)
	}
	return last
}

// windowTitle names the inputs shown: the first as given, the others by
// file name (readings of one input name it once).
func windowTitle(srcs []model.Source) string {
	var names []string
	prev := ""
	for i, s := range srcs {
		f := s.Info().File
		if i > 0 && f == prev {
			continue
		}
		prev = f
		if i > 0 {
			f = filepath.Base(f)
		}
		names = append(names, f)
	}
	return strings.Join(names, " · ")
}
