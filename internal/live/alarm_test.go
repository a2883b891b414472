package live

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"glidepath/assets"
	"glidepath/engine"
	"glidepath/engine/capture"
	"glidepath/engine/capture/capturetest"
	"glidepath/engine/eventlog"
	"glidepath/engine/filter"
	"glidepath/engine/hexid"
	"glidepath/engine/scenario"
	"glidepath/internal/cli"
	"glidepath/interp"
)

// An -alarm expression naming only kinds that never ring is refused; one
// naming blip, snap or pop, or no kind, is not.
func TestCheckAlarm(t *testing.T) {
	for src, ok := range map[string]bool{"blip": true, "snap distance>2": true, "pop blip": true, "distance>1": true, "hitch": false, "route enqueue": false} {
		e, err := filter.Parse(src, filter.Kinds())
		if err != nil {
			t.Fatal(err)
		}
		if err := CheckAlarm(e); (err == nil) != ok {
			t.Errorf("%q: %v, want ok %v", src, err, ok)
		}
	}
}

// collect is a TickSink keeping every event.
type collect struct{ events []eventlog.Event }

func (c *collect) TickEvents(_ int, events []eventlog.Event) { c.events = append(c.events, events...) }

// scenarioCapture is a shipped scenario as a pcap file.
func scenarioCapture(t *testing.T, name string) (string, []byte) {
	t.Helper()
	rec, err := scenario.CompileAsset(assets.FS(), name)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if _, err := capturetest.FromRecording(&buf, rec, capturetest.Config{Format: capturetest.Pcap, Link: capturetest.Ethernet}); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), name+".pcap")
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path, buf.Bytes()
}

// withStop installs a StopCtx the test cancels as a signal would.
func withStop(t *testing.T) func() {
	ctx, cancel := context.WithCancelCause(context.Background())
	old := cli.StopCtx
	cli.StopCtx = ctx
	t.Cleanup(func() { cli.StopCtx = old })
	return func() { cancel(&cli.InterruptedError{Sig: syscall.SIGINT}) }
}

// straightEvents are the blips, snaps and pops of a straight run of the
// finished capture, and its tick rate.
func straightEvents(t *testing.T, path string, data []byte) ([]eventlog.Event, int) {
	t.Helper()
	src, err := capture.NewReader(path, bytes.NewReader(data), capture.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var col collect
	s, err := engine.NewStream(src, engine.Options{Assets: assets.FS(), Metrics: true, Sink: &col})
	if err != nil {
		t.Fatal(err)
	}
	for !s.Done() {
		s.Step()
	}
	var out []eventlog.Event
	for _, e := range col.events {
		if isAlarmKind(e.Kind) {
			out = append(out, e)
		}
	}
	return out, s.TickRate()
}

// -alarm rings at each blip, snap or pop the expression matches, and at
// nothing else: the alarms of a followed capture are the events of those
// kinds a straight run of the finished capture logs (the far branch's blip,
// seed 000 §3; MoveOrTeleport's snap, seed 004) that the expression
// matches, in order, each printed as one JSON line; SIGINT ends the session
// with an *cli.InterruptedError. A distance between the events' own keeps
// some and drops others.
func TestRun_AlarmRingsAtTheEventsItMatches(t *testing.T) {
	excluded, rang := false, 0
	for _, name := range []string{"far-blip", "teleport"} {
		path, data := scenarioCapture(t, name)
		events, rate := straightEvents(t, path, data)
		if len(events) == 0 {
			t.Fatalf("%s: no blip, snap or pop", name)
		}
		// A distance between the smallest and the largest.
		lo, hi := math.Inf(1), math.Inf(-1)
		for i := range events {
			it := filter.Event(&events[i], rate)
			d, _ := it.Value(filter.FieldDistance)
			lo, hi = math.Min(lo, d), math.Max(hi, d)
		}
		exprs := []string{"blip", "snap", "pop snap blip", fmt.Sprintf("distance>%g", (lo+hi)/2)}
		for _, expr := range exprs {
			t.Run(name+"/"+expr, func(t *testing.T) {
				e, err := filter.Parse(expr, filter.Kinds())
				if err != nil {
					t.Fatal(err)
				}
				var want []eventlog.Event
				for i := range events {
					if it := filter.Event(&events[i], rate); e.Match(&it) {
						want = append(want, events[i])
					}
				}
				if len(want) < len(events) {
					excluded = true
				}
				rang += len(want)
				got, out := followAlarms(t, path, e, expr, len(want))
				if len(got) != len(want) {
					t.Fatalf("%d alarms, want %d: %+v", len(got), len(want), got)
				}
				lines := strings.Split(strings.TrimSpace(out), "\n")
				for i, a := range got {
					w := want[i]
					if a.Kind != w.Kind.String() || a.Tick != int(w.Tick) || a.GUID != hexid.String(w.GUID) {
						t.Errorf("alarm %d: %+v, want the %s of %s at tick %d", i, a, w.Kind, hexid.String(w.GUID), w.Tick)
					}
					var line Alarm
					if i >= len(lines) || json.Unmarshal([]byte(lines[i]), &line) != nil || line.Tick != a.Tick || line.GUID != a.GUID || line.Kind != a.Kind {
						t.Errorf("JSON line %d does not tell alarm %d: %q", i, i, lines)
					}
				}
			})
		}
	}
	if !excluded || rang == 0 {
		t.Errorf("the cases rang %d alarms and excluded nothing (%v): they test nothing", rang, excluded)
	}
}

// followAlarms follows the capture at path under -alarm e until n alarms
// rang and the run has waited after its last event a while, then
// interrupts it; it returns the alarms and the JSON lines printed.
func followAlarms(t *testing.T, path string, e *filter.Expr, expr string, n int) ([]Alarm, string) {
	t.Helper()
	stop := withStop(t)
	alarms := make(chan Alarm, 64)
	var out, errs bytes.Buffer
	done := make(chan error, 1)
	o := Options{Capture: path, Alarm: e, AlarmText: expr, JSON: true, Reading: interp.SeedReading(), Poll: 10 * time.Millisecond,
		OnAlarm: func(a Alarm) { alarms <- a }}
	go func() { done <- Run(o, &out, &errs) }()
	var got []Alarm
	for len(got) < n {
		select {
		case a := <-alarms:
			got = append(got, a)
		case <-time.After(20 * time.Second):
			t.Fatalf("%d alarms of %d: %v\n%s", len(got), n, got, errs.String())
		}
	}
	time.Sleep(300 * time.Millisecond) // the run waits after the last event
	stop()
	err := <-done
	var ie *cli.InterruptedError
	if !errors.As(err, &ie) {
		t.Fatalf("after the signal: %v, want an interruption", err)
	}
	close(alarms)
	for a := range alarms {
		got = append(got, a)
	}
	return got, out.String()
}
