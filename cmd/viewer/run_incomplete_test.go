package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"glidepath/engine/capture/capturetest"
	"glidepath/engine/capture/wiretest"
)

// TestRun_IncompleteMessagesWarned: a capture whose game messages never
// complete (one-byte fragments, the last of each never sent; issue 37 item
// 11, scaled to 8 messages) runs, and the run says on stderr how many
// messages it dropped incomplete, not a silent empty run.
func TestRun_IncompleteMessagesWarned(t *testing.T) {
	var buf bytes.Buffer
	wr := wiretest.New(&buf, wiretest.Config{IDs: wiretest.PerMessage, FragmentData: 1})
	wr.Message(0, capturetest.PlayerCreate(capturetest.PlayerGUID))
	const ids, count = 8, 4096
	n := 0
	for i := range count - 1 {
		for m := range ids {
			n++
			wr.Fragment(0.001+float64(n)/1e6, uint32(100+m), uint32(100+m), count, i, []byte{byte(i)})
		}
	}
	if err := wr.Close(); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "tiny.pcap")
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := viewer(t, "run", "-quiet", path)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(stderr, "8 messages incomplete, dropped") || !strings.Contains(stderr, "missing fragment index [4095] of 4096") {
		t.Errorf("stderr does not report the incomplete messages:\n%s", stderr)
	}
}
