//go:build !js

package launch

import (
	"bytes"
	"glidepath/ui/model"
	"io"
	"strings"
	"testing"
)

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
