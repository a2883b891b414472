package main

import (
	"bytes"
	"encoding/json"
	"os"
	"regexp"
	"strings"
	"testing"
)

// compareReport is what these tests read of `run -compare -json`.
type compareReport struct {
	FirstDifference *compareDifference `json:"first_difference"`
	Objects         []struct {
		GUID             string               `json:"guid"`
		FirstDifference  *compareDifference   `json:"first_difference"`
		OtherDifferences []*compareDifference `json:"other_differences"`
	} `json:"objects"`
}

type compareDifference struct {
	Tick     int      `json:"tick"`
	GUID     string   `json:"guid"`
	Readings []string `json:"readings"`
	Fields   []struct {
		Field   string   `json:"field"`
		Setting string   `json:"setting"`
		Item    int      `json:"item"`
		Values  []string `json:"values"`
	} `json:"fields"`
	Together bool `json:"fields_together"`
}

func compareJSON(t *testing.T, args ...string) compareReport {
	t.Helper()
	code, out, errs := viewer(t, append([]string{"run", "-json"}, args...)...)
	if code != 0 {
		t.Fatalf("%v: exit %d: %s", args, code, errs)
	}
	var rep compareReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("%v: %v\n%s", args, err, out)
	}
	return rep
}

// -compare names the interp.Reading field whose choice made the readings
// differ (issue 37 item 7), with its docs/readings.md item. Two readings
// that differ in one field only must name that field: seed and
// seed+leave_ground_velocity differ in LeaveGroundVelocity (item 18) alone,
// and on the jump scenario the remote leaves the ground at tick 34.
func TestRun_CompareNamesTheOneReadingField(t *testing.T) {
	jump := scenarioFile(t, "jump")
	rep := compareJSON(t, "-compare", "seed,seed+leave_ground_velocity", jump)
	fd := rep.FirstDifference
	if fd == nil || len(fd.Fields) != 1 || fd.Fields[0].Field != "LeaveGroundVelocity" || fd.Fields[0].Item != 18 ||
		fd.Fields[0].Setting != "leave_ground_velocity" || fd.Together {
		t.Fatalf("first_difference %+v, want the one field LeaveGroundVelocity (item 18)", fd)
	}
	for _, o := range rep.Objects {
		if d := o.FirstDifference; d != nil && (len(d.Fields) != 1 || d.Fields[0].Item != 18) {
			t.Errorf("%s: fields %+v", o.GUID, d.Fields)
		}
	}
	_, out, _ := viewer(t, "run", "-compare", "seed,seed+leave_ground_velocity", jump)
	if !strings.Contains(out, "leave_ground_velocity (item 18: false vs true)") {
		t.Errorf("text lacks the field:\n%s", out)
	}
}

// Presets differ in many fields; the one named is the one whose change
// alone makes the object differ at that tick. legacy differs from seed in
// eight fields, and on the runner the first to matter is the stall
// consequence (item 6, seed 000 §7 "Stall fail action": the head stays and
// the window re-baselines) at the first failed stall window, tick 64 —
// not the fields that differ without changing that tick.
func TestRun_CompareNamesTheFieldThatMattered(t *testing.T) {
	runner := scenarioFile(t, "runner")
	rep := compareJSON(t, "-compare", "seed,legacy", runner)
	fd := rep.FirstDifference
	if fd == nil || fd.Tick != 64 || len(fd.Fields) != 1 || fd.Fields[0].Field != "StallPopsHead" || fd.Fields[0].Item != 6 ||
		strings.Join(fd.Fields[0].Values, ",") != "true,false" {
		t.Fatalf("first_difference %+v, want tick 64 and StallPopsHead (item 6)", fd)
	}
}

