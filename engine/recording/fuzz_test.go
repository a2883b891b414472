// Fuzz targets for every decoder in the package: PositionPack bytes, whole
// recordings and single event lines, seeded from testdata/.

package recording

import (
	"bytes"
	"encoding/hex"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"glidepath/physics"
)

// seedFiles returns the contents of the files matching pattern.
func seedFiles(f *testing.F, pattern string) [][]byte {
	f.Helper()
	paths, err := filepath.Glob(pattern)
	if err != nil || len(paths) == 0 {
		f.Fatalf("no seed files %s (%v)", pattern, err)
	}
	var out [][]byte
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		out = append(out, b)
	}
	return out
}

// FuzzDecodeUpdatePosition: any bytes give an error or a message, never a
// panic, and a decoded message survives encode→decode unchanged (seed 004
// §2 layout). Seeds: testdata/positionpack/*.hex.
func FuzzDecodeUpdatePosition(f *testing.F) {
	for _, s := range seedFiles(f, "testdata/positionpack/*.hex") {
		b, err := hex.DecodeString(strings.TrimSpace(string(s)))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		u, err := DecodeUpdatePosition(b)
		if err != nil {
			var pe *PackError
			if !errors.As(err, &pe) {
				t.Fatalf("error %T, want *PackError", err)
			}
			return
		}
		again, err := DecodeUpdatePosition(EncodeUpdatePosition(&u))
		if err != nil {
			t.Fatalf("re-encoded message does not decode: %v", err)
		}
		if !reflect.DeepEqual(bareUpdate(u), bareUpdate(again)) {
			t.Fatalf("round trip changed the message\n%+v\n%+v", u, again)
		}
	})
}

// bare drops a position's cached rotation matrix, which is derived from the
// quaternion: a far-from-unit quaternion (kept as sent, like retail) can
// make it NaN, and NaN != NaN would hide that the recorded values are equal.
func bare(p physics.Position) physics.Position {
	return physics.Position{Cell: p.Cell, Frame: physics.Frame{Origin: p.Frame.Origin, Rot: p.Frame.Rot}}
}

func bareUpdate(u UpdatePosition) UpdatePosition {
	u.Pos = bare(u.Pos)
	return u
}

func bareEntity(e Entity) Entity {
	e.Pos = bare(e.Pos)
	return e
}

func bareHeader(h Header) Header {
	h.Observer = bare(h.Observer)
	h.Entities = append([]Entity(nil), h.Entities...)
	for i := range h.Entities {
		h.Entities[i] = bareEntity(h.Entities[i])
	}
	return h
}

// bareEvents applies bare to every position and clears Line.
func bareEvents(evs []Event) []Event {
	out := withoutLines(evs)
	for i := range out {
		ev := &out[i]
		ev.Update = bareUpdate(ev.Update)
		ev.Pos = bare(ev.Pos)
		if ev.Entity != nil {
			e := bareEntity(*ev.Entity)
			ev.Entity = &e
		}
	}
	return out
}

// checkReadWriteRead is the fuzz property for whole files: an *Error or a
// recording, never a panic; a recording writes, and reads back equal.
func checkReadWriteRead(t *testing.T, data []byte) {
	rec, err := Read("fuzz.jsonl", bytes.NewReader(data))
	if err != nil {
		var e *Error
		if !errors.As(err, &e) {
			t.Fatalf("error %T (%v), want *Error", err, err)
		}
		if e.File != "fuzz.jsonl" || e.Line < 1 || e.Field == "" {
			t.Fatalf("error without file, line or field: %q", err)
		}
		return
	}
	var buf bytes.Buffer
	if err := Write("fuzz.jsonl", &buf, rec); err != nil {
		t.Fatalf("a recording the reader accepted does not write: %v", err)
	}
	back, err := Read("fuzz.jsonl", &buf)
	if err != nil {
		t.Fatalf("written recording does not read back: %v\n%s", err, buf.Bytes())
	}
	if !reflect.DeepEqual(bareHeader(rec.Header), bareHeader(back.Header)) {
		t.Fatalf("header changed\n%+v\n%+v", rec.Header, back.Header)
	}
	if !reflect.DeepEqual(bareEvents(rec.Events), bareEvents(back.Events)) {
		t.Fatalf("events changed\n%+v\n%+v", rec.Events, back.Events)
	}
}

// FuzzRead reads whole files. Seeds: testdata/*.jsonl.
func FuzzRead(f *testing.F) {
	for _, s := range seedFiles(f, "testdata/*.jsonl") {
		f.Add(s)
	}
	f.Add([]byte(hdr + "\n" + `{"t":0,"type":"position","raw":"` + rawHex(0x80000A01) + `"}`))
	f.Fuzz(checkReadWriteRead)
}

// FuzzReadLine reads one event line (or a few) after a fixed header, so the
// fuzzer spends its time on event lines. Seeds: the event lines of
// testdata/*.jsonl.
func FuzzReadLine(f *testing.F) {
	for _, s := range seedFiles(f, "testdata/*.jsonl") {
		ls := strings.Split(string(s), "\n")
		for _, l := range ls[1:] {
			f.Add([]byte(l))
		}
	}
	head := []byte(`{"format":"glidepath-recording","version":1,"observer":{"cell":"0xA9B4001F","origin":[96,96,0]},"entities":[` +
		`{"guid":"0x80000A01","position":{"cell":"0xA9B4001F","origin":[90,90,0]},"motion":{}},` +
		`{"guid":"0x80000B02","position":{"cell":"0xA9B4001F","origin":[10,12,0]}}]}` + "\n")
	f.Fuzz(func(t *testing.T, line []byte) {
		checkReadWriteRead(t, append(bytes.Clone(head), line...))
	})
}
