// Test helpers: compiling scenario text, picking events out of a recording,
// and writing a recording to bytes.

package scenario

import (
	"bytes"
	"os"
	"testing"

	"glidepath/assets"
	"glidepath/engine/recording"
	"glidepath/physics"
)

// compileText compiles src (named test.yaml) with the shipped assets.
func compileText(t testing.TB, src string) *recording.Recording {
	t.Helper()
	rec, err := Compile("test.yaml", []byte(src), assets.FS())
	if err != nil {
		t.Fatalf("compile: %v\n%s", err, src)
	}
	return rec
}

// compileLimits compiles src under lim.
func compileLimits(t testing.TB, src string, lim limits) *recording.Recording {
	t.Helper()
	s, err := Parse("test.yaml", []byte(src), assets.FS())
	if err != nil {
		t.Fatalf("parse: %v\n%s", err, src)
	}
	rec, err := s.compile(lim)
	if err != nil {
		t.Fatalf("compile: %v", err)
	}
	return rec
}

// ofKind returns the events of kind about guid, in file order.
func ofKind(rec *recording.Recording, kind recording.Kind, guid uint32) []recording.Event {
	var out []recording.Event
	for _, ev := range rec.Events {
		if ev.Kind == kind && ev.GUID == guid {
			out = append(out, ev)
		}
	}
	return out
}

// globalXY returns a position's global x, y and its z.
func globalXY(p physics.Position) (x, y, z float64) {
	g := p.Global()
	return g[0], g[1], g[2]
}

// base is the global x, y of the default landblock's corner (0xA9B4).
var baseX, baseY = float64(0xA9 * 192), float64(0xB4 * 192)

// writeBytes writes rec with the recording writer, which checks every line
// with the reader's rules.
func writeBytes(t testing.TB, rec *recording.Recording) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := recording.Write(rec.Name, &buf, rec); err != nil {
		t.Fatalf("write: %v", err)
	}
	return buf.Bytes()
}

// heading is a position's heading in degrees.
func heading(p physics.Position) float64 { return float64(p.Frame.Heading()) }

// writeFile writes text to path.
func writeFile(path, text string) error { return os.WriteFile(path, []byte(text), 0o644) }
