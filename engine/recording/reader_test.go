// Tests of the reader: every validation rule of Recording v1 with its exact
// FILE:LINE: FIELD: problem text, the defaults, and what is skipped.

package recording

import (
	"bytes"
	"compress/gzip"
	"encoding/hex"
	"errors"
	"io"
	"reflect"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/internal/goroutines"
	"glidepath/physics"
)

// hdr is a minimal valid header with one entity, 0x80000A01.
const hdr = `{"format":"glidepath-recording","version":1,"entities":[{"guid":"0x80000A01","position":{"cell":"0xA9B4001F","origin":[90,90,0]}}]}`

// ent is a minimal valid entity object for header variations.
const ent = `{"guid":"0x80000A01","position":{"cell":"0xA9B4001F","origin":[90,90,0]}}`

// header returns a header line whose entity list is entities.
func header(entities string) string {
	return `{"format":"glidepath-recording","version":1,"entities":[` + entities + `]}`
}

// headerWith returns a header line with extra top-level fields.
func headerWith(fields string) string {
	return `{"format":"glidepath-recording","version":1,` + fields + `,"entities":[` + ent + `]}`
}

// entity returns an entity object with extra fields.
func entity(fields string) string {
	return `{"guid":"0x80000A01","position":{"cell":"0xA9B4001F","origin":[90,90,0]},` + fields + `}`
}

// lines joins a header and events into a file.
func lines(ls ...string) string { return strings.Join(ls, "\n") + "\n" }

// rawHex encodes an UpdatePosition for guid as a raw hex string.
func rawHex(guid uint32) string {
	u := UpdatePosition{GUID: guid, Grounded: true, Pos: physics.Position{Cell: 0xA9B4001F,
		Frame: physics.NewFrame(mgl32.Vec3{91, 90, 0}, mgl32.QuatIdent())}, HasVelocity: true}
	return hex.EncodeToString(EncodeUpdatePosition(&u))
}

func readText(text string) (*Recording, error) {
	return Read("t.jsonl", strings.NewReader(text))
}

