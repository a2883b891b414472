package ui

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"glidepath/engine/capture/capturetest"
	"glidepath/engine/scenario"
)

// A capture's player rule (engine/capture player.go) is on the status line
// as soon as the reader has decided it, not only once the capture was read
// whole: a capture still being written (followed, never read to its end)
// names its PlayerCreate player; and a rule decided after the window
// opened is said when it is.
func TestStatusLine_PlayerRuleBeforeTheCaptureEnds(t *testing.T) {
	var buf bytes.Buffer
	if _, err := capturetest.FromRecording(&buf, scenario.BenchRecording(2, 0.3, 0.5, 1), capturetest.Config{Format: capturetest.Pcap}); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "c.pcap")
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	a, st := followedApp(t, path)
	const want = "player 0x50000001 (from PlayerCreate 0xF746)"
	deadline := time.Now().Add(20 * time.Second)
	for !strings.Contains(a.bar.statusLine(a), want) && time.Now().Before(deadline) {
		if err := a.Update(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Millisecond)
	}
	if s := a.bar.statusLine(a); !strings.Contains(s, want) {
		t.Fatalf("status line %q, want %q", s, want)
	}
	if st.Complete() {
		t.Fatal("the followed capture was read to its end: the test proves nothing")
	}
	// The reader deciding after the window opened: the notice is said
	// when it appears.
	a.bar.status, a.noticeSaid = "", ""
	if err := a.Update(); err != nil {
		t.Fatal(err)
	}
	if s := a.bar.statusLine(a); !strings.Contains(s, want) {
		t.Errorf("a notice that appeared later: status line %q, want %q", s, want)
	}
}
