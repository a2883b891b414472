// Benchmark: diff against a headless run on the same input. The input is
// the scenario package's bench recording (remotes walking loops, an update
// every 0.5 s), written to a file; the client trace is the retail run's own
// state rows as Client trace v1 JSONL, every object every tick. "run" is
// what `viewer run` does (stream the input, decoded on another core,
// simulate with metrics, report);
// "diff" what `viewer diff` does (stream the input, simulate without the
// glide metrics, read and compare the client trace).
// The bar: diff within 1.5× of run.

package clientdiff

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"

	"glidepath/assets"
	"glidepath/engine"
	"glidepath/engine/clienttrace"
	"glidepath/engine/loader"
	"glidepath/engine/recording"
	"glidepath/engine/report"
	"glidepath/engine/scenario"
	"glidepath/interp"
)

// benchFiles writes the recording and its client trace.
func benchFiles(b *testing.B, objects int, minutes float64) (input, client string) {
	b.Helper()
	dir := b.TempDir()
	input = filepath.Join(dir, "bench.jsonl")
	rec := scenario.BenchRecording(objects, minutes, 0.5, 1)
	if err := recording.WriteFile(input, rec); err != nil {
		b.Fatal(err)
	}
	s, err := engine.New(rec, engine.Options{Assets: assets.FS(), NoCheckpoints: true})
	if err != nil {
		b.Fatal(err)
	}
	client = filepath.Join(dir, "client.jsonl")
	f, err := os.Create(client)
	if err != nil {
		b.Fatal(err)
	}
	w := bufio.NewWriterSize(f, 1<<20)
	var rows []engine.StateRow
	var buf []byte
	for {
		rows = s.Query().States(rows[:0])
		for i := range rows {
			r := &rows[i]
			buf = append(buf[:0], `{"tick":`...)
			buf = strconv.AppendInt(buf, int64(s.Tick()), 10)
			buf = fmt.Appendf(buf, `,"guid":"0x%08X","cell":"0x%08X","origin":[`, r.GUID, r.Cell)
			for k := 0; k < 3; k++ {
				if k > 0 {
					buf = append(buf, ',')
				}
				buf = strconv.AppendFloat(buf, float64(r.Origin[k]), 'g', -1, 32)
			}
			buf = append(buf, `],"queue":`...)
			buf = strconv.AppendInt(buf, int64(r.Queue), 10)
			buf = append(buf, `,"contact":`...)
			buf = strconv.AppendBool(buf, r.Contact)
			buf = append(buf, "}\n"...)
			w.Write(buf)
		}
		if s.Tick() >= s.LastTick() {
			break
		}
		s.Step()
	}
	if err := w.Flush(); err != nil {
		b.Fatal(err)
	}
	f.Close()
	return input, client
}

func BenchmarkDiff(b *testing.B) {
	for _, size := range []struct {
		objects int
		minutes float64
	}{{10, 10}, {100, 10}, {100, 60}} {
		input, client := benchFiles(b, size.objects, size.minutes)
		fi, _ := os.Stat(client)
		name := fmt.Sprintf("objects=%d/minutes=%g", size.objects, size.minutes)
		b.Run(name+"/run", func(b *testing.B) {
			defer reportCPU(b)()
			for b.Loop() {
				src, err := loader.Open(input, assets.FS())
				if err != nil {
					b.Fatal(err)
				}
				ahead := recording.Prefetch(src)
				c, err := engine.NewCompareStream(ahead, []interp.Reading{interp.SeedReading()}, engine.Options{Assets: assets.FS(), Metrics: true})
				if err != nil {
					b.Fatal(err)
				}
				for !c.Done() {
					c.Step()
				}
				report.NewReport("bench", c)
				ahead.Close()
				src.Close()
			}
		})
		b.Run(name+"/diff", func(b *testing.B) {
			b.SetBytes(fi.Size())
			defer reportCPU(b)()
			for b.Loop() {
				src, err := loader.Open(input, assets.FS())
				if err != nil {
					b.Fatal(err)
				}
				cmp := NewComparer(Options{Tolerance: DefaultTolerance, Context: 5})
				ahead := recording.Prefetch(src)
				s, err := engine.NewStream(ahead, engine.Options{Assets: assets.FS(), Sink: cmp})
				if err != nil {
					b.Fatal(err)
				}
				rd, err := clienttrace.Open(client, s.TickRate())
				if err != nil {
					b.Fatal(err)
				}
				res, err := Run(s, cmp, rd)
				rd.Close()
				ahead.Close()
				src.Close()
				if err != nil {
					b.Fatal(err)
				}
				if res.Diverged {
					b.Fatal("a run diverged from its own trace")
				}
			}
		})
	}
}

// reportCPU reports the process's CPU seconds per op (all goroutines: the
// prefetching reader's too), a figure the machine's other load disturbs less
// than wall time. Call it before the loop and defer what it returns.
func reportCPU(b *testing.B) func() {
	start := cpuSeconds()
	return func() { b.ReportMetric((cpuSeconds()-start)/float64(b.N), "cpu-s/op") }
}

func cpuSeconds() float64 {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return float64(ru.Utime.Nano()+ru.Stime.Nano()) / 1e9
}