// Recording v1, "Encoding" and "Header": every rule of the header line, with
// the exact FILE:LINE: FIELD: problem text.
func TestRead_HeaderRules(t *testing.T) {
	tests := []struct {
		name, text, want string
	}{
		{"empty file", "", `t.jsonl:1: header: missing: the file is empty`},
		{"blank first line", "\n" + hdr + "\n", `t.jsonl:1: header: missing: line 1 is blank`},
		{"not an object", "[1,2]\n", `t.jsonl:1: json: want a JSON object, got '[' at column 1`},
		{"cut short", `{"format":` + "\n", `t.jsonl:1: json: unexpected end of line at column 11: want a value`},
		{"cut short in a name", `{"format":"glidepath-recording","ver`, `t.jsonl:1: json: unexpected end of line at column 37: want the closing '"' of the field name at column 33`},
		{"cut short after a name", `{"format"`, `t.jsonl:1: json: unexpected end of line at column 10: want ':'`},
		{"cut short after a comma", `{"format":"glidepath-recording",`, `t.jsonl:1: json: unexpected end of line at column 33: want a field name`},
		{"cut short in a string", `{"format":"glidepath-rec`, `t.jsonl:1: json: unexpected end of line at column 25: want the closing '"' of the string at column 11`},
		{"cut short in an array", `{"format":"glidepath-recording","version":1,"entities":[{"guid":1}`, `t.jsonl:1: json: unexpected end of line at column 67: want ',' or ']' (the array opened at column 56)`},
		{"trailing data", hdr + " x\n", `t.jsonl:1: json: unexpected 'x' at column 133 after the object`},
		{"missing comma", `{"format":"glidepath-recording" "version":1}`, `t.jsonl:1: json: want ',' or '}' at column 33`},
		{"unquoted key", `{format:1}`, `t.jsonl:1: json: want a field name at column 2`},
		{"missing colon", `{"format" 1}`, `t.jsonl:1: json: want ':' at column 11`},
		{"trailing comma", `{"entities":[1,]}`, `t.jsonl:1: json: want a value, got ']' at column 16`},
		{"too deep", `{"a":` + strings.Repeat("[", 70) + strings.Repeat("]", 70) + `}`, `t.jsonl:1: json: nested deeper than 64 levels at column 69`},
		{"format missing", `{"version":1,"entities":[]}`, `t.jsonl:1: format: missing`},
		{"wrong format", `{"format":"glidepath-trace","version":1,"entities":[]}`, `t.jsonl:1: format: "glidepath-trace" is not "glidepath-recording"`},
		{"format not a string", `{"format":1,"version":1,"entities":[]}`, `t.jsonl:1: format: want a string, got a number`},
		{"version missing", `{"format":"glidepath-recording","entities":[]}`, `t.jsonl:1: version: missing`},
		{"version 2", `{"format":"glidepath-recording","version":2,"entities":[]}`, `t.jsonl:1: version: unsupported version 2 (this reader reads 1)`},
		{"version as string", `{"format":"glidepath-recording","version":"1","entities":[]}`, `t.jsonl:1: version: want 1, got a string`},
		{"tick_rate 0", headerWith(`"tick_rate":0`), `t.jsonl:1: tick_rate: want an integer in [1, 240], got 0`},
		{"tick_rate 241", headerWith(`"tick_rate":241`), `t.jsonl:1: tick_rate: want an integer in [1, 240], got 241`},
		{"tick_rate fraction", headerWith(`"tick_rate":29.97`), `t.jsonl:1: tick_rate: want an integer in [1, 240], got 29.97`},
		{"entities missing", `{"format":"glidepath-recording","version":1}`, `t.jsonl:1: entities: missing`},
		{"entities not an array", `{"format":"glidepath-recording","version":1,"entities":{}}`, `t.jsonl:1: entities: want an array, got an object`},
		{"entity not an object", header(`1`), `t.jsonl:1: entities[0]: want an object, got a number`},
		{"guid missing", header(`{"position":{"cell":1,"origin":[0,0,0]}}`), `t.jsonl:1: entities[0].guid: missing`},
		{"guid empty hex", header(`{"guid":"0x","position":{"cell":1,"origin":[0,0,0]}}`), `t.jsonl:1: entities[0].guid: want "0x" and 1 to 8 hex digits, got "0x"`},
		{"guid 9 hex digits", header(`{"guid":"0x123456789","position":{"cell":1,"origin":[0,0,0]}}`), `t.jsonl:1: entities[0].guid: want "0x" and 1 to 8 hex digits, got "0x123456789"`},
		{"guid without 0x", header(`{"guid":"80000A01","position":{"cell":1,"origin":[0,0,0]}}`), `t.jsonl:1: entities[0].guid: want "0x" and 1 to 8 hex digits, got "80000A01"`},
		{"guid bad digit", header(`{"guid":"0x8000G001","position":{"cell":1,"origin":[0,0,0]}}`), `t.jsonl:1: entities[0].guid: want "0x" and 1 to 8 hex digits, got "0x8000G001"`},
		{"guid 2^32", header(`{"guid":4294967296,"position":{"cell":1,"origin":[0,0,0]}}`), `t.jsonl:1: entities[0].guid: want an integer in [0, 2^32), got 4294967296`},
		{"guid negative", header(`{"guid":-1,"position":{"cell":1,"origin":[0,0,0]}}`), `t.jsonl:1: entities[0].guid: want an integer in [0, 2^32), got -1`},
		{"guid fraction", header(`{"guid":1.5,"position":{"cell":1,"origin":[0,0,0]}}`), `t.jsonl:1: entities[0].guid: want an integer in [0, 2^32), got 1.5`},
		{"guid bool", header(`{"guid":true,"position":{"cell":1,"origin":[0,0,0]}}`), `t.jsonl:1: entities[0].guid: want a hex string or an integer, got a bool`},
		{"duplicate guid", header(ent + `,{"guid":2147486209,"position":{"cell":1,"origin":[0,0,0]}}`), `t.jsonl:1: entities[1].guid: duplicate guid 0x80000A01 (entities[0])`},
		{"position missing", header(`{"guid":1}`), `t.jsonl:1: entities[0].position: missing`},
		{"cell missing", header(`{"guid":1,"position":{"origin":[0,0,0]}}`), `t.jsonl:1: entities[0].position.cell: missing`},
		{"cell bad", header(`{"guid":1,"position":{"cell":"A9B4001F","origin":[0,0,0]}}`), `t.jsonl:1: entities[0].position.cell: want "0x" and 1 to 8 hex digits, got "A9B4001F"`},
		{"origin 2 numbers", header(`{"guid":1,"position":{"cell":1,"origin":[90,90]}}`), `t.jsonl:1: entities[0].position.origin: want 3 numbers, got 2`},
		{"origin not an array", header(`{"guid":1,"position":{"cell":1,"origin":"here"}}`), `t.jsonl:1: entities[0].position.origin: want an array of 3 numbers, got a string`},
		{"origin element string", header(`{"guid":1,"position":{"cell":1,"origin":[1,"2",3]}}`), `t.jsonl:1: entities[0].position.origin[1]: want a number, got a string`},
		{"origin NaN", header(`{"guid":1,"position":{"cell":1,"origin":[NaN,0,0]}}`), `t.jsonl:1: entities[0].position.origin[0]: not a finite number: NaN`},
		{"origin overflows float32", header(`{"guid":1,"position":{"cell":1,"origin":[0,1e39,0]}}`), `t.jsonl:1: entities[0].position.origin[1]: 1e39 overflows float32`},
		{"rotation 3 numbers", header(`{"guid":1,"position":{"cell":1,"origin":[0,0,0],"rotation":[1,0,0]}}`), `t.jsonl:1: entities[0].position.rotation: want 4 numbers [w, x, y, z], got 3`},
		{"seq over u16", header(entity(`"seq":{"instance":70000}`)), `t.jsonl:1: entities[0].seq.instance: want an integer in [0, 65535], got 70000`},
		{"seq negative", header(entity(`"seq":{"vector":-1}`)), `t.jsonl:1: entities[0].seq.vector: want an integer in [0, 65535], got -1`},
		{"seq not an object", header(entity(`"seq":[1]`)), `t.jsonl:1: entities[0].seq: want an object, got an array`},
		{"motion not an object", header(entity(`"motion":true`)), `t.jsonl:1: entities[0].motion: want an object, got a bool`},
		{"run_rate string", header(entity(`"motion":{"run_rate":"fast"}`)), `t.jsonl:1: entities[0].motion.run_rate: want a number, got a string`},
		{"radius negative", header(entity(`"radius":-0.35`)), `t.jsonl:1: entities[0].radius: want a number >= 0, got -0.35`},
		{"height infinite", header(entity(`"height":Infinity`)), `t.jsonl:1: entities[0].height: not a finite number: Infinity`},
		{"motion_table empty", header(entity(`"motion_table":""`)), `t.jsonl:1: entities[0].motion_table: want a non-empty name`},
		{"name not a string", header(entity(`"name":7`)), `t.jsonl:1: entities[0].name: want a string, got a number`},
		{"duplicate entity field", header(entity(`"radius":1,"radius":2`)), `t.jsonl:1: entities[0].radius: duplicate field`},
		{"observer cell bad", headerWith(`"observer":{"cell":true,"origin":[0,0,0]}`), `t.jsonl:1: observer.cell: want a hex string or an integer, got a bool`},
		{"observer origin missing", headerWith(`"observer":{"cell":1}`), `t.jsonl:1: observer.origin: missing`},
		{"terrain unknown kind", headerWith(`"terrain":{"kind":"hills"}`), `t.jsonl:1: terrain.kind: unknown kind "hills" (want "flat" or "asset")`},
		{"terrain kind missing", headerWith(`"terrain":{"z":1}`), `t.jsonl:1: terrain.kind: missing`},
		{"asset terrain without name", headerWith(`"terrain":{"kind":"asset"}`), `t.jsonl:1: terrain.name: missing`},
		{"flat terrain z string", headerWith(`"terrain":{"kind":"flat","z":"0"}`), `t.jsonl:1: terrain.z: want a number, got a string`},
		{"terrain not an object", headerWith(`"terrain":"flat"`), `t.jsonl:1: terrain: want an object, got a string`},
		{"NaN in an unknown field", headerWith(`"comment":[1,-nan]`), `t.jsonl:1: comment[1]: not a finite number: -nan`},
		{"bare word", headerWith(`"comment":yes`), `t.jsonl:1: comment: invalid value yes`},
		{"leading zero", headerWith(`"tick_rate":030`), `t.jsonl:1: tick_rate: invalid value 030`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkReadError(t, tt.text, tt.want)
		})
	}
}

