package recording

import (
	"bytes"
	"strings"
	"testing"

	"glidepath/physics"
)

// Recording v1's dat ids (docs/formats.md, "Entity fields"): "setup" is a
// Setup id, "motion_table" a shipped name or a MotionTable id, each read
// into its own field and written back the same.
func TestRead_EntityDatIDs(t *testing.T) {
	rec, err := readText(lines(header(entity(`"setup":"0x0200012A","motion_table":"0x0900001e"`))))
	if err != nil {
		t.Fatal(err)
	}
	e := rec.Header.Entities[0]
	if e.Setup != 0x0200012A || e.MotionTableID != 0x0900001E || e.MotionTable != DefaultMotionTable {
		t.Errorf("entity %+v", e)
	}
	rec, err = readText(lines(header(entity(`"motion_table":"humanoid-baked"`))))
	if err != nil {
		t.Fatal(err)
	}
	if e := rec.Header.Entities[0]; e.Setup != 0 || e.MotionTableID != 0 || e.MotionTable != "humanoid-baked" {
		t.Errorf("named table entity %+v", e)
	}
	// The create event's entity reads them too.
	rec, err = readText(lines(hdr, `{"t":1,"type":"create","entity":{"guid":"0x80000A02","position":{"cell":"0xA9B4001F","origin":[1,2,3]},"setup":"0x02000001"}}`))
	if err != nil {
		t.Fatal(err)
	}
	if got := rec.Events[0].Entity.Setup; got != 0x02000001 {
		t.Errorf("create entity setup %08X", got)
	}
}

func TestRead_EntityDatIDRules(t *testing.T) {
	tests := []struct{ fields, want string }{
		{`"setup":"0x0900001E"`, `t.jsonl:1: entities[0].setup: dat id "0x0900001E" is not of type 0x02XXXXXX`},
		{`"setup":"0x201"`, `t.jsonl:1: entities[0].setup: want a dat id "0x02XXXXXX" (8 hex digits), got "0x201"`},
		{`"setup":33554433`, `t.jsonl:1: entities[0].setup: want a dat id string "0x02XXXXXX", got a number`},
		{`"setup":"0x02ZZ0001"`, `t.jsonl:1: entities[0].setup: want "0x" and 1 to 8 hex digits, got "0x02ZZ0001"`},
		{`"motion_table":"0x02000001"`, `t.jsonl:1: entities[0].motion_table: dat id "0x02000001" is not of type 0x09XXXXXX`},
		{`"motion_table":"0x9"`, `t.jsonl:1: entities[0].motion_table: want a dat id "0x09XXXXXX" (8 hex digits), got "0x9"`},
	}
	for _, c := range tests {
		_, err := readText(lines(header(entity(c.fields))))
		if err == nil || err.Error() != c.want {
			t.Errorf("%s:\n got %v\nwant %s", c.fields, err, c.want)
		}
	}
}

func TestWriteRead_EntityDatIDs(t *testing.T) {
	e := NewEntity(0x80000A01, physics.Position{Cell: 0xA9B4001F})
	e.Setup, e.MotionTableID = 0x02000ABC, 0x09000010
	var buf bytes.Buffer
	w, err := NewWriter("out.jsonl", &buf, &Header{TickRate: 30, Entities: []Entity{e}})
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), `"motion_table":"0x09000010","setup":"0x02000ABC"`) {
		t.Errorf("written %s", buf.String())
	}
	rec, err := readText(buf.String())
	if err != nil {
		t.Fatal(err)
	}
	if got := rec.Header.Entities[0]; got.Setup != e.Setup || got.MotionTableID != e.MotionTableID || got.MotionTable != DefaultMotionTable {
		t.Errorf("read back %+v", got)
	}
	// A Setup id of the wrong type is refused by the writer, as the reader would.
	e.Setup = 0x05000001
	if _, err := NewWriter("out.jsonl", &bytes.Buffer{}, &Header{TickRate: 30, Entities: []Entity{e}}); err == nil || !strings.Contains(err.Error(), "setup") {
		t.Errorf("writer accepted setup 0x05000001: %v", err)
	}
}