// Per object, and with -select or -filter only those objects: the crowd's
// remotes each first differ at their own tick under legacy. The shipped
// crowd with 20 of its 200 remotes (the same seed, area and gaits), less
// its expectations (of the 200): the number is not what is tested, and
// each of the test's five runs of all of them under two readings took
// seconds.
func TestRun_ComparePerObjectAndSelected(t *testing.T) {
	crowd := scenarioFile(t, "crowd")
	data, err := os.ReadFile(crowd)
	if err != nil {
		t.Fatal(err)
	}
	expect := bytes.Index(data, []byte("\nexpect:\n"))
	if !bytes.Contains(data, []byte("  - count: 200\n")) || expect < 0 || regexp.MustCompile(`(?m)^\S`).Match(data[expect+len("\nexpect:\n"):]) {
		t.Fatalf("the shipped crowd no longer has 200 remotes and its expectations last:\n%s", data)
	}
	small := bytes.Replace(data[:expect+1], []byte("  - count: 200\n"), []byte("  - count: 20\n"), 1)
	if err := os.WriteFile(crowd, small, 0o644); err != nil {
		t.Fatal(err)
	}
	all := compareJSON(t, "-compare", "seed,legacy", crowd)
	n := 0
	for _, o := range all.Objects {
		if o.FirstDifference != nil {
			n++
			if o.FirstDifference.GUID != o.GUID || len(o.FirstDifference.Fields) == 0 {
				t.Errorf("%s: %+v", o.GUID, o.FirstDifference)
			}
		}
	}
	if n < 2 {
		t.Fatalf("%d objects differ, want several", n)
	}
	var pick []string
	for _, o := range all.Objects {
		if o.FirstDifference != nil && len(pick) < 2 {
			pick = append(pick, o.GUID)
		}
	}
	for _, args := range [][]string{
		{"-compare", "seed,legacy", "-select", strings.Join(pick, ","), crowd},
		{"-compare", "seed,legacy", "-filter", "guid=" + strings.Join(pick, ","), crowd},
	} {
		rep := compareJSON(t, args...)
		var got []string
		for _, o := range rep.Objects {
			if o.FirstDifference != nil {
				got = append(got, o.GUID)
			}
		}
		if strings.Join(got, ",") != strings.Join(pick, ",") {
			t.Errorf("%v: objects with a first difference %v, want %v", args, got, pick)
		}
		_, out, _ := viewer(t, append([]string{"run"}, args...)...)
		lines := 0
		for _, l := range strings.Split(out, "\n") {
			if strings.HasPrefix(l, "  tick ") && strings.Contains(l, " (seed vs legacy): ") {
				lines++
			}
		}
		if lines != len(pick) {
			t.Errorf("%v: %d per-object lines, want %d:\n%s", args, lines, len(pick), out)
		}
	}
	if code, _, errs := viewer(t, "run", "-select", pick[0], crowd); code != 2 || !strings.Contains(errs, "give -compare") {
		t.Errorf("-select without -compare: exit %d: %s", code, errs)
	}
	if code, _, errs := viewer(t, "run", "-compare", "seed,legacy", "-select", "0x1234", crowd); code != 2 || !strings.Contains(errs, "no object 0x00001234") {
		t.Errorf("-select of no object: exit %d: %s", code, errs)
	}
}

// With three readings, an object that differs from the first under both
// others is explained under each (docs/readings.md's running_jump
// command): seed+leave_ground_velocity (item 18) and
// seed+root_motion_off_walkable (item 15) both move the runner from tick
// 31; the first is its first_difference (with its reading field), the
// second its other_differences (its tick, field and stage; the text says
// which two-reading -compare names its field). Before, the second was
// never named, as though item 15 changed nothing.
func TestRun_CompareThreeReadingsNamesEachThatDiffers(t *testing.T) {
	const in = "../../engine/testdata/running_jump.jsonl"
	args := []string{"-compare", "seed,seed+leave_ground_velocity,seed+root_motion_off_walkable", in}
	rep := compareJSON(t, args...)
	if len(rep.Objects) != 1 {
		t.Fatalf("%d objects, want the runner", len(rep.Objects))
	}
	o := rep.Objects[0]
	fd := o.FirstDifference
	if fd == nil || fd.Tick != 31 || fd.Readings[1] != "seed+leave_ground_velocity" || len(fd.Fields) != 1 || fd.Fields[0].Item != 18 {
		t.Fatalf("first_difference %+v, want tick 31 under leave_ground_velocity (item 18)", fd)
	}
	if len(o.OtherDifferences) != 1 {
		t.Fatalf("other_differences %+v, want the one under seed+root_motion_off_walkable", o.OtherDifferences)
	}
	od := o.OtherDifferences[0]
	if od.Tick != 31 || od.GUID != o.GUID || od.Readings[0] != "seed" || od.Readings[1] != "seed+root_motion_off_walkable" {
		t.Errorf("other difference %+v, want tick 31, seed vs seed+root_motion_off_walkable", od)
	}
	code, out, errs := viewer(t, append([]string{"run"}, args...)...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(out, "    and from tick 31 (seed vs seed+root_motion_off_walkable): position, first at stage CPartArray::Update; `-compare seed,seed+root_motion_off_walkable` names the reading field\n") {
		t.Errorf("the text does not name the second reading's difference:\n%s", out)
	}
	// Two readings: nothing more than the first difference.
	if rep := compareJSON(t, "-compare", "seed,seed+root_motion_off_walkable", in); len(rep.Objects) != 1 || rep.Objects[0].OtherDifferences != nil {
		t.Errorf("two readings: other_differences %+v, want none", rep.Objects)
	}
}