func checkReadError(t *testing.T, text, want string) {
	t.Helper()
	rec, err := readText(text)
	if err == nil {
		t.Fatalf("read %d events with no error, want %q", len(rec.Events), want)
	}
	if err.Error() != want {
		t.Errorf("error %q\nwant  %q", err, want)
	}
	var e *Error
	if !errors.As(err, &e) {
		t.Errorf("error is %T, want *Error", err)
	}
}

// Recording v1, "Events": every rule of an event line, with the exact
// FILE:LINE: FIELD: problem text. The header is line 1.
func TestRead_EventRules(t *testing.T) {
	tests := []struct {
		name   string
		events []string
		want   string
	}{
		{"t missing", []string{`{"type":"delete","guid":"0x80000A01"}`}, `t.jsonl:2: delete.t: missing`},
		{"t negative", []string{`{"t":-1,"type":"delete","guid":"0x80000A01"}`}, `t.jsonl:2: delete.t: want a time >= 0, got -1`},
		{"t string", []string{`{"t":"0","type":"delete","guid":"0x80000A01"}`}, `t.jsonl:2: delete.t: want a number, got a string`},
		{"t NaN", []string{`{"t":NaN,"type":"delete","guid":"0x80000A01"}`}, `t.jsonl:2: delete.t: not a finite number: NaN`},
		{"t Infinity", []string{`{"t":Infinity,"type":"delete","guid":"0x80000A01"}`}, `t.jsonl:2: delete.t: not a finite number: Infinity`},
		{"t -Infinity", []string{`{"t":-Infinity,"type":"delete","guid":"0x80000A01"}`}, `t.jsonl:2: delete.t: not a finite number: -Infinity`},
		{"t +inf", []string{`{"t":+inf,"type":"delete","guid":"0x80000A01"}`}, `t.jsonl:2: delete.t: not a finite number: +inf`},
		{"t 1e999", []string{`{"t":1e999,"type":"delete","guid":"0x80000A01"}`}, `t.jsonl:2: delete.t: not a finite number: 1e999`},
		{"t decreases", []string{
			`{"t":1,"type":"note","text":"a"}`,
			``,
			`{"t":0.5,"type":"note","text":"b"}`,
		}, `t.jsonl:4: note.t: 0.5 is less than the previous event's t 1 (line 2)`},
		{"type missing", []string{`{"t":0,"guid":"0x80000A01"}`}, `t.jsonl:2: type: missing`},
		{"type not a string", []string{`{"t":0,"type":3}`}, `t.jsonl:2: type: want a string, got a number`},
		{"type empty", []string{`{"t":0,"type":""}`}, `t.jsonl:2: type: want an event type, got ""`},
		{"type twice", []string{`{"t":0,"type":"note","type":"note","text":""}`}, `t.jsonl:2: type: duplicate field`},
		{"guid missing", []string{`{"t":0,"type":"motion"}`}, `t.jsonl:2: motion.guid: missing`},
		{"guid unknown", []string{`{"t":0,"type":"position","guid":"0x80000A02","cell":1,"origin":[0,0,0]}`}, `t.jsonl:2: position.guid: no entity 0x80000A02`},
		{"guid deleted", []string{
			`{"t":0,"type":"delete","guid":"0x80000A01"}`,
			`{"t":0,"type":"motion","guid":"0x80000A01"}`,
		}, `t.jsonl:3: motion.guid: entity 0x80000A01 was deleted on line 2`},
		{"delete twice", []string{
			`{"t":0,"type":"delete","guid":"0x80000A01"}`,
			`{"t":0,"type":"delete","guid":"0x80000A01"}`,
		}, `t.jsonl:3: delete.guid: entity 0x80000A01 was deleted on line 2`},
		{"create existing", []string{`{"t":0,"type":"create","entity":` + ent + `}`}, `t.jsonl:2: create.entity.guid: entity 0x80000A01 already exists (created on line 1)`},
		{"create twice", []string{
			`{"t":0,"type":"create","entity":{"guid":5,"position":{"cell":1,"origin":[0,0,0]}}}`,
			`{"t":0,"type":"create","entity":{"guid":"0x5","position":{"cell":1,"origin":[0,0,0]}}}`,
		}, `t.jsonl:3: create.entity.guid: entity 0x00000005 already exists (created on line 2)`},
		{"create entity missing", []string{`{"t":0,"type":"create"}`}, `t.jsonl:2: create.entity: missing`},
		{"create entity bad", []string{`{"t":0,"type":"create","entity":{"guid":5,"position":{"cell":1,"origin":[0,0]}}}`}, `t.jsonl:2: create.entity.position.origin: want 3 numbers, got 2`},
		{"create guid differs", []string{`{"t":0,"type":"create","guid":6,"entity":{"guid":5,"position":{"cell":1,"origin":[0,0,0]}}}`}, `t.jsonl:2: create.guid: 0x00000006 differs from entity.guid 0x00000005`},
		{"position cell missing", []string{`{"t":0,"type":"position","guid":"0x80000A01","origin":[0,0,0]}`}, `t.jsonl:2: position.cell: missing`},
		{"position origin short", []string{`{"t":0,"type":"position","guid":"0x80000A01","cell":1,"origin":[91.25,90]}`}, `t.jsonl:2: position.origin: want 3 numbers, got 2`},
		{"position origin Infinity", []string{`{"t":0,"type":"position","guid":"0x80000A01","cell":1,"origin":[0,0,-Infinity]}`}, `t.jsonl:2: position.origin[2]: not a finite number: -Infinity`},
		{"position rotation NaN", []string{`{"t":0,"type":"position","guid":"0x80000A01","cell":1,"origin":[0,0,0],"rotation":[1,0,0,NAN]}`}, `t.jsonl:2: position.rotation[3]: not a finite number: NAN`},
		{"position grounded number", []string{`{"t":0,"type":"position","guid":"0x80000A01","cell":1,"origin":[0,0,0],"grounded":1}`}, `t.jsonl:2: position.grounded: want true or false, got a number`},
		{"position velocity 4 numbers", []string{`{"t":0,"type":"position","guid":"0x80000A01","cell":1,"origin":[0,0,0],"velocity":[1,2,3,4]}`}, `t.jsonl:2: position.velocity: want 3 numbers, got 4`},
		{"position placement negative", []string{`{"t":0,"type":"position","guid":"0x80000A01","cell":1,"origin":[0,0,0],"placement":-1}`}, `t.jsonl:2: position.placement: want an integer in [0, 2^32), got -1`},
		{"position seq over u16", []string{`{"t":0,"type":"position","guid":"0x80000A01","cell":1,"origin":[0,0,0],"seq":{"teleport":65536}}`}, `t.jsonl:2: position.seq.teleport: want an integer in [0, 65535], got 65536`},
		{"position duplicate field", []string{`{"t":0,"type":"position","guid":"0x80000A01","cell":1,"origin":[0,0,0],"origin":[0,0,0]}`}, `t.jsonl:2: position.origin: duplicate field`},
		{"raw and decoded", []string{`{"t":0,"type":"position","raw":"` + rawHex(0x80000A01) + `","origin":[0,0,0]}`}, `t.jsonl:2: position.raw: given with the decoded field origin; give one form`},
		{"raw odd length", []string{`{"t":0,"type":"position","raw":"48f"}`}, `t.jsonl:2: position.raw: want hex digits in pairs, got 3 digits`},
		{"raw not hex", []string{`{"t":0,"type":"position","raw":"48fz"}`}, `t.jsonl:2: position.raw: want hex digits, got 'z' at character 4`},
		{"raw not a string", []string{`{"t":0,"type":"position","raw":[72]}`}, `t.jsonl:2: position.raw: want a hex string, got an array`},
		{"raw truncated", []string{`{"t":0,"type":"position","raw":"` + rawHex(0x80000A01)[:80] + `"}`}, `t.jsonl:2: position.raw: truncated at velocity (offset 32)`},
		{"raw guid differs", []string{`{"t":0,"type":"position","guid":"0x80000A02","raw":"` + rawHex(0x80000A01) + `"}`}, `t.jsonl:2: position.guid: 0x80000A02 differs from the raw message's guid 0x80000A01`},
		{"raw unknown entity", []string{`{"t":0,"type":"position","raw":"` + rawHex(0x80000A02) + `"}`}, `t.jsonl:2: position.raw: no entity 0x80000A02`},
		{"raw unknown entity with guid", []string{`{"t":0,"type":"position","guid":"0x80000A02","raw":"` + rawHex(0x80000A02) + `"}`}, `t.jsonl:2: position.guid: no entity 0x80000A02`},
		{"motion unknown forward", []string{`{"t":0,"type":"motion","guid":"0x80000A01","forward":"Run"}`}, `t.jsonl:2: motion.forward: unknown command "Run" (want Ready, WalkForward, RunForward or WalkBackward)`},
		{"motion unknown sidestep", []string{`{"t":0,"type":"motion","guid":"0x80000A01","sidestep":"Left"}`}, `t.jsonl:2: motion.sidestep: unknown command "Left" (want None, SideStepRight or SideStepLeft)`},
		{"motion unknown turn", []string{`{"t":0,"type":"motion","guid":"0x80000A01","turn":1}`}, `t.jsonl:2: motion.turn: want a command name, got a number`},
		{"motion speed overflows", []string{`{"t":0,"type":"motion","guid":"0x80000A01","forward_speed":1e39}`}, `t.jsonl:2: motion.forward_speed: 1e39 overflows float32`},
		{"motion run_rate bool", []string{`{"t":0,"type":"motion","guid":"0x80000A01","run_rate":true}`}, `t.jsonl:2: motion.run_rate: want a number, got a bool`},
		{"motion moving_to string", []string{`{"t":0,"type":"motion","guid":"0x80000A01","moving_to":"yes"}`}, `t.jsonl:2: motion.moving_to: want true or false, got a string`},
		{"actions not an array", []string{`{"t":0,"type":"motion","guid":"0x80000A01","actions":{}}`}, `t.jsonl:2: motion.actions: want an array of actions, got an object`},
		{"actions too long", []string{`{"t":0,"type":"motion","guid":"0x80000A01","actions":[{},{},{},{},{},{},{}]}`}, `t.jsonl:2: motion.actions: at most 6 actions (an interpreted state holds 6), got 7`},
		{"action not an object", []string{`{"t":0,"type":"motion","guid":"0x80000A01","actions":[7]}`}, `t.jsonl:2: motion.actions[0]: want an object, got a number`},
		{"action unknown name", []string{`{"t":0,"type":"motion","guid":"0x80000A01","actions":[{"command":"Dance","stamp":1}]}`}, `t.jsonl:2: motion.actions[0].command: unknown action "Dance" (known: Jump, Attack, Wave, or a MotionCommand id)`},
		{"action unknown id", []string{`{"t":0,"type":"motion","guid":"0x80000A01","actions":[{"command":"Wave","stamp":1},{"command":"0x41000003","stamp":2}]}`}, `t.jsonl:2: motion.actions[1].command: unknown action 0x41000003 (known: Jump, Attack, Wave)`},
		{"action command missing", []string{`{"t":0,"type":"motion","guid":"0x80000A01","actions":[{"stamp":1}]}`}, `t.jsonl:2: motion.actions[0].command: missing`},
		{"action stamp missing", []string{`{"t":0,"type":"motion","guid":"0x80000A01","actions":[{"command":"Jump"}]}`}, `t.jsonl:2: motion.actions[0].stamp: missing`},
		{"action stamp over 15 bits", []string{`{"t":0,"type":"motion","guid":"0x80000A01","actions":[{"command":"Jump","stamp":32768}]}`}, `t.jsonl:2: motion.actions[0].stamp: want an action stamp, 0 to 32767 (15 bits), got 32768`},
		{"action speed not finite", []string{`{"t":0,"type":"motion","guid":"0x80000A01","actions":[{"command":"Jump","stamp":1,"speed":1e39}]}`}, `t.jsonl:2: motion.actions[0].speed: 1e39 overflows float32`},
		{"action autonomous string", []string{`{"t":0,"type":"motion","guid":"0x80000A01","actions":[{"command":"Jump","stamp":1,"autonomous":"y"}]}`}, `t.jsonl:2: motion.actions[0].autonomous: want true or false, got a string`},
		{"action duplicate field", []string{`{"t":0,"type":"motion","guid":"0x80000A01","actions":[{"command":"Jump","stamp":1,"stamp":2}]}`}, `t.jsonl:2: motion.actions[0].stamp: duplicate field`},
		{"movement type unknown", []string{`{"t":0,"type":"motion","guid":"0x80000A01","movement_type":"Fly"}`}, `t.jsonl:2: motion.movement_type: unknown movement type "Fly" (want InterpretedCommand, MoveToObject, MoveToPosition, TurnToObject or TurnToHeading)`},
		{"movement type not a string", []string{`{"t":0,"type":"motion","guid":"0x80000A01","movement_type":6}`}, `t.jsonl:2: motion.movement_type: want a movement type name, got a number`},
		{"move to object without target", []string{`{"t":0,"type":"motion","guid":"0x80000A01","movement_type":"MoveToObject"}`}, `t.jsonl:2: motion.target: missing: a MoveToObject names the object`},
		{"sticky target missing", []string{`{"t":0,"type":"motion","guid":"0x80000A01","movement_type":"MoveToObject","target":"0x5","sticky":true}`}, `t.jsonl:2: motion.target: no entity 0x00000005`},
		{"target on an interpreted motion", []string{`{"t":0,"type":"motion","guid":"0x80000A01","target":"0x80000A01"}`}, `t.jsonl:2: motion.target: only a MoveToObject or TurnToObject names a target, not InterpretedCommand`},
		{"sticky turn", []string{`{"t":0,"type":"motion","guid":"0x80000A01","movement_type":"TurnToObject","target":"0x80000A01","sticky":true}`}, `t.jsonl:2: motion.sticky: only a MoveToObject can be sticky, not TurnToObject`},
		{"actions on a move-to", []string{`{"t":0,"type":"motion","guid":"0x80000A01","movement_type":"MoveToPosition","actions":[{"command":"Jump","stamp":1}]}`}, `t.jsonl:2: motion.actions: a MoveToPosition carries no interpreted state and so no actions`},
		{"move to position without position", []string{`{"t":0,"type":"motion","guid":"0x80000A01","movement_type":"MoveToPosition"}`}, `t.jsonl:2: motion.position: missing: a MoveToPosition names where to go`},
		{"position on a move to object", []string{`{"t":0,"type":"motion","guid":"0x80000A01","movement_type":"MoveToObject","target":"0x80000A01","position":{"cell":1,"origin":[0,0,0]}}`}, `t.jsonl:2: motion.position: only a MoveToPosition carries a position, not MoveToObject`},
		{"move-to field on an interpreted motion", []string{`{"t":0,"type":"motion","guid":"0x80000A01","distance":1}`}, `t.jsonl:2: motion.distance: only a move-to movement_type carries distance`},
		{"distance on a turn", []string{`{"t":0,"type":"motion","guid":"0x80000A01","movement_type":"TurnToHeading","min_distance":1}`}, `t.jsonl:2: motion.min_distance: a TurnToHeading carries TurnToParameters (flags, speed, desired_heading), not min_distance`},
		{"negative distance", []string{`{"t":0,"type":"motion","guid":"0x80000A01","movement_type":"MoveToObject","target":"0x80000A01","distance":-1}`}, `t.jsonl:2: motion.distance: want a number >= 0, got -1`},
		{"unknown flag bits", []string{`{"t":0,"type":"motion","guid":"0x80000A01","movement_type":"MoveToObject","target":"0x80000A01","flags":"0x40000"}`}, `t.jsonl:2: motion.flags: unknown MovementParams bits 0x00040000 (known: 0x3FFFF)`},
		{"flags not a number", []string{`{"t":0,"type":"motion","guid":"0x80000A01","movement_type":"TurnToHeading","flags":true}`}, `t.jsonl:2: motion.flags: want a hex string or an integer, got a bool`},
		{"desired heading out of range", []string{`{"t":0,"type":"motion","guid":"0x80000A01","movement_type":"TurnToHeading","desired_heading":360}`}, `t.jsonl:2: motion.desired_heading: want degrees in [0, 360), got 360`},
		{"speed not finite", []string{`{"t":0,"type":"motion","guid":"0x80000A01","movement_type":"TurnToHeading","speed":1e39}`}, `t.jsonl:2: motion.speed: 1e39 overflows float32`},
		{"move to position cell missing", []string{`{"t":0,"type":"motion","guid":"0x80000A01","movement_type":"MoveToPosition","position":{"origin":[0,0,0]}}`}, `t.jsonl:2: motion.position.cell: missing`},
		{"move to observer without an observer", []string{`{"t":0,"type":"motion","guid":"0x80000A01","movement_type":"MoveToObject","target":"observer","sticky":true}`}, `t.jsonl:2: motion.target: the observer has no position yet (no header observer, no earlier observer event)`},
		{"move to observer reserved guid", []string{`{"t":0,"type":"observer","cell":1,"origin":[0,0,0]}`, `{"t":0,"type":"motion","guid":"0x80000A01","movement_type":"TurnToObject","target":"0xFFFFFFFF"}`}, `t.jsonl:3: motion.target: 0xFFFFFFFF is reserved for the observer: write "observer"`},
		{"move to observer reserved integer", []string{`{"t":0,"type":"observer","cell":1,"origin":[0,0,0]}`, `{"t":0,"type":"motion","guid":"0x80000A01","movement_type":"MoveToObject","target":4294967295}`}, `t.jsonl:3: motion.target: 0xFFFFFFFF is reserved for the observer: write "observer"`},
		{"move to observer misspelt", []string{`{"t":0,"type":"observer","cell":1,"origin":[0,0,0]}`, `{"t":0,"type":"motion","guid":"0x80000A01","movement_type":"MoveToObject","target":"Observer"}`}, `t.jsonl:3: motion.target: want "0x" and 1 to 8 hex digits, got "Observer"`},
		{"observer target on a move to position", []string{`{"t":0,"type":"motion","guid":"0x80000A01","movement_type":"MoveToPosition","target":"observer"}`}, `t.jsonl:2: motion.target: only a MoveToObject or TurnToObject names a target, not MoveToPosition`},
		{"turn to object target absent", []string{`{"t":0,"type":"motion","guid":"0x80000A01","movement_type":"TurnToObject","target":"0x7","speed":1}`}, `t.jsonl:2: motion.target: no entity 0x00000007`},
		{"motion seq not an object", []string{`{"t":0,"type":"motion","guid":"0x80000A01","seq":3}`}, `t.jsonl:2: motion.seq: want an object, got a number`},
		{"motion seq movement over u16", []string{`{"t":0,"type":"motion","guid":"0x80000A01","seq":{"movement":65536}}`}, `t.jsonl:2: motion.seq.movement: want an integer in [0, 65535], got 65536`},
		{"motion seq server_control negative", []string{`{"t":0,"type":"motion","guid":"0x80000A01","seq":{"server_control":-1}}`}, `t.jsonl:2: motion.seq.server_control: want an integer in [0, 65535], got -1`},
		{"motion seq duplicate", []string{`{"t":0,"type":"motion","guid":"0x80000A01","seq":{"instance":1,"instance":2}}`}, `t.jsonl:2: motion.seq.instance: duplicate field`},
		{"motion autonomous number", []string{`{"t":0,"type":"motion","guid":"0x80000A01","autonomous":1}`}, `t.jsonl:2: motion.autonomous: want true or false, got a number`},
		{"stick_to on a move-to", []string{`{"t":0,"type":"motion","guid":"0x80000A01","movement_type":"MoveToObject","target":"0x80000A01","stick_to":"0x80000A01"}`}, `t.jsonl:2: motion.stick_to: only an InterpretedCommand carries stick_to, not MoveToObject`},
		{"stick_to zero", []string{`{"t":0,"type":"motion","guid":"0x80000A01","stick_to":"0x0"}`}, `t.jsonl:2: motion.stick_to: 0 names no object: leave stick_to out`},
		{"stick_to not an id", []string{`{"t":0,"type":"motion","guid":"0x80000A01","stick_to":true}`}, `t.jsonl:2: motion.stick_to: want a hex string or an integer, got a bool`},
		{"stick_to unknown", []string{`{"t":0,"type":"motion","guid":"0x80000A01","stick_to":"0x7"}`}, `t.jsonl:2: motion.stick_to: no entity 0x00000007`},
		{"stick_to deleted", []string{`{"t":0,"type":"create","entity":{"guid":7,"position":{"cell":1,"origin":[0,0,0]}}}`, `{"t":0,"type":"delete","guid":"0x7"}`, `{"t":0,"type":"motion","guid":"0x80000A01","stick_to":"0x7"}`}, `t.jsonl:4: motion.stick_to: entity 0x00000007 was deleted on line 3`},
		{"stick_to observer without an observer", []string{`{"t":0,"type":"motion","guid":"0x80000A01","stick_to":"observer"}`}, `t.jsonl:2: motion.stick_to: the observer has no position yet (no header observer, no earlier observer event)`},
		{"stick_to itself", []string{`{"t":0,"type":"motion","guid":"0x80000A01","stick_to":"0x80000A01"}`}, `t.jsonl:2: motion.stick_to: an object cannot stick to itself`},
		{"holders in a cycle", []string{`{"t":0,"type":"create","entity":{"guid":7,"parent":"0x8","position":{"cell":1,"origin":[0,0,0]}}}`, `{"t":0,"type":"create","entity":{"guid":8,"parent":"0x7","position":{"cell":1,"origin":[0,0,0]}}}`}, `t.jsonl:3: create.entity.parent: the holders form a cycle: 0x00000008 held by 0x00000007 held by 0x00000008`},
		{"stick_to reserved guid", []string{`{"t":0,"type":"motion","guid":"0x80000A01","stick_to":"0xFFFFFFFF"}`}, `t.jsonl:2: motion.stick_to: 0xFFFFFFFF is reserved for the observer: write "observer"`},
		{"vector omega missing", []string{`{"t":0,"type":"vector","guid":"0x80000A01","velocity":[0,0,0]}`}, `t.jsonl:2: vector.omega: missing`},
		{"vector seq over u16", []string{`{"t":0,"type":"vector","guid":"0x80000A01","velocity":[0,0,0],"omega":[0,0,0],"seq":{"vector":65536}}`}, `t.jsonl:2: vector.seq.vector: want an integer in [0, 65535], got 65536`},
		{"observer cell missing", []string{`{"t":0,"type":"observer","origin":[0,0,0]}`}, `t.jsonl:2: observer.cell: missing`},
		{"truth origin missing", []string{`{"t":0,"type":"truth","guid":"0x80000A01","cell":1}`}, `t.jsonl:2: truth.origin: missing`},
		{"truth unknown guid", []string{`{"t":0,"type":"truth","guid":"0x1","cell":1,"origin":[0,0,0]}`}, `t.jsonl:2: truth.guid: no entity 0x00000001`},
		{"note text missing", []string{`{"t":0,"type":"note"}`}, `t.jsonl:2: note.text: missing`},
		{"note guid bad", []string{`{"t":0,"type":"note","text":"","guid":"x"}`}, `t.jsonl:2: note.guid: want "0x" and 1 to 8 hex digits, got "x"`},
		{"note text invalid UTF-8", []string{"{\"t\":0,\"type\":\"note\",\"text\":\"\xff\"}"}, `t.jsonl:2: note.text: invalid UTF-8 in a string`},
		{"note text bad escape", []string{`{"t":0,"type":"note","text":"\q"}`}, `t.jsonl:2: note.text: bad escape \q in a string`},
		{"note text short unicode escape", []string{`{"t":0,"type":"note","text":"\u12"}`}, `t.jsonl:2: note.text: bad \u escape in a string`},
		{"note text control character", []string{"{\"t\":0,\"type\":\"note\",\"text\":\"a\tb\"}"}, `t.jsonl:2: note.text: control character 0x09 in a string`},
		{"NaN in an unknown field", []string{`{"t":0,"type":"note","text":"","extra":{"v":[NaN]}}`}, `t.jsonl:2: note.extra.v[0]: not a finite number: NaN`},
		{"NaN in an unknown event", []string{`{"t":0,"type":"sound","volume":nan}`}, `t.jsonl:2: sound.volume: not a finite number: nan`},
		{"bad JSON in an event", []string{`{"t":0,"type":"note",}`}, `t.jsonl:2: json: want a field name at column 22`},
		{"event not an object", []string{`"note"`}, `t.jsonl:2: json: want a JSON object, got '"' at column 1`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkReadError(t, lines(append([]string{hdr}, tt.events...)...), tt.want)
		})
	}
}

