package capture_test

import (
	"strings"
	"testing"

	"glidepath/engine/capture"
)

// The text summary's counts read as counts do: one of a thing is singular
// ("1 frame", "1 held item"), more plural; the JSON keeps its numbers.
func TestSummary_CountsReadSingularForOne(t *testing.T) {
	for _, c := range []struct {
		n    int
		want []string
	}{
		{1, []string{": 1 frame, 1 UDP datagram (", " (1 packet of other clients skipped)", "fragments: 1 (1 duplicate)",
			"1 position → 1 truth event (", "1 UpdatePosition received by both", "(1 tick) apart", "1 held item, 1 static)", " (frame 7)"}},
		{2, []string{": 2 frames, 2 UDP datagrams (", " (2 packets of other clients skipped)", "fragments: 2 (2 duplicates)",
			"2 positions → 2 truth events (", "2 UpdatePositions received by both", "(2 ticks) apart", "2 held items, 2 statics)", " (frames 7, 8)"}},
	} {
		n := c.n
		s := &capture.Summary{
			File: "x.pcap", Format: "pcap", Frames: n, Datagrams: n, Client: "10.0.0.1:9000", OtherClients: n,
			Fragments: n, DuplicateFragments: n, HeldItems: n, Statics: n,
			TruthFrom:       []capture.TruthFrom{{File: "y.pcap", Player: "0x50000001", Positions: n, TruthEvents: n, SharedUpdates: n, MaxUpdateTicks: n}},
			DroppedCount:    n,
			DroppedByReason: []capture.ProblemGroup{{Reason: "fragment missing", Count: n, Frames: []int{7, 8}[:n]}},
			Outputs:         []string{"a.jsonl", "b.jsonl"},
		}
		var b strings.Builder
		if err := s.WriteText(&b); err != nil {
			t.Fatal(err)
		}
		for _, w := range c.want {
			if !strings.Contains(b.String(), w) {
				t.Errorf("n=%d: the summary lacks %q:\n%s", n, w, b.String())
			}
		}
		if !strings.Contains(b.String(), "written in 2 pieces,") {
			t.Errorf("the summary lacks the pieces:\n%s", b.String())
		}
	}
}
