package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// stickyLegacyRecording: a sticky MoveToObject in its legacy form (no
// approach parameters: StickTo at once, docs/formats.md "Movement types")
// toward the player, then two plain UpdatePositions queued while stuck.
const stickyLegacyRecording = `{"format":"glidepath-recording","version":1,"tick_rate":30,"observer":{"cell":"0xA9B4001C","origin":[96,90,0]},"terrain":{"kind":"flat","z":0},"entities":[{"guid":"0x80003329","name":"Drudge","position":{"cell":"0xA9B4001C","origin":[94.2,90,0],"rotation":[0.7071068,0,0,-0.7071068]},"seq":{"instance":1,"position":1},"motion":{"run_rate":1.0}}]}
{"t":0.5,"type":"motion","guid":"0x80003329","movement_type":"MoveToObject","target":"observer","sticky":true}
{"t":0.75,"type":"position","guid":"0x80003329","cell":"0xA9B4001C","origin":[94.2,90,0],"rotation":[0.7071068,0,0,-0.7071068],"seq":{"instance":1,"position":2}}
{"t":1.0,"type":"position","guid":"0x80003329","cell":"0xA9B4001C","origin":[94.2,90,0],"rotation":[0.7071068,0,0,-0.7071068],"seq":{"instance":1,"position":3}}
{"t":3.0,"type":"note","guid":"0x80003329","text":"end"}
`

// The snap-back is explained wherever it happens (issue 37 item 10): in
// viewer diff too, where a client that does not slide back after the
// sticky timeout diverges at the slide's first tick. The snap-back is
// logged only once it is over (engine/glide.go), after the tick following
// the divergence, so the causes wait for it; with and without tables
// (the first run's glide metrics on or off).
func TestDiff_SnapBackIsTheCauseOfADivergenceInIt(t *testing.T) {
	dir := t.TempDir()
	input := filepath.Join(dir, "sticky_legacy.jsonl")
	if err := os.WriteFile(input, []byte(stickyLegacyRecording), 0o644); err != nil {
		t.Fatal(err)
	}
	tracePath := filepath.Join(dir, "own.trace")
	if code, _, errs := viewer(t, "run", "-quiet", "-trace", tracePath, input); code != 0 {
		t.Fatalf("run: exit %d: %s", code, errs)
	}
	rows := readTraceRows(t, tracePath)
	// The client stays stuck where the StickyManager left it.
	var held traceRow
	for i := range rows {
		if rows[i].Tick == 44 {
			held = rows[i]
		}
		if rows[i].Tick >= 45 {
			rows[i].Origin, rows[i].Queue = held.Origin, 0
		}
	}
	client := writeClient(t, rows, "jsonl")
	for _, extra := range [][]string{nil, {"-events", filepath.Join(dir, "e.csv")}} {
		args := append(append([]string{"diff"}, extra...), input, client)
		code, out, errs := viewer(t, args...)
		if code != 1 {
			t.Fatalf("%v: exit %d: %s", args, code, errs)
		}
		if !strings.Contains(out, "first divergence at tick 45") ||
			!strings.Contains(out, "why (retail): ticks 45–47: snap-back 0.80 m at 8.00 m/s") ||
			!strings.Contains(out, "released it at tick 44, at its 1 s sticky timeout") {
			t.Errorf("%v:\n%s", args, out)
		}
	}
}

// readTraceRows reads a Glidepath trace's state rows.
func readTraceRows(t *testing.T, path string) []traceRow {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var rows []traceRow
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n")[1:] {
		if strings.Contains(line, `"event"`) {
			continue
		}
		var r traceRow
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatal(err)
		}
		rows = append(rows, r)
	}
	return rows
}
