package clientdiff

import (
	"math"
	"testing"

	"glidepath/assets"
	"glidepath/engine"
	"glidepath/engine/clienttrace"
	"glidepath/engine/hexid"
	"glidepath/engine/scenario"
)

// A row with retail's own numbers is 0 m off (the comparison skips the sum
// for them); a sign of zero does not matter, and infinite numbers are not
// "the same": they diverge, as the sum says (∞ − ∞ is NaN).
func TestCompare_SameNumbers(t *testing.T) {
	rec := scenario.BenchRecording(1, 0.05, 0.5, 1)
	s, err := engine.New(rec, engine.Options{Assets: assets.FS(), NoCheckpoints: true})
	if err != nil {
		t.Fatal(err)
	}
	st := s.Query().States(nil)[0]
	inf := float32(math.Inf(1))
	for _, tc := range []struct {
		name     string
		retail   [3]float32
		client   [3]float32
		diverges bool
	}{
		{"same", [3]float32{12.5, 100.25, 3}, [3]float32{12.5, 100.25, 3}, false},
		{"signed zero", [3]float32{0, 100.25, 0}, [3]float32{float32(math.Copysign(0, -1)), 100.25, 0}, false},
		{"a hair apart", [3]float32{12.5, 100.25, 3}, [3]float32{12.52, 100.25, 3}, true},
		{"infinite", [3]float32{inf, 100.25, 3}, [3]float32{inf, 100.25, 3}, true},
	} {
		c := NewComparer(Options{Tolerance: DefaultTolerance})
		c.sim = s
		tr := &tracked{obj: Object{GUID: hexid.String(st.GUID), guid: st.GUID}, divTick: -1}
		row := st
		row.Origin = tc.retail
		client := clienttrace.Row{Line: 1, GUID: st.GUID, Cell: st.Cell, Origin: tc.client}
		c.compare(tr, &row, &client, nil)
		if got := tr.obj.FirstDivergence != nil; got != tc.diverges {
			t.Errorf("%s: diverged %v, want %v (error %v)", tc.name, got, tc.diverges, tr.obj.MaxError)
		}
		if !tc.diverges && tr.obj.sumErr != 0 {
			t.Errorf("%s: error %v m, want 0", tc.name, tr.obj.sumErr)
		}
	}
}

// RowCompared is handed every row, the ones after the first divergence
// too, with what differed (nil when the row agrees): viewer conform judges
// a behaviour on its own ticks with it.
func TestCompare_RowComparedSeesEveryRow(t *testing.T) {
	rec := scenario.BenchRecording(1, 0.05, 0.5, 1)
	s, err := engine.New(rec, engine.Options{Assets: assets.FS(), NoCheckpoints: true})
	if err != nil {
		t.Fatal(err)
	}
	st := s.Query().States(nil)[0]
	c := NewComparer(Options{Tolerance: DefaultTolerance})
	c.sim = s
	var got [][]string
	c.RowCompared = func(tick int, guid uint32, line int, e float64, fields []string) {
		if guid != st.GUID || line != len(got)+1 {
			t.Errorf("row %d: guid %x line %d", len(got)+1, guid, line)
		}
		got = append(got, fields)
	}
	tr := &tracked{obj: Object{GUID: hexid.String(st.GUID), guid: st.GUID}, divTick: -1}
	q := st.Queue + 1
	for i, off := range []float32{0, 1, 0, 0} {
		row := clienttrace.Row{Line: i + 1, GUID: st.GUID, Cell: st.Cell, Origin: st.Origin}
		row.Origin[0] += off
		if i == 3 {
			row.Queue, row.HasQueue = q, true
		}
		c.compare(tr, &st, &row, nil)
	}
	want := [][]string{nil, {"position"}, nil, {"queue"}}
	if len(got) != len(want) {
		t.Fatalf("%d rows handed, want %d", len(got), len(want))
	}
	for i := range want {
		if len(got[i]) != len(want[i]) || len(want[i]) > 0 && got[i][0] != want[i][0] {
			t.Errorf("row %d: %v, want %v", i+1, got[i], want[i])
		}
	}
	if d := tr.obj.FirstDivergence; d == nil || d.Fields[0] != "position" {
		t.Errorf("first divergence %+v, want the position of row 2", d)
	}
}
