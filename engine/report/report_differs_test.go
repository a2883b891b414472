// Tests that a compared report marks the values the readings disagree on.

package report

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"glidepath/assets"
	"glidepath/engine"
	"glidepath/engine/scenario"
	"glidepath/interp"
)

// The runner under seed and legacy: the readings disagree on blips and
// hitches but not on updates; the JSON lists exactly the differing fields
// (each checked against the runs' own values) and the text marks those
// rows' values with "*". One reading marks nothing.
func TestReport_MarksValuesTheReadingsDifferOn(t *testing.T) {
	rec, err := scenario.CompileAsset(assets.FS(), "runner")
	if err != nil {
		t.Fatal(err)
	}
	seed, _ := interp.ReadingByName("seed")
	legacy, _ := interp.ReadingByName("legacy")
	c, err := compareOf(rec, []interp.Reading{seed, legacy}, engine.Options{Assets: assets.FS(), Metrics: true, NoCheckpoints: true})
	if err != nil {
		t.Fatal(err)
	}
	c.RunAll(nil)
	r := NewReport("runner.yaml", c)
	o := r.Objects[0]
	a, b := o.Runs[0], o.Runs[1]
	for key, differ := range map[string]bool{"updates": a.Updates != b.Updates, "blips": a.Blips != b.Blips,
		"hitches": a.Hitches != b.Hitches, "snaps": a.Snaps != b.Snaps, "stall_windows": a.StallWindows != b.StallWindows} {
		if slices.Contains(o.Differs, key) != differ {
			t.Errorf("differs %v: %s listed %v, values differ %v", o.Differs, key, !differ, differ)
		}
	}
	if !slices.Contains(o.Differs, "blips") {
		t.Fatalf("seed and legacy blip alike on the runner (%d): the test needs a difference", a.Blips)
	}
	var js bytes.Buffer
	if err := r.WriteJSON(&js); err != nil {
		t.Fatal(err)
	}
	var back struct {
		Objects []struct {
			Differs []string `json:"differs"`
		} `json:"objects"`
	}
	if err := json.Unmarshal(js.Bytes(), &back); err != nil || !slices.Equal(back.Objects[0].Differs, o.Differs) {
		t.Errorf("JSON differs %v (%v), want %v", back.Objects[0].Differs, err, o.Differs)
	}
	var txt bytes.Buffer
	if err := r.WriteText(&txt); err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(txt.String(), "\n") {
		f := strings.Fields(line)
		switch {
		case len(f) > 0 && f[0] == "blips":
			if strings.Count(line, "*") != 2 {
				t.Errorf("blips row not marked: %q", line)
			}
		case len(f) > 0 && f[0] == "updates":
			if strings.Contains(line, "*") {
				t.Errorf("updates row marked: %q", line)
			}
		}
	}
	one, err := compareOf(rec, []interp.Reading{seed}, engine.Options{Assets: assets.FS(), Metrics: true, NoCheckpoints: true})
	if err != nil {
		t.Fatal(err)
	}
	one.RunAll(nil)
	var single bytes.Buffer
	r1 := NewReport("runner.yaml", one)
	if err := r1.WriteText(&single); err != nil || strings.Contains(single.String(), "*") || r1.Objects[0].Differs != nil {
		t.Errorf("one reading marked differences: %v", err)
	}
}
