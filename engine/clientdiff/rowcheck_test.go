package clientdiff

import (
	"testing"

	"glidepath/assets"
	"glidepath/engine"
	"glidepath/engine/clienttrace"
	"glidepath/engine/scenario"
)

// CheckRow judges one row as the tick's comparison would (viewer live's
// check of a tick the client is still writing), recording nothing: a row
// with retail's numbers agrees, one a metre off differs in position by a
// metre (and so would CompareTick), a queue the client counts otherwise
// differs in queue, and an object the run does not have is not compared.
func TestCheckRow_AgreesWithTheTicksComparison(t *testing.T) {
	rec := scenario.BenchRecording(2, 0.05, 0.5, 1)
	s, err := engine.New(rec, engine.Options{Assets: assets.FS(), NoCheckpoints: true})
	if err != nil {
		t.Fatal(err)
	}
	for range 10 {
		s.Step()
	}
	st := s.Query().States(nil)[1]
	c := NewComparer(Options{Tolerance: DefaultTolerance})
	same := clienttrace.Row{Line: 3, Tick: s.Tick(), GUID: st.GUID, Cell: st.Cell, Origin: st.Origin}
	if f, e, ok := c.CheckRow(s, &same); !ok || f != nil || e != 0 {
		t.Errorf("retail's own numbers: %v, %v m, compared %v; want agreement", f, e, ok)
	}
	off := same
	off.Origin[1]++
	f, e, ok := c.CheckRow(s, &off)
	if !ok || len(f) != 1 || f[0] != "position" || e < 0.999 || e > 1.001 {
		t.Errorf("a metre off: %v, %v m, compared %v; want position, 1 m", f, e, ok)
	}
	queue := same
	queue.Queue, queue.HasQueue = st.Queue+3, true
	if f, _, _ := c.CheckRow(s, &queue); len(f) != 1 || f[0] != "queue" {
		t.Errorf("another queue length: %v; want queue", f)
	}
	stranger := same
	stranger.GUID = 0x12345678
	if _, _, ok := c.CheckRow(s, &stranger); ok {
		t.Errorf("an object the run does not have was compared")
	}
	// Nothing was recorded: the tick's own comparison still finds the
	// metre at this tick as the object's first divergence.
	c.CompareTick(s, []clienttrace.Row{off})
	res := c.Finish(s)
	for _, o := range res.Objects {
		if o.guid == st.GUID && (o.FirstDivergence == nil || o.FirstDivergence.Tick != s.Tick()) {
			t.Errorf("CompareTick after CheckRow: first divergence %+v, want tick %d", o.FirstDivergence, s.Tick())
		}
	}
}
