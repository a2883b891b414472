package engine

import (
	"testing"

	"glidepath/engine/hexid"
	"glidepath/engine/scenario"
	"glidepath/engine/tables"
	"glidepath/internal/goroutines"
	"glidepath/interp"
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
				want = append(want, tables.State{Input: "cliff", Reading: s.reading.Name, Tick: int64(s.tick),
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
		g.GX, g.GY, g.Error = 0, 0, nil
		if g != w {
			t.Fatalf("row %d: %+v, want %+v", i, g, w)
		}
	}
}
