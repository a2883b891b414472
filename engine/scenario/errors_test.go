// Tests of error reporting: every syntax and semantic problem is an *Error
// reading FILE:LINE:COLUMN: field: problem, pointing at the value at fault.

package scenario

import (
	"errors"
	"strings"
	"testing"

	"glidepath/assets"
	"glidepath/engine/recording"
)

// TestErrors_NameLineColumnAndField runs bad scenarios and checks the whole
// message: file, line, column, field path and the problem.
func TestErrors_NameLineColumnAndField(t *testing.T) {
	const remote = "duration: 10\nremotes:\n  - guid: 0x80000001\n    position: [10, 10]\n"
	cases := []struct {
		name, src, want string
	}{
		{"syntax", "duration: 10\nremotes: [1, 2\nseed: 3\n",
			"bad.yaml:3:1: yaml: ',' or ']' must be specified"},
		{"empty", "", "bad.yaml:1:1: yaml: empty scenario: want a mapping with duration and remotes"},
		{"not a mapping", "- 1\n- 2\n", "bad.yaml:1:1: yaml: want a mapping, got a list"},
		{"missing duration", "remotes: []\n", "bad.yaml:1:1: duration: missing"},
		{"unknown top field", "duration: 10\nremote: []\n",
			"bad.yaml:2:1: remote: unknown field; want one of description, tick_rate, seed, duration, landblock, terrain, observer, updates, network, notes, expect, remotes, crowds"},
		{"misspelt field", "duration: 10\nremotes:\n  - gui: 1\n    position: [10, 10]\n",
			"bad.yaml:3:5: remotes[0].gui: unknown field; want one of guid, name, position"},
		{"crowd walks", "duration: 10\ncrowds:\n  - {count: 1000, legs: 500, first_guid: 1, area: {min: [0, 0], max: [10, 10]}}\n",
			"bad.yaml:3:25: crowds[0].legs: 1000 members × 500 legs is more than the limit of 200000 walks"},
		{"duration too long", "duration: 9000\nremotes: []\n",
			"bad.yaml:1:11: duration: want a number above 0 and at most 7200 s, got 9000"},
		{"tick rate", "duration: 10\ntick_rate: 500\nremotes: []\n",
			"bad.yaml:2:12: tick_rate: want a whole number in [1, 240], got the number 500"},
		{"bad guid", "duration: 10\nremotes:\n  - guid: drudge\n    position: [10, 10]\n",
			`bad.yaml:3:11: remotes[0].guid: want an id such as 0x80000A01, got "drudge"`},
		{"guid too big", "duration: 10\nremotes:\n  - guid: 0x1FFFFFFFF\n    position: [10, 10]\n",
			"bad.yaml:3:11: remotes[0].guid: want an id in [0, 0xFFFFFFFF], got 0x1FFFFFFFF"},
		{"duplicate guid", remote + "  - guid: 0x80000001\n    position: [20, 10]\n",
			"bad.yaml:5:5: remotes[1].guid: guid 0x80000001 is already used by remotes[0] (line 3)"},
		{"position", "duration: 10\nremotes:\n  - guid: 1\n    position: [10, 10, 0]\n",
			"bad.yaml:4:15: remotes[0].position: want [x, y] (2 numbers; z follows the terrain), got 3 numbers"},
		{"negative interval", remote + "    updates: -1\n",
			"bad.yaml:5:14: remotes[0].updates: want a number above 0 and at most 7200 s, got -1"},
		{"negative interval in a mapping", remote + "    updates: {interval: -0.5}\n",
			"bad.yaml:5:25: remotes[0].updates.interval: want a number above 0 and at most 7200 s, got -0.5"},
		{"unknown action", remote + "    script:\n      - walk: [20, 10]\n",
			"bad.yaml:6:9: remotes[0].script[0].walk: unknown action; want one of walk_to, run_to, strafe, turn_to, path, jump, teleport_to, blip_to, stop, wait, airborne_updates, attack, emote, stick_to, move_to, turn_to_object, turn_to_heading"},
		{"unknown emote", remote + "    script:\n      - emote: Dance\n",
			`bad.yaml:6:16: remotes[0].script[0].emote: want one of Wave, got "Dance"`},
		{"attack false", remote + "    script:\n      - attack: false\n",
			`bad.yaml:6:17: remotes[0].script[0].attack: attack takes true (or Attack)`},
		{"emote without a value", remote + "    script:\n      - emote:\n",
			`bad.yaml:6:9: remotes[0].script[0].emote: missing value`},
		{"stick to nobody", remote + "    script:\n      - stick_to: 0x80000009\n",
			`bad.yaml:6:9: remotes[0].script[0].stick_to: no remote has guid 0x80000009`},
		{"stick to itself", remote + "    script:\n      - stick_to: 0x80000001\n",
			`bad.yaml:6:9: remotes[0].script[0].stick_to: a remote cannot stick to itself (0x80000001)`},
		{"move to itself", remote + "    script:\n      - move_to: 0x80000001\n",
			`bad.yaml:6:9: remotes[0].script[0].move_to: a remote cannot move to itself (0x80000001)`},
		{"turn to object itself", remote + "    script:\n      - turn_to_object: 0x80000001\n",
			`bad.yaml:6:9: remotes[0].script[0].turn_to_object: a remote cannot turn to itself (0x80000001)`},
		{"turn to object nobody", remote + "    script:\n      - turn_to_object: 0x80000009\n",
			`bad.yaml:6:9: remotes[0].script[0].turn_to_object: no remote has guid 0x80000009`},
		{"turn to heading not a number", remote + "    script:\n      - turn_to_heading: west\n",
			`bad.yaml:6:26: remotes[0].script[0].turn_to_heading: want a number, got "west"`},
		{"move to nobody", remote + "    script:\n      - move_to: 0x80000009\n",
			`bad.yaml:6:9: remotes[0].script[0].move_to: no remote has guid 0x80000009`},
		{"sticky move to a point", remote + "    script:\n      - move_to: [1, 2]\n        sticky: true\n",
			`bad.yaml:7:17: remotes[0].script[0].sticky: only a move_to naming a remote can be sticky`},
		{"two actions", remote + "    script:\n      - {walk_to: [20, 10], wait: 2}\n",
			"bad.yaml:6:29: remotes[0].script[0]: two actions in one step (walk_to and wait); give each its own list item"},
		{"unknown option", remote + "    script:\n      - {walk_to: [20, 10], sped: 2}\n",
			"bad.yaml:6:29: remotes[0].script[0].sped: unknown field; want one of walk_to, note, speed, backward, moving_to"},
		{"speed", remote + "    script:\n      - {run_to: [20, 10], speed: 0}\n",
			"bad.yaml:6:35: remotes[0].script[0].speed: want a number above 0 and at most 10, got 0"},
		{"strafe side", remote + "    script:\n      - {strafe: up, duration: 1}\n",
			`bad.yaml:6:18: remotes[0].script[0].strafe: want one of right, left, got "up"`},
		{"strafe duration", remote + "    script:\n      - {strafe: left}\n",
			"bad.yaml:6:9: remotes[0].script[0].duration: missing"},
		{"endless loop", remote + "    script:\n      - path: [[20, 10], [20, 20]]\n        loop: true\n      - wait: 1\n",
			"bad.yaml:8:9: remotes[0].script[1]: never runs: the looping path before it (line 6) never ends; give that path laps"},
		{"short loop", remote + "    script:\n      - path: [[10, 10], [10, 10.1]]\n        loop: true\n",
			"bad.yaml:6:9: remotes[0].script[0].path: a looping path must be at least 0.5 m long around"},
		{"unknown terrain", "duration: 10\nterrain: {kind: asset, name: moon}\nremotes: []\n",
			`bad.yaml:2:30: terrain.name: unknown terrain asset "moon"; the assets have floorz, hills, ramp, walled`},
		{"obstacle kind", "duration: 10\nterrain:\n  kind: flat\n  obstacles:\n    - {kind: wall}\nremotes: []\n",
			`bad.yaml:5:14: terrain.obstacles[0].kind: want one of box, cylinder, got "wall"`},
		{"obstacle corner", "duration: 10\nterrain:\n  kind: flat\n  obstacles:\n    - {kind: box, min: [1, 1, 0], max: [2, 2]}\nremotes: []\n",
			`bad.yaml:5:40: terrain.obstacles[0].max: want [x, y, z]`},
		{"obstacle radius", "duration: 10\nterrain:\n  kind: flat\n  obstacles:\n    - {kind: cylinder, center: [1, 1, 0], radius: 0, height: 2}\nremotes: []\n",
			`bad.yaml:5:51: terrain.obstacles[0].radius: want a number above 0`},
		{"unknown motion table", remote + "    motion_table: dragon\n",
			`bad.yaml:5:19: remotes[0].motion_table: unknown motion table "dragon"; the assets have humanoid, humanoid-baked`},
		{"note object", remote + "notes:\n  - {t: 1, text: hi, object: 0x80000002}\n",
			"bad.yaml:6:30: notes[0].object: no remote has guid 0x80000002"},
		{"note time", remote + "notes:\n  - {t: 11, text: late}\n",
			"bad.yaml:6:9: notes[0].t: 11 s is outside [0, 10] s"},
		{"outage order", remote + "    network: {outages: [{from: 5, to: 2}]}\n",
			"bad.yaml:5:39: remotes[0].network.outages[0].to: the outage ends (2 s) before it starts (5 s)"},
		{"probability", "duration: 10\nnetwork: {loss: 1.5}\nremotes: []\n",
			"bad.yaml:2:17: network.loss: 1.5 is outside [0, 1]"},
		{"alias", "duration: &d 10\nremotes: []\nseed: *d\n",
			"bad.yaml:1:11: duration: anchors and aliases are not supported; write the value out"},
		{"infinite", "duration: .inf\nremotes: []\n",
			"bad.yaml:1:11: duration: want a finite number, got .inf"},
		{"too large", "duration: 1e400\nremotes: []\n",
			`bad.yaml:1:11: duration: out of range: want a finite number within ±1.8e308, got "1e400"`},
		{"too large, capital E", "duration: 10\nremotes:\n  - guid: 1\n    position: [10, 1E+999]\n",
			`bad.yaml:4:20: remotes[0].position[1]: out of range: want a finite number within ±1.8e308, got "1E+999"`},
		{"text", "duration: 10\ndescription: 12\nremotes: []\n",
			"bad.yaml:2:14: description: want text, got the number 12 (quote it)"},
		{"crowd too big", "duration: 10\ncrowds:\n  - {count: 1001, first_guid: 1, area: {min: [0, 0], max: [10, 10]}}\n",
			"bad.yaml:3:13: crowds[0].count: want a whole number in [1, 1000], got the number 1001"},
		{"indoor cell", remote + "    indoor: 0x20\n",
			"bad.yaml:5:13: remotes[0].indoor: 0x0020 is an outdoor cell; an indoor cell is 0x0100 or above"},
		{"indoor cell past 16 bits", remote + "    indoor: 0x10000\n",
			"bad.yaml:5:13: remotes[0].indoor: cell 0x00010000 is in landblock 0x0001, not the scenario's 0xA9B4; give the cell part (0x0100–0xFFFF)"},
		{"indoor cell of another landblock", remote + "    indoor: 0x12340105\n",
			"bad.yaml:5:13: remotes[0].indoor: cell 0x12340105 is in landblock 0x1234, not the scenario's 0xA9B4; give the cell part (0x0100–0xFFFF)"},
		{"attack without motion", remote + "    motion: false\n    script: [{attack: true}]\n",
			"bad.yaml:6:15: remotes[0].script[0].attack: the remote has motion: false (no motion interpreter), so it is sent no UpdateMotion and attack would do nothing; drop motion: false or the step"},
		{"move_to without motion", remote + "    motion: false\n    script:\n      - wait: 1\n      - {move_to: [1, 2]}\n",
			"bad.yaml:8:10: remotes[0].script[1].move_to: the remote has motion: false (no motion interpreter), so it is sent no UpdateMotion and move_to would do nothing; drop motion: false or the step"},
		{"observer emote", remote + "observer:\n  position: [1, 1]\n  script: [{emote: Wave}]\n",
			"bad.yaml:7:13: observer.script[0].emote: the observer is the local player: only its position is written, so emote would do nothing"},
		{"observer airborne updates", remote + "observer:\n  position: [1, 1]\n  script: [{airborne_updates: true}]\n",
			"bad.yaml:7:13: observer.script[0].airborne_updates: the observer is the local player"},
		{"turn_to_heading past 360", remote + "    script: [{turn_to_heading: 450}]\n",
			"bad.yaml:5:32: remotes[0].script[0].turn_to_heading: 450° is outside [-360, 360]°"},
		{"indoor full cell id outdoors", remote + "    indoor: 0xA9B40020\n",
			"bad.yaml:5:13: remotes[0].indoor: 0xA9B40020 is an outdoor cell; an indoor cell is 0x0100 or above"},
		{"off the map", "duration: 10\nremotes:\n  - guid: 1\n    position: [10, 10]\n    script: [{teleport_to: [10, -40000]}]\n",
			"bad.yaml:5:15: remotes[0].script[0].teleport_to: the body leaves the landblock map"},
		{"too many events", "duration: 7200\nupdates: on_change\ncrowds:\n  - {count: 1000, first_guid: 1, area: {min: [0, 0], max: [10, 10]}}\n",
			"bad.yaml:1:11: duration: 216001 ticks × 1000 remotes of truth is more than the 2000000-event limit"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Compile("bad.yaml", []byte(tc.src), assets.FS())
			if err == nil {
				t.Fatalf("compiled; want %q", tc.want)
			}
			var se *Error
			if !errors.As(err, &se) {
				t.Fatalf("error %T %v is not an *Error", err, err)
			}
			if !strings.HasPrefix(err.Error(), tc.want) {
				t.Errorf("error\n  %s\nwant\n  %s", err, tc.want)
			}
		})
	}
}

