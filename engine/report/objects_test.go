// The report's objects: every reading's run of every object the report
// lists (never a held item, a static only with Options.Statics), each with
// the world's cylinder and Setup, and the scenario's expectations.

package report

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"

	"glidepath/assets"
	"glidepath/engine"
	"glidepath/engine/enginetest"
	"glidepath/engine/recording"
	"glidepath/engine/scenario"
	"glidepath/interp"
	"glidepath/physics"
	"glidepath/physics/anim"
)

// Every reading's run of the one object, over the ticks the runs reached.
func TestReport_EveryReadingEveryObject(t *testing.T) {
	rec := testRecording(true)
	m := recording.NewMotion()
	m.Forward = recording.RunForward
	rec.Events = []recording.Event{{T: 0.1, Kind: recording.KindMotion, GUID: testGUID, HasGUID: true, Motion: m}}
	var readings []interp.Reading
	for _, n := range interp.ReadingNames() {
		r, _ := interp.ReadingByName(n)
		readings = append(readings, r)
	}
	c, err := compareOf(rec, readings, engine.Options{Assets: testAssets(), Metrics: true})
	if err != nil {
		t.Fatal(err)
	}
	for range 30 {
		c.Step()
	}
	rep := NewReport("x", c)
	if len(rep.Readings) != 4 || len(rep.Objects) != 1 || len(rep.Objects[0].Runs) != 4 || rep.Ticks != 30 {
		t.Fatalf("report %+v", rep)
	}
}

// Held items and statics (engine/object.go): the report and its metrics
// rows leave out a held item always and a static unless Options.Statics.
func TestReport_LeavesOutHeldItemsAndStatics(t *testing.T) {
	rec := testRecording(true)
	held := recording.NewEntity(0x80000B01, posAt(10, 10, 0))
	held.Name, held.Parent, held.ParentLocation = "Sword", testGUID, 1
	door := recording.NewEntity(0x80000B02, posAt(50, 50, 0))
	door.Name, door.Static = "Door", true
	bow := recording.NewEntity(0x80000B03, posAt(20, 20, 0))
	bow.Name, bow.Parent = "Bow", recording.ObserverTarget
	rec.Header.Entities = append(rec.Header.Entities, held, door, bow)
	rec.Events = append(rec.Events, positionEvent(0.1, 95, 90, 1))
	for _, statics := range []bool{false, true} {
		c, err := compareOf(rec, []interp.Reading{interp.SeedReading()}, engine.Options{Assets: testAssets(), Metrics: true, Statics: statics})
		if err != nil {
			t.Fatal(err)
		}
		c.RunAll(nil)
		r := NewReport("t", c)
		want := 1
		if statics {
			want = 2
		}
		if len(r.Objects) != want || r.Objects[0].GUID != "0x80000A01" || (statics && r.Objects[1].GUID != "0x80000B02") {
			t.Errorf("statics %v: report objects %+v, want %d", statics, r.Objects, want)
		}
		if n := len(MetricsRows(r, "")); n != want {
			t.Errorf("statics %v: %d metrics rows, want %d", statics, n, want)
		}
	}
}

// A false claim fails in the report too: its count and the text line
// name the scenario line and the object, in both text forms.
func TestReport_ExpectationsFail(t *testing.T) {
	sc, err := scenario.Parse("courier.yaml", []byte(enginetest.CourierClaims), assets.FS())
	if err != nil {
		t.Fatal(err)
	}
	rec, err := sc.Compile()
	if err != nil {
		t.Fatal(err)
	}
	c, err := compareOf(rec, []interp.Reading{interp.SeedReading()}, engine.Options{Assets: assets.FS(), Expect: sc.Expectations(), NoCheckpoints: true})
	if err != nil {
		t.Fatal(err)
	}
	c.RunAll(nil)
	r := NewReport("courier.yaml", c)
	if r.Expectations == nil || r.Expectations.Checked != 3 || r.Expectations.Failed != 2 {
		t.Fatalf("report expectations %+v", r.Expectations)
	}
	var text bytes.Buffer
	if err := r.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	want := "expectations: 3 checked, 2 fail\n  FAILS       courier.yaml:16 Courier (0x80000C01), ticks 1–"
	if !strings.Contains(text.String(), want) {
		t.Errorf("text report lacks %q:\n%s", want, text.String())
	}
	// The one-table form ends as the long form does (writeAfterObjects).
	var table bytes.Buffer
	if err := r.WriteTable(&table); err != nil {
		t.Fatal(err)
	}
	at := strings.Index(text.String(), "expectations:")
	if at < 0 || !strings.HasSuffix(table.String(), text.String()[at:]) {
		t.Errorf("the table form does not end with the text form's expectations:\n%s", table.String())
	}
}

// fakeWorld is an engine.WorldData held in memory: a hilly landblock
// 0xA9B4 around z ≈ 70 m, a big creature's Setup and one damaged Setup.
type fakeWorld struct {
	setups map[uint32]engine.SetupShape
}

// hills is landblock heights around 70 m with slopes in both directions.
func hills() *physics.Heightfield {
	var h physics.Heightfield
	for i := range h {
		x, y := float64(i/physics.VerticesPerSide), float64(i%physics.VerticesPerSide)
		h[i] = float32(70 + 3*math.Sin(x*1.3) + 2*math.Cos(y*0.9+x*0.4))
	}
	return &h
}

