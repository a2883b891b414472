// Scale measurements: the synthetic crowd recording (engine/scenario's
// BenchRecording: remotes walking squares, an update every 0.5 s) opened as
// the viewer opens it — every object, every tick — at 100 and 1000 objects.
// Timing is only reported, never asserted.

package simsource

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"runtime"
	"runtime/pprof"
	"slices"
	"strconv"
	"testing"
	"time"

	"glidepath/assets"
	"glidepath/engine/recording"
	"glidepath/engine/scenario"
	"glidepath/ui/model"
)

// scaleSource opens a synthetic crowd of objects remotes walking for
// minutes under the default reading.
func scaleSource(tb testing.TB, objects int, minutes float64) *Source {
	tb.Helper()
	rec := scenario.BenchRecording(objects, minutes, 0.5, 1)
	srcs, err := New(rec, rec.Name, nil, assets.FS())
	if err != nil {
		tb.Fatal(err)
	}
	return srcs[0]
}

// BenchmarkPrerun pre-runs the synthetic crowd as the viewer does: every
// tick simulated, snapshot and recorded in the history, the event log
// indexed. One op is the whole run; it reports object-ticks per second.
func BenchmarkPrerun(b *testing.B) {
	for _, n := range []int{100, 1000} {
		b.Run("objects="+strconv.Itoa(n)+"/minutes=2", func(b *testing.B) {
			for b.Loop() {
				b.StopTimer()
				src := scaleSource(b, n, 2)
				b.StartTimer()
				h := model.NewHistory()
				h.SetStride(model.StrideFor(src.Info().Objects, src.Info().LastTick))
				if _, err := model.Prerun(context.Background(), src, h, nil); err != nil {
					b.Fatal(err)
				}
				b.ReportMetric(float64(n*src.Info().LastTick)/b.Elapsed().Seconds()*float64(b.N), "object-ticks/s")
			}
		})
	}
}

// TestScaleWrite writes the synthetic crowd to a file for measuring the
// viewer from the command line (`viewer shot FILE` under /usr/bin/time -v):
// GLIDEPATH_SCALE_OUT=FILE GLIDEPATH_SCALE=OBJECTSxMINUTES.
func TestScaleWrite(t *testing.T) {
	out := os.Getenv("GLIDEPATH_SCALE_OUT")
	if out == "" {
		t.Skip("set GLIDEPATH_SCALE_OUT and GLIDEPATH_SCALE=OBJECTSxMINUTES")
	}
	n, m := scaleSize(t)
	if err := recording.WriteFile(out, scenario.BenchRecording(n, m, 0.5, 1)); err != nil {
		t.Fatal(err)
	}
}

// TestScalePrerun opens and pre-runs the synthetic crowd of
// GLIDEPATH_SCALE=OBJECTSxMINUTES in this process and reports the heap, for
// /usr/bin/time -v on the test binary.
func TestScalePrerun(t *testing.T) {
	if os.Getenv("GLIDEPATH_SCALE") == "" || os.Getenv("GLIDEPATH_SCALE_OUT") != "" {
		t.Skip("set GLIDEPATH_SCALE=OBJECTSxMINUTES")
	}
	n, m := scaleSize(t)
	src := scaleSource(t, n, m)
	h := model.NewHistory()
	h.SetStride(model.StrideFor(src.Info().Objects, src.Info().LastTick))
	before, ok := processCPU()
	start := time.Now()
	x, err := model.Prerun(context.Background(), src, h, nil)
	if err != nil {
		t.Fatal(err)
	}
	if after, _ := processCPU(); ok {
		t.Logf("pre-run: %.2f s CPU (the process's, every goroutine), %.2f s wall", time.Duration(after-before).Seconds(), time.Since(start).Seconds())
	}
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	if out := os.Getenv("GLIDEPATH_SCALE_HEAP"); out != "" {
		f, err := os.Create(out)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if err := pprof.WriteHeapProfile(f); err != nil {
			t.Fatal(err)
		}
	}
	runtime.KeepAlive(src)
	runtime.KeepAlive(h)
	t.Logf("%d objects × %g min: %d ticks, %d events, heap %d MB, checkpoints %d MB every %d ticks, history every %d ticks",
		n, m, src.Info().LastTick, x.Len(), ms.HeapAlloc>>20, src.Sim().Query().CheckpointBytes()>>20, src.Sim().Query().CheckpointInterval(), h.Stride())
}

func scaleSize(t *testing.T) (int, float64) {
	var n int
	var m float64
	s := os.Getenv("GLIDEPATH_SCALE")
	for i := range len(s) {
		if s[i] == 'x' {
			n, _ = strconv.Atoi(s[:i])
			m, _ = strconv.ParseFloat(s[i+1:], 64)
		}
	}
	if n <= 0 || m <= 0 {
		t.Fatalf("GLIDEPATH_SCALE=%q: want OBJECTSxMINUTES", s)
	}
	return n, m
}

// BenchmarkSeekSnapshot is the viewer's own seek path on the synthetic
// crowd: after the pre-run (which fills the checkpoints the window's run
// shares), a jump to a random tick anywhere in the run and the snapshot
// the viewport draws there. It reports the 50th and 99th percentiles over
// the ops and the thread's mean CPU time per op; GLIDEPATH_SEEK_MINUTES
// sets the run's length (default 10).
func BenchmarkSeekSnapshot(b *testing.B) {
	minutes := 10.0
	if m, err := strconv.ParseFloat(os.Getenv("GLIDEPATH_SEEK_MINUTES"), 64); err == nil && m > 0 {
		minutes = m
	}
	for _, n := range []int{100, 1000} {
		b.Run(fmt.Sprintf("objects=%d/minutes=%g", n, minutes), func(b *testing.B) {
			src := scaleSource(b, n, minutes)
			h := model.NewHistory()
			h.SetStride(model.StrideFor(src.Info().Objects, src.Info().LastTick))
			if _, err := model.Prerun(context.Background(), src, h, nil); err != nil {
				b.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(1, 2))
			var snap model.Snapshot
			var took []time.Duration
			last := src.Info().LastTick
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			c0, ok0 := threadCPU()
			for b.Loop() {
				tick := rng.IntN(last + 1)
				start := time.Now()
				if err := src.Seek(tick); err != nil {
					b.Fatal(err)
				}
				src.Snapshot(&snap)
				took = append(took, time.Since(start))
			}
			slices.Sort(took)
			pct := func(p float64) float64 {
				return float64(took[min(int(p*float64(len(took))), len(took)-1)]) / 1e6
			}
			b.ReportMetric(pct(0.5), "p50-ms")
			b.ReportMetric(pct(0.99), "p99-ms")
			if c1, ok1 := threadCPU(); ok0 && ok1 {
				// The thread's own CPU time per seek (the clock ticks too
				// coarsely to time one): what a seek costs without the waits
				// a shared machine adds.
				b.ReportMetric(float64(c1-c0)/float64(len(took))/1e6, "cpu-ms/op")
			}
			b.ReportMetric(float64(src.Sim().Query().CheckpointInterval()), "checkpoint-ticks")
			b.ReportMetric(float64(src.Sim().Query().CheckpointBytes())/(1<<20), "checkpoint-MiB")
		})
	}
}