// TestErrors_FileNamedAsGiven checks CompileFile names the file by its path.
func TestErrors_FileNamedAsGiven(t *testing.T) {
	path := t.TempDir() + "/walk.yaml"
	if _, err := CompileFile(path, assets.FS()); err == nil {
		t.Fatal("compiled a missing file")
	}
	if err := writeFile(path, "duration: x\n"); err != nil {
		t.Fatal(err)
	}
	_, err := CompileFile(path, assets.FS())
	if err == nil || !strings.HasPrefix(err.Error(), path+":1:11: duration: want a number") {
		t.Errorf("error %v, want it to start with %s:1:11", err, path)
	}
}

// TestIndoor_FullCellIDOfTheScenarioLandblock: a full cell id in the
// scenario landblock names the same indoor cell as its cell part.
func TestIndoor_FullCellIDOfTheScenarioLandblock(t *testing.T) {
	const src = "duration: 1\nremotes:\n  - guid: 0x80000001\n    position: [10, 10]\n    indoor: %s\n"
	var got [2]string
	for i, cell := range []string{"0x0105", "0xA9B40105"} {
		rec, err := Compile("in.yaml", []byte(strings.Replace(src, "%s", cell, 1)), assets.FS())
		if err != nil {
			t.Fatalf("indoor: %s: %v", cell, err)
		}
		var b strings.Builder
		if err := recording.Write("in.jsonl", &b, rec); err != nil {
			t.Fatal(err)
		}
		got[i] = b.String()
	}
	if got[0] != got[1] || !strings.Contains(got[0], "0xA9B40105") {
		t.Errorf("indoor: 0xA9B40105 and 0x0105 compile differently, or not into cell 0xA9B40105:\n%.400s\n%.400s", got[0], got[1])
	}
}
