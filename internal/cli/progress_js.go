//go:build js

// Progress in the web build: the browser has no terminal, so no bar, as on
// the desktop when stderr is a file or a pipe (progress.go); progressbar
// and the HTTP server code it brings stay out of the WebAssembly.

package cli

import "io"

// FrameProgress counts frames (or ticks) done; in the browser it shows
// nothing.
type FrameProgress struct{}

// NewFrameProgress shows nothing: there is no terminal in a browser.
func NewFrameProgress(io.Writer, int, string) FrameProgress { return FrameProgress{} }

func (p FrameProgress) Add() {}

func (p FrameProgress) Finish() {}

// TickProgress shows a run's progress; in the browser, nothing.
type TickProgress struct{}

// ShowProgress is whether a run shows its progress: only on a terminal,
// and never under -quiet.
func ShowProgress(terminal, quiet bool) bool { return terminal && !quiet }

// NewTickProgress shows nothing: there is no terminal in a browser.
func NewTickProgress(io.Writer, bool, string, int) *TickProgress { return &TickProgress{} }

func (p *TickProgress) At(int) {}

func (p *TickProgress) Finish() {}
