package tables

import (
	"math"
	"math/rand/v2"
	"testing"
)

// BenchmarkGatherPage gathers and splits one page of 16 384 state rows (the
// run's batch: a tick's 1000 objects after another's), the six doubles
// float32 values widened as the engine's are and gx, gy full doubles (the
// landblock's corner plus x, y); it reports nanoseconds a row, of wall and
// of CPU time.
func BenchmarkGatherPage(b *testing.B) {
	const n = 16384
	rng := rand.New(rand.NewPCG(1, 2))
	batch := &StateBatch{}
	batch.Begin("in", "seed", 1, 1.0/30)
	rows := batch.Extend(n)
	for i := range rows {
		x, y := float32(rng.Float64()*192), float32(rng.Float64()*192)
		rows[i] = StateValues{Key: int32(i % 1000), GUID: uint32(0x80000000 + i%1000), Cell: 0xA9B40001,
			X: x, Y: y, Z: float32(rng.Float64() * 50), Heading: float32(rng.Float64() * 360),
			Contact: i%3 != 0}
	}
	job := &pageJob{b: batch, lo: 0, hi: n}
	var p pageCols
	cpu0 := cpuTime()
	for b.Loop() {
		p.gather(job)
	}
	if math.IsInf(p.lo[0], 1) {
		b.Fatal("no bounds")
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/row")
	b.ReportMetric(float64(cpuTime()-cpu0)/float64(b.N*n), "cpu-ns/row")
}
