// The fixed layout against the general decoder: every line it takes is a
// line the general decoder reads without error into the same Event, bit
// for bit (fixed.go); a near miss is left to the general decoder, which
// words the error.

package recording

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// decodeBoth decodes one event line with the fixed layout and with the
// general decoder, each on a decoder of its own.
func decodeBoth(line []byte) (fast Event, fastOK, fastRawGUID bool, general Event, unknown string, err error, generalRawGUID bool) {
	f := decoder{file: "both.jsonl", lineNo: 7}
	fastOK = f.decodeFixed(line, &fast)
	g := decoder{file: "both.jsonl", lineNo: 7}
	general, unknown, err = g.decodeLine(line)
	return fast, fastOK, f.rawHadGUID, general, unknown, err, g.rawHadGUID
}

// checkFixed fails when the fixed layout takes line and the general decoder
// refuses it or reads another event. It reports whether the fixed layout
// took the line.
func checkFixed(t testing.TB, line []byte) bool {
	t.Helper()
	fast, ok, fastRaw, general, unknown, err, generalRaw := decodeBoth(line)
	if !ok {
		return false
	}
	switch {
	case err != nil:
		t.Fatalf("%s\nthe fixed layout took it, the general decoder refused it: %v", line, err)
	case unknown != "":
		t.Fatalf("%s\nthe fixed layout took it, the general decoder skipped type %q", line, unknown)
	case fastRaw != generalRaw:
		t.Fatalf("%s\nraw message with guid: fixed %t, general %t", line, fastRaw, generalRaw)
	}
	if d := sameEvent(fast, general); d != "" {
		t.Fatalf("%s\nfixed and general differ: %s\nfixed   %+v\ngeneral %+v", line, d, fast, general)
	}
	return true
}

// sameEvent names the first difference of a and b, bit for bit, or
// returns "". Struct equality and the writer's spelling (which tells -0
// from 0) settle the usual case quickly; diffBits settles the rest.
func sameEvent(a, b Event) string {
	if a == b && bytes.Equal(appendEvent(nil, &a), appendEvent(nil, &b)) {
		return ""
	}
	return diffBits(reflect.ValueOf(a), reflect.ValueOf(b), "Event")
}

