package engine

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// methodsOf returns the names of the methods the engine package's non-test
// files declare on the receiver type named recv (pointer or value).
func methodsOf(t *testing.T, recv string) map[string]bool {
	t.Helper()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	names := make(map[string]bool)
	fset := token.NewFileSet()
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		file, err := parser.ParseFile(fset, f, src, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range file.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Recv == nil || len(fn.Recv.List) != 1 {
				continue
			}
			typ := fn.Recv.List[0].Type
			if star, ok := typ.(*ast.StarExpr); ok {
				typ = star.X
			}
			if id, ok := typ.(*ast.Ident); ok && id.Name == recv {
				names[fn.Name.Name] = true
			}
		}
	}
	return names
}

// TestQuerySplit keeps the split of docs/architecture.md "The driver and
// the query API": Sim keeps the driver (82 methods, 19 exported, once the
// query API moved out of its 130), and a read-only method lives on Query
// alone — only Tick, TickRate and Reading are on both (trace.Run needs
// them).
func TestQuerySplit(t *testing.T) {
	sim, query := methodsOf(t, "Sim"), methodsOf(t, "Query")
	if len(sim) > 82 {
		t.Errorf("Sim has %d methods, more than the 82 docs/architecture.md states", len(sim))
	}
	exported := 0
	for name := range sim {
		if name[0] >= 'A' && name[0] <= 'Z' {
			exported++
		}
	}
	if exported > 19 {
		t.Errorf("Sim has %d exported methods, more than the 19 docs/architecture.md states", exported)
	}
	for _, name := range []string{"EventAt", "Events", "AllEvents", "EventsAt", "LogView",
		"PrevEvent", "Causes", "Notes", "Objects", "ObjectsQueued", "Object", "Nodes",
		"States", "TraceStates", "Metrics", "StateHash", "Expectations", "WorldDescription",
		"FloorNotice", "WorldMismatch", "GlideSpanOpen", "RecordsStages", "CheckpointInterval",
		"CheckpointBytes", "Time", "TickOf", "Recording", "World", "Store"} {
		if !query[name] {
			t.Errorf("Query lacks %s", name)
		}
	}
	for name := range query {
		if sim[name] && name != "Tick" && name != "TickRate" && name != "Reading" {
			t.Errorf("%s is declared on both Sim and Query", name)
		}
	}
	for _, name := range []string{"Step", "Seek", "RunAll", "NextEvent", "Query"} {
		if !sim[name] {
			t.Errorf("Sim lacks the driver's %s", name)
		}
	}
}

// TestQueryFollowsSim: a Query taken once answers about the Sim's state
// when asked, through Step and Seek.
func TestQueryFollowsSim(t *testing.T) {
	s := newSim(t, testRecording(true), Options{EventLog: true})
	q := s.Query()
	runTo(s, 20)
	if q.Tick() != s.Tick() || q.Tick() != 20 {
		t.Fatalf("after 20 steps: Query.Tick %d, Sim.Tick %d", q.Tick(), s.Tick())
	}
	h20 := q.StateHash()
	n20 := q.NumEvents()
	s.Seek(5)
	if q.Tick() != 5 {
		t.Fatalf("after Seek(5): Query.Tick %d", q.Tick())
	}
	s.Seek(20)
	if q.StateHash() != h20 || q.NumEvents() != n20 {
		t.Errorf("back at tick 20: hash %x events %d, want %x and %d", q.StateHash(), q.NumEvents(), h20, n20)
	}
	if q.TickRate() != s.TickRate() || q.Reading() != s.Reading() {
		t.Errorf("Query's TickRate/Reading %d/%v differ from the Sim's %d/%v", q.TickRate(), q.Reading(), s.TickRate(), s.Reading())
	}
}
