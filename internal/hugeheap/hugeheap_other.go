//go:build !linux

package hugeheap

// prepare does nothing: huge-page advice is Linux's.
func prepare(int64) {}
