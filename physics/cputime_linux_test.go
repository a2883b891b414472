// The calling thread's CPU time, for the benchmarks.

package physics

import "syscall"

// threadCPU returns the CPU time the calling OS thread has used, in
// nanoseconds (RUSAGE_THREAD), so a benchmark on a busy machine can report
// its own CPU cost next to the wall-clock time.
func threadCPU() (int64, bool) {
	const rusageThread = 1 // RUSAGE_THREAD
	var ru syscall.Rusage
	if err := syscall.Getrusage(rusageThread, &ru); err != nil {
		return 0, false
	}
	return ru.Utime.Nano() + ru.Stime.Nano(), true
}
