package scenario

import (
	"strings"
	"testing"

	"glidepath/assets"
	"glidepath/engine/recording"
)

// A scenario that gives no tick_rate compiles to a recording at the rate a
// recording whose header gives none is read at.
func TestCompile_NoTickRateIsTheRecordingDefault(t *testing.T) {
	s, err := Parse("plain.yaml", []byte("duration: 1\nremotes: []\n"), assets.FS())
	if err != nil {
		t.Fatal(err)
	}
	rec, err := s.Compile()
	if err != nil {
		t.Fatal(err)
	}
	plain, err := recording.Read("plain.jsonl", strings.NewReader(`{"format":"glidepath-recording","version":1,"entities":[]}`+"\n"))
	if err != nil {
		t.Fatal(err)
	}
	if rec.Header.TickRate != plain.Header.TickRate || rec.Header.TickRate == 0 {
		t.Fatalf("scenario compiled at %d Hz, a recording with no tick_rate reads at %d Hz", rec.Header.TickRate, plain.Header.TickRate)
	}
}
