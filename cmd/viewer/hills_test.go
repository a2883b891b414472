package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/assets/dat/dattest"
	"glidepath/engine/datworld"
	"glidepath/engine/recording"
	"glidepath/physics"
)

var updateHills = flag.Bool("update", false, "rewrite recordings/hills.jsonl from dattest's standard world")

// hillsPath is the shipped recording meant for -dat.
const hillsPath = "../../recordings/hills.jsonl"

// hillsRecording is recordings/hills.jsonl: three remotes on dattest's
// hilly landblock 0xA9B4 (docs/world.md), every recorded position at the
// dat ground's height there (retail's split, as the run reads it) — what a
// server standing on those hills would send. A walker and a big creature
// go east, a scout runs north; the observer stands in the middle.
func hillsRecording(t *testing.T) *recording.Recording {
	t.Helper()
	dir := datDir(t)
	w, err := datworld.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	tr := physics.NewLoadedTerrain("hills", "", 0, true, func(id uint16) (*physics.Heightfield, bool) {
		h, err := w.Landblock(id)
		return h, err == nil && h != nil
	})
	at := func(x, y, heading float32) physics.Position {
		z, _ := tr.Height(0xA9B40001, x, y)
		p := physics.NewPosition(0xA9B40001, mgl32.Vec3{x, y, z}, heading)
		p.Normalize()
		return p
	}
	h := recording.NewHeader()
	h.HasObserver, h.Observer = true, at(96, 96, 0)
	type walker struct {
		guid     uint32
		name     string
		setup    uint32
		forward  recording.ForwardCommand
		x, y     float32 // start
		dx, dy   float32 // metres a second
		heading  float32
		interval float64 // seconds between UpdatePositions
	}
	walkers := []walker{
		{0x80000B01, "Walker", dattest.HumanSetup, recording.WalkForward, 20, 60, 3, 0, 90, 1},
		{0x80000B02, "Brute", dattest.BigSetup, recording.RunForward, 20, 120, 4.5, 0, 90, 1},
		{0x80000B03, "Scout", dattest.HumanSetup, recording.RunForward, 150, 20, 0, 4, 0, 0.5},
	}
	const seconds = 20
	var evs []recording.Event
	evs = append(evs, recording.Event{T: 0, Kind: recording.KindNote,
		Text: "Meant for -dat on dattest's standard world (go run ./assets/dat/dattest/writeworld DIR; docs/world.md): three remotes on the hilly landblock 0xA9B4, every position at the dat ground's height. Without -dat the bodies stand on flat ground 80 m and more below their positions."})
	for _, wk := range walkers {
		e := recording.NewEntity(wk.guid, at(wk.x, wk.y, wk.heading))
		e.Name, e.Seq.Instance, e.HasMotion, e.Setup, e.MotionTableID = wk.name, 1, true, wk.setup, dattest.HumanTable
		h.Entities = append(h.Entities, e)
		evs = append(evs, recording.Event{T: 0, Kind: recording.KindMotion, GUID: wk.guid, HasGUID: true,
			Motion: recording.Motion{Forward: wk.forward, ForwardSpeed: 1}})
		place := func(t float64) physics.Position {
			return at(wk.x+wk.dx*float32(t), wk.y+wk.dy*float32(t), wk.heading)
		}
		for i := 1; float64(i)*0.2 <= seconds; i++ {
			t := float64(i) * 0.2
			evs = append(evs, recording.Event{T: t, Kind: recording.KindTruth, GUID: wk.guid, HasGUID: true, Pos: place(t)})
		}
		for i := 1; float64(i)*wk.interval <= seconds; i++ {
			t := float64(i) * wk.interval
			evs = append(evs, recording.Event{T: t, Kind: recording.KindPosition, GUID: wk.guid, HasGUID: true,
				Update: recording.UpdatePosition{GUID: wk.guid, Pos: place(t), Grounded: true,
					Seq: recording.PositionSeq{Instance: 1, Position: uint16(i)}}})
		}
	}
	// Events in time order; at one time, in the order made (stable).
	sortEventsByTime(evs)
	return &recording.Recording{Name: "hills.jsonl", Header: h, Events: evs}
}

func sortEventsByTime(evs []recording.Event) {
	for i := 1; i < len(evs); i++ {
		for j := i; j > 0 && evs[j].T < evs[j-1].T; j-- {
			evs[j], evs[j-1] = evs[j-1], evs[j]
		}
	}
}

