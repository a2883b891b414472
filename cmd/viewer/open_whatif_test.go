// viewer -whatif: the conditions parsed by the whatif subcommand's own
// flags, bad values exit 2 naming -whatif before any window, and the
// what-if run differs from the original it is opened beside.

package main

import (
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestOpenWhatif_BadValuesExitTwoNamingTheFlag(t *testing.T) {
	runner := "../../assets/scenarios/runner.yaml"
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-whatif", "-latency fast", runner}, "-whatif"},
		{[]string{"-whatif", "-loss 150%", runner}, "-whatif"},
		{[]string{"-whatif", "-latency 0..300ms/50ms", runner}, "a sweep opens no window"},
		{[]string{"-whatif", "-set nosuchfield=1", runner}, "-set nosuchfield=1"},
		{[]string{"-whatif", "latency=150ms", runner}, "not a condition flag"},
		{[]string{"-whatif", "-reading ace", runner}, "-whatif"},
		{[]string{"-whatif", "-latency 1s", runner, "../../assets/scenarios/cliff.yaml"}, "-whatif re-delivers one FILE, got 2"},
		{[]string{"-whatif", "-latency 1s", "-follow", runner}, "-follow"},
	} {
		code, _, stderr := viewerCmd(c.args...)
		if code != exitUsage || !strings.Contains(stderr, c.want) {
			t.Errorf("viewer %q: exit %d, stderr %q; want %d naming %q", c.args, code, stderr, exitUsage, c.want)
		}
	}
}

// The window opens with the original and the what-if side by side: the
// screenshot is drawn from both runs and the redelivery is reported.
func TestOpenWhatif_WindowOpens(t *testing.T) {
	needDisplay(t)
	out := filepath.Join(t.TempDir(), "whatif.png")
	code, output := viewerProcess(t, "-whatif", "-latency 500ms -loss 20%", "-screenshot", out, "-tick", "300", "../../assets/scenarios/runner.yaml")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, output)
	}
	if !strings.Contains(output, "viewer: what-if (latency=500ms loss=20%, seed 1)") {
		t.Errorf("output %q does not report the redelivery", output)
	}
	f, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := png.Decode(f); err != nil {
		t.Fatal(err)
	}
}