// diffBits compares a and b field by field, floats by their bits (so -0
// differs from 0, and NaN equals the same NaN), unexported fields (the
// frame's cached matrix) included, and names the first difference.
func diffBits(a, b reflect.Value, path string) string {
	switch a.Kind() {
	case reflect.Float32, reflect.Float64:
		if math.Float64bits(a.Float()) != math.Float64bits(b.Float()) {
			return fmt.Sprintf("%s: %v != %v", path, a.Float(), b.Float())
		}
	case reflect.Bool:
		if a.Bool() != b.Bool() {
			return fmt.Sprintf("%s: %t != %t", path, a.Bool(), b.Bool())
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		if a.Int() != b.Int() {
			return fmt.Sprintf("%s: %d != %d", path, a.Int(), b.Int())
		}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		if a.Uint() != b.Uint() {
			return fmt.Sprintf("%s: %d != %d", path, a.Uint(), b.Uint())
		}
	case reflect.String:
		if a.String() != b.String() {
			return fmt.Sprintf("%s: %q != %q", path, a.String(), b.String())
		}
	case reflect.Struct:
		for i := range a.NumField() {
			if d := diffBits(a.Field(i), b.Field(i), path+"."+a.Type().Field(i).Name); d != "" {
				return d
			}
		}
	case reflect.Array, reflect.Slice:
		if a.Len() != b.Len() {
			return fmt.Sprintf("%s: length %d != %d", path, a.Len(), b.Len())
		}
		for i := range a.Len() {
			if d := diffBits(a.Index(i), b.Index(i), fmt.Sprintf("%s[%d]", path, i)); d != "" {
				return d
			}
		}
	case reflect.Pointer:
		if a.IsNil() || b.IsNil() {
			if a.IsNil() != b.IsNil() {
				return path + ": nil and not nil"
			}
			return ""
		}
		return diffBits(a.Elem(), b.Elem(), path)
	default:
		return path + ": cannot compare " + a.Kind().String()
	}
	return ""
}

const fixedGUID = `{"t":1.5,"type":"position","guid":"0x80000A01"`

// fixedShapes are lines the fixed layout takes: every optional member of
// every kind it knows, as the writer spells them.
var fixedShapes = []string{
	fixedGUID + `,"cell":"0xA9B4001F","origin":[90,90.5,0]}`,
	fixedGUID + `,"cell":"0xA9B4001F","origin":[90,90.5,0],"rotation":[0.70710677,0,0,-0.70710677]}`,
	fixedGUID + `,"cell":"0xA9B4001F","origin":[-0,1,-0.5]}`,
	fixedGUID + `,"cell":"0xA9B4001F","origin":[1,2,3],"rotation":[1,0,0,0],"grounded":false,"velocity":[0.25,-3.5,9.999999],"placement":4294967295,"seq":{"instance":65535,"position":0,"teleport":7,"force_position":12}}`,
	fixedGUID + `,"cell":"0xa9b4001f","origin":[1,2,3],"grounded":true,"placement":0}`,
	fixedGUID + `,"raw":"` + rawHex(0x80000A01) + `"}`,
	`{"t":0.10005831143438215,"type":"motion","guid":"0x804001EE","forward":"Ready","forward_speed":1,"sidestep":"None","sidestep_speed":1,"turn":"TurnRight","turn_speed":1,"run_rate":1,"moving_to":false}`,
	`{"t":3,"type":"motion","guid":"0x80000A01","forward":"RunForward","forward_speed":-1.25,"sidestep":"SideStepLeft","sidestep_speed":0.5,"turn":"TurnLeft","turn_speed":2,"moving_to":true}`,
	`{"t":3,"type":"motion","guid":"0x80000A01","forward":"RunForward","forward_speed":1,"sidestep":"None","sidestep_speed":1,"turn":"None","turn_speed":1}`,
	`{"t":3,"type":"motion","guid":"0x80000A01","forward":"RunForward","forward_speed":1,"sidestep":"None","sidestep_speed":1,"turn":"None","turn_speed":1,"seq":{"instance":1,"movement":65535,"server_control":0}}`,
	`{"t":3,"type":"motion","guid":"0x80000A01","forward":"Ready","forward_speed":1,"sidestep":"None","sidestep_speed":1,"turn":"None","turn_speed":1,"run_rate":0,"moving_to":true,"seq":{"instance":1,"movement":2,"server_control":3},"autonomous":true}`,
	`{"t":3,"type":"vector","guid":"0x80000A01","velocity":[1,2,3],"omega":[0,0,-1.5707964]}`,
	`{"t":3,"type":"vector","guid":"0x80000A01","velocity":[1,2,3],"omega":[0,0,1],"seq":{"instance":1,"vector":65535}}`,
	`{"t":3,"type":"truth","guid":"0x80000A01","cell":"0xA9B4001F","origin":[12.345678,191.99998,0]}`,
	`{"t":3,"type":"truth","guid":"0x80000A01","cell":"0xA9B4001F","origin":[1,2,3],"rotation":[0.5,0.5,0.5,0.5]}`,
	`{"t":3,"type":"observer","cell":"0xA9B4001F","origin":[96,96,0]}`,
	`{"t":3,"type":"delete","guid":"0x80000B02"}`,
	`{"t":0,"type":"delete","guid":"0x80000B02"}` + "\n",
	`{"t":123456789.125,"type":"delete","guid":"0x80000B02"}` + "\r\n",
}

// fixedMisses are lines the fixed layout leaves to the general decoder:
// near misses of the writer's spelling, and lines with errors.
var fixedMisses = []string{
	fixedGUID + `, "cell":"0xA9B4001F","origin":[90,90,0]}`,                // a space
	fixedGUID + `,"origin":[90,90,0],"cell":"0xA9B4001F"}`,                 // order
	fixedGUID + `,"cell":"0xA9B4001F","origin":[90,90,0],"extra":1}`,       // unknown member
	fixedGUID + `,"cell":"0xA9B4001F","origin":[90,90,0],"rotation":null}`, // null
	fixedGUID + `,"cell":"0xA9B4001F","origin":[9e1,90,0]}`,                // exponent
	fixedGUID + `,"cell":"0xA9B401F","origin":[90,90,0]}`,                  // short id
	fixedGUID + `,"cell":"0xA9B4001F","origin":[090,90,0]}`,                // leading zero
	fixedGUID + `,"cell":"0xA9B4001F","origin":[90.,90,0]}`,                // no fraction digits
	fixedGUID + `,"cell":"0xA9B4001F","origin":[90,90]}`,                   // 2 numbers
	fixedGUID + `,"cell":"0xA9B4001F","origin":[90,90,0,1]}`,               // 4 numbers
	fixedGUID + `,"cell":"0xA9B4001F","origin":[1234567890123456,0,0]}`,    // 16 digits
	fixedGUID + `,"cell":"0xA9B4001F","origin":[90,90,0]}x`,                // after the object
	fixedGUID + `,"cell":"0xA9B4001F","origin":[90,90,0]} `,                // trailing space
	fixedGUID + `,"cell":"0xA9B4001F","origin":[90,90,0],"cell":"0xA9B4001F"}`,
	fixedGUID + `,"cell":"0xA9B4001F","origin":[90,90,0],"placement":4294967296}`,
	fixedGUID + `,"cell":"0xA9B4001F","origin":[90,90,0],"placement":-0}`,
	fixedGUID + `,"cell":"0xA9B4001F","origin":[90,90,0],"seq":{"instance":65536,"position":0,"teleport":0,"force_position":0}}`,
	fixedGUID + `,"cell":"0xA9B4001F","origin":[90,90,0],"seq":{"instance":1,"position":1}}`,
	// A seq object not closed where its last stamp ends (fixedStamps).
	fixedGUID + `,"cell":"0xA9B4001F","origin":[90,90,0],"seq":{"instance":1,"position":2,"teleport":3,"force_position":4x}`,
	fixedGUID + `,"cell":"0xA9B4001F","origin":[90,90,0],"seq":{"instance":1,"position":2,"teleport":3,"force_position":4,"x":5}}`,
	`{"t":3,"type":"motion","guid":"0x80000A01","forward":"RunForward","forward_speed":1,"sidestep":"None","sidestep_speed":1,"turn":"None","turn_speed":1,"seq":{"instance":1,"movement":2,"server_control":3x}`,
	`{"t":3,"type":"vector","guid":"0x80000A01","velocity":[1,2,3],"omega":[0,0,1],"seq":{"instance":1,"vector":2x}`,
	`{"t":3,"type":"vector","guid":"0x80000A01","velocity":[1,2,3],"omega":[0,0,1],"seq":{"instance":1,"vector":65536}}`,
	fixedGUID + `,"cell":"0xA9B4001F","origin":[90,90,0],"grounded":1}`,
	fixedGUID + `,"raw":"` + rawHex(0x80000B02) + `"}`, // guids differ
	fixedGUID + `,"raw":"` + rawHex(0x80000A01)[1:] + `"}`,
	fixedGUID + `,"raw":"` + rawHex(0x80000A01) + `","cell":"0xA9B4001F"}`,
	`{"t":-0,"type":"delete","guid":"0x80000B02"}`,
	`{"t":-1,"type":"delete","guid":"0x80000B02"}`,
	`{"t":1e-05,"type":"delete","guid":"0x80000B02"}`,
	`{"t":00,"type":"delete","guid":"0x80000B02"}`,
	`{"t":12345678901234567890,"type":"delete","guid":"0x80000B02"}`,
	`{"t":1,"type":"delete","guid":"0x80000B02","guid":"0x80000B02"}`,
	`{"t":1,"type":"dele\u0074e","guid":"0x80000B02"}`,
	`{"t":1,"type":"create","guid":"0x80000B02","entity":{"guid":"0x80000B02","position":{"cell":"0xA9B4001F","origin":[1,2,3]}}}`,
	`{"t":1,"type":"note","text":"hi"}`,
	`{"t":1,"type":"observer","cell":"0xA9B4001F","origin":[96,96,0],"rotation":[1,0,0,0]}`,
	`{"t":3,"type":"motion","guid":"0x80000A01","forward":"Walk","forward_speed":1,"sidestep":"None","sidestep_speed":1,"turn":"None","turn_speed":1,"moving_to":false}`,
	`{"t":3,"type":"motion","guid":"0x80000A01","forward":"Ready","forward_speed":1,"sidestep":"None","sidestep_speed":1,"turn":"None","turn_speed":1,"moving_to":false,"actions":[{"command":"Jump","stamp":1,"speed":1,"autonomous":false}]}`,
	`{"t":3,"type":"motion","guid":"0x80000A01","forward":"Ready","forward_speed":1,"sidestep":"None","sidestep_speed":1,"turn":"None","turn_speed":1,"moving_to":false,"movement_type":"TurnToHeading","speed":1,"desired_heading":90,"flags":"0x00000000"}`,
	`{"t":3,"type":"vector","guid":"0x80000A01","velocity":[1,2,3],"omega":[0,0,1],"seq":{"vector":1,"instance":1}}`,
	`{"t":3,"type":"truth","guid":"0x80000A01","cell":"0xA9B4001F","origin":[1,2,3],"rotation":[1,0,0]}`,
	`{"t":3,"type":"walk","guid":"0x80000A01"}`,
	`{"t":3,"type":"delete","guid":"0x80000A0G"}`,
	`{"t":3,"type":"delete","guid":"0x80000A01"`,
	`{"t":3,"type":"delete","guid":"0x80000A01"}` + "\n\n",
}

func TestFixed_TakesTheWritersShapes(t *testing.T) {
	for _, line := range fixedShapes {
		if !checkFixed(t, []byte(line)) {
			_, _, _, _, _, err, _ := decodeBoth([]byte(line))
			t.Errorf("%s\nthe fixed layout did not take it (general: %v)", line, err)
		}
	}
}

func TestFixed_LeavesNearMissesToTheGeneralDecoder(t *testing.T) {
	for _, line := range fixedMisses {
		if checkFixed(t, []byte(line)) {
			t.Errorf("%s\nthe fixed layout took it", line)
		}
	}
}

// recordingFiles are the recordings of the repository: this package's
// testdata, the engine's and the shipped ones.
func recordingFiles(t testing.TB) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	for _, pattern := range []string{"testdata/*.jsonl", "testdata/*.jsonl.gz", "../testdata/*.jsonl", "../../recordings/*.jsonl"} {
		paths, _ := filepath.Glob(pattern)
		for _, p := range paths {
			b, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			if strings.HasSuffix(p, ".gz") {
				zr, err := gzip.NewReader(bytes.NewReader(b))
				if err != nil {
					t.Fatal(err)
				}
				if b, err = io.ReadAll(zr); err != nil {
					t.Fatal(err)
				}
			}
			out[p] = b
		}
	}
	if len(out) < 10 {
		t.Fatalf("only %d recordings found", len(out))
	}
	return out
}

