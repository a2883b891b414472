// Tests of compare mode's timeline: one row per reading in every lane.

package ui

import (
	"image"
	"testing"

	"glidepath/ui/camera"
)

// Under -compare the timeline stacks one row per reading, in the legend's
// colours and order, named by reading; the selected reading's rows carry
// the client trace, and switching the reading (C) moves the selection of
// rows with it.
func TestCompare_TimelineStacksOneRowPerReading(t *testing.T) {
	a := openAppWith(t, "../assets/scenarios/runner.yaml", []string{"seed", "ace"}, Options{Camera: camera.Isometric, Tick: 79, Paused: true, Size: image.Pt(1280, 800), Select: 0x80000C01})
	d := a.timelineData()
	if len(d.Stack) != 2 {
		t.Fatalf("%d stacked runs, want one per reading", len(d.Stack))
	}
	for i, s := range d.Stack {
		r := a.sess.Runs[i]
		if s.Index != r.Index || s.Color != r.Color || s.Name != r.Info.Reading {
			t.Errorf("row %d: %q, colour %v; want run %q in %v", i, s.Name, s.Color, r.Info.Reading, r.Color)
		}
	}
	if d.StackSel != 0 || d.Index != a.sess.Runs[0].Index {
		t.Errorf("stack selection %d", d.StackSel)
	}
	a.apply(cmdNextReading)
	if err := a.Update(); err != nil {
		t.Fatal(err)
	}
	if d := a.timelineData(); d.StackSel != 1 || d.Index != a.sess.Runs[1].Index {
		t.Errorf("after C: stack selection %d", d.StackSel)
	}
	frame(t, a)
	one := openAppWith(t, "../assets/scenarios/runner.yaml", nil, Options{Camera: camera.Isometric, Tick: 79, Paused: true, Size: image.Pt(1280, 800)})
	if n := len(one.timelineData().Stack); n != 0 {
		t.Errorf("one reading stacks %d rows", n)
	}
}
