//go:build !linux

package physics

// threadCPU is unavailable off Linux; benchmarks then report wall time only.
func threadCPU() (int64, bool) { return 0, false }
