package ui

import (
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"glidepath/ui/camera"
	"glidepath/ui/draw"
	"glidepath/ui/model"
	"glidepath/ui/overlay"
)

// viewer live's window (issue 43 item 3, "the window shows both"): beside
// the capture it follows, the client's trace is followed as it is written
// (ui/launch pushes its rows from a goroutine of its own; here the test
// does). Rows pushed reach the window at its next update: the client's
// body is drawn beside retail's (pixels of the client's colour appear in
// the 3D view where there were none), the status line says the tick the
// client has reached, and the divergence lane judges only the ticks whose
// rows are all in — a tick still being written is judged once the next
// begins, so a lane cached early is not left wrong.
func TestLiveClient_TrackGrowsInTheWindow(t *testing.T) {
	data, err := os.ReadFile("../engine/testdata/far_jump.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "live.jsonl")
	os.WriteFile(path, data, 0o644)
	const jumper = 0x80000A01
	track := overlay.NewFollowedClientTrack()
	defer track.Stop()
	a := openAppWith(t, path, nil, Options{File: path, Follow: true, Paused: true, Camera: camera.TopDown,
		Size: image.Pt(1280, 800), Client: track, Select: jumper})
	a.apply(cmdLast)
	if err := a.Update(); err != nil {
		t.Fatal(err)
	}
	last := a.pb.Cursor()
	if last < 30 {
		t.Fatalf("the run is %d ticks long; want more", last)
	}
	r := a.sess.Cur()
	tr := r.Hist.Track(jumper)
	var body draw.Vec3
	for i := range r.Snap.Objects {
		if r.Snap.Objects[i].GUID == jumper {
			body = model.Global(&r.Snap.Objects[i].Position)
		}
	}
	vp := a.lay.Viewport
	a.cam.Span, a.cam.Target = 30, body // the Jumper's neighbourhood, its client beside it
	before := clientPixels(frame(t, a), vp)
	if s := a.bar.statusLine(a); !strings.Contains(s, "client trace: no row yet") {
		t.Errorf("status %q: want it to say no client row yet", s)
	}

	// The client 3 m north of retail's Jumper at every tick to the cursor's.
	for k := 0; k <= last; k++ {
		pos := body
		if s, alive := tr.At(k); alive {
			pos = r.Hist.Pos(&s)
		}
		track.Push(jumper, overlay.ClientRow{Tick: k, Pos: pos.Add(draw.Vec3{0, 3, 0})})
		if k > 0 {
			track.Completed(k - 1)
		}
	}
	if got := clientPixels(frame(t, a), vp); got != before {
		t.Fatalf("the client drawn before the window took its rows: %d pixels of its colour, %d before", got, before)
	}
	if _, ok := a.tl.NextDivergence(a.timelineData(), -1, true); ok {
		t.Fatal("a divergence before the rows were taken")
	}
	if err := a.Update(); err != nil {
		t.Fatal(err)
	}
	after := clientPixels(frame(t, a), vp)
	t.Logf("pixels of the client's colour: %d before its rows, %d after", before, after)
	if after < before+20 {
		t.Errorf("the client's body is not drawn: %d pixels of its colour, %d before", after, before)
	}
	if s := a.bar.statusLine(a); !strings.Contains(s, "client at tick "+strconv.Itoa(last)) {
		t.Errorf("status %q: want the client's tick %d", s, last)
	}
	// Every tick diverges (3 m); the lane holds those up to the last
	// complete one, and the cursor's tick, still open, joins once done.
	var ticks []int
	for k := -1; ; {
		n, ok := a.tl.NextDivergence(a.timelineData(), k, true)
		if !ok {
			break
		}
		ticks, k = append(ticks, n), n
	}
	if len(ticks) == 0 || ticks[len(ticks)-1] != last-1 {
		t.Fatalf("divergence ticks %v: want them up to tick %d, the last complete one", ticks, last-1)
	}
	track.Completed(last)
	if err := a.Update(); err != nil {
		t.Fatal(err)
	}
	if k, ok := a.tl.NextDivergence(a.timelineData(), last-1, true); !ok || k != last {
		t.Errorf("tick %d once complete: next divergence %d %v", last, k, ok)
	}
	a.apply(cmdFirstDivergence)
	if !strings.Contains(a.bar.status, "the client diverges: 3.000 m apart") {
		t.Errorf("Shift+D: status %q", a.bar.status)
	}
	if os.Getenv("GLIDEPATH_SHOT") != "" {
		a.apply(cmdLast)
		a.Update()
		f, err := os.Create(os.Getenv("GLIDEPATH_SHOT"))
		if err != nil {
			t.Fatal(err)
		}
		png.Encode(f, frame(t, a))
		f.Close()
	}
}

// clientPixels counts the pixels of r in the client track's orange
// (overlay.ClientColor, 0xff701e), whole or faded over the ground: red
// far above green and blue, which no other overlay near the Jumper is
// (the blip's pink has blue, the queue's amber green).
func clientPixels(px *image.RGBA, r image.Rectangle) int {
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			p := px.RGBAAt(x, y)
			if int(p.R)-int(p.G) > 80 && int(p.R)-int(p.B) > 150 {
				n++
			}
		}
	}
	return n
}