// recordings/hills.jsonl is what hillsRecording writes (go test
// ./cmd/viewer -run TestHills -update rewrites it), and it is meant for
// -dat (issue 37 item 1): run on dattest's standard world its positions
// agree with the dat ground, so no world_mismatch, and the bodies follow
// the hills; recordings/example.jsonl, made on flat ground at z 0, run
// beside the same dat folder is reported once on stderr and in -json as a
// recording from another world, and its cause chains name it.
func TestHills_ShippedRecordingIsMeantForDat(t *testing.T) {
	noDatFolder(t)
	rec := hillsRecording(t)
	var buf bytes.Buffer
	w, err := recording.NewWriter("hills.jsonl", &buf, &rec.Header)
	if err != nil {
		t.Fatal(err)
	}
	for i := range rec.Events {
		if err := w.Write(&rec.Events[i]); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if *updateHills {
		if err := os.WriteFile(hillsPath, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	shipped, err := os.ReadFile(hillsPath)
	if err != nil || !bytes.Equal(shipped, buf.Bytes()) {
		t.Fatalf("%s is not what hillsRecording writes (%v); rewrite it with -update", hillsPath, err)
	}

	dir := datDir(t)
	code, out, errs := viewer(t, "run", "-dat", dir, "-json", hillsPath)
	if code != 0 || strings.Contains(errs, "world_mismatch") || strings.Contains(errs, "is this input from this world") || strings.Contains(errs, "landblock 0x") {
		t.Fatalf("hills with -dat: exit %d, stderr %q", code, errs)
	}
	var rep struct {
		World         string          `json:"world"`
		WorldMismatch json.RawMessage `json:"world_mismatch"`
		Objects       []struct {
			Runs []struct {
				Error struct{ Mean float64 } `json:"error"`
			} `json:"runs"`
		} `json:"objects"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if !strings.Contains(rep.World, "client_cell_1.dat") || rep.WorldMismatch != nil || len(rep.Objects) != 3 {
		t.Errorf("hills with -dat: world %q, mismatch %s, %d objects", rep.World, rep.WorldMismatch, len(rep.Objects))
	}
	for i, o := range rep.Objects {
		if m := o.Runs[0].Error.Mean; !(m < 5) {
			t.Errorf("hills with -dat: object %d error mean %v m, want the bodies on the hills near their truth", i, m)
		}
	}

	// A recording from the flat illustrative world beside the same dats.
	code, out, errs = viewer(t, "run", "-dat", dir, "-json", "-explain", "../../recordings/example.jsonl")
	if code != 0 {
		t.Fatalf("example with -dat: exit %d: %s", code, errs)
	}
	if n := strings.Count(errs, "is this input from this world?"); n != 1 || !strings.Contains(errs, "m below the dat ground of 0xA9B4: is this input from this world?") {
		t.Errorf("example with -dat: the warning %d times, stderr %q", n, errs)
	}
	var ex struct {
		WorldMismatch *struct {
			Landblock string  `json:"landblock"`
			Metres    float64 `json:"metres"`
			Count     int     `json:"count"`
		} `json:"world_mismatch"`
		Objects []struct {
			Runs []struct {
				Causes []struct{ Text string } `json:"causes"`
			} `json:"runs"`
		} `json:"objects"`
	}
	if err := json.Unmarshal([]byte(out), &ex); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if m := ex.WorldMismatch; m == nil || m.Landblock != "0xA9B4" || m.Metres < 80 || m.Count < 10 {
		t.Errorf("example with -dat: world_mismatch %+v", m)
	}
	named := 0
	for _, o := range ex.Objects {
		for _, c := range o.Runs[0].Causes {
			if strings.Contains(c.Text, "m below the ground (the dat ground") && strings.Contains(c.Text, "world_mismatch") {
				named++
			}
		}
	}
	if named == 0 {
		t.Errorf("no cause chain names the mismatch:\n%s", out)
	}
	// Without dats, nothing to compare with.
	if code, out, errs := viewer(t, "run", "-json", "../../recordings/example.jsonl"); code != 0 || strings.Contains(out, "world_mismatch") || strings.Contains(errs, "this world") {
		t.Errorf("example without dats: exit %d, stderr %q", code, errs)
	}
}

// The picture command docs/world.md gives names a FILE that exists: the
// shipped recording meant for -dat.
func TestHills_WorldDocNamesAFile(t *testing.T) {
	doc, err := os.ReadFile("../../docs/world.md")
	if err != nil {
		t.Fatal(err)
	}
	_, after, ok := strings.Cut(string(doc), "*Made with `viewer shot -dat DIR")
	if !ok {
		t.Fatal("docs/world.md has no picture command")
	}
	cmd, _, _ := strings.Cut(after, "`")
	fields := strings.Fields(cmd)
	if len(fields) == 0 {
		t.Fatalf("picture command %q names no FILE", cmd)
	}
	file := fields[len(fields)-1]
	if _, err := os.Stat(filepath.Join("../..", file)); err != nil || !strings.HasSuffix(file, ".jsonl") {
		t.Errorf("picture command %q: FILE %s: %v", cmd, file, err)
	}
}
