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

// TickProgress shows how far a long run has stepped, as a count of ticks
// on one line of stderr, cleared when it finishes; a nil or zero one
// (stderr a file or a pipe, or -quiet) shows nothing and costs a nil check
// a step.
type TickProgress struct{ bar *progressbar.ProgressBar }

// ShowProgress is whether a run shows its progress: only on a terminal,
// and never under -quiet.
func ShowProgress(terminal, quiet bool) bool { return terminal && !quiet }

// NewTickProgress is a run's progress on stderr, named what ("running
// FILE"), shown when ShowProgress says so, out of total ticks where the
// run's last tick is known before it (engine.KnownLastTick), "-" where it
// is not (total −1).
func NewTickProgress(stderr io.Writer, quiet bool, what string, total int) *TickProgress {
	f, ok := stderr.(*os.File)
	if !ShowProgress(ok && term.IsTerminal(int(f.Fd())), quiet) {
		return &TickProgress{}
	}
	return &TickProgress{bar: progressbar.NewOptions(max(total, -1),
		progressbar.OptionSetWriter(f),
		progressbar.OptionSetDescription(what),
		progressbar.OptionShowCount(),
		progressbar.OptionShowIts(),
		progressbar.OptionSetItsString("ticks"),
		progressbar.OptionThrottle(100_000_000),
		progressbar.OptionClearOnFinish(),
	)}
}

// At says the run has stepped to tick.
func (p *TickProgress) At(tick int) {
	if p != nil && p.bar != nil {
		p.bar.Set(tick)
	}
}

// Finish clears the line; once done, it shows nothing more.
func (p *TickProgress) Finish() {
	if p != nil && p.bar != nil {
		p.bar.Finish()
		p.bar = nil
	}
}
