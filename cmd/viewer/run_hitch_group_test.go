package main

import (
	"encoding/json"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// Plain -explain is quiet (issue 37 item 6): on the runner scenario retail
// hitches at nearly every queued node it completes (adjust_offset's reach
// test, seed 000 §4) — some 200 chains around 10 blips — so each object's
// hitches are one line naming their count and ticks and how to list them;
// -explain=hitch lists them one by one, and -json keeps every chain.
func TestRun_PlainExplainGroupsHitches(t *testing.T) {
	input := scenarioFile(t, "runner")
	code, out, errs := viewer(t, "run", "-explain", input)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if regexp.MustCompile(`tick \d+: hitch \(`).MatchString(out) {
		t.Errorf("plain -explain lists hitch chains:\n%s", out)
	}
	group := regexp.MustCompile(`0x80000C01 (\d+) hitches, ticks (\d+)–(\d+): hitch \(still for a tick between moving ticks\) each time; -explain=hitch lists them`).FindStringSubmatch(out)
	if group == nil {
		t.Fatalf("no grouped hitch line:\n%s", out)
	}
	if !strings.Contains(out, "tick 79: blip") {
		t.Errorf("the blips are not listed:\n%s", out)
	}

	code, listed, errs := viewer(t, "run", "-explain=hitch", input)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	lines := regexp.MustCompile(`(?m)^  0x80000C01 tick (\d+): hitch \(`).FindAllStringSubmatch(listed, -1)
	if got := len(lines); got < 2 || group[1] != strconv.Itoa(got) || lines[0][1] != group[2] || lines[len(lines)-1][1] != group[3] {
		t.Errorf("grouped line %q; -explain=hitch lists %d hitches from tick %s to %s", group[0], got, firstOf(lines), lastOf(lines))
	}

	code, js, errs := viewer(t, "run", "-explain", "-json", input)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var rep struct {
		Objects []struct {
			Runs []struct {
				Causes []struct{ Kind string } `json:"causes"`
			} `json:"runs"`
		} `json:"objects"`
	}
	if err := json.Unmarshal([]byte(js), &rep); err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, c := range rep.Objects[0].Runs[0].Causes {
		if c.Kind == "hitch" {
			n++
		}
	}
	if strconv.Itoa(n) != group[1] {
		t.Errorf("-json has %d hitch causes, the grouped line says %s", n, group[1])
	}
}

func firstOf(m [][]string) string {
	if len(m) == 0 {
		return "-"
	}
	return m[0][1]
}

func lastOf(m [][]string) string {
	if len(m) == 0 {
		return "-"
	}
	return m[len(m)-1][1]
}
