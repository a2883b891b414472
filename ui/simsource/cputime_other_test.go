//go:build !linux

package simsource

// threadCPU is unavailable off Linux; benchmarks then report wall time only.
func threadCPU() (int64, bool) { return 0, false }

func processCPU() (int64, bool) { return 0, false }
