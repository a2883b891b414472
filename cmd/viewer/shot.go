//go:build !js

// viewer shot and viewer export: the window drawn off screen to a PNG, or a
// range of ticks to a GIF or PNGs (ui/launch). The web viewer only opens
// the window, so its build holds neither (subcommands_js.go).

package main

import "io"

func runShot(args []string, stdout, stderr io.Writer) error {
	pictureMemory()
	return wiring().Shot(args, stdout, stderr)
}

func runExport(args []string, stdout, stderr io.Writer) error {
	pictureMemory()
	return wiring().Export(args, stdout, stderr)
}
