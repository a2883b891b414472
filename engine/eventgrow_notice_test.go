package engine

import (
	"bytes"
	"context"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"glidepath/assets"
	"glidepath/engine/capture/capturetest"
	"glidepath/engine/loader"
	"glidepath/engine/scenario"
)

// A capture read whole says which rule chose its player (the viewer's
// status line shows it), and says loudly when none did.
func TestGrowEvents_CaptureNoticeNamesThePlayerRule(t *testing.T) {
	for _, tc := range []struct {
		cfg  capturetest.Config
		want string
	}{
		{capturetest.Config{Format: capturetest.Pcap}, "player 0x50000001 (from PlayerCreate 0xF746)"},
		{capturetest.Config{Format: capturetest.Pcap, NoPlayerCreate: true}, "player: NONE found"},
	} {
		var buf bytes.Buffer
		rec := scenario.BenchRecording(2, 0.3, 0.5, 1)
		if _, err := capturetest.FromRecording(&buf, rec, tc.cfg); err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(t.TempDir(), "c.pcap")
		if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		st, err := GrowEvents(path, assets.FS(), loader.LoadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		_ = st.Wait(context.Background(), math.MaxInt)
		if n := st.Notice(); !strings.HasPrefix(n, tc.want) {
			t.Errorf("notice %q, want %q…", n, tc.want)
		}
		st.Stop()
	}
}
