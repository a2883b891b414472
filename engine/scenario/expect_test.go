// Tests of parsing expect: the shapes docs/scenarios.md gives (one mapping
// or a list; object by name or guid; a window in seconds or ticks; a count,
// a range or an open range; branch counts) and errors that name
// FILE:LINE:COLUMN: field.

package scenario

import (
	"reflect"
	"testing"

	"glidepath/assets"
)

const expectBase = "duration: 20\nremotes:\n  - {guid: 0x80000C01, name: Courier, position: [20, 80]}\n  - {guid: 0x80000C02, name: Twin, position: [20, 90]}\n  - {guid: 0x80000C03, name: Twin, position: [20, 99]}\n"

func parseExpectText(t *testing.T, src string) []Expectation {
	t.Helper()
	s, err := Parse("test.yaml", []byte(expectBase+src), assets.FS())
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	return s.Expectations()
}

// TestExpect_OneMappingByName reads the issue's own example: a mapping, the
// object by name, a window in seconds (ticks whose time lies in it, at the
// default 30 Hz) and an exact count.
func TestExpect_OneMappingByName(t *testing.T) {
	got := parseExpectText(t, "expect: {object: Courier, between: [10, 20], blips: 0}\n")
	want := []Expectation{{
		File: "test.yaml", Line: 6, Field: "expect", Object: "Courier", GUID: 0x80000C01,
		FromTick: 300, ToTick: 600,
		Checks: []Check{{Metric: "blips", Min: 0, Max: 0, Line: 6, Field: "expect.blips"}},
	}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v\nwant %+v", got, want)
	}
}

// TestExpect_ListShapes reads a list: a guid, ticks, a range, an open
// range, branch counts in the branch table's order, and an entry with no
// object (all objects) and no window (the whole run).
func TestExpect_ListShapes(t *testing.T) {
	got := parseExpectText(t, `expect:
  - object: 0x80000C02
    ticks: [31, 45]
    queue_max: [15, 20]
    branch: {near: [1, ~], interpolate: 3}
  - {pops: 0, between: [0.5, 1.01]}
`)
	if len(got) != 2 {
		t.Fatalf("got %d expectations, want 2", len(got))
	}
	a, b := got[0], got[1]
	if a.AllObjects || a.GUID != 0x80000C02 || a.Object != "0x80000C02" || a.FromTick != 31 || a.ToTick != 45 || a.Field != "expect[0]" {
		t.Errorf("first: %+v", a)
	}
	wantChecks := []Check{
		{Metric: "queue_max", Min: 15, Max: 20, Line: 9, Field: "expect[0].queue_max"},
		{Metric: "branch.interpolate", Min: 3, Max: 3, Line: 10, Field: "expect[0].branch.interpolate"},
		{Metric: "branch.near", Min: 1, Max: maxExpectCount, Line: 10, Field: "expect[0].branch.near"},
	}
	if !reflect.DeepEqual(a.Checks, wantChecks) {
		t.Errorf("checks %+v\nwant %+v", a.Checks, wantChecks)
	}
	if w := (Check{Min: 1, Max: maxExpectCount}).Want(); w != "≥ 1" {
		t.Errorf("open range reads %q", w)
	}
	// 0.5 s is tick 15; 1.01 s falls between ticks 30 and 31.
	if !b.AllObjects || b.FromTick != 15 || b.ToTick != 30 || len(b.Checks) != 1 || b.Checks[0].Metric != "pops" {
		t.Errorf("second: %+v", b)
	}
	whole := parseExpectText(t, "expect: {hitches: [0, 2]}\n")
	if whole[0].FromTick != 1 || whole[0].ToTick != -1 {
		t.Errorf("no window: ticks %d–%d, want 1 to the end (−1)", whole[0].FromTick, whole[0].ToTick)
	}
}

// TestExpect_Errors checks each mistake is reported where it was written.
func TestExpect_Errors(t *testing.T) {
	cases := []struct{ name, src, want string }{
		{"unknown field", "expect: {object: Courier, blibs: 0}\n",
			"test.yaml:6:27: expect.blibs: unknown field; want one of object, between, ticks, readings, branch, blips, snaps, pops, hitches, stops, stall_failures, evictions, pruned, queue_max"},
		{"no such name", "expect: {object: Runner, blips: 0}\n",
			`test.yaml:6:18: expect.object: no remote is named "Runner"`},
		{"ambiguous name", "expect: {object: Twin, blips: 0}\n",
			`test.yaml:6:18: expect.object: "Twin" names two remotes (0x80000C02 and 0x80000C03); give the guid`},
		{"no such guid", "expect: {object: 0x80000C09, blips: 0}\n",
			"test.yaml:6:18: expect.object: no remote has guid 0x80000C09"},
		{"nothing stated", "expect:\n  - {object: Courier, between: [1, 2]}\n",
			"test.yaml:7:5: expect[0]: states nothing; give at least one of blips, snaps, pops, hitches, stops, stall_failures, evictions, pruned, queue_max, branch"},
		{"window past the end", "expect: {between: [10, 25], blips: 0}\n",
			"test.yaml:6:24: expect.between[1]: 25 s is outside [0, 20] s"},
		{"window backwards", "expect: {between: [10, 5], blips: 0}\n",
			"test.yaml:6:19: expect.between: [10, 5] ends before it starts"},
		{"both windows", "expect: {between: [1, 2], ticks: [1, 2], blips: 0}\n",
			"test.yaml:6:34: expect.ticks: give between or ticks, not both"},
		{"tick zero", "expect: {ticks: [0, 2], blips: 0}\n",
			"test.yaml:6:18: expect.ticks[0]: want a whole number in [1, 600], got the number 0"},
		{"negative count", "expect: {blips: -1}\n",
			"test.yaml:6:17: expect.blips: want a count N or a range [MIN, MAX], got the number -1"},
		{"range backwards", "expect: {blips: [3, 1]}\n",
			"test.yaml:6:17: expect.blips: [3, 1] ends before it starts"},
		{"unknown reading", "expect: {blips: 0, readings: [seed, acme]}\n",
			`test.yaml:6:37: expect.readings[1]: want one of seed, ace, hexrays, legacy, got "acme"`},
		{"unknown branch", "expect: {branch: {teleported: 1}}\n",
			"test.yaml:6:19: expect.branch.teleported: unknown field; want one of teleport, interpolate, slide, airborne, stale_position, stale_teleport, wrong_instance, far, arrived, near"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Parse("test.yaml", []byte(expectBase+c.src), assets.FS())
			if err == nil || err.Error() != c.want {
				t.Errorf("got  %v\nwant %s", err, c.want)
			}
		})
	}
}