// Recording v1, "Encoding": unknown fields are ignored, unknown event types
// are skipped and counted, blank lines are skipped but still counted in line
// numbers, and null is the same as an absent field.
func TestRead_Leniency(t *testing.T) {
	text := lines(
		`{"format":"glidepath-recording","version":1,"writer":"acdream 0.3","entities":[`+entity(`"colour":"red"`)+`]}`,
		`{"t":0,"type":"sound","guid":"0x80000A01","id":12}`,
		``,
		"   \t\r",
		`{"t":0.5,"type":"position","guid":"0x80000A01","cell":"0xa9b4001f","origin":[1,2,3],"rotation":null,"future":{"x":[1,2]}}`,
		`{"t":0.25,"type":"emote","guid":"0x80000A01"}`,
		`{"t":0.5,"type":"sound"}`,
		`{"t":0.75,"type":"note","text":"caf\u00e9 \ud83d\ude00 \ud800","guid":"0x99"}`,
	)
	rec, err := readText(text)
	if err != nil {
		t.Fatal(err)
	}
	if rec.Skipped != 3 {
		t.Errorf("skipped %d events, want 3", rec.Skipped)
	}
	if got := strings.Join(rec.SkippedTypes, ","); got != "sound,emote" {
		t.Errorf("skipped types %q, want sound,emote", got)
	}
	if len(rec.Events) != 2 {
		t.Fatalf("%d events, want 2", len(rec.Events))
	}
	pos := rec.Events[0]
	if pos.Line != 5 || pos.Kind != KindPosition || pos.Update.Pos.Cell != 0xA9B4001F {
		t.Errorf("position event %+v", pos)
	}
	if pos.Update.Pos.Frame.Rot != mgl32.QuatIdent() {
		t.Errorf("null rotation read as %v, want identity", pos.Update.Pos.Frame.Rot)
	}
	note := rec.Events[1]
	if note.Text != "café 😀 \uFFFD" || !note.HasGUID || note.GUID != 0x99 {
		t.Errorf("note %q guid %v %X; a note may name any guid", note.Text, note.HasGUID, note.GUID)
	}
}

