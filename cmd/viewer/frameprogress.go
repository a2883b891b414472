// Progress of long subcommands: a bar on stderr when it is a terminal
// (progressbar), nothing when it is a file or a pipe, so logs and tests see
// only the final line.

package main

import (
	"io"
	"os"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
)

// frameProgress counts frames (or ticks) done; the zero value shows nothing.
type frameProgress struct{ bar *progressbar.ProgressBar }

// newFrameProgress shows a bar of total steps on w if w is a terminal.
func newFrameProgress(w io.Writer, total int, what string) frameProgress {
	f, ok := w.(*os.File)
	if !ok || !term.IsTerminal(int(f.Fd())) {
		return frameProgress{}
	}
	return frameProgress{bar: progressbar.NewOptions(total,
		progressbar.OptionSetWriter(w),
		progressbar.OptionSetDescription(what),
		progressbar.OptionShowCount(),
		progressbar.OptionSetPredictTime(true),
		progressbar.OptionClearOnFinish(),
	)}
}

func (p frameProgress) add() {
	if p.bar != nil {
		p.bar.Add(1)
	}
}

func (p frameProgress) finish() {
	if p.bar != nil {
		p.bar.Finish()
	}
}
