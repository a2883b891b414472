package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"glidepath/engine/tables"
)

// rebornRecording has 0x80000A03 deleted at t=1 and created again at
// t=1.5 (ticks 30 and 45): two objects of one guid.
const rebornRecording = `{"format":"glidepath-recording","version":1,"tick_rate":30,"observer":{"cell":"0xA9B40025","origin":[96,96,0]},"terrain":{"kind":"flat","z":0},"entities":[{"guid":"0x80000A01","name":"Mover","position":{"cell":"0xA9B40014","origin":[60,90,0],"rotation":[1,0,0,0]}},{"guid":"0x80000A03","name":"Reborn","position":{"cell":"0xA9B40014","origin":[50,90,0],"rotation":[1,0,0,0]},"seq":{"instance":1}}]}
{"t":1,"type":"delete","guid":"0x80000A03"}
{"t":1.5,"type":"create","guid":"0x80000A03","entity":{"guid":"0x80000A03","name":"Reborn","position":{"cell":"0xA9B40014","origin":[52,90,0],"rotation":[1,0,0,0]},"seq":{"instance":2}}}
{"t":2,"type":"position","guid":"0x80000A03","cell":"0xA9B40014","origin":[53,90,0],"seq":{"instance":2,"position":1}}
`

// The metrics table's two rows of a guid deleted and created again say
// which life each is (life_created, life_deleted, as the report's life),
// in Parquet and CSV alike; the other object's are null.
func TestRun_MetricsTableNamesALifeOfARecreatedGUID(t *testing.T) {
	dir := t.TempDir()
	p := func(name string) string { return filepath.Join(dir, name) }
	if err := os.WriteFile(p("reborn.jsonl"), []byte(rebornRecording), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, errs := viewer(t, "run", "-quiet", "-metrics", p("m.parquet"), p("reborn.jsonl")); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	rows := readParquet[tables.Metrics](t, p("m.parquet"))
	if len(rows) != 3 {
		t.Fatalf("%d rows, want 3 (the mover and both lives of 0x80000A03)", len(rows))
	}
	if rows[0].LifeCreated != nil || rows[0].LifeDeleted != nil {
		t.Errorf("the mover's row has a life: %v, %v", rows[0].LifeCreated, rows[0].LifeDeleted)
	}
	a, b := rows[1], rows[2]
	if a.GUID != "0x80000A03" || b.GUID != "0x80000A03" || a.LifeCreated == nil || *a.LifeCreated != 0 || a.LifeDeleted == nil || *a.LifeDeleted != 30 ||
		b.LifeCreated == nil || *b.LifeCreated != 45 || b.LifeDeleted != nil {
		t.Errorf("lives %s %v–%v and %s %v–%v, want 0x80000A03 created 0 deleted 30, created 45 alive", a.GUID, a.LifeCreated, a.LifeDeleted, b.GUID, b.LifeCreated, b.LifeDeleted)
	}
	if a.Updates != 0 || b.Updates != 1 {
		t.Errorf("updates %d and %d, want 0 and 1", a.Updates, b.Updates)
	}
	if code, _, errs := viewer(t, "run", "-quiet", "-metrics", p("m.csv"), p("reborn.jsonl")); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	csv, err := os.ReadFile(p("m.csv"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(csv)), "\n")
	if len(lines) != 4 || !strings.HasSuffix(lines[0], ",first_hitch,life_created,life_deleted") ||
		!strings.HasSuffix(lines[1], ",,") || !strings.HasSuffix(lines[2], ",0,30") || !strings.HasSuffix(lines[3], ",45,") {
		t.Errorf("the CSV does not give the lives as the Parquet does:\n%s", csv)
	}
}
