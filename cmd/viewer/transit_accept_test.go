package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/assets/dat/indepwriter"
	"glidepath/engine/recording"
	"glidepath/physics"
)

// Issue 40's doorway check through the built viewer's trace, on the
// independent writer's geometry world (its building's hall, turned a
// quarter turn at (60, 130); the doorway in the wall at y 140, x
// 55.2–56.8): `viewer run -dat DIR -trace` of a remote the server walks
// south through the doorway and back out gives the hall's cell id
// (0x2B2B0100) on the rows inside and an outdoor cell of landblock 0x2B2B
// again on the way out, and every row in contact stands on the floor
// (z 55 within 1 cm).
func TestViewerRun_IndependentDoorwayCells(t *testing.T) {
	noDatFolder(t)
	dir := filepath.Join(t.TempDir(), "geo")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := indepwriter.WriteGeometry(dir); err != nil {
		t.Fatal(err)
	}
	const guid = 0x80000A09
	outdoor := func(x, y float32) uint32 { return 0x2B2B0000 | physics.OutdoorCellIndex(x, y) }
	hall := uint32(indepwriter.GeoHall)
	pos := func(y float32, cell uint32) physics.Position {
		return physics.NewPosition(cell, mgl32.Vec3{56, y, 55}, 180)
	}
	h := recording.NewHeader()
	e := recording.NewEntity(guid, pos(145, outdoor(56, 145)))
	e.Seq.Instance, e.HasMotion, e.Setup = 1, true, indepwriter.HumanSetup
	h.Entities = []recording.Entity{e}
	rec := &recording.Recording{Name: "doorway.jsonl", Header: h}
	path := []struct {
		y    float32
		cell uint32
	}{{142, outdoor(56, 142)}, {138, hall}, {135, hall}, {135, hall}, {138, hall}, {142, outdoor(56, 142)}, {145, outdoor(56, 145)}}
	for i, p := range path {
		rec.Events = append(rec.Events, recording.Event{T: float64(i + 1), Kind: recording.KindPosition, GUID: guid, HasGUID: true,
			Update: recording.UpdatePosition{GUID: guid, Pos: pos(p.y, p.cell), Grounded: true,
				Seq: recording.PositionSeq{Instance: 1, Position: uint16(i + 1)}}})
	}
	in := filepath.Join(t.TempDir(), "doorway.jsonl")
	if err := recording.WriteFile(in, rec); err != nil {
		t.Fatal(err)
	}
	trace := filepath.Join(t.TempDir(), "doorway.trace.jsonl")
	if code, _, errs := viewer(t, "run", "-dat", dir, "-quiet", "-trace", trace, in); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	data, err := os.ReadFile(trace)
	if err != nil {
		t.Fatal(err)
	}
	rows, inside, outAgain := 0, false, false
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n")[1:] {
		var r struct {
			Tick    int        `json:"tick"`
			Cell    string     `json:"cell"`
			Origin  [3]float32 `json:"origin"`
			Contact *bool      `json:"contact"`
		}
		if err := json.Unmarshal([]byte(line), &r); err != nil || r.Contact == nil || r.Cell == "" {
			continue
		}
		rows++
		c, err := strconv.ParseUint(strings.TrimPrefix(r.Cell, "0x"), 16, 32)
		if err != nil {
			t.Fatalf("tick %d: cell %q", r.Tick, r.Cell)
		}
		switch {
		case uint32(c) == hall:
			inside = true
			if r.Origin[1] > 140 {
				t.Errorf("tick %d: the hall's cell at y %.3f, outside its wall", r.Tick, r.Origin[1])
			}
		case c>>16 == 0x2B2B && c&0xFFFF < 0x100:
			outAgain = outAgain || inside
		default:
			t.Errorf("tick %d: cell %s", r.Tick, r.Cell)
		}
		if *r.Contact && (r.Origin[2] < 54.99 || r.Origin[2] > 55.01) {
			t.Errorf("tick %d: z %.3f off the floor at %v (cell %s)", r.Tick, r.Origin[2], r.Origin, r.Cell)
		}
	}
	if rows < 200 || !inside || !outAgain {
		t.Fatalf("%d rows; inside the hall %v, outdoors again %v", rows, inside, outAgain)
	}
}
