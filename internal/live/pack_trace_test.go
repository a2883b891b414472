package live

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"glidepath/internal/cli"
	"glidepath/internal/goroutines"
	"glidepath/interp"
)

// A client ahead of the capture: its trace, complete to tick 60, diverges
// at tick 10 while the run has the events only so far. The pack's copy of
// the trace ends with the tick the run had reached when the alarm rang —
// its recording has the events of no later tick, so viewer diff on the
// pack called every later row of a moving object a divergence — and its
// README says so.
func TestRun_PackTraceEndsAtTheRunsTick(t *testing.T) {
	path, _ := scenarioCapture(t, "far-blip")
	dir := t.TempDir()
	trace := filepath.Join(dir, "client.jsonl")
	var rows strings.Builder
	for k := 0; k <= 60; k++ {
		x := 40
		if k == 10 {
			x = 45 // far-blip's Blinker stands at x 40 until tick 34
		}
		fmt.Fprintf(&rows, `{"tick":%d,"guid":"0x80000E01","cell":"0xA9B4000C","origin":[%d,96,0]}`+"\n", k, x)
	}
	rows.WriteString(`{"tick":61,"guid":"0x80000E01","cell":"0xA9B4000C","or`) // a row being written
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
	var a Alarm
	select {
	case a = <-alarms:
	case <-time.After(20 * time.Second):
		stop()
		<-done
		t.Fatalf("no alarm:\n%s", errs.String())
	}
	stop()
	var ie *cli.InterruptedError
	if err := <-done; !errors.As(err, &ie) {
		t.Fatalf("after the signal: %v", err)
	}
	if a.Tick != 10 || a.GUID != "0x80000E01" || a.Pack == "" {
		t.Fatalf("alarm %+v, want the divergence of 0x80000E01 at tick 10 with its pack:\n%s", a, errs.String())
	}
	got, err := os.ReadFile(filepath.Join(a.Pack, "client.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(got), "\n"), "\n")
	if len(lines) != 11 || !strings.HasPrefix(lines[10], `{"tick":10,`) || !strings.HasSuffix(string(got), "\n") {
		t.Errorf("the pack's trace has %d lines, want the 11 of ticks 0 to 10 (the run's tick):\n%s", len(lines), got)
	}
	readme, err := os.ReadFile(filepath.Join(a.Pack, PackReadme))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(readme), "up to tick 10, the run's") {
		t.Errorf("the README does not say where the trace ends:\n%s", readme)
	}
}

// rowsThrough cuts a CSV trace after the header and the rows of the
// ticks asked for, and keeps a trace whose rows all come before.
func TestRowsThrough_CSV(t *testing.T) {
	data := "tick,guid,cell,x,y,z\n0,0x80000E01,0xA9B4000C,40,96,0\n1,0x80000E01,0xA9B4000C,40,96,0\n2,0x80000E01,0xA9B4000C,40,96,0\n"
	if n := rowsThrough("c.csv", []byte(data), 30, 1); data[:n] != "tick,guid,cell,x,y,z\n0,0x80000E01,0xA9B4000C,40,96,0\n1,0x80000E01,0xA9B4000C,40,96,0\n" {
		t.Errorf("cut at tick 1: %q", data[:n])
	}
	if n := rowsThrough("c.csv", []byte(data), 30, 5); n != len(data) {
		t.Errorf("cut at tick 5: %d bytes of %d", n, len(data))
	}
}
