package clientdiff

import (
	"math"
	"strings"
	"testing"

	"glidepath/assets"
	"glidepath/engine"
	"glidepath/engine/agree"
	"glidepath/engine/clienttrace"
	"glidepath/engine/eventlog"
	"glidepath/engine/hexid"
	"glidepath/engine/scenario"
	"glidepath/physics"
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

// A cell differs only where it says more than the position: indoors (an
// EnvCell's room, the 20 m blip distance) the client's cell must be
// retail's even at the same point; outdoors another cell of the landblock
// at the same point (a body on a 24 m cell line) agrees.
func TestCompare_IndoorCellDiffers(t *testing.T) {
	rec := scenario.BenchRecording(1, 0.05, 0.5, 1)
	s, err := engine.New(rec, engine.Options{Assets: assets.FS(), NoCheckpoints: true})
	if err != nil {
		t.Fatal(err)
	}
	st := s.Query().States(nil)[0]
	lb := st.Cell &^ 0xFFFF
	for _, tc := range []struct {
		name           string
		retail, client uint32
		want           []string
	}{
		{"outdoor neighbours", lb | 0x1C, lb | 0x1D, nil},
		{"the same room", lb | 0x105, lb | 0x105, nil},
		{"another room", lb | 0x105, lb | 0x106, []string{"cell"}},
		{"indoors, client outdoors", lb | 0x105, lb | 0x1C, []string{"cell"}},
		{"outdoors, client indoors", lb | 0x1C, lb | 0x100, []string{"cell"}},
	} {
		c := NewComparer(Options{Tolerance: DefaultTolerance})
		c.sim = s
		var fields []string
		c.RowCompared = func(_ int, _ uint32, _ int, _ float64, f []string) { fields = f }
		tr := &tracked{obj: Object{GUID: hexid.String(st.GUID), guid: st.GUID}, divTick: -1}
		row := st
		row.Cell = tc.retail
		client := clienttrace.Row{Line: 1, GUID: st.GUID, Cell: tc.client, Origin: st.Origin}
		c.compare(tr, &row, &client, nil)
		if strings.Join(fields, ",") != strings.Join(tc.want, ",") || (tr.obj.FirstDivergence != nil) != (tc.want != nil) {
			t.Errorf("%s: fields %v, diverged %v; want %v", tc.name, fields, tr.obj.FirstDivergence != nil, tc.want)
		}
		if got := rowFields(&clienttrace.Row{Cell: tc.retail}, &client, 0, DefaultTolerance); strings.Join(got, ",") != strings.Join(tc.want, ",") {
			t.Errorf("%s: diff -vs fields %v, want %v", tc.name, got, tc.want)
		}
		if d := tr.obj.FirstDivergence; d != nil && (d.Retail.Cell != hexid.String(tc.retail) || d.Client.Cell != hexid.String(tc.client)) {
			t.Errorf("%s: divergence retail %s client %s", tc.name, d.Retail.Cell, d.Client.Cell)
		}
	}
}

// Where the client gives a heading it is compared with retail's, the short
// way round: within agree.HeadingTolerance (1°) it agrees, 90° off it diverges
// ("heading", retail's and the client's at the divergence), 359.5° against
// 0.2° is 0.7° and agrees, and NaN never agrees. diff -vs compares two
// traces' headings the same way.
func TestCompare_HeadingDiffers(t *testing.T) {
	rec := scenario.BenchRecording(1, 0.05, 0.5, 1)
	s, err := engine.New(rec, engine.Options{Assets: assets.FS(), NoCheckpoints: true})
	if err != nil {
		t.Fatal(err)
	}
	st := s.Query().States(nil)[0]
	retail := s.Query().RowHeading(&st)
	for _, tc := range []struct {
		name    string
		client  float32
		differs bool
	}{
		{"the same", retail, false},
		{"0.9° off", retail + 0.9, false},
		{"1.1° off", retail - 1.1, true},
		{"a quarter turn", retail + 90, true},
		{"a whole turn", retail + 360, false},
		{"not a number", float32(math.NaN()), true},
	} {
		c := NewComparer(Options{Tolerance: DefaultTolerance})
		c.sim = s
		tr := &tracked{obj: Object{GUID: hexid.String(st.GUID), guid: st.GUID}, divTick: -1}
		client := clienttrace.Row{Line: 1, GUID: st.GUID, Cell: st.Cell, Origin: st.Origin, Heading: tc.client, HasHeading: true}
		c.compare(tr, &st, &client, nil)
		d := tr.obj.FirstDivergence
		if (d != nil) != tc.differs {
			t.Errorf("%s: diverged %v, want %v", tc.name, d != nil, tc.differs)
		}
		if d != nil && (strings.Join(d.Fields, ",") != "heading" || d.Retail.Heading == nil || *d.Retail.Heading != retail ||
			d.Client.Heading == nil || *d.Client.Heading != tc.client && !math.IsNaN(float64(tc.client))) {
			t.Errorf("%s: divergence %+v", tc.name, d)
		}
		a := clienttrace.Row{Heading: retail, HasHeading: true}
		if got := rowFields(&a, &client, 0, DefaultTolerance); (len(got) == 1 && got[0] == "heading") != tc.differs {
			t.Errorf("%s: diff -vs fields %v", tc.name, got)
		}
	}
	if agree.HeadingDiffers(359.5, 0.2) || !agree.HeadingDiffers(10, 350) || agree.HeadingDiffers(-179.6, 180) {
		t.Error("headings compared the long way round")
	}
}

// Several UpdatePositions routed in one tick: the client's branch is
// compared with the last one's, as a Glidepath trace read back keeps the
// last route row of the tick (formats.md, Client trace v1).
func TestCompare_BranchIsTheTicksLastRoute(t *testing.T) {
	rec := scenario.BenchRecording(1, 0.05, 0.5, 1)
	s, err := engine.New(rec, engine.Options{Assets: assets.FS(), NoCheckpoints: true})
	if err != nil {
		t.Fatal(err)
	}
	st := s.Query().States(nil)[0]
	events := []eventlog.Event{
		{GUID: st.GUID, Kind: eventlog.EventRoute, Route: physics.RouteInterpolate},
		{GUID: st.GUID + 1, Kind: eventlog.EventRoute, Route: physics.RouteSlide},
		{GUID: st.GUID, Kind: eventlog.EventRoute, Route: physics.RouteTeleport},
	}
	c := NewComparer(Options{Tolerance: DefaultTolerance})
	for _, tc := range []struct {
		branch physics.Route
		want   string
	}{{physics.RouteTeleport, ""}, {physics.RouteInterpolate, "branch"}, {physics.RouteSlide, "branch"}} {
		row := clienttrace.Row{GUID: st.GUID, Cell: st.Cell, Origin: st.Origin, Branch: tc.branch, HasBranch: true}
		if got := strings.Join(c.differences(s.Query(), &st, &row, 0, events), ","); got != tc.want {
			t.Errorf("client branch %v: %q, want %q", tc.branch, got, tc.want)
		}
	}
}
