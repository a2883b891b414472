package clientdiff

import (
	"encoding/json"
	"slices"
	"testing"

	"glidepath/assets"
	"glidepath/engine"
	"glidepath/engine/clienttrace"
	"glidepath/engine/scenario"
)

// compareOrdered runs a comparison of a 3-object recording with its own
// state rows, one object pushed 5 cm off at tick 40, the rows of each tick
// given in the Sim's order or reversed.
func compareOrdered(t *testing.T, reversed bool) []byte {
	t.Helper()
	rec := scenario.BenchRecording(3, 0.1, 0.5, 1)
	cmp := NewComparer(Options{Tolerance: DefaultTolerance, Context: 3})
	s, err := engine.New(rec, engine.Options{Assets: assets.FS(), NoCheckpoints: true, Metrics: true, Sink: cmp})
	if err != nil {
		t.Fatal(err)
	}
	var states []engine.StateRow
	var rows []clienttrace.Row
	for {
		states = s.Query().States(states[:0])
		rows = rows[:0]
		for i, st := range states {
			r := clienttrace.Row{Line: len(rows) + 1, Tick: s.Tick(), GUID: st.GUID, Cell: st.Cell, Origin: st.Origin,
				Queue: st.Queue, HasQueue: true, Contact: st.Contact, HasContact: true}
			if i == 1 && s.Tick() >= 40 {
				r.Origin[0] += 0.05
			}
			rows = append(rows, r)
		}
		if reversed {
			slices.Reverse(rows)
		}
		cmp.CompareTick(s, rows)
		if s.Done() {
			break
		}
		s.Step()
	}
	b, err := json.Marshal(cmp.Finish(s))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// The comparison tries each row's position in the Sim's order before the
// guid index; rows in another order must give the same result.
func TestCompareTick_RowOrderDoesNotMatter(t *testing.T) {
	inOrder, reversed := compareOrdered(t, false), compareOrdered(t, true)
	if string(inOrder) != string(reversed) {
		t.Fatalf("in order:\n%s\nreversed:\n%s", inOrder, reversed)
	}
	var res Result
	if err := json.Unmarshal(inOrder, &res); err != nil {
		t.Fatal(err)
	}
	if !res.Diverged {
		t.Fatal("the pushed object did not diverge")
	}
}
