package recording

import (
	"bytes"
	"strings"
	"testing"
)

// Held items and statics (docs/formats.md "Held items and statics"): an
// entity's parent, parent_location and static are read, written back and
// checked.
func TestEntityPlacement_RoundTrip(t *testing.T) {
	text := lines(
		`{"format":"glidepath-recording","version":1,"entities":[`+
			`{"guid":"0x80000002","position":{"cell":"0xA9B4001F","origin":[1,2,3]},"parent":"0x50000001","parent_location":2},`+
			`{"guid":"0x80000003","position":{"cell":"0xA9B4001F","origin":[4,5,6]},"static":true}]}`,
		`{"t":0.5,"type":"create","entity":{"guid":"0x80000004","position":{"cell":"0xA9B4001F","origin":[1,1,1]},"parent":"0x80000003"}}`,
		`{"t":0.6,"type":"create","entity":{"guid":"0x80000005","position":{"cell":"0xA9B4001F","origin":[1,1,1]},"parent":"observer","parent_location":2}}`)
	rec, err := readText(text)
	if err != nil {
		t.Fatal(err)
	}
	h := rec.Header.Entities
	if h[0].Parent != 0x50000001 || h[0].ParentLocation != 2 || h[0].Static || h[1].Parent != 0 || !h[1].Static {
		t.Fatalf("entities %+v", h)
	}
	if e := rec.Events[0].Entity; e.Parent != 0x80000003 || e.ParentLocation != 0 {
		t.Fatalf("create %+v", e)
	}
	if e := rec.Events[1].Entity; e.Parent != ObserverTarget || e.ParentLocation != 2 {
		t.Fatalf("held by the observer: %+v", e)
	}
	var buf bytes.Buffer
	if err := Write("t.jsonl", &buf, rec); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"parent":"0x50000001","parent_location":2`, `"static":true`, `"parent":"0x80000003","parent_location":0`, `"parent":"observer","parent_location":2`} {
		if !strings.Contains(buf.String(), want) {
			t.Errorf("written %s; want %s", buf.String(), want)
		}
	}
	again, err := readText(buf.String())
	if err != nil {
		t.Fatal(err)
	}
	if again.Header.Entities[0] != h[0] || again.Header.Entities[1] != h[1] || *again.Events[0].Entity != *rec.Events[0].Entity ||
		*again.Events[1].Entity != *rec.Events[1].Entity {
		t.Errorf("read back %+v, want %+v", again.Header.Entities, h)
	}
}

func TestEntityPlacement_Errors(t *testing.T) {
	ent := func(extra string) string {
		return lines(`{"format":"glidepath-recording","version":1,"entities":[{"guid":"0x80000002","position":{"cell":"0xA9B4001F","origin":[1,2,3]}` + extra + `}]}`)
	}
	for _, tc := range []struct{ extra, want string }{
		{`,"parent":"0x80000002"`, `t.jsonl:1: entities[0].parent: an object cannot hold itself`},
		{`,"parent":"0x0"`, `t.jsonl:1: entities[0].parent: 0 is no object`},
		{`,"parent":"0xFFFFFFFF"`, `t.jsonl:1: entities[0].parent: 0xFFFFFFFF is reserved for the observer: write "observer"`},
		{`,"parent":"player"`, `t.jsonl:1: entities[0].parent:`},
		{`,"parent_location":1`, `t.jsonl:1: entities[0].parent_location: given without parent`},
		{`,"parent":"0x1","parent_location":-1`, `t.jsonl:1: entities[0].parent_location:`},
		{`,"static":1`, `t.jsonl:1: entities[0].static:`},
	} {
		_, err := readText(ent(tc.extra))
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want %s…", tc.extra, err, tc.want)
		}
	}
}
