package live

import (
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"glidepath/engine/filter"
	"glidepath/internal/cli"
	"glidepath/internal/goroutines"
	"glidepath/interp"
)

// The summary says what the session rang and wrote and how far the
// client's rows were compared, in counts that read as counts.
func TestSummary_SaysWhatItRangWroteAndCompared(t *testing.T) {
	l := &session{o: Options{Against: "client.jsonl", PackDir: "packs"}, tally: newTally()}
	if got, want := l.summary(), "viewer: live: ended at tick 0: no alarm rang, 0 packs written in packs; the client's trace client.jsonl gave no row"; got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	l.tally.rang(&Alarm{Kind: KindDivergence, Pack: "packs/a"})
	l.tally.rang(&Alarm{Kind: "blip", Pack: "packs/b"})
	l.tally.rang(&Alarm{Kind: "blip"})
	l.tally.clientTo, l.tally.compared = 40, 40
	if got, want := l.summary(), "viewer: live: ended at tick 0: 3 alarms (1 divergence, 2 blips), 2 packs written in packs; the client's rows compared through tick 40"; got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	l.tally.clientTo = 41
	if got := l.summary(); !strings.HasSuffix(got, "compared through tick 40; its rows of later ticks were not (the run had not reached them)") {
		t.Errorf("a trace past the comparison: %q", got)
	}
	l.o.Alarm = mustParse(t, "blip")
	if got := l.summary(); !strings.Contains(got, "; -alarm looked through tick 0: with -against the run steps with the client's trace; the client's rows compared through tick 40;") {
		t.Errorf("with -alarm and -against: %q", got)
	}
	l.o = Options{Alarm: l.o.Alarm}
	if got, want := l.summary(), "viewer: live: ended at tick 0: 3 alarms (1 divergence, 2 blips)"; got != want {
		t.Errorf("without -against or -pack-dir: got %q, want %q", got, want)
	}
}

// A client ahead of a capture that stops growing: the session, stopped
// by SIGINT, says it rang one divergence and wrote its pack, that the
// client's rows were compared as far as the run went, and that the
// trace's rows past that were not — which viewer diff of the finished
// files would compare.
func TestRun_SummaryOnSIGINTSaysTheRowsNotCompared(t *testing.T) {
	path, data := scenarioCapture(t, "far-blip")
	// The file header and the first 20 of its 38 records.
	cut, n := 24, 0
	for cut < len(data) && n < 20 {
		cut += 16 + int(binary.LittleEndian.Uint32(data[cut+8:]))
		n++
	}
	if err := os.WriteFile(path, data[:cut], 0o644); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	trace := filepath.Join(dir, "client.jsonl")
	var rows strings.Builder
	for k := 0; k <= 900; k++ {
		x := 40
		if k == 10 {
			x = 45
		}
		fmt.Fprintf(&rows, `{"tick":%d,"guid":"0x80000E01","cell":"0xA9B4000C","origin":[%d,96,0]}`+"\n", k, x)
	}
	if err := os.WriteFile(trace, []byte(rows.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(dir, "packs"), 0o755); err != nil {
		t.Fatal(err)
	}
	stop := withStop(t)
	alarms := make(chan Alarm, 8)
	var out, errs goroutines.Buffer
	done := make(chan error, 1)
	o := Options{Capture: path, Against: trace, PackDir: filepath.Join(dir, "packs"), JSON: true, Reading: interp.SeedReading(),
		Tolerance: 0.01, Poll: 10 * time.Millisecond, OnAlarm: func(a Alarm) { alarms <- a }}
	go func() { done <- Run(o, &out, &errs) }()
	select {
	case <-alarms:
	case <-time.After(20 * time.Second):
		stop()
		<-done
		t.Fatalf("no alarm:\n%s", errs.String())
	}
	time.Sleep(300 * time.Millisecond) // the run waits at the capture's last event
	stop()
	var ie *cli.InterruptedError
	if err := <-done; !errors.As(err, &ie) {
		t.Fatalf("after the signal: %v", err)
	}
	re := regexp.MustCompile(`viewer: live: ended at tick (\d+): 1 alarm \(1 divergence\), 1 pack written in ` + regexp.QuoteMeta(o.PackDir) +
		`; the client's rows compared through tick (\d+); its rows of later ticks were not \(the run had not reached them\)\n`)
	m := re.FindStringSubmatch(errs.String())
	if m == nil || m[1] != m[2] || m[1] == "900" {
		t.Errorf("no summary saying the rows past the run's tick were not compared:\n%s", errs.String())
	}
}

func mustParse(t *testing.T, expr string) *filter.Expr {
	t.Helper()
	e, err := filter.Parse(expr, filter.Kinds())
	if err != nil {
		t.Fatal(err)
	}
	return e
}
