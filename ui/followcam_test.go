package ui

import (
	"image"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"glidepath/engine/eventlog"
	"glidepath/ui/camera"
	"glidepath/ui/model"
)

// firstBlip is the tick of guid's first blip in a's run, or -1.
func firstBlip(a *app, guid uint32) int {
	x := a.sess.Cur().Index
	for _, i := range x.Of(guid) {
		if _, k := x.Who(int(i)); k == eventlog.EventBlip {
			return int(x.Tick(int(i)))
		}
	}
	return -1
}

// exportFollowing exports ticks from–to of far-blip.yaml with guid
// selected at 800×500 and reports, per frame, whether the selection
// projected inside the viewport as that frame was drawn.
func exportFollowing(t *testing.T, guid uint32, follow bool, from, to int) (inside, frames int) {
	t.Helper()
	var a *app
	opts := Options{Camera: camera.Isometric, Tick: from, Paused: true, Size: image.Pt(800, 500),
		Select: guid, FollowSelection: follow}
	opts.Export = &Export{From: from, To: to, Frame: func(tick int, img *image.RGBA) error {
		frames++
		o := a.selectedObject()
		if o == nil {
			t.Fatalf("tick %d: the selection is not alive", tick)
		}
		vp := a.viewport()
		v := a.cam.View(vp)
		x, y, ok := v.Project(camera.Vec3(model.Global(&o.Position)))
		if ok && vp.Contains(x, y) {
			inside++
		} else if follow {
			t.Errorf("tick %d: the followed body is at (%.0f, %.0f), outside the viewport %+v", tick, x, y, vp)
		}
		return nil
	}}
	a = openAppWith(t, "../assets/scenarios/far-blip.yaml", nil, opts)
	img := ebiten.NewImage(a.w, a.h)
	defer img.Deallocate()
	for n := 0; !a.shotDone && n < 4*(to-from+1)+20; n++ {
		if err := a.Update(); err != nil {
			t.Fatal(err)
		}
		a.Draw(img)
	}
	if !a.shotDone {
		t.Fatal("the export did not finish")
	}
	return inside, frames
}

// viewer export -select GUID (follow on): a remote blipping 110 m stays
// in frame in every exported frame; without the follow camera the same
// export loses it (so the check can fail).
func TestFollow_ExportKeepsTheRemoteThroughABlip(t *testing.T) {
	const guid = 0x80000E01 // far-blip.yaml's Blinker
	probe := openApp(t, "../assets/scenarios/far-blip.yaml", nil, 0, 800, 500)
	blip := firstBlip(probe, guid)
	if blip < 0 {
		t.Fatal("far-blip.yaml's Blinker never blips")
	}
	from, to := blip-40, blip+20
	inside, frames := exportFollowing(t, guid, true, from, to)
	if frames != to-from+1 || inside != frames {
		t.Fatalf("follow: %d of %d frames had the body inside (want all %d)", inside, frames, to-from+1)
	}
	t.Logf("follow: %d of %d frames with the body inside the viewport", inside, frames)
	inside, frames = exportFollowing(t, guid, false, from, to)
	t.Logf("without follow: %d of %d", inside, frames)
	if inside == frames {
		t.Fatalf("without follow the body stayed in all %d frames: the test shows nothing", frames)
	}
}
