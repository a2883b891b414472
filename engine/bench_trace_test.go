// Benchmarks of a run writing its trace on the chunked path (AdvanceTrace,
// parallel_rows.go) beside the same run writing nothing, as `viewer run
// -quiet -trace FILE` and `viewer run -quiet` step a synthetic crowd. The
// trace goes to a writer that counts and drops its bytes: the figures are
// the stepping's and the encoding's, not a disk's.

package engine

import (
	"testing"

	"glidepath/assets"
	"glidepath/engine/recording"
	"glidepath/engine/scenario"
	"glidepath/engine/trace"
)

// dropBlocks is a trace.BlockWriter that counts what it is written.
type dropBlocks struct{ n int64 }

func (d *dropBlocks) Write(p []byte) (int, error) { d.n += int64(len(p)); return len(p), nil }
func (d *dropBlocks) Flush() error                { return nil }
func (d *dropBlocks) BlockSize() int              { return 4 << 20 }

// BenchmarkAdvanceTrace steps a 1000-object synthetic crowd (one update a
// second each) for two minutes, once writing nothing (bare, Compare.Advance's
// path) and once writing its trace (trace, AdvanceTrace), with the options
// `viewer run` gives each. One op is the whole run; it reports
// ns and CPU ns per object-tick (the process's user and system time: every
// goroutine's) and the trace's bytes. Compare with -cpu 1,2.
func BenchmarkAdvanceTrace(b *testing.B) {
	sc, err := scenario.Synth(scenario.SynthOptions{Objects: 1000, Minutes: 2, Seed: 1}, assets.FS())
	if err != nil {
		b.Fatal(err)
	}
	rec, err := sc.Compile()
	if err != nil {
		b.Fatal(err)
	}
	for _, write := range []bool{false, true} {
		name := "bare"
		if write {
			name = "trace"
		}
		b.Run(name, func(b *testing.B) {
			opts := Options{Assets: assets.FS(), Metrics: true, EventLog: write, TraceLogOnly: write, BusyCores: 1}
			objTicks, bytes := 0, int64(0)
			cpu0 := benchCPU()
			for b.Loop() {
				s, err := NewStream(recording.NewSource(rec), opts)
				if err != nil {
					b.Fatal(err)
				}
				var d dropBlocks
				var tw *trace.RunWriter
				if write {
					if tw, err = trace.NewRunWriter(&d, s.Query(), rec.Name); err != nil {
						b.Fatal(err)
					}
				}
				for !s.Done() {
					if write {
						err = s.AdvanceTrace(1024, tw) // runcmd.traceTicks
					} else {
						s.advance(64) // runcmd.CompareBatches
					}
					if err == nil {
						err = s.Err()
					}
					if err != nil {
						b.Fatal(err)
					}
				}
				objTicks += s.Tick() * len(rec.Header.Entities)
				bytes += d.n
			}
			cpu := benchCPU() - cpu0
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(objTicks), "ns/object-tick")
			b.ReportMetric(cpu*1e9/float64(objTicks), "cpu-ns/object-tick")
			b.ReportMetric(float64(bytes)/float64(b.N), "trace-bytes")
		})
	}
}
