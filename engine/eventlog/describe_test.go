package eventlog

import (
	"strings"
	"testing"

	"glidepath/interp"
)

// A stall window judged against the 999999 original_distance an empty
// queue leaves (seed 000 §2) says it had no baseline, not a kilometre's
// progress; a real window says its metres; a window just short of the
// sentinel's least progress is still a distance.
func TestStallWindowText_SentinelIsNoBaseline(t *testing.T) {
	sentinel := interp.LargeDistance - 1.19
	for _, c := range []struct {
		e    Event
		want string
	}{
		{Event{Kind: EventStallWindow, Pass: true, Cumulative: sentinel, ProgressQuantum: 1.0 / 6}, "stall window passed: no baseline yet (original_distance 999999), in 0.167 s"},
		{Event{Kind: EventStallWindow, Pass: true, Cumulative: 0.5, ProgressQuantum: 1.0 / 6}, "stall window passed: 0.50 m in 0.167 s"},
		{Event{Kind: EventStallWindow, Cumulative: 0, ProgressQuantum: 1.0 / 6}, "stall window failed: 0.00 m in 0.167 s"},
		{Event{Kind: EventStallWindow, Pass: true, Cumulative: SentinelProgress - 1, ProgressQuantum: 1.0 / 6}, "stall window passed: 999.00 m in 0.167 s"},
	} {
		if got := c.e.Text(); got != c.want {
			t.Errorf("cumulative %v: %q, want %q", c.e.Cumulative, got, c.want)
		}
	}
	if got := (&Event{Kind: EventStallWindow, Pass: true, Cumulative: sentinel}).Text(); strings.Contains(got, "99999") && !strings.Contains(got, "original_distance 999999") {
		t.Errorf("the sentinel read as progress: %q", got)
	}
}
