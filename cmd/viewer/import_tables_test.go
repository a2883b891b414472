package main

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"testing"

	"glidepath/engine"
	"glidepath/engine/capture/capturetest"
	"glidepath/engine/enginetest"
	"glidepath/engine/recording"
	"glidepath/engine/tables"
	"glidepath/internal/importcmd"
)

// viewer import -events: one row per event of the recording(s) written, in
// order — across pieces — with the piece's name, the event's time there,
// its delivery tick, guid, type and line; the CSV holds the same values.
func TestImport_EventsTableIsTheRecordingsEvents(t *testing.T) {
	defer func(n int) { importcmd.PieceEvents = n }(importcmd.PieceEvents)
	importcmd.PieceEvents = 60
	path, _ := enginetest.CaptureFile(t, "default", "default.pcap", capturetest.Config{Format: capturetest.Pcap, Link: capturetest.Ethernet})
	dir := t.TempDir()
	out := filepath.Join(dir, "default.jsonl")
	for _, table := range []string{"imported.parquet", "imported.csv"} {
		code, _, errs := viewer(t, "import", path, "-o", out, "-events", filepath.Join(dir, table))
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errs)
		}
	}
	var want []tables.Imported
	for n := 1; ; n++ {
		p := importcmd.PiecePath(out, n)
		if _, err := os.Stat(p); err != nil {
			if n < 3 {
				t.Fatalf("only %d pieces: the test wants several", n-1)
			}
			break
		}
		rec, err := recording.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		for i := range rec.Events {
			ev := &rec.Events[i]
			r := tables.Imported{Input: path, Recording: filepath.Base(p), T: ev.T,
				Tick: int64(engine.DueTick(rec.Header.TickRate, ev.T)), Event: ev.Kind.String(),
				Detail: string(recording.AppendEvent(nil, ev))}
			if ev.HasGUID {
				g := fmt.Sprintf("0x%08X", ev.GUID)
				r.GUID = &g
			}
			want = append(want, r)
		}
	}
	got := readParquet[tables.Imported](t, filepath.Join(dir, "imported.parquet"))
	if len(got) != len(want) {
		t.Fatalf("table has %d rows, the recordings %d events", len(got), len(want))
	}
	for i := range want {
		if !reflect.DeepEqual(got[i], want[i]) {
			t.Fatalf("row %d:\n got %+v\nwant %+v", i, got[i], want[i])
		}
	}
	data, err := os.ReadFile(filepath.Join(dir, "imported.csv"))
	if err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(bytes.NewReader(data)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != len(want)+1 || !reflect.DeepEqual(recs[0], []string{"input", "recording", "t", "tick", "guid", "event", "detail"}) {
		t.Fatalf("CSV: %d records, header %q", len(recs), recs[0])
	}
	for i, w := range want {
		rec := recs[i+1]
		tv, _ := strconv.ParseFloat(rec[2], 64)
		guid := ""
		if w.GUID != nil {
			guid = *w.GUID
		}
		if rec[0] != w.Input || rec[1] != w.Recording || tv != w.T || rec[3] != strconv.FormatInt(w.Tick, 10) ||
			rec[4] != guid || rec[5] != w.Event || rec[6] != w.Detail {
			t.Fatalf("CSV record %d %q, want %+v", i+1, rec, w)
		}
	}
}
