// Golden traces: every testdata/NAME.jsonl replayed under the seed reading
// must give testdata/NAME.trace.golden byte for byte (STYLE.md point 10).
// `go test ./engine -run Golden -update` rewrites the goldens; a failure
// names the first line that differs, which names its tick and object.

package engine

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"glidepath/assets"
	"glidepath/engine/recording"
	"glidepath/interp"
)

var update = flag.Bool("update", false, "rewrite the golden traces in testdata")

// runTrace replays rec under reading and returns its whole trace.
func runTrace(t testing.TB, rec *recording.Recording, reading interp.Reading) []byte {
	t.Helper()
	s, err := New(rec, Options{Reading: reading, Assets: assets.FS(), EventLog: true})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := writeTrace(&buf, s, filepath.Base(rec.Name), s.LastTick()); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func goldenRecordings(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("testdata", "*.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 6 {
		t.Fatalf("want at least six golden recordings in testdata, found %d", len(files))
	}
	return files
}

// otherReadingGoldens are recordings whose point shows only under a
// non-default reading; each also has testdata/NAME.READING.trace.golden.
var otherReadingGoldens = []struct{ name, reading string }{
	// The constraint leash engages only when the running offset
	// accumulates (docs/readings.md item 8).
	{"indoor_leash", "hexrays"},
	// A baked lunge moves forward only when pos_frames combine going
	// forward (docs/readings.md item 13).
	{"attack_lunge", "ace"},
}

func TestGoldenTraces(t *testing.T) {
	for _, path := range goldenRecordings(t) {
		name := strings.TrimSuffix(filepath.Base(path), ".jsonl")
		t.Run(name, func(t *testing.T) {
			checkGolden(t, path, interp.SeedReading(), filepath.Join("testdata", name+".trace.golden"))
		})
	}
	for _, g := range otherReadingGoldens {
		t.Run(g.name+"/"+g.reading, func(t *testing.T) {
			r, err := interp.ReadingByName(g.reading)
			if err != nil {
				t.Fatal(err)
			}
			checkGolden(t, filepath.Join("testdata", g.name+".jsonl"), r, filepath.Join("testdata", g.name+"."+g.reading+".trace.golden"))
		})
	}
}

// checkGolden replays the recording at path under reading and compares the
// trace with golden (or rewrites golden under -update).
func checkGolden(t *testing.T, path string, reading interp.Reading, golden string) {
	t.Helper()
	rec, err := recording.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	got := runTrace(t, rec, reading)
	if *update {
		if err := os.WriteFile(golden, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if bytes.Equal(got, want) {
		return
	}
	t.Fatalf("trace differs from %s: %s", golden, firstDifference(want, got))
}

// firstDifference names the first line where two traces differ, quoting
// both: every Trace v1 row starts with its tick and object, so the line
// names them.
func firstDifference(want, got []byte) string {
	w, g := bytes.Split(want, []byte("\n")), bytes.Split(got, []byte("\n"))
	for i := 0; i < len(w) || i < len(g); i++ {
		switch {
		case i >= len(w):
			return fmt.Sprintf("line %d: unexpected %s", i+1, g[i])
		case i >= len(g):
			return fmt.Sprintf("line %d: missing %s", i+1, w[i])
		case !bytes.Equal(w[i], g[i]):
			return fmt.Sprintf("line %d:\n got %s\nwant %s", i+1, g[i], w[i])
		}
	}
	return "no line differs"
}