// Recording v1, "Header" and "Events": absent optional fields take their
// documented defaults.
func TestRead_Defaults(t *testing.T) {
	rec, err := readText(lines(hdr,
		`{"t":0,"type":"position","guid":"0x80000A01","cell":1,"origin":[0,0,0]}`,
		`{"t":0,"type":"motion","guid":"0x80000A01"}`,
		`{"t":0,"type":"vector","guid":"0x80000A01","velocity":[1,0,0],"omega":[0,0,1]}`,
		`{"t":0,"type":"note","text":"x"}`,
	))
	if err != nil {
		t.Fatal(err)
	}
	h := rec.Header
	if h.TickRate != 30 || h.HasObserver || h.Terrain.Kind != TerrainFlat || h.Terrain.Z != 0 || h.Terrain.Name != "" || h.Terrain.Obstacles != nil {
		t.Errorf("header defaults %+v", h)
	}
	e := h.Entities[0]
	if e.HasMotion || e.RunRate != 1 || e.Radius != 0.35 || e.Height != 1.8 || e.MotionTable != "humanoid" || e.Seq != (Seq{}) {
		t.Errorf("entity defaults %+v", e)
	}
	if e.Pos.Frame.Rot != mgl32.QuatIdent() {
		t.Errorf("entity rotation %v, want identity", e.Pos.Frame.Rot)
	}
	u := rec.Events[0].Update
	if !u.Grounded || u.HasVelocity || u.HasPlacement || u.Seq != (PositionSeq{}) || rec.Events[0].Raw {
		t.Errorf("position defaults %+v", u)
	}
	if m := rec.Events[1].Motion; m != NewMotion() || m.Forward != Ready || m.Sidestep != NoSidestep || m.Turn != NoTurn || m.ForwardSpeed != 1 {
		t.Errorf("motion defaults %+v", m)
	}
	if rec.Events[3].HasGUID {
		t.Error("note without guid has HasGUID")
	}
}

