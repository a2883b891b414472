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
// which life each is (created, deleted: the report's life), in Parquet
// and CSV alike; every row has its object's created tick, a key to join
// on, and a deleted tick only where it was deleted.
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
	if rows[0].Created != 0 || rows[0].Deleted != nil {
		t.Errorf("the mover's row: created %d, deleted %v; want 0, alive", rows[0].Created, rows[0].Deleted)
	}
	a, b := rows[1], rows[2]
	if a.GUID != "0x80000A03" || b.GUID != "0x80000A03" || a.Created != 0 || a.Deleted == nil || *a.Deleted != 30 ||
		b.Created != 45 || b.Deleted != nil {
		t.Errorf("lives %s %d–%v and %s %d–%v, want 0x80000A03 created 0 deleted 30, created 45 alive", a.GUID, a.Created, a.Deleted, b.GUID, b.Created, b.Deleted)
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
	if len(lines) != 4 || !strings.HasSuffix(lines[0], ",first_hitch,created,deleted") ||
		!strings.HasSuffix(lines[1], ",0,") || !strings.HasSuffix(lines[2], ",0,30") || !strings.HasSuffix(lines[3], ",45,") {
		t.Errorf("the CSV does not give the lives as the Parquet does:\n%s", csv)
	}
}
