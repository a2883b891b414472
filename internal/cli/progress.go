//go:build !js

// Progress of long subcommands: a bar on stderr when it is a terminal
// (progressbar), nothing when it is a file or a pipe, so logs and tests see
// only the final line.

package cli

import (
	"io"
	"os"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
)

// FrameProgress counts frames (or ticks) done; the zero value shows nothing.
type FrameProgress struct{ bar *progressbar.ProgressBar }

// NewFrameProgress shows a bar of total steps on w if w is a terminal.
func NewFrameProgress(w io.Writer, total int, what string) FrameProgress {
	f, ok := w.(*os.File)
	if !ok || !term.IsTerminal(int(f.Fd())) {
		return FrameProgress{}
	}
	return FrameProgress{bar: progressbar.NewOptions(total,
		progressbar.OptionSetWriter(w),
		progressbar.OptionSetDescription(what),
		progressbar.OptionShowCount(),
		progressbar.OptionSetPredictTime(true),
		progressbar.OptionClearOnFinish(),
	)}
}

func (p FrameProgress) Add() {
	if p.bar != nil {
		p.bar.Add(1)
	}
}

func (p FrameProgress) Finish() {
	if p.bar != nil {
		p.bar.Finish()
	}
}
