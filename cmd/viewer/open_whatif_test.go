// viewer -whatif: the conditions parsed by the whatif subcommand's own
// flags, bad values exit 2 naming -whatif before any window, and the
// what-if run differs from the original it is opened beside.

package main

import (
	"bytes"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"glidepath/ui/model"
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

func TestWhatifSpec_ParsesAsTheSubcommand(t *testing.T) {
	var w whatifSpec
	if err := w.Set("-latency 150ms -jitter 40ms -loss 5% -reorder 0.02 -cadence 2s -seed 7 -set interpolate_at_bubble_edge=true"); err != nil {
		t.Fatal(err)
	}
	c := w.cond
	if c.Latency != 0.15 || c.Jitter != 0.04 || c.Loss != 0.05 || c.Reorder != 0.02 || c.Cadence != 2 || c.Seed != 7 {
		t.Errorf("conditions %+v", c)
	}
	if want := "latency=150ms jitter=40ms loss=5% reorder=2% cadence=2s interpolate_at_bubble_edge=true"; w.label != want {
		t.Errorf("label %q, want %q", w.label, want)
	}
}

// snapAt is the objects' positions of src at tick.
func snapAt(t *testing.T, src model.Source, tick int) []model.Vec3 {
	t.Helper()
	if err := src.Seek(tick); err != nil {
		t.Fatal(err)
	}
	var s model.Snapshot
	src.Snapshot(&s)
	var out []model.Vec3
	for _, o := range s.Objects {
		out = append(out, model.Global(&o.Position))
	}
	return out
}

func TestWhatifSources_DiffersFromTheOriginal(t *testing.T) {
	runner := "../../assets/scenarios/runner.yaml"
	orig, err := openSourcesIn(nil)(runner, []string{"seed"}, 0, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		cond string
		same bool
	}{
		{"", true}, // no change: the original again
		{"-latency 700ms -loss 40%", false},
	} {
		var w whatifSpec
		if err := w.Set(c.cond); err != nil {
			t.Fatal(err)
		}
		var stderr bytes.Buffer
		wi, err := whatifSources(runner, "seed", &w, nil, &stderr)
		if err != nil {
			t.Fatal(err)
		}
		if len(wi) != 1 || wi[0].Info().Reading != "seed@whatif" || wi[0].Info().File != orig[0].Info().File {
			t.Fatalf("%q: runs %d, reading %q, file %q", c.cond, len(wi), wi[0].Info().Reading, wi[0].Info().File)
		}
		if !strings.Contains(stderr.String(), "what-if") {
			t.Errorf("%q: stderr %q says nothing of the redelivery", c.cond, stderr.String())
		}
		differ := false
		for _, tick := range []int{200, 400, 600} {
			a, b := snapAt(t, orig[0], tick), snapAt(t, wi[0], tick)
			if len(a) != len(b) {
				differ = true
				continue
			}
			for i := range a {
				differ = differ || a[i] != b[i]
			}
		}
		if differ == c.same {
			t.Errorf("%q: the what-if run differs from the original: %v, want %v", c.cond, differ, !c.same)
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
