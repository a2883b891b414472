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
	st := s.States(nil)[0]
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