func (f *fakeWorld) Describe() string {
	return "client_portal.dat iteration 7, client_cell_1.dat iteration 9"
}
func (f *fakeWorld) Landblock(id uint16) (*physics.Heightfield, error) {
	if id == 0xA9B4 {
		return hills(), nil
	}
	return nil, nil
}
func (f *fakeWorld) Statics(id uint16) ([]physics.Obstacle, error) { return nil, nil }
func (f *fakeWorld) Setup(id uint32) (engine.SetupShape, bool, error) {
	if id == 0x020000FF {
		return engine.SetupShape{}, false, errors.New("client_portal.dat: entry 0x020000FF: cylspheres count: 4000000000, more than the limit")
	}
	s, ok := f.setups[id]
	return s, ok, nil
}
func (f *fakeWorld) MotionTable(id uint32) (*anim.MotionTable, error) { return nil, nil }

// The run's report (viewer run -json) names the world, lists the fallbacks
// and gives each object its radius and height: the Setup's with dats.
func TestWorldData_Report(t *testing.T) {
	fw := &fakeWorld{setups: map[uint32]engine.SetupShape{0x02000001: {Radius: 2.5, Height: 6}}}
	rec := testRecording(true)
	big := rec.Header.Entities[0]
	big.GUID, big.Setup = testGUID+1, 0x02000001
	lost := rec.Header.Entities[0]
	lost.GUID, lost.Setup = testGUID+2, 0x02000002
	rec.Header.Entities = append(rec.Header.Entities, big, lost)
	// One more big creature, created by an event.
	created := rec.Header.Entities[0]
	created.GUID, created.Setup, created.Name = testGUID+3, 0x02000001, "Created"
	rec.Events = append(rec.Events, recording.Event{T: 0.05, Kind: recording.KindCreate, GUID: created.GUID, HasGUID: true, Entity: &created})
	c, err := compareOf(rec, []interp.Reading{interp.SeedReading()}, engine.Options{Assets: testAssets(), Metrics: true, World: fw})
	if err != nil {
		t.Fatal(err)
	}
	c.Advance(5)
	r := NewReport("x", c)
	var buf bytes.Buffer
	if err := r.WriteJSON(&buf); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	for _, want := range []string{
		`"world": "client_portal.dat iteration 7, client_cell_1.dat iteration 9"`,
		`"guid": "0x80000A02",
      "name": "Tester",
      "radius": 2.5,
      "height": 6,
      "setup": "0x02000001"`,
		`"guid": "0x80000A03",
      "name": "Tester",
      "radius": 0.35,
      "height": 1.8,
      "setup": "0x02000002"`,
		`"kind": "setup",
      "id": "0x02000002"`,
		`"guid": "0x80000A04",
      "name": "Created",
      "radius": 2.5,
      "height": 6,
      "setup": "0x02000001"`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("report lacks %s\n%s", want, out)
		}
	}
	c, err = compareOf(testRecording(true), []interp.Reading{interp.SeedReading()}, engine.Options{Assets: testAssets(), Metrics: true})
	if err != nil {
		t.Fatal(err)
	}
	if r := NewReport("x", c); r.World != engine.IllustrativeWorld || r.WorldFallbacks != nil || r.Objects[0].Radius != 0.35 {
		t.Errorf("without dats: world %q, fallbacks %v, radius %v", r.World, r.WorldFallbacks, r.Objects[0].Radius)
	}
}

// A guid deleted and created again is two objects of the report, each
// with its own metrics; the JSON tells them apart by their life (created
// and deleted ticks), which no other object has.
func TestReport_RecreatedGUIDHasLives(t *testing.T) {
	pos := func(x int) string {
		return fmt.Sprintf(`"position":{"cell":"0xA9B40014","origin":[%d,90,0],"rotation":[1,0,0,0]}`, x)
	}
	in := `{"format":"glidepath-recording","version":1,"tick_rate":30,"observer":{"cell":"0xA9B40025","origin":[96,96,0]},"terrain":{"kind":"flat","z":0},` +
		`"entities":[{"guid":"0x80000A01","name":"Mover",` + pos(60) + `},{"guid":"0x80000A03","name":"Reborn",` + pos(50) + `,"seq":{"instance":1}}]}
{"t":1,"type":"delete","guid":"0x80000A03"}
{"t":1.5,"type":"create","guid":"0x80000A03","entity":{"guid":"0x80000A03","name":"Reborn",` + pos(52) + `,"seq":{"instance":2}}}
{"t":2,"type":"position","guid":"0x80000A03","cell":"0xA9B40014","origin":[53,90,0],"seq":{"instance":2,"position":1}}
`
	rec, err := recording.Read("reborn.jsonl", strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	c, err := compareOf(rec, []interp.Reading{interp.SeedReading()}, engine.Options{Assets: testAssets(), Metrics: true})
	if err != nil {
		t.Fatal(err)
	}
	c.RunAll(nil)
	r := NewReport("reborn.jsonl", c)
	if len(r.Objects) != 3 {
		t.Fatalf("%d objects, want 3 (the mover and both lives of 0x80000A03)", len(r.Objects))
	}
	if r.Objects[0].Life != nil {
		t.Errorf("the mover has a life %+v", r.Objects[0].Life)
	}
	first, second := r.Objects[1].Life, r.Objects[2].Life
	if first == nil || second == nil || first.Created != 0 || first.Deleted == nil || *first.Deleted != 30 || second.Created != 45 || second.Deleted != nil {
		t.Fatalf("lives %+v, %+v; want created 0 deleted 30, created 45", first, second)
	}
	if r.Objects[1].Runs[0].Updates != 0 || r.Objects[2].Runs[0].Updates != 1 {
		t.Errorf("updates %d and %d, want 0 and 1", r.Objects[1].Runs[0].Updates, r.Objects[2].Runs[0].Updates)
	}
	var b bytes.Buffer
	if err := r.WriteJSON(&b); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), `"life": {
        "created": 0,
        "deleted": 30
      }`) {
		t.Errorf("the JSON does not give the first life:\n%s", b.String())
	}
}