// TestFixed_AgreesOnTheRecordings: every event line of every recording in
// the repository reads the same both ways, and so does each whole file
// (events, skipped types and any error).
func TestFixed_AgreesOnTheRecordings(t *testing.T) {
	taken, lines := 0, 0
	for name, data := range recordingFiles(t) {
		for _, line := range bytes.Split(data, []byte("\n"))[1:] {
			if isBlank(line) {
				continue
			}
			lines++
			if checkFixed(t, line) {
				taken++
			}
		}
		checkWholeFile(t, name, data)
	}
	t.Logf("the fixed layout took %d of %d event lines", taken, lines)
	if taken == 0 {
		t.Error("the fixed layout took no line")
	}
}

// checkWholeFile reads data with the fixed layout on and off and fails
// when the recordings or the errors differ.
func checkWholeFile(t testing.TB, name string, data []byte) {
	t.Helper()
	read := func(fixed bool) (*Recording, error) {
		defer func(old bool) { useFixed = old }(useFixed)
		useFixed = fixed
		return Read(filepath.Base(name), bytes.NewReader(data))
	}
	fast, ferr := read(true)
	general, gerr := read(false)
	if ferr != nil || gerr != nil {
		var fe, ge *Error
		if !errors.As(ferr, &fe) || !errors.As(gerr, &ge) || *fe != *ge {
			t.Fatalf("%s: fixed error %v, general error %v", name, ferr, gerr)
		}
		return
	}
	if len(fast.Events) != len(general.Events) {
		t.Fatalf("%s: fixed %d events, general %d", name, len(fast.Events), len(general.Events))
	}
	for i := range fast.Events {
		if d := sameEvent(fast.Events[i], general.Events[i]); d != "" {
			t.Fatalf("%s: event %d: fixed and general differ: %s", name, i, d)
		}
	}
	fast.Events, general.Events = nil, nil
	if d := diffBits(reflect.ValueOf(*fast), reflect.ValueOf(*general), "Recording"); d != "" {
		t.Fatalf("%s: fixed and general differ: %s", name, d)
	}
}

