//go:build !linux

// Elsewhere a client trace is read (mapped.go).

package clienttrace

import "os"

// mapsFiles says Open maps a regular file.
const mapsFiles = false

// mapFile maps nothing here: the file is read.
func mapFile(f *os.File) (*mapping, bool) { return nil, false }

// Close does nothing.
func (m *mapping) Close() error { return nil }

func releasePages(b []byte) {}
