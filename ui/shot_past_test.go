// A screenshot's history past its tick (session.NewLeanPicture): the
// picture is byte for byte the one drawn with the whole history, and every
// screenshot whose frame reads more past its tick keeps the whole.

package ui

import (
	"bytes"
	"path/filepath"
	"testing"

	"glidepath/ui/overlay"
	"glidepath/ui/timeline"
)

func TestShot_LeanHistoryDrawsTheSamePicture(t *testing.T) {
	defer func() { shotLean = true }()
	for _, c := range shotCases(t) {
		ref := shotRef(t, c)
		// Side by side (two readings) keeps the whole history.
		if want := len(c.readings) < 2; ref.leaned != want {
			t.Errorf("%s: lean on, the session's history lean %v", c.name, ref.leaned)
		}
		shotLean = false
		opts := c.opts
		opts.Screenshot = filepath.Join(t.TempDir(), "shot.png")
		a := openAppWith(t, queueScenario, c.readings, opts)
		if a.sess.Leaned() {
			t.Errorf("%s: lean off, the session's history lean", c.name)
		}
		shot := shotPNG(t, a, opts.Screenshot)
		shotLean = true
		if !bytes.Equal(ref.png, shot) {
			t.Errorf("%s: the lean history draws another picture than the whole one", c.name)
		}
	}
}

// Each screenshot whose frame reads more of the history past its tick than
// the aggregates and the selection's default plot keeps the whole history.
func TestLeanPicture_FallsBackWhereTheFrameReadsMore(t *testing.T) {
	if !leanPicture(&Options{}) {
		t.Fatal("a plain screenshot is not lean")
	}
	for name, o := range map[string]Options{
		"beside a client trace": {Client: &overlay.ClientTrack{}},
		"a remembered view":     {RestoreView: true},
		"an export":             {Export: &Export{}},
		"side by side":          {Split: true},
		"a followed file":       {Follow: true},
	} {
		if leanPicture(&o) {
			t.Errorf("%s: lean", name)
		}
	}
	if timeline.DefaultPlot&^leanPlot != 0 {
		t.Errorf("the default plot %b reads fields a lean history lacks (it has %b)", timeline.DefaultPlot, leanPlot)
	}
}
