// Tests of the shipped scenarios: the catalog and assets/scenarios agree,
// every scenario compiles into a recording the reader accepts, compiling is
// deterministic (byte-identical output, run after run and from concurrent
// goroutines), and each scenario exercises what its catalog entry says it
// teaches.

package scenario

import (
	"bytes"
	"io/fs"
	"os"
	"strings"
	"sync"
	"testing"

	"glidepath/assets"
	"glidepath/engine/recording"
)

// TestCatalog_MatchesTheAssets checks every catalog entry has a file and
// every file an entry, the default first.
func TestCatalog_MatchesTheAssets(t *testing.T) {
	entries, err := fs.ReadDir(assets.FS(), ScenarioDir)
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]bool{}
	for _, e := range entries {
		files[strings.TrimSuffix(e.Name(), ".yaml")] = true
	}
	cat := Catalog()
	if len(cat) < 10 || cat[0].Name != DefaultName {
		t.Fatalf("the catalog has %d entries starting with %q; want at least 10, the default first", len(cat), cat[0].Name)
	}
	for _, e := range cat {
		if !files[e.Name] {
			t.Errorf("catalog entry %q has no scenarios/%s.yaml", e.Name, e.Name)
		}
		delete(files, e.Name)
		if e.Teaches == "" {
			t.Errorf("catalog entry %q says nothing of what it teaches", e.Name)
		}
	}
	for name := range files {
		t.Errorf("scenarios/%s.yaml is not in the catalog", name)
	}
}

// TestShipped_CompileDeterministically compiles every shipped scenario twice
// and checks the written recordings are byte-identical, that the reader reads
// them back to the same events, and that each has a description, notes and
// truth for every remote on every tick.
func TestShipped_CompileDeterministically(t *testing.T) {
	for _, e := range Catalog() {
		t.Run(e.Name, func(t *testing.T) {
			a, err := CompileAsset(assets.FS(), e.Name)
			if err != nil {
				t.Fatal(err)
			}
			b, err := CompileAsset(assets.FS(), e.Name)
			if err != nil {
				t.Fatal(err)
			}
			wa, wb := writeBytes(t, a), writeBytes(t, b)
			if !bytes.Equal(wa, wb) {
				t.Fatal("two compiles wrote different bytes")
			}
			back, err := recording.Read(e.Name+".jsonl", bytes.NewReader(wa))
			if err != nil {
				t.Fatalf("the reader refuses the written recording: %v", err)
			}
			if len(back.Events) != len(a.Events) {
				t.Fatalf("read back %d events, wrote %d", len(back.Events), len(a.Events))
			}
			if !bytes.Equal(writeBytes(t, back), wa) {
				t.Error("read → write is not the identity")
			}
			notes, truth := 0, 0
			for _, ev := range a.Events {
				switch ev.Kind {
				case recording.KindNote:
					notes++
				case recording.KindTruth:
					truth++
				}
			}
			s, err := Parse(e.Name+".yaml", mustRead(t, e.Name), assets.FS())
			if err != nil {
				t.Fatal(err)
			}
			ticks := int(s.Duration*float64(s.TickRate)+0.5) + 1
			if s.Description == "" || notes < 2 {
				t.Errorf("description %q and %d notes; a shipped scenario teaches with both", s.Description, notes)
			}
			if truth != ticks*len(a.Header.Entities) {
				t.Errorf("%d truth events, want %d ticks × %d remotes", truth, ticks, len(a.Header.Entities))
			}
		})
	}
}

func mustRead(t *testing.T, name string) []byte {
	t.Helper()
	data, err := ReadAsset(assets.FS(), name)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestShipped_ConcurrentCompilesAgree compiles every shipped scenario from
// several goroutines at once and checks they all write the same bytes as a
// lone compile: no state is shared between compiles.
func TestShipped_ConcurrentCompilesAgree(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles every scenario four times")
	}
	for _, e := range Catalog() {
		var wg sync.WaitGroup
		copies := 4
		if raceEnabled {
			// Two compiles at once are what the race detector needs to
			// see shared state written; four only multiply its cost.
			copies = 2
		}
		got := make([][]byte, copies)
		for i := range got {
			wg.Go(func() {
				rec, err := CompileAsset(assets.FS(), e.Name)
				if err == nil {
					var buf bytes.Buffer
					if recording.Write(e.Name, &buf, rec) == nil {
						got[i] = buf.Bytes()
					}
				}
			})
		}
		wg.Wait()
		// The lone compile the copies are compared with runs on one
		// goroutine, a third of the test's cost under the race detector,
		// which has nothing to find there: under it the copies are
		// compared with each other, and with the lone compile in the pass
		// without it (make test runs this test in both).
		want := got[0]
		if !raceEnabled {
			want = writeBytes(t, mustCompileAsset(t, e.Name))
		}
		for i := range got {
			if got[i] == nil || !bytes.Equal(got[i], want) {
				t.Errorf("%s: concurrent compile %d differs", e.Name, i)
			}
		}
	}
}

func mustCompileAsset(t *testing.T, name string) *recording.Recording {
	t.Helper()
	rec, err := CompileAsset(assets.FS(), name)
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

// TestDocsListEveryShippedScenario keeps docs/scenarios.md's table of shipped
// scenarios true to the catalog.
func TestDocsListEveryShippedScenario(t *testing.T) {
	doc, err := os.ReadFile("../../docs/scenarios.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range Catalog() {
		row := "| `" + e.Name + "` | " + e.Teaches + " |"
		if !strings.Contains(string(doc), row) {
			t.Errorf("docs/scenarios.md lacks the row %s", row)
		}
	}
}
