// Tests of the shipped motion tables and of ParseMotionTable's errors
// (seed 002 §5, seed 003 §3, READINGS.md item 11).

package anim

import (
	"errors"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
)

var locomotion = []Motion{WalkForward, RunForward, WalkBackward, SideStepRight, SideStepLeft}

// seed 002 §5 (READINGS.md item 11): the default Humanoid table gives the
// locomotion motions zero velocity, the turns omega and the attack baked
// pos_frames; every motion the brief lists is present.
func TestHumanoidTable_LocomotionVelocityZero(t *testing.T) {
	tbl := loadTable(t, "humanoid")
	if tbl.Name() != "humanoid" || tbl.Source() == "" {
		t.Errorf("name %q source %q", tbl.Name(), tbl.Source())
	}
	for m := Ready; m < numMotions; m++ {
		md := tbl.Motion(m)
		if md == nil {
			t.Errorf("%s missing", m)
			continue
		}
		if md.Source == "" {
			t.Errorf("%s: no source", m)
		}
	}
	for _, m := range locomotion {
		if v := tbl.Motion(m).Velocity; v != (mgl32.Vec3{}) {
			t.Errorf("%s velocity %v, want zero (seed 002 §5)", m, v)
		}
	}
	if w := tbl.Motion(TurnRight).Omega; w[2] >= 0 {
		t.Errorf("TurnRight omega %v: turning right is negative about +Z", w)
	}
	if tbl.Motion(TurnLeft).Omega != tbl.Motion(TurnRight).Omega.Mul(-1) {
		t.Errorf("TurnLeft omega is not TurnRight's mirrored")
	}
	if a := tbl.Motion(Attack).Anims[0].Anim; !a.HasPosFrames() {
		t.Errorf("Attack animation %s has no pos_frames", a.Name())
	}
	if fr := tbl.Motion(WalkBackward).Anims[0].Framerate; fr >= 0 {
		t.Errorf("WalkBackward framerate %v, want negative (reverse play)", fr)
	}
}

// seed 003 §3 (READINGS.md item 11): the baked table carries RunForward
// (0, 4, 0), WalkForward (0, 3.12, 0) and sidesteps (±1.25, 0, 0), and
// otherwise matches the default table.
func TestHumanoidBakedTable_Velocities(t *testing.T) {
	baked := loadTable(t, "humanoid-baked")
	plain := loadTable(t, "humanoid")
	want := map[Motion]mgl32.Vec3{
		RunForward:    {0, RunAnimSpeed, 0},
		WalkForward:   {0, WalkAnimSpeed, 0},
		WalkBackward:  {0, -WalkAnimSpeed * BackwardsFactor, 0},
		SideStepRight: {SidestepAnimSpeed, 0, 0},
		SideStepLeft:  {-SidestepAnimSpeed, 0, 0},
	}
	for m := Ready; m < numMotions; m++ {
		b, p := baked.Motion(m), plain.Motion(m)
		w, isLoco := want[m]
		if !isLoco {
			w = p.Velocity
		}
		if !vecNear(b.Velocity, w, 1e-6) {
			t.Errorf("%s velocity %v, want %v", m, b.Velocity, w)
		}
		if b.Omega != p.Omega || len(b.Anims) != len(p.Anims) || b.Anims[0].Framerate != p.Anims[0].Framerate {
			t.Errorf("%s differs from humanoid beyond velocity", m)
		}
	}
}

const minimalTable = `{"format":"glidepath-motion-table","version":1,
 "animations":{"a":{"frames":4}},
 "motions":{"Ready":{"anims":[{"anim":"a","framerate":30}]}}}`

