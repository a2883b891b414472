package eventlog

import (
	"strings"
	"testing"
)

// A lag whose updates all came in one tick (a burst, as corner.yaml's ten
// positions on one cut line) is told as one tick, not as the span "from
// tick 315 to 315"; a lag over several ticks keeps its span (the lag
// detector, engine/glide.go endLag, docs/pipeline.md "Glide events").
func TestLagCause_OneTickOrASpan(t *testing.T) {
	for _, c := range []struct {
		since, until int32
		want, not    string
	}{
		{315, 315, "delivered together at tick 315", "from tick 315 to 315"},
		{300, 315, "from tick 300 to 315", "delivered together"},
	} {
		e := &Event{Kind: EventLag, Since: c.since, Until: c.until, Fail: 1, Queue: 12, CauseDist: 0.76, Distance: 8.92}
		_, why := lagCause(e)
		detail := lagDetail(&Viewed{Since: c.since, Until: c.until}, nil)
		for _, s := range []string{why, detail} {
			if !strings.Contains(s, c.want) || strings.Contains(s, c.not) {
				t.Errorf("ticks %d–%d: %q: want %q and not %q", c.since, c.until, s, c.want, c.not)
			}
		}
	}
}
