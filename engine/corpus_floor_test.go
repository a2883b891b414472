package engine

import (
	"strings"
	"testing"

	"glidepath/engine/capture"
	"glidepath/engine/recording"
	"glidepath/internal/goroutines"
)

// lowestBelowServer runs the capture at path (with or without the
// server's floor) and returns, for the body that sank furthest, how far
// below the lowest height the server ever gave it in that cell it went,
// and its guid.
func lowestBelowServer(t *testing.T, path string, serverFloor bool) (float32, uint32) {
	t.Helper()
	r, err := capture.Open(path, capture.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	rec, err := recording.ReadSource(r)
	if err != nil {
		t.Fatal(err)
	}
	if !rec.Header.Terrain.ServerFloor {
		t.Fatal("a capture's header does not ask for the server's floor")
	}
	rec.Header.Terrain.ServerFloor = serverFloor
	// The server's heights, per body and cell: creations and every
	// UpdatePosition (grounded or not).
	type key struct{ guid, cell uint32 }
	lowest := map[key]float32{}
	see := func(guid, cell uint32, z float32) {
		k := key{guid, cell}
		if v, ok := lowest[k]; !ok || z < v {
			lowest[k] = z
		}
	}
	for i := range rec.Header.Entities {
		e := &rec.Header.Entities[i]
		see(e.GUID, e.Pos.Cell, e.Pos.Frame.Origin[2])
	}
	for i := range rec.Events {
		ev := &rec.Events[i]
		switch ev.Kind {
		case recording.KindCreate:
			see(ev.Entity.GUID, ev.Entity.Pos.Cell, ev.Entity.Pos.Frame.Origin[2])
		case recording.KindPosition:
			see(ev.GUID, ev.Update.Pos.Cell, ev.Update.Pos.Frame.Origin[2])
		}
	}
	s, err := New(rec, Options{Assets: testAssets(), NoCheckpoints: true})
	if err != nil {
		t.Fatal(err)
	}
	var worst float32
	var who uint32
	var views []ObjectView
	for s.Tick() < s.LastTick() {
		s.Step()
		views = s.Query().Objects(views[:0])
		for i := range views {
			v := &views[i]
			low, ok := lowest[key{v.GUID, v.Position.Cell}]
			if !ok || v.Static || v.Parent != 0 {
				continue
			}
			if d := low - v.Position.Frame.Origin[2]; d > worst {
				worst, who = d, v.GUID
			}
		}
	}
	notice := s.Query().FloorNotice()
	if serverFloor != strings.HasPrefix(notice, "no dat files: ground from the server's positions in ") {
		t.Errorf("floor %v, notice %q", serverFloor, notice)
	}
	return worst, who
}

// TestCorpusFloor_AJumpIndoorsLands: in fellowship-three-vassal (the public
// corpus, testdata/corpus) Ash jumps three times in the Training Academy's
// cell 0x860201AD, which has no ground without geometry. On the server's
// floor no body goes more than 2 m below the lowest height the server gave
// it in a cell; without it Ash falls tens of metres (the test's own check
// that it measures something).
func TestCorpusFloor_AJumpIndoorsLands(t *testing.T) {
	goroutines.NoneStarted(t)
	if testing.Short() {
		t.Skip("a 6-minute session")
	}
	const path = "../testdata/corpus/fellowship-three-vassal.jsonl"
	if d, who := lowestBelowServer(t, path, false); d < 10 || who != 0x5000001E {
		t.Fatalf("without the floor the deepest fall is 0x%08X's %.1f m; want Ash's, tens of metres", who, d)
	}
	if d, who := lowestBelowServer(t, path, true); d > 2 {
		t.Fatalf("on the server's floor 0x%08X still sinks %.2f m below its lowest server height", who, d)
	}
}