// A deleted guid may be created again (a new instance of the object), and
// then named by events again.
func TestRead_CreateAfterDeleteRevivesGUID(t *testing.T) {
	_, err := readText(lines(hdr,
		`{"t":0,"type":"delete","guid":"0x80000A01"}`,
		`{"t":1,"type":"create","entity":`+entity(`"seq":{"instance":2}`)+`}`,
		`{"t":1,"type":"position","guid":"0x80000A01","cell":1,"origin":[0,0,0],"seq":{"instance":2}}`,
	))
	if err != nil {
		t.Fatal(err)
	}
}

// The raw form decodes through the PositionPack codec (seed 004 §2) into
// the same decoded fields, flagged Raw; guid may be left to the message.
func TestRead_RawPositionDecodesLikeDecodedForm(t *testing.T) {
	rec, err := readText(lines(hdr,
		`{"t":0,"type":"position","raw":"`+rawHex(0x80000A01)+`"}`,
		`{"t":0,"type":"position","guid":"0x80000A01","cell":"0xA9B4001F","origin":[91,90,0],"velocity":[0,0,0]}`,
	))
	if err != nil {
		t.Fatal(err)
	}
	raw, dec := rec.Events[0], rec.Events[1]
	if !raw.Raw || dec.Raw {
		t.Errorf("Raw flags %v %v, want true false", raw.Raw, dec.Raw)
	}
	if raw.GUID != 0x80000A01 || !raw.HasGUID {
		t.Errorf("raw guid %X", raw.GUID)
	}
	raw.Raw, raw.Line, dec.Line = false, 0, 0
	if raw != dec {
		t.Errorf("raw form\n%+v\ndecoded form\n%+v", raw, dec)
	}
}

