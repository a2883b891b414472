//go:build !linux

package hugepage

// supported says that this system takes the advice.
const supported = false

// advise does nothing: huge pages are asked for on Linux alone.
func advise(addr, n uintptr) error { return nil }
