// Tests of sub-tick stepping through the pipeline panel's stages.

package ui

import (
	"image"
	"strings"
	"testing"

	"glidepath/ui/camera"
	"glidepath/ui/panel"
	"glidepath/ui/pipeline"
)

// X from the whole tick goes to the deliver stage first (the panel's stage
// 1/8, its rows highlighted and scrolled to), then to root motion (2/8);
// Z from root motion returns to deliver and then to the whole tick.
func TestStageStepping_ReachesDeliver(t *testing.T) {
	a := openAppWith(t, "../assets/scenarios/runner.yaml", nil, Options{Camera: camera.Isometric, Tick: 40, Paused: true, Size: image.Pt(1280, 800), Select: 0x80000C01})
	title := func() string { return a.gui.title.pipeline.Label }
	step := func(c command) {
		t.Helper()
		a.apply(c)
		if err := a.Update(); err != nil {
			t.Fatal(err)
		}
	}
	if !strings.Contains(title(), "whole tick, 8 stages") {
		t.Errorf("title before stepping: %q", title())
	}
	step(cmdStageNext)
	if a.panels.Stepper.Stage() != pipeline.StageDeliver || title() != "Pipeline: stage 1/8 deliver" {
		t.Fatalf("X from the whole tick: stage %d, title %q; want deliver, 1/8", a.panels.Stepper.Stage(), title())
	}
	top := a.panels.Pipe.Scroll.Y / panel.LineHeight
	if top < 0 || top+1 >= len(a.panels.Pipe.Lines) || a.panels.Pipe.Lines[top+1].Stage != panel.StageDeliver {
		t.Errorf("the panel is not scrolled to the deliver rows (first shown line %d)", top)
	}
	frame(t, a) // draws the highlighted rows
	step(cmdStageNext)
	if !strings.HasPrefix(title(), "Pipeline: stage 2/8 ") {
		t.Errorf("X from deliver: title %q, want stage 2/8", title())
	}
	step(cmdStagePrev)
	if title() != "Pipeline: stage 1/8 deliver" {
		t.Errorf("Z back: title %q, want deliver", title())
	}
	step(cmdStagePrev)
	if a.panels.Stepper.Active() {
		t.Errorf("Z from deliver left stepping on at stage %d", a.panels.Stepper.Stage())
	}
}
