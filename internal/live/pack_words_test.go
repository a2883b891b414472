package live

import (
	"strings"
	"testing"

	"glidepath/interp"
)

// The pack's README counts the recording's events as counts read: "the 1
// event", "the 2 events".
func TestPackReadme_CountsEvents(t *testing.T) {
	l := &session{o: Options{Capture: "c.pcap", Reading: interp.Reading{Name: "seed"}}}
	a := &Alarm{Kind: "blip", GUID: "0x80000A01", Tick: 7}
	for n, want := range map[int]string{1: "the 1 event the capture had given", 2: "the 2 events the capture had given"} {
		if got := packReadme(l, a, "", n); !strings.Contains(got, want) {
			t.Errorf("%d events: README lacks %q:\n%s", n, want, got)
		}
	}
}
