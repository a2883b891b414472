package capture_test

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"glidepath/engine/capture"
	"glidepath/engine/recording"
)

// FuzzDatagramJSONL: whatever the lines, the datagram JSONL reader refuses
// the file (not a capture), stops at a line that breaks the format with a
// *capture.LineError naming it, or reads to the end; every event it gives is
// valid Recording v1.
func FuzzDatagramJSONL(f *testing.F) {
	raw, err := os.ReadFile(filepath.Join(corpusDir, "fellowship-three-vassal.jsonl"))
	if err != nil {
		f.Fatal(err)
	}
	lines := bytes.SplitAfter(raw, []byte("\n"))
	f.Add(bytes.Join(lines[:40], nil))
	f.Add(bytes.Join(lines[300:340], nil))
	ddd, err := os.ReadFile(filepath.Join(corpusDir, "ddd-interrogation-only.jsonl"))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(ddd)
	f.Add([]byte(`{"t": 0, "dir": "s2c", "pair": 1, "len": 2, "data": "zz"}` + "\n"))
	f.Add([]byte(`{"t": 1e308, "dir": "c2s", "pair": 0, "len": 0, "data": ""}` + "\n{}\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := capture.NewReader("fuzz.jsonl", bytes.NewReader(data), capture.Options{})
		if err != nil {
			var nc *capture.NotCaptureError
			var le *capture.LineError
			if !errors.As(err, &nc) && !errors.As(err, &le) {
				t.Fatalf("open: %T %v", err, err)
			}
			return
		}
		h := r.Header()
		var out bytes.Buffer
		w, err := recording.NewWriter("fuzz-out.jsonl", &out, &h)
		if err != nil {
			t.Fatalf("header: %v", err)
		}
		for {
			ev, err := r.Next()
			if err != nil {
				var le *capture.LineError
				if err.Error() != "EOF" && !errors.As(err, &le) {
					t.Fatalf("next: %T %v", err, err)
				}
				if le != nil && (le.File != "fuzz.jsonl" || le.Line < 1) {
					t.Fatalf("line error %+v names no line of the file", le)
				}
				break
			}
			if err := w.Write(&ev); err != nil {
				t.Fatalf("event not valid Recording v1: %v", err)
			}
		}
		if err := w.Flush(); err != nil {
			t.Fatal(err)
		}
	})
}
