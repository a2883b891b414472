//go:build !linux

package hugepage

// advise does nothing: huge pages are asked for on Linux alone.
func advise(addr, n uintptr) error { return nil }
