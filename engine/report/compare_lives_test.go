package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"glidepath/engine"
	"glidepath/engine/recording"
	"glidepath/interp"
)

// rebornInput is a recording whose 0x80000A03 walks in its first life
// (when first is set), is deleted at t=4 and created again at the same t
// (as the capture importer writes a ParentEvent or a CreateObject of
// another instance), and walks again: under seed and hexrays each life
// differs on its own (constraint_offset, item 8).
func rebornInput(first bool) string {
	pos := func(x float64) string {
		return fmt.Sprintf(`{"cell":"0xA9B40014","origin":[%g,90,0],"rotation":[1,0,0,0]}`, x)
	}
	var b strings.Builder
	b.WriteString(`{"format":"glidepath-recording","version":1,"tick_rate":30,"observer":{"cell":"0xA9B40025","origin":[96,96,0]},"terrain":{"kind":"flat","z":0},` +
		`"entities":[{"guid":"0x80000A01","name":"Mover","position":` + pos(60) + `},{"guid":"0x80000A03","name":"Reborn","position":` + pos(50) + `,"seq":{"instance":1}}]}` + "\n")
	walk := func(t0, x0 float64, instance int) {
		for i := 1; i < 20*instance; i++ {
			fmt.Fprintf(&b, `{"t":%g,"type":"position","guid":"0x80000A03","cell":"0xA9B40014","origin":[%g,%d,0],"seq":{"instance":%d,"position":%d}}`+"\n",
				t0+float64(i)*0.2, x0+float64(i)*1.7, 90+i%3, instance, i)
		}
	}
	if first {
		walk(0, 50, 1)
	}
	b.WriteString(`{"t":4,"type":"delete","guid":"0x80000A03"}` + "\n")
	b.WriteString(`{"t":4,"type":"create","guid":"0x80000A03","entity":{"guid":"0x80000A03","name":"Reborn","position":` + pos(52) + `,"seq":{"instance":2}}}` + "\n")
	walk(4, 52, 2)
	return b.String()
}

// rebornReport runs rebornInput under seed and hexrays, finding each
// object's first difference as `viewer run -compare` does, and gives the
// report them.
func rebornReport(t *testing.T, first bool) (*Report, *DifferenceFinder) {
	t.Helper()
	rec, err := recording.Read("reborn.jsonl", strings.NewReader(rebornInput(first)))
	if err != nil {
		t.Fatal(err)
	}
	seed, _ := interp.ReadingByName("seed")
	hexrays, _ := interp.ReadingByName("hexrays")
	c, err := compareOf(rec, []interp.Reading{seed, hexrays}, engine.Options{Assets: testAssets(), Metrics: true})
	if err != nil {
		t.Fatal(err)
	}
	d := NewDifferenceFinder(c)
	for {
		if err := d.WriteTick(); err != nil {
			t.Fatal(err)
		}
		if c.Done() {
			break
		}
		c.Advance(1)
	}
	r := NewReport("reborn.jsonl", c)
	r.SetFirstDifference(d.First())
	r.SetObjectDifferences(d.Objects(), d.Others(), nil)
	return r, d
}

// A guid deleted and created again is two objects: each life has its own
// first difference (the second is looked for even though the first life
// differed), and the per-object lines and the run's first difference name
// the life they mean, as the report's table does.
func TestObjectDifferences_RecreatedGUIDNamesItsLives(t *testing.T) {
	r, d := rebornReport(t, true)
	if n := len(d.Objects()); n != 2 {
		t.Fatalf("%d objects differ, want both lives of 0x80000A03", n)
	}
	a, b := r.Objects[1].FirstDifference, r.Objects[2].FirstDifference
	if a == nil || b == nil || a.Tick >= 120 || b.Tick < 120 {
		t.Fatalf("first differences %+v and %+v, want one in each life (before and after tick 120)", a, b)
	}
	var out bytes.Buffer
	if err := r.WriteText(&out); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		fmt.Sprintf("first difference: tick %d, 0x80000A03 (created tick 0, deleted tick 120) position", a.Tick),
		fmt.Sprintf("  tick %d, 0x80000A03 (created tick 0, deleted tick 120) (seed vs hexrays)", a.Tick),
		fmt.Sprintf("  tick %d, 0x80000A03 (created tick 120) (seed vs hexrays)", b.Tick),
		"  1 object agree at every tick",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the text has no %q:\n%s", want, out.String())
		}
	}
	var js bytes.Buffer
	if err := r.WriteJSON(&js); err != nil {
		t.Fatal(err)
	}
	var back struct {
		FirstDifference struct {
			Life *ObjectLife `json:"life"`
		} `json:"first_difference"`
	}
	if err := json.Unmarshal(js.Bytes(), &back); err != nil {
		t.Fatal(err)
	}
	if l := back.FirstDifference.Life; l == nil || l.Created != 0 || l.Deleted == nil || *l.Deleted != 120 {
		t.Errorf("the JSON's first difference has life %+v, want created 0, deleted 120", l)
	}
}

// When only the second life differs, the first is not said to: it agrees.
func TestObjectDifferences_RecreatedGUIDOnlyTheLifeThatDiffers(t *testing.T) {
	r, _ := rebornReport(t, false)
	if r.Objects[1].FirstDifference != nil {
		t.Errorf("the first life (created 0, deleted 120) differs at %+v; it never moved", r.Objects[1].FirstDifference)
	}
	if r.Objects[2].FirstDifference == nil {
		t.Fatal("the second life does not differ")
	}
	var out bytes.Buffer
	if err := r.WriteText(&out); err != nil {
		t.Fatal(err)
	}
	if strings.Count(out.String(), "(seed vs hexrays)") != 2 || !strings.Contains(out.String(), "  2 objects agree at every tick") {
		t.Errorf("want the second life's line alone (and the run's first difference), two objects agreeing:\n%s", out.String())
	}
}