func TestRead_GzipByName(t *testing.T) {
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	io.WriteString(zw, lines(hdr, `{"t":0,"type":"note","text":"zipped"}`))
	zw.Close()
	rec, err := Read("walk.jsonl.gz", bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if len(rec.Events) != 1 || rec.Events[0].Text != "zipped" {
		t.Errorf("events %+v", rec.Events)
	}
	// A damaged stream is a read error on the line being read.
	b := bytes.Clone(buf.Bytes())
	b[len(b)-6] ^= 0xFF // CRC
	_, err = Read("walk.jsonl.gz", bytes.NewReader(b))
	if err == nil || err.Error() != "walk.jsonl.gz:3: read: the gzip stream's checksum does not match (gzip: invalid checksum): the file is damaged" {
		t.Errorf("damaged gzip: %v", err)
	}
	_, err = Read("walk.jsonl.gz", strings.NewReader(hdr))
	if err == nil || err.Error() != "walk.jsonl.gz:1: read: not a valid gzip stream (gzip: invalid header)" {
		t.Errorf("plain text named .gz: %v", err)
	}
	// A stream cut short says so in words, not "unexpected EOF" alone.
	_, err = Read("walk.jsonl.gz", bytes.NewReader(buf.Bytes()[:len(buf.Bytes())-12]))
	if err == nil || !strings.Contains(err.Error(), "walk.jsonl.gz:") || !strings.Contains(err.Error(), "read: the compressed stream is cut short (unexpected EOF): the file is truncated") {
		t.Errorf("gzip cut short: %v", err)
	}
}

func TestRead_LineTooLong(t *testing.T) {
	goroutines.NoneStarted(t)
	long := `{"t":0,"type":"note","text":"` + strings.Repeat("a", MaxLineLength) + `"}`
	checkReadError(t, lines(hdr, long), "t.jsonl:2: json: line longer than 4194304 bytes")
}

// The header may start with a UTF-8 byte order mark, and the last line may
// lack its newline.
func TestRead_BOMAndMissingFinalNewline(t *testing.T) {
	rec, err := readText("\xEF\xBB\xBF" + hdr + "\n" + `{"t":0,"type":"note","text":"end"}`)
	if err != nil {
		t.Fatal(err)
	}
	if len(rec.Events) != 1 {
		t.Errorf("%d events, want 1", len(rec.Events))
	}
}

// The streaming Reader keeps returning the first error.
func TestReader_ErrorIsSticky(t *testing.T) {
	r, err := NewReader("t.jsonl", strings.NewReader(lines(hdr, `{"t":0}`, `{"t":0,"type":"note","text":"x"}`)))
	if err != nil {
		t.Fatal(err)
	}
	_, err1 := r.Next()
	_, err2 := r.Next()
	if err1 == nil || err1 != err2 {
		t.Errorf("errors %v then %v, want the same error twice", err1, err2)
	}
}

func TestOpen_FileAndErrors(t *testing.T) {
	r, err := Open("testdata/walk.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if r.Name() != "testdata/walk.jsonl" || len(r.Header().Entities) != 1 {
		t.Errorf("name %q header %+v", r.Name(), r.Header())
	}
	n := 0
	for {
		_, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		n++
	}
	if n != 11 || r.Skipped() != 1 || r.SkippedTypes()[0] != "sound" {
		t.Errorf("%d events, %d skipped (%v)", n, r.Skipped(), r.SkippedTypes())
	}
	if _, err := Open("testdata/no-such-file.jsonl"); err == nil {
		t.Error("opening a missing file gave no error")
	}
}

// TestHeaderTerrainObstacles: the header's terrain may carry inline
// obstacles (a Glidepath extension, docs/formats.md); they round-trip through
// the writer, and a bad one is reported with its field.
func TestHeaderTerrainObstacles(t *testing.T) {
	const head = `{"format":"glidepath-recording","version":1,"terrain":{"kind":"flat","z":0,"obstacles":[{"kind":"box","landblock":"0xA9B4","min":[110,60,0],"max":[111,140,4]}]},"entities":[]}`
	rec, err := Read("walls.jsonl", strings.NewReader(head+"\n"))
	if err != nil {
		t.Fatal(err)
	}
	obs := rec.Header.Terrain.Obstacles
	if len(obs) != 1 || obs[0].Kind != physics.ObstacleBox || obs[0].Max[2] != 4 {
		t.Fatalf("obstacles = %+v", obs)
	}
	var buf bytes.Buffer
	if err := Write("walls.jsonl", &buf, rec); err != nil {
		t.Fatal(err)
	}
	back, err := Read("walls.jsonl", &buf)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back.Header.Terrain, rec.Header.Terrain) {
		t.Errorf("round trip: %+v, want %+v", back.Header.Terrain, rec.Header.Terrain)
	}
	bad := strings.Replace(head, `"max":[111,140,4]`, `"max":[111,140]`, 1)
	_, err = Read("walls.jsonl", strings.NewReader(bad+"\n"))
	const want = "walls.jsonl:1: terrain.obstacles: [0].max: want 3 numbers, got 2"
	if err == nil || err.Error() != want {
		t.Errorf("bad obstacle: %v, want %s", err, want)
	}
}
