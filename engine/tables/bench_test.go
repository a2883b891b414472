// Benchmarks: encoding state rows, per format, on rows shaped like a
// 1000-object run (a guid per object, a few cells, moving positions).

package tables

import (
	"fmt"
	"io"
	"os"
	"syscall"
	"testing"
)

// benchStates are ticks × objects state rows of a crowd walking east.
func benchStates(ticks, objects int) []State {
	rows := make([]State, 0, ticks*objects)
	errs := make([]float64, ticks*objects)
	for k := range ticks {
		for o := range objects {
			x := float64(float32(10 + float64(k)*0.1 + float64(o%7)))
			r := State{Input: "walk-1000.jsonl", Reading: "seed", Tick: int64(k), T: float64(k) / 30,
				GUID: fmt.Sprintf("0x%08X", 0x80000000+o), Cell: fmt.Sprintf("0xA9B4%04X", 1+(k/300+o)%64),
				X: x, Y: float64(float32(90 + o%13)), Z: 0, GX: 169*192 + x, GY: 180*192 + 90, Heading: 90,
				Queue: int32(k % 3), Contact: true}
			if k > 10 {
				errs[len(rows)] = float64(float32(0.01 * float64(k%50)))
				r.Error = &errs[len(rows)]
			}
			rows = append(rows, r)
		}
	}
	return rows
}

// BenchmarkEncodeStates encodes 300 ticks of 1000 objects per op; it
// reports nanoseconds and bytes per row.
func BenchmarkEncodeStates(b *testing.B) {
	rows := benchStates(300, 1000)
	for _, f := range []struct {
		name   string
		format Format
		codec  Codec
	}{{"parquet-zstd", Parquet, Zstd}, {"parquet-snappy", Parquet, Snappy}, {"csv", CSV, 0}, {"csv.gz", CSVGzip, 0}} {
		b.Run(f.name, func(b *testing.B) {
			var cw countWriter
			cpu0 := cpuTime()
			for b.Loop() {
				cw = 0
				enc, err := NewEncoder[State](&cw, f.format, Options{Codec: f.codec})
				if err != nil {
					b.Fatal(err)
				}
				for i := 0; i < len(rows); i += 4096 {
					if err := enc.Write(rows[i:min(i+4096, len(rows))]); err != nil {
						b.Fatal(err)
					}
				}
				if err := enc.Close(); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(rows)), "ns/row")
			b.ReportMetric(float64(cpuTime()-cpu0)/float64(b.N*len(rows)), "cpu-ns/row")
			b.ReportMetric(float64(cw)/float64(len(rows)), "bytes/row")
		})
	}
}

// cpuTime is the process's user and system time, nanoseconds: on a shared
// machine it says what the encoding cost better than the wall clock.
func cpuTime() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}

type countWriter int64

func (c *countWriter) Write(p []byte) (int, error) { *c += countWriter(len(p)); return len(p), nil }

var _ io.Writer = (*countWriter)(nil)

// BenchmarkWriteStateBatches writes 300 ticks of 1000 objects per op as
// state batches (the run's path, TakeStates) to the Parquet states writer,
// its pages encoded on one goroutine per core (-cpu); with
// GLIDEPATH_STATES_SAMPLE naming a states table (a run's -states output),
// its first 300 000 rows instead (whose values are the engine's float32
// ones, kept as the engine keeps them: runBatchOf).
func BenchmarkWriteStateBatches(b *testing.B) {
	rows := benchStates(300, 1000)
	if path := os.Getenv("GLIDEPATH_STATES_SAMPLE"); path != "" {
		rd, err := OpenParquet[State](path)
		if err != nil {
			b.Fatal(err)
		}
		n, err := rd.Read(rows)
		rd.Close()
		if n < len(rows) {
			b.Fatalf("%s: %d rows: %v", path, n, err)
		}
	}
	batches := runBatchOf(rows, benchBatch)
	for _, codec := range []struct {
		name  string
		codec Codec
	}{{"zstd", Zstd}, {"snappy", Snappy}} {
		b.Run(codec.name, func(b *testing.B) {
			var cw countWriter
			cpu0 := cpuTime()
			for b.Loop() {
				cw = 0
				w, err := newStatesWriter(&cw, codec.codec, RowGroupRows, statePageRows)
				if err != nil {
					b.Fatal(err)
				}
				// As the run hands them over: a batch taken while the
				// pages before it are encoded (on one goroutine per core).
				for _, batch := range batches {
					if err := w.TakeStates(batch, nil); err != nil {
						b.Fatal(err)
					}
				}
				if err := w.Close(); err != nil {
					b.Fatal(err)
				}
			}
			rows := 300 * 1000
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*rows), "ns/row")
			b.ReportMetric(float64(cpuTime()-cpu0)/float64(b.N*rows), "cpu-ns/row")
			b.ReportMetric(float64(cw)/float64(rows), "bytes/row")
		})
	}
}

// runBatchOf is rows as state batches of at most size rows as a run fills
// them: the doubles as float32 (exactly, for a run's table, whose gx and gy
// are then StateValues.Global), each guid keyed by the order it first
// appears in.
func runBatchOf(rows []State, size int) []*StateBatch {
	keys := map[string]int32{}
	return batchesOf(rows, size, func(b *StateBatch, s *State, guid, cell uint32) {
		key, ok := keys[s.GUID]
		if !ok {
			key = int32(len(keys))
			keys[s.GUID] = key
		}
		v := StateValues{Key: key, GUID: guid, Cell: cell, Queue: s.Queue, Fail: s.Fail, Contact: s.Contact,
			X: float32(s.X), Y: float32(s.Y), Z: float32(s.Z), Heading: float32(s.Heading)}
		if s.Error != nil {
			v.Error, v.HasError = float32(*s.Error), true
		}
		b.Rows = append(b.Rows, v)
	})
}

// benchBatch is the rows per state batch in BenchmarkWriteStateBatches
// (the engine's tableBatch).
var benchBatch = 16384
