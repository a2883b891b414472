// Package memguard is the viewer's memory guard: the backstop behind the
// explicit input limits (docs/formats.md, "Limits"). Go's
// runtime/debug.SetMemoryLimit is a soft limit — it makes the collector work
// harder as the heap nears it but never refuses an
// allocation — so on its own a runaway run still ends in the kernel's OOM
// killer or a Go "out of memory" crash with a goroutine dump. The guard
// therefore also polls the memory the runtime holds (runtime/metrics) and,
// past the limit, removes pending outputs and exits with status 1 and a
// message saying what to do.
package memguard

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"os"
	"runtime/debug"
	"runtime/metrics"
	"strconv"
	"strings"
	"time"

	"glidepath/internal/atomicfile"
	"glidepath/internal/cli"
)

// memoryLimitEnv overrides the limit: bytes, or a number with KiB, MiB or
// GiB; "off" turns the guard off.
const memoryLimitEnv = "GLIDEPATH_MEMORY_LIMIT"

// memoryPoll is how often the guard reads the runtime's memory.
const memoryPoll = 25 * time.Millisecond

// memoryLimit is the guard's limit in bytes (0: no guard) and where it came
// from: GLIDEPATH_MEMORY_LIMIT, else GOMEMLIMIT, else three quarters of the
// machine's memory (or of the cgroup's, when that is smaller).
func memoryLimit() (int64, string, error) {
	if s := strings.TrimSpace(os.Getenv(memoryLimitEnv)); s != "" {
		if s == "off" {
			return 0, memoryLimitEnv, nil
		}
		n, err := parseBytes(s)
		if err != nil {
			return 0, "", cli.BadInput("%s=%q: %v", memoryLimitEnv, s, err)
		}
		return n, memoryLimitEnv, nil
	}
	if l := debug.SetMemoryLimit(-1); l != math.MaxInt64 {
		return l, "GOMEMLIMIT", nil
	}
	total := physicalMemory()
	if c := cgroupMemory(); c > 0 && (total == 0 || c < total) {
		total = c
	}
	return total / 4 * 3, "three quarters of the memory available", nil
}

// parseBytes reads 512MiB, 2GiB, 1048576.
func parseBytes(s string) (int64, error) {
	mult := int64(1)
	for _, u := range []struct {
		suffix string
		m      int64
	}{{"KiB", 1 << 10}, {"MiB", 1 << 20}, {"GiB", 1 << 30}, {"TiB", 1 << 40}} {
		if strings.HasSuffix(s, u.suffix) {
			s, mult = strings.TrimSpace(strings.TrimSuffix(s, u.suffix)), u.m
			break
		}
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n <= 0 || n > math.MaxInt64/mult {
		return 0, fmt.Errorf("want a size such as 2GiB, 512MiB or a number of bytes")
	}
	return n * mult, nil
}

// physicalMemory is MemTotal from /proc/meminfo (0 when unknown).
func physicalMemory() int64 {
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "MemTotal:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")), 10, 64)
			if err == nil {
				return kb << 10
			}
		}
	}
	return 0
}

// cgroupMemory is the cgroup v2 memory.max (0 when none).
func cgroupMemory() int64 {
	b, err := os.ReadFile("/sys/fs/cgroup/memory.max")
	if err != nil {
		return 0
	}
	n, err := strconv.ParseInt(strings.TrimSpace(string(b)), 10, 64)
	if err != nil {
		return 0
	}
	return n
}

// memoryMetrics are what the guard reads: everything mapped, less what was
// returned to the system.
var memoryMetrics = []metrics.Sample{{Name: "/memory/classes/total:bytes"}, {Name: "/memory/classes/heap/released:bytes"}}

// heldMemory is the memory the Go runtime holds from the system.
func heldMemory(s []metrics.Sample) int64 {
	metrics.Read(s)
	return int64(s[0].Value.Uint64()) - int64(s[1].Value.Uint64())
}

// Guard sets the soft limit to 90% of the limit and starts the
// watchdog. A bad GLIDEPATH_MEMORY_LIMIT is a usage error.
func Guard(stderr io.Writer) error {
	limit, from, err := memoryLimit()
	if err != nil || limit <= 0 {
		return err
	}
	debug.SetMemoryLimit(limit / 10 * 9)
	go func() {
		s := append([]metrics.Sample(nil), memoryMetrics...)
		for range time.Tick(memoryPoll) {
			if held := heldMemory(s); held > limit {
				fmt.Fprintf(stderr, "viewer: out of memory: the run holds %s, over the limit of %s (%s); "+
					"give a smaller input or set %s higher%s\n",
					formatBytes(held), formatBytes(limit), from, memoryLimitEnv, cli.RemovedNote(atomicfile.RemovePending()))
				os.Exit(cli.ExitFailure)
			}
		}
	}()
	return nil
}

func formatBytes(n int64) string {
	switch {
	case n >= 1<<30:
		return fmt.Sprintf("%.1f GiB", float64(n)/(1<<30))
	case n >= 1<<20:
		return fmt.Sprintf("%.0f MiB", float64(n)/(1<<20))
	}
	return fmt.Sprintf("%d bytes", n)
}
