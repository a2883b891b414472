package ui

import (
	"image"
	"testing"

	"glidepath/engine/eventlog"
	"glidepath/ui/camera"
	"glidepath/ui/timeline"
)

// A click on an event's mark in a timeline lane selects that event's
// object and turns the follow camera on, as picking from the object list
// does (issue 30 item 1); a click away from any mark only moves the cursor.
func TestLaneClick_SelectsTheMarksObjectAndFollows(t *testing.T) {
	a := openAppWith(t, "../assets/scenarios/far-blip.yaml", nil, Options{Camera: camera.Isometric, Paused: true, Size: image.Pt(1280, 800)})
	a.sel.Clear()
	x := a.sess.Cur().Index
	guid, tick := uint32(0), -1
	for i := range x.Len() {
		if g, k := x.Who(i); k == eventlog.EventBlip {
			guid, tick = g, int(x.Tick(i))
			break
		}
	}
	if guid == 0 {
		t.Fatal("far-blip.yaml has no blip")
	}
	r := a.tl.Rect()
	y := r.Y + timeline.RulerHeight + float64(timeline.LaneBlips)*timeline.LaneHeight + timeline.LaneHeight/2
	away := a.tl.View.XOf(float64(tick)) - 40
	a.routeMouse(camera.Input{X: away, Y: y, Left: true}, true, false)
	a.routeMouse(camera.Input{X: away, Y: y}, false, false)
	if a.sel.GUID != 0 || a.sel.Follow {
		t.Fatalf("a click 40 px from the blip selected %#x (follow %v)", a.sel.GUID, a.sel.Follow)
	}
	mx := a.tl.View.XOf(float64(tick)) + 1
	a.routeMouse(camera.Input{X: mx, Y: y}, false, false) // hover first, as a real mouse does
	a.routeMouse(camera.Input{X: mx, Y: y, Left: true}, true, false)
	a.routeMouse(camera.Input{X: mx, Y: y}, false, false)
	if a.sel.GUID != guid || !a.sel.Follow {
		t.Errorf("a click on the blip at tick %d selected %#x (follow %v), want %#x following", tick, a.sel.GUID, a.sel.Follow, guid)
	}
	if c := a.pb.Cursor(); c < tick-2 || c > tick+2 {
		t.Errorf("the click left the cursor at %d, want the blip's tick %d", c, tick)
	}
}

// A click on the plot's name plots the objects the filter (Ctrl+F) keeps:
// the timeline is handed exactly those, and the window draws them.
func TestPlot_ClickPlotsTheFiltersObjects(t *testing.T) {
	a := openAppWith(t, "../assets/scenarios/far-blip.yaml", nil, Options{Camera: camera.Isometric, Paused: true, Size: image.Pt(1280, 800)})
	if err := a.filt.setFilter(a, "kind=blip"); err != nil {
		t.Fatal(err)
	}
	r := a.tl.Rect()
	y := r.Y + r.H - 20 // the plot's name column, below the lanes
	a.routeMouse(camera.Input{X: r.X + 10, Y: y, Left: true}, true, false)
	a.routeMouse(camera.Input{X: r.X + 10, Y: y}, false, false)
	if !a.tl.PlotFiltered {
		t.Fatal("a click on the plot's name did not switch it to the filter's objects")
	}
	run := a.sess.Cur()
	var want []uint32
	for _, tr := range run.Hist.Tracks() {
		for _, i := range run.Index.Of(tr.GUID) {
			if _, k := run.Index.Who(int(i)); k == eventlog.EventBlip {
				want = append(want, tr.GUID)
				break
			}
		}
	}
	got := a.timelineData().Filtered
	if len(want) == 0 || len(got) != len(want) {
		t.Fatalf("the plot is handed %x, want the blipping objects %x", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("the plot is handed %x, want the blipping objects %x", got, want)
		}
	}
	frame(t, a)
}
