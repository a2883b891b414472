// The work of viewer import, beside it: a capture (written at test time
// by capturetest) imported as a recording with its summary, as text and as
// JSON. The flags and exit statuses are cmd/viewer's (import_test.go there).

package importcmd

import (
	"bytes"
	"encoding/json"
	"flag"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"glidepath/engine/capture"
	"glidepath/engine/capture/capturetest"
	"glidepath/engine/enginetest"
	"glidepath/engine/recording"
	"glidepath/internal/runcmd"
)

// importRun is viewer import of path into out: code 0, or 1 with Run's
// error in errs.
func importRun(t *testing.T, path, out string, asJSON bool, opts capture.Options) (code int, stdout, errs string) {
	t.Helper()
	var o, e bytes.Buffer
	if err := Run(path, out, "", asJSON, opts, &o, &e); err != nil {
		return 1, o.String(), e.String() + err.Error()
	}
	return 0, o.String(), e.String()
}

func TestImport_WritesRecordingAndSummary(t *testing.T) {
	path, src := enginetest.CaptureFile(t, "jitter", "jitter.pcapng", capturetest.Config{Format: capturetest.Pcapng, Link: capturetest.Null, SplitEvery: 4, RetransmitEvery: 3, Noise: true})
	out := filepath.Join(t.TempDir(), "jitter.jsonl.gz")
	code, stdout, errs := importRun(t, path, out, false, capture.Options{})
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{"pcapng", "AC packets:", "0xF748 UpdatePosition", "retransmissions dropped", "objects: ", "malformed: 0"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("summary lacks %q:\n%s", want, stdout)
		}
	}
	rec, err := recording.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	n, want := 0, 0
	for _, ev := range rec.Events {
		if ev.Kind == recording.KindPosition {
			n++
		}
	}
	for _, ev := range src.Events {
		if ev.Kind == recording.KindPosition {
			want++
		}
	}
	if n != want {
		t.Errorf("%d position events, want %d", n, want)
	}
	if ents, _ := os.ReadDir(filepath.Dir(out)); len(ents) != 1 {
		t.Errorf("the output directory holds %d entries, want only the recording", len(ents))
	}
}

func TestImport_JSONSummary(t *testing.T) {
	path, _ := enginetest.CaptureFile(t, "teleport", "t.pcap", capturetest.Config{Format: capturetest.Pcap, Link: capturetest.Ethernet})
	out := filepath.Join(t.TempDir(), "t.jsonl")
	code, stdout, errs := importRun(t, path, out, true, capture.Options{ServerPort: 9000})
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var sum capture.Summary
	if err := json.Unmarshal([]byte(stdout), &sum); err != nil {
		t.Fatalf("%v:\n%s", err, stdout)
	}
	if sum.Frames == 0 || sum.ACPackets == 0 || sum.Objects == 0 || len(sum.ByOpcode) == 0 || sum.Player == "" {
		t.Errorf("summary %+v", sum)
	}
}

// TestImport_LongCaptureInPieces: a capture with more events than one
// recording may hold is written as pieces, each a valid recording that
// goes on from where the one before ended; together they hold every event.
func TestImport_LongCaptureInPieces(t *testing.T) {
	defer func(n int) { PieceEvents = n }(PieceEvents)
	PieceEvents = 60
	path, src := enginetest.CaptureFile(t, "default", "default.pcap", capturetest.Config{Format: capturetest.Pcap, Link: capturetest.Ethernet})
	out := filepath.Join(t.TempDir(), "default.jsonl.gz")
	code, stdout, errs := importRun(t, path, out, false, capture.Options{})
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(stdout, "pieces") {
		t.Errorf("summary does not name the pieces:\n%s", stdout)
	}
	want := 0
	for _, ev := range src.Events {
		if ev.Kind == recording.KindPosition {
			want++
		}
	}
	got, pieces := 0, 0
	for n := 1; ; n++ {
		p := PiecePath(out, n)
		if _, err := os.Stat(p); err != nil {
			break
		}
		rec, err := recording.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		pieces++
		if n > 1 && len(rec.Header.Entities) == 0 {
			t.Errorf("piece %d starts with no objects", n)
		}
		for _, ev := range rec.Events {
			if ev.Kind == recording.KindPosition {
				got++
			}
		}
		// Each piece runs on its own, as viewer run runs it.
		fs := flag.NewFlagSet("run", flag.ContinueOnError)
		o := &runcmd.Options{Reading: "seed", Quiet: true}
		readings, err := o.Readings(fs)
		if err != nil {
			t.Fatal(err)
		}
		if err := runcmd.Run(p, o, readings, capture.Options{}, io.Discard, io.Discard); err != nil {
			t.Errorf("run %s: %v", p, err)
		}
	}
	if pieces < 2 || got != want {
		t.Errorf("%d pieces holding %d positions, want several holding %d", pieces, got, want)
	}
}
