package engine

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"glidepath/engine/recording"
	"glidepath/interp"
)

// An outdoor position's cell comes from its origin (docs/formats.md,
// Recording v1 choice "Outdoor cells"): a recording whose outdoor cell
// disagrees with its origin — 0xA9B4001F for (90, 90), as the
// specification's own example writes it — runs from the origin, and every
// state row of the trace names the cell the origin lies in: (90, 90) is in
// 0xA9B4001C, (121, 90) in 0xA9B4002C.
func TestOutdoorCell_TakenFromTheOrigin(t *testing.T) {
	rec, err := recording.Read("cells.jsonl", strings.NewReader(
		`{"format":"glidepath-recording","version":1,"entities":[{"guid":"0x80000A01","position":{"cell":"0xA9B4001F","origin":[90,90,0]}}]}
{"t":0.5,"type":"position","guid":"0x80000A01","cell":"0xA9B4001F","origin":[121,90,0],"seq":{"position":1,"teleport":1}}
`))
	if err != nil {
		t.Fatal(err)
	}
	out := runTrace(t, rec, interp.SeedReading())
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Scan() // the header
	rows, cells := 0, map[string]bool{}
	for sc.Scan() {
		var r struct {
			Tick   int
			Event  string
			Cell   string
			Origin []float64
		}
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatal(err)
		}
		if r.Event != "" {
			continue
		}
		rows++
		cells[r.Cell] = true
		want := fmt.Sprintf("0xA9B400%02X", int(r.Origin[0]/24)*8+int(r.Origin[1]/24)+1)
		if r.Cell != want {
			t.Fatalf("tick %d: origin %v in cell %s, want %s", r.Tick, r.Origin, r.Cell, want)
		}
	}
	if rows < 30 || !cells["0xA9B4001C"] || !cells["0xA9B4002C"] {
		t.Errorf("%d state rows in cells %v; want the body in 0xA9B4001C, then teleported to 0xA9B4002C", rows, cells)
	}
}
