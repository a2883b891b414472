// viewer shot on a dat world with rooms (dattest's geometry world): the
// selected remote standing in the stair room is seen from above inside the
// room's walls, drawn translucent, the ceiling cut away (issue 40 item 4).

package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/assets/dat/dattest"
	"glidepath/engine/recording"
	"glidepath/physics"
	"glidepath/ui/overlay"
)

// roomRecording writes a recording of one humanoid remote standing in
// dattest's stair room (its cell 0xC1C10102, the room at (100, 100) of
// landblock 0xC1C1, floor at z 0) for a second, and returns its path.
func roomRecording(t *testing.T, guid uint32) string {
	t.Helper()
	pos := physics.NewPosition(dattest.StairRoom, mgl32.Vec3{101.5, 101.5, 0}, 45)
	h := recording.NewHeader()
	e := recording.NewEntity(guid, pos)
	e.Seq.Instance, e.HasMotion, e.Setup = 1, true, dattest.HumanSetup
	h.Entities = []recording.Entity{e}
	rec := &recording.Recording{Name: "room.jsonl", Header: h}
	for i := range 2 {
		rec.Events = append(rec.Events, recording.Event{T: float64(i) * 0.5, Kind: recording.KindPosition, GUID: guid, HasGUID: true,
			Update: recording.UpdatePosition{GUID: guid, Pos: pos, Grounded: true,
				Seq: recording.PositionSeq{Instance: 1, Position: uint16(i + 1)}}})
	}
	in := filepath.Join(t.TempDir(), "room.jsonl")
	if err := recording.WriteFile(in, rec); err != nil {
		t.Fatal(err)
	}
	return in
}

func TestShot_ARoomOfTheDats(t *testing.T) {
	needDisplay(t)
	noDatFolder(t)
	dir := filepath.Join(t.TempDir(), "geo")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := dattest.WriteGeometry(dir); err != nil {
		t.Fatal(err)
	}
	const guid = 0x80000A21
	in := roomRecording(t, guid)
	out := filepath.Join(t.TempDir(), "room.png")
	code, output := viewerProcess(t, "shot", "-dat", dir, "-tick", "15", "-size", "480x360", "-viewport", "-camera", "top-down", "-select", "0x80000A21", "-o", out, in)
	if code != 0 {
		t.Fatalf("exit %d:\n%s", code, output)
	}
	img := readPNG(t, out)
	// The view is centred on the body, 1.5 m from the room's south-west
	// corner. Outside the room (2 m west, 1 m south of the corner) is the
	// bare flat terrain; inside (4.6 m east, 0.6 m north of the body, clear
	// of the stair and the low wall) is the floor's fill over that same
	// terrain and nothing else: the ceiling above the body's head is cut
	// away top-down.
	at := func(x, y int) [3]int {
		c := img.RGBAAt(x, y)
		return [3]int{int(c.R), int(c.G), int(c.B)}
	}
	outside, inside := at(130, 260), at(400, 200)
	f := overlay.FloorFill
	want := [3]int{}
	for i, ch := range [3]uint8{f.R, f.G, f.B} {
		want[i] = int(ch) + outside[i]*(255-int(f.A))/255
	}
	for i := range want {
		if d := inside[i] - want[i]; d < -3 || d > 3 {
			t.Fatalf("inside the room %v, want the floor's fill over the terrain %v: %v (outside %v)", inside, outside, want, outside)
		}
	}
	// The same patch a little further in has the same colour: a fill, not
	// an edge.
	for dx := -4; dx <= 4; dx += 4 {
		for dy := -4; dy <= 4; dy += 4 {
			if c := at(400+dx, 200+dy); c != inside {
				t.Errorf("floor pixel (%d, %d) %v, want %v like its neighbours", 400+dx, 200+dy, c, inside)
			}
		}
	}
}
