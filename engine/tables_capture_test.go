package engine

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/engine/hexid"
	"glidepath/engine/scenario"
	"glidepath/engine/tables"
	"glidepath/internal/goroutines"
	"glidepath/interp"
	"glidepath/physics"
)

// stateMem is a states sink that keeps the rows.
type stateMem struct{ rows []tables.State }

func (m *stateMem) StateBatch() *tables.StateBatch { return &tables.StateBatch{} }
func (m *stateMem) WriteStates(b *tables.StateBatch) error {
	m.rows = b.AppendStates(m.rows)
	return nil
}

// The rows the passes write straight into the batch are each run's live
// objects after the tick, in run then slot order, as Trace v1's state rows
// are — also when the runs step out of order or a tick is stepped and not
// written (its rows are no table's), and across batches.
func TestTableWriterCapturedRows(t *testing.T) {
	goroutines.NoneStarted(t)
	var readings []interp.Reading
	for _, n := range interp.ReadingNames()[:2] {
		r, _ := interp.ReadingByName(n)
		readings = append(readings, r)
	}
	c, err := compareOf(scenario.BenchRecording(20, 1, 0.5, 1), readings, Options{Assets: testAssets()})
	if err != nil {
		t.Fatal(err)
	}
	var mem stateMem
	tw, err := NewTableWriter(c, "cliff", &mem, nil)
	if err != nil {
		t.Fatal(err)
	}
	var want []tables.State
	write := func() {
		if err := tw.WriteTick(); err != nil {
			t.Fatal(err)
		}
		for _, s := range c.Sims() {
			for _, r := range s.Query().States(nil) {
				pos := physics.Position{Cell: r.Cell}
				pos.Frame.Origin = r.Origin
				g := pos.Global()
				want = append(want, tables.State{GX: g[0], GY: g[1], Input: "cliff", Reading: s.reading.Name, Tick: int64(s.tick),
					T: float64(s.tick) / float64(s.rate), GUID: hexid.String(r.GUID), Cell: hexid.String(r.Cell),
					X: float64(r.Origin[0]), Y: float64(r.Origin[1]), Z: float64(r.Origin[2]),
					Heading: float64(s.Query().RowHeading(&r)), Queue: int32(r.Queue), Fail: int32(r.Fail), Contact: r.Contact})
			}
		}
	}
	write()
	for k := 1; k <= 3000 && !c.Done(); k++ {
		switch k {
		case 100: // stepped, not written
			c.Step()
			c.Step()
		case 200: // the runs out of order
			c.Sims()[1].Step()
			c.Sims()[0].Step()
		default:
			c.Step()
		}
		write()
	}
	if err := tw.Flush(); err != nil {
		t.Fatal(err)
	}
	if len(mem.rows) != len(want) || len(want) < 2*stateBatch {
		t.Fatalf("%d rows written, want %d (more than two batches)", len(mem.rows), len(want))
	}
	for i := range want {
		g, w := mem.rows[i], want[i]
		g.Error = nil
		if g != w {
			t.Fatalf("row %d: %+v, want %+v", i, g, w)
		}
	}
}

// A state row's gx and gy, which the row does not keep, are the position's
// global coordinates (physics.Position.Global) bit for bit, in every
// landblock and for odd origins.
func TestStateValues_GlobalIsThePositions(t *testing.T) {
	r := rand.New(rand.NewPCG(41, 7))
	odd := []float32{0, float32(math.Copysign(0, -1)), math.SmallestNonzeroFloat32, 191.99998, 192, -1e-7,
		float32(math.Inf(1)), float32(math.NaN())}
	for i := range 20000 {
		cell := r.Uint32()
		o := mgl32.Vec3{float32(r.Float64()*200 - 4), float32(r.NormFloat64() * 1e3), 0}
		if i%7 == 0 {
			o[0], o[1] = odd[r.IntN(len(odd))], odd[r.IntN(len(odd))]
		}
		pos := physics.Position{Cell: cell}
		pos.Frame.Origin = o
		want := pos.Global()
		v := tables.StateValues{Cell: cell, X: o[0], Y: o[1]}
		gx, gy := v.Global()
		if math.Float64bits(gx) != math.Float64bits(want[0]) || math.Float64bits(gy) != math.Float64bits(want[1]) {
			t.Fatalf("cell %08X origin %v: Global %v, %v, want %v, %v", cell, o, gx, gy, want[0], want[1])
		}
	}
}