// A malformed table is an error naming the file and the field.
func TestParseMotionTable_ErrorsNameFileAndField(t *testing.T) {
	tests := []struct {
		name string
		data string
		want string
	}{
		{"syntax", `{"format":`, "t.json: unexpected end of data"},
		{"syntax line", "{\n\"format\": x}", "t.json: line 2: "},
		{"not an object", `[1]`, "t.json: want an object"},
		{"trailing data", minimalTable + ` {}`, "t.json: data after the table object"},
		{"format", strings.Replace(minimalTable, `glidepath-motion-table`, `other`, 1), `t.json: format: want "glidepath-motion-table"`},
		{"version", strings.Replace(minimalTable, `"version":1`, `"version":2`, 1), "t.json: version: unsupported version 2"},
		{"unknown top field", strings.Replace(minimalTable, `"version":1`, `"version":1,"extra":0`, 1), "t.json: extra: unknown field"},
		{"missing animations", `{"format":"glidepath-motion-table","version":1,"motions":{}}`, "t.json: animations: missing"},
		{"frames zero", strings.Replace(minimalTable, `"frames":4`, `"frames":0`, 1), "t.json: animations.a.frames: 0 not in [1, 4096]"},
		{"frames fraction", strings.Replace(minimalTable, `"frames":4`, `"frames":4.5`, 1), "t.json: animations.a.frames: want an integer"},
		{"pos_frames count", strings.Replace(minimalTable, `"frames":4}`, `"frames":4,"pos_frames":[{"origin":[0,0,0]}]}`, 1), "t.json: animations.a.pos_frames: want 4 frames"},
		{"pos_frame origin", strings.Replace(minimalTable, `"frames":4}`, `"frames":1,"pos_frames":[{"origin":[0,0]}]}`, 1), "t.json: animations.a.pos_frames[0].origin: want 3 numbers, got 2"},
		{"pos_frame rotation", strings.Replace(minimalTable, `"frames":4}`, `"frames":1,"pos_frames":[{"origin":[0,0,0],"rotation":[2,0,0,0]}]}`, 1), "t.json: animations.a.pos_frames[0].rotation: must be a unit quaternion"},
		{"unknown motion", strings.Replace(minimalTable, `"Ready"`, `"Dance"`, 1), "t.json: motions.Dance: unknown motion"},
		{"missing Ready", strings.Replace(minimalTable, `"Ready"`, `"Jump"`, 1), "t.json: motions.Ready: missing"},
		{"framerate overflow", strings.Replace(minimalTable, `"framerate":30`, `"framerate":1e39`, 1), "t.json: motions.Ready.anims[0].framerate: must be finite"},
		{"framerate huge", strings.Replace(minimalTable, `"framerate":30`, `"framerate":1e999`, 1), "t.json: motions.Ready.anims[0].framerate: must be finite"},
		{"framerate string", strings.Replace(minimalTable, `"framerate":30`, `"framerate":"30"`, 1), "t.json: motions.Ready.anims[0].framerate: want a number"},
		{"framerate missing", strings.Replace(minimalTable, `,"framerate":30`, ``, 1), "t.json: motions.Ready.anims[0].framerate: missing"},
		{"unknown anim", strings.Replace(minimalTable, `"anim":"a"`, `"anim":"b"`, 1), `t.json: motions.Ready.anims[0].anim: no animation named "b"`},
		{"high below low", strings.Replace(minimalTable, `"framerate":30`, `"framerate":30,"low_frame":3,"high_frame":1`, 1), "t.json: motions.Ready.anims[0].high_frame: 1 is below low_frame 3"},
		{"high out of range", strings.Replace(minimalTable, `"framerate":30`, `"framerate":30,"high_frame":4`, 1), "t.json: motions.Ready.anims[0].high_frame: 4 not in [-1, 3]"},
		{"no anims", strings.Replace(minimalTable, `[{"anim":"a","framerate":30}]`, `[]`, 1), "t.json: motions.Ready.anims: want 1 to 16 animations, got 0"},
		{"velocity", strings.Replace(minimalTable, `{"anims"`, `{"velocity":[0,"x",0],"anims"`, 1), "t.json: motions.Ready.velocity[1]: want a number"},
		{"unknown motion field", strings.Replace(minimalTable, `{"anims"`, `{"speed":1,"anims"`, 1), "t.json: motions.Ready.speed: unknown field"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseMotionTable("dir/t.json", []byte(tc.data))
			if err == nil {
				t.Fatalf("no error, want %q", tc.want)
			}
			if !strings.HasPrefix(err.Error(), tc.want) {
				t.Errorf("error %q, want prefix %q", err, tc.want)
			}
			var te *TableError
			if !errors.As(err, &te) || te.File != "t.json" {
				t.Errorf("error %T %v is not a TableError for t.json", err, err)
			}
		})
	}
}

// The minimal table parses, with defaults: frame range 0..last, zero
// velocity and omega.
func TestParseMotionTable_Defaults(t *testing.T) {
	tbl, err := ParseMotionTable("mini.json", []byte(minimalTable))
	if err != nil {
		t.Fatal(err)
	}
	md := tbl.Motion(Ready)
	if tbl.Name() != "mini" || md.Velocity != (mgl32.Vec3{}) || md.Omega != (mgl32.Vec3{}) {
		t.Errorf("table %q motion %+v", tbl.Name(), md)
	}
	if d := md.Anims[0]; d.LowFrame != 0 || d.HighFrame != -1 || d.Framerate != 30 || d.Anim != tbl.Animation("a") {
		t.Errorf("anim data %+v", d)
	}
	if tbl.Motion(RunForward) != nil || tbl.Motion(Motion(200)) != nil || tbl.Animation("zz") != nil {
		t.Error("lookups of absent entries returned something")
	}
}
