package launch

import (
	"bytes"
	"flag"
	"math"
	"strings"
	"testing"

	"glidepath/internal/cmdinput"
)

// The fellowship's clients in one window: the capture that started later is
// shifted by the difference of the server times their ConnectRequests carry
// (303224035.338 − 303223907.396 s, read off the corpus bytes), so one
// cursor is one server instant in both.
func TestWindowCaptures_OneServerClock(t *testing.T) {
	two := "../../testdata/corpus/fellowship-two-monarch.prefix.jsonl"
	three := "../../testdata/corpus/fellowship-three-vassal.jsonl"
	var cf cmdinput.CaptureFlags
	fs := flag.NewFlagSet("viewer", flag.ContinueOnError)
	cf.Add(fs)
	var stderr bytes.Buffer
	caps, err := windowCaptures(&cf, []string{three, two}, &stderr)
	if err != nil {
		t.Fatal(err)
	}
	if caps[two].TimeShift != 0 {
		t.Errorf("two-monarch, the first to start, shifted %v s", caps[two].TimeShift)
	}
	if d := caps[three].TimeShift - 127.942; math.Abs(d) > 0.02 {
		t.Errorf("three-vassal shifted %.4f s, want 127.942 ± 0.02", caps[three].TimeShift)
	}
	if !strings.Contains(stderr.String(), "on the server clock") {
		t.Errorf("the shift is not said: %q", stderr.String())
	}
	// One input: nothing to align, nothing said.
	stderr.Reset()
	caps, err = windowCaptures(&cf, []string{three}, &stderr)
	if err != nil || caps[three].TimeShift != 0 || stderr.Len() != 0 {
		t.Errorf("one capture: %+v, %v, %q", caps[three], err, stderr.String())
	}
}
