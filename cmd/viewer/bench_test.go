// Benchmarks of viewer run's tables: what -states Parquet adds to a run of
// many objects, and the size of the table. Run with `make bench` or
// go test -run '^$' -bench RunStates ./cmd/viewer/; they measure, they never
// fail on speed. GLIDEPATH_BENCH_HOUR=1 adds the hour-long 1000-object
// variant (108 M state rows; minutes, and several GB of temporary space).

package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"

	"glidepath/engine/recording"
	"glidepath/engine/scenario"
)

// benchRecordingFile writes the scenario package's bench recording (objects
// walking, an update every 0.5 s) to a file.
func benchRecordingFile(b *testing.B, objects int, minutes float64) string {
	b.Helper()
	path := filepath.Join(b.TempDir(), fmt.Sprintf("walk-%d-%gmin.jsonl", objects, minutes))
	if err := recording.WriteFile(path, scenario.BenchRecording(objects, minutes, 0.5, 1)); err != nil {
		b.Fatal(err)
	}
	return path
}

// BenchmarkRunStates runs `viewer run -quiet` on the same recording with
// and without -states FILE.parquet, back to back in each iteration so load
// on the machine hits both alike, and reports the time each took, the
// overhead of the table and its size on disk.
func BenchmarkRunStates(b *testing.B) {
	sizes := []struct {
		objects int
		minutes float64
	}{{100, 1}, {1000, 10}}
	if os.Getenv("GLIDEPATH_BENCH_HOUR") != "" {
		sizes = append(sizes, struct {
			objects int
			minutes float64
		}{1000, 60})
	}
	for _, sz := range sizes {
		b.Run(fmt.Sprintf("objects=%d,minutes=%g", sz.objects, sz.minutes), func(b *testing.B) {
			in := benchRecordingFile(b, sz.objects, sz.minutes)
			out := filepath.Join(b.TempDir(), "states.parquet")
			var plain, states time.Duration
			var size int64
			for b.Loop() {
				start := time.Now()
				if code := run([]string{"run", "-quiet", in}, io.Discard, os.Stderr); code != 0 {
					b.Fatalf("exit %d", code)
				}
				plain += time.Since(start)
				start = time.Now()
				if code := run([]string{"run", "-quiet", "-states", out, in}, io.Discard, os.Stderr); code != 0 {
					b.Fatalf("exit %d", code)
				}
				states += time.Since(start)
				fi, err := os.Stat(out)
				if err != nil {
					b.Fatal(err)
				}
				size = fi.Size()
			}
			n := float64(b.N)
			b.ReportMetric(plain.Seconds()/n, "run-s")
			b.ReportMetric(states.Seconds()/n, "run+states-s")
			b.ReportMetric(100*(states.Seconds()-plain.Seconds())/plain.Seconds(), "overhead-%")
			b.ReportMetric(float64(size)/(1<<20), "table-MiB")
		})
	}
}