// TestFixed_ErrorsNameTheirLine: lines the fixed layout takes still go
// through the rules that span lines, with the general decoder's words.
func TestFixed_ErrorsNameTheirLine(t *testing.T) {
	for _, tc := range []struct{ events, want string }{
		{`{"t":2,"type":"delete","guid":"0x80000A01"}` + "\n" + `{"t":1,"type":"delete","guid":"0x80000A01"}`,
			"walk.jsonl:3: delete.t: 1 is less than the previous event's t 2 (line 2)"},
		{`{"t":2,"type":"delete","guid":"0x80000A01"}` + "\n" + `{"t":3,"type":"truth","guid":"0x80000A01","cell":"0xA9B4001F","origin":[1,2,3]}`,
			"walk.jsonl:3: truth.guid: entity 0x80000A01 was deleted on line 2"},
		{`{"t":2,"type":"position","guid":"0x80000B02","raw":"` + rawHex(0x80000B02) + `"}`,
			"walk.jsonl:2: position.guid: no entity 0x80000B02"},
	} {
		data := hdr + "\n" + tc.events + "\n"
		checkWholeFile(t, "walk.jsonl", []byte(data))
		_, err := Read("walk.jsonl", strings.NewReader(data))
		if err == nil || err.Error() != tc.want {
			t.Errorf("got %v, want %s", err, tc.want)
		}
	}
}

// FuzzFixedEvent: a line the fixed layout takes is a line the general
// decoder reads without error into the same Event, and a file reads the
// same with the fixed layout on and off. Seeds: the fixed shapes, their
// near misses and the event lines of testdata/*.jsonl.
func FuzzFixedEvent(f *testing.F) {
	for _, line := range append(fixedShapes, fixedMisses...) {
		f.Add([]byte(line))
	}
	for _, s := range seedFiles(f, "testdata/*.jsonl") {
		for _, l := range bytes.Split(s, []byte("\n"))[1:] {
			f.Add(l)
		}
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		checkFixed(t, line)
		checkWholeFile(t, "fuzz.jsonl", append([]byte(hdr+"\n"), line...))
	})
}
