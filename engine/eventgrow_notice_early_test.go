package engine

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"glidepath/assets"
	"glidepath/engine/capture/capturetest"
	"glidepath/engine/loader"
	"glidepath/engine/scenario"
)

// The player rule is on the status line as soon as the reader has decided
// it, not only once the capture was read whole: a capture still being
// written (followed, so never read to its end) names its PlayerCreate
// player while its reading goes on.
func TestGrowEvents_CaptureNoticeBeforeTheEnd(t *testing.T) {
	var buf bytes.Buffer
	rec := scenario.BenchRecording(2, 0.3, 0.5, 1)
	if _, err := capturetest.FromRecording(&buf, rec, capturetest.Config{Format: capturetest.Pcap}); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "c.pcap")
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	st, err := GrowEvents(path, assets.FS(), loader.LoadOptions{Follow: true})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Stop()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if err := st.Wait(ctx, 1); err != nil {
		t.Fatal(err)
	}
	// The notice is taken right after the event that decided it is stored:
	// wait for it (bounded), never for the end, which a followed file has
	// not.
	n := st.Notice()
	for n == "" && ctx.Err() == nil {
		time.Sleep(5 * time.Millisecond)
		n = st.Notice()
	}
	if want := "player 0x50000001 (from PlayerCreate 0xF746)"; !strings.HasPrefix(n, want) {
		t.Errorf("notice %q, want %q…", n, want)
	}
	if st.Complete() {
		t.Error("a followed capture read to its end: the test proves nothing")
	}
}
