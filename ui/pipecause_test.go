// Tests of the pipeline panel's cause chains.

package ui

import (
	"image"
	"strconv"
	"strings"
	"testing"

	"glidepath/engine/eventlog"
	"glidepath/ui/camera"
	"glidepath/ui/model"
)

// engine/explain: at the runner's first blip the pipeline panel leads
// with the blip's cause chain, the same text the timeline's tooltip gives
// (Index.Cause); a tick with no blip, snap, pop or hitch shows none.
func TestPipelinePanel_ShowsTheCauseChainAtABlip(t *testing.T) {
	const runner = 0x80000C01
	a := openAppWith(t, "../assets/scenarios/runner.yaml", nil, Options{Camera: camera.Isometric, Tick: 0, Paused: true, Size: image.Pt(1280, 800), Select: runner})
	x := a.sess.Cur().Index
	i, ok := x.Next(0, model.Filter{Kinds: model.KindSet(eventlog.EventBlip), OneObject: true, GUID: runner})
	if !ok {
		t.Fatal("the runner scenario has no blip of the runner")
	}
	tick, want, ok := x.Cause(i)
	if !ok || want == "" {
		t.Fatalf("the blip at log entry %d has no cause chain", i)
	}
	causes := func() string {
		var b strings.Builder
		for _, l := range a.panels.Pipe.Lines {
			if l.Kind == 5 {
				b.WriteString(l.Text + " ")
			}
		}
		return b.String()
	}
	if got := causes(); got != "" {
		t.Errorf("tick 0 shows a cause chain: %q", got)
	}
	a.pb.Seek(int(x.Tick(i)))
	if err := a.Update(); err != nil {
		t.Fatal(err)
	}
	got := causes()
	// The panel wraps the line; compare its words.
	if !strings.HasPrefix(got, "why: tick ") || strings.Join(strings.Fields(got), " ") != strings.Join(strings.Fields("why: tick "+strconv.Itoa(tick)+": "+want), " ") {
		t.Errorf("at the blip (tick %d) the panel's cause lines are %q, want the chain %q", x.Tick(i), got, want)
	}
}
