package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"glidepath/engine/capture/capturetest"
	"glidepath/engine/enginetest"
)

// A capture without PlayerCreate, whose player no rule finds, warns loudly
// that the 96 m rule is off and how to pass -player; with -player the
// summary names that rule and nothing is warned.
func TestImport_NoPlayerWarns(t *testing.T) {
	path, rec := enginetest.CaptureFile(t, "jitter", "late.pcap", capturetest.Config{Format: capturetest.Pcap, Link: capturetest.Ethernet, NoPlayerCreate: true})
	out := filepath.Join(t.TempDir(), "late.jsonl")
	code, stdout, errs := viewer(t, "import", path, "-o", out)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(errs, "WARNING") || !strings.Contains(errs, "-player 0xGUID") || !strings.Contains(errs, "96 m") {
		t.Errorf("stderr %q, want the loud no-player warning", errs)
	}
	if !strings.Contains(stdout, "player: NONE") {
		t.Errorf("summary lacks the player rule:\n%s", stdout)
	}
	// -player names an object the capture has messages of (a guid no
	// message names is refused: PlayerAbsentError).
	me := fmt.Sprintf("0x%08X", rec.Header.Entities[0].GUID)
	code, stdout, errs = viewer(t, "import", path, "-o", out, "-json", "-player", me)
	if code != 0 || strings.Contains(errs, "WARNING") {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var sum struct {
		Player string `json:"player"`
		Rule   string `json:"player_rule"`
	}
	if err := json.Unmarshal([]byte(stdout), &sum); err != nil {
		t.Fatal(err)
	}
	if sum.Player != me || sum.Rule != "option" {
		t.Errorf("player %q by %q", sum.Player, sum.Rule)
	}
}

// viewer run leaves static objects and held items out of the per-object
// report; -statics lists the statics.
func TestRun_StaticsFlag(t *testing.T) {
	rec := `{"format":"glidepath-recording","version":1,"entities":[` +
		`{"guid":"0x80000001","position":{"cell":"0xA9B4001F","origin":[90,90,0]},"motion":{"run_rate":1}},` +
		`{"guid":"0x80000002","name":"Sword","position":{"cell":"0xA9B4001F","origin":[90,90,0]},"parent":"0x80000001","parent_location":1},` +
		`{"guid":"0x80000003","name":"Door","position":{"cell":"0xA9B4001F","origin":[80,80,0]},"static":true}]}` + "\n" +
		`{"t":0.1,"type":"position","guid":"0x80000001","cell":"0xA9B4001F","origin":[91,90,0]}` + "\n"
	path := filepath.Join(t.TempDir(), "statics.jsonl")
	if err := os.WriteFile(path, []byte(rec), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		want []string
	}{
		{nil, []string{"0x80000001"}},
		{[]string{"-statics"}, []string{"0x80000001", "0x80000003"}},
	} {
		code, stdout, errs := viewer(t, append(append([]string{"run", "-json"}, tc.args...), path)...)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errs)
		}
		var rep struct {
			Objects []struct {
				GUID string `json:"guid"`
			} `json:"objects"`
		}
		if err := json.Unmarshal([]byte(stdout), &rep); err != nil {
			t.Fatalf("%v\n%s", err, stdout)
		}
		var got []string
		for _, o := range rep.Objects {
			got = append(got, o.GUID)
		}
		if strings.Join(got, " ") != strings.Join(tc.want, " ") {
			t.Errorf("%v: objects %v, want %v", tc.args, got, tc.want)
		}
	}
}
