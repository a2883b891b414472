package cmdinput

import (
	"bytes"
	"strings"
	"testing"

	"glidepath/engine"
	"glidepath/engine/capture"
)

// The warnings' counts read as counts do: "lack 1 item", "1 frame, 1 UDP
// datagram"; more are plural.
func TestWarnings_CountsRead(t *testing.T) {
	fb := engine.Fallback{Kind: "setup", ID: "0x02000001", Used: "the illustrative shape"}
	for _, c := range []struct {
		fbs  []engine.Fallback
		want string
	}{
		{[]engine.Fallback{fb}, "viewer: warning: the dat files lack 1 item; each falls back alone:\n"},
		{[]engine.Fallback{fb, fb}, "viewer: warning: the dat files lack 2 items; each falls back alone:\n"},
	} {
		var b bytes.Buffer
		WarnFallbacks(&b, c.fbs)
		if !strings.HasPrefix(b.String(), c.want) {
			t.Errorf("%d fallbacks: %q, want %q first", len(c.fbs), b.String(), c.want)
		}
	}
	if got, want := NoACPackets("x.pcap", &capture.Summary{Frames: 1, Datagrams: 1, OtherPorts: 1}), "x.pcap: no AC packets: 1 frame, 1 UDP datagram, 1 of them on no AC server port;"; !strings.HasPrefix(got, want) {
		t.Errorf("got %q, want %q first", got, want)
	}
	if got, want := NoACPackets("x.pcap", &capture.Summary{Frames: 2, Datagrams: 0}), "x.pcap: no AC packets: 2 frames, 0 UDP datagrams, 0 of them"; !strings.HasPrefix(got, want) {
		t.Errorf("got %q, want %q first", got, want)
	}
}
