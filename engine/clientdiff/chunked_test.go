// Run steps the run in runs of ticks over chunks of objects
// (engine.Sim.AdvanceRows): its result is the one a run stepped and
// compared one tick at a time gives — at any GOMAXPROCS and number of
// shards, with divergences of every field, rows missing and a client-only
// object.

package clientdiff

import (
	"bytes"
	"encoding/json"
	"fmt"
	"runtime"
	"testing"

	"glidepath/assets"
	"glidepath/engine"
	"glidepath/engine/clienttrace"
	"glidepath/engine/eventlog"
	"glidepath/engine/recording"
	"glidepath/engine/scenario"
)

// chunkedCrowd is a crowd big enough to step in shards and a client trace
// of it that diverges: one object moved 5 cm from tick 60, another's
// queue one longer at tick 90, a third without rows in ticks 30–40, a
// fourth claiming the airborne branch wherever it routed an update (the
// tick's route events judge it), and an object the run never has.
func chunkedCrowd(t *testing.T) (*recording.Recording, []byte) {
	t.Helper()
	sc, err := scenario.Synth(scenario.SynthOptions{Objects: 300, Minutes: 0.1, Interval: 0.5, Seed: 41}, assets.FS())
	if err != nil {
		t.Fatal(err)
	}
	rec, err := sc.Compile()
	if err != nil {
		t.Fatal(err)
	}
	var now lastTick
	s, err := engine.New(rec, engine.Options{Assets: assets.FS(), NoCheckpoints: true, Sink: &now})
	if err != nil {
		t.Fatal(err)
	}
	ents := rec.Header.Entities
	moved, queued, absent, branched := ents[3].GUID, ents[150].GUID, ents[290].GUID, ents[77].GUID
	var b bytes.Buffer
	for {
		k := s.Tick()
		for _, st := range s.Query().States(nil) {
			if st.GUID == absent && k >= 30 && k <= 40 {
				continue
			}
			o, q := st.Origin, st.Queue
			if st.GUID == moved && k >= 60 {
				o[0] += 0.05
			}
			if st.GUID == queued && k == 90 {
				q++
			}
			fmt.Fprintf(&b, `{"tick":%d,"guid":"0x%08X","cell":"0x%08X","origin":[%g,%g,%g],"queue":%d,"contact":%v`,
				k, st.GUID, st.Cell, o[0], o[1], o[2], q, st.Contact)
			if st.GUID == branched && now.routed(k, st.GUID) {
				b.WriteString(`,"branch":"airborne"`)
			}
			b.WriteString("}\n")
		}
		if k == 20 {
			fmt.Fprintf(&b, `{"tick":%d,"guid":"0x7EADBEEF","cell":"0x%08X","origin":[1,2,3],"queue":0,"contact":true}`+"\n", k, ents[0].Pos.Cell)
		}
		if s.Done() {
			break
		}
		s.Step()
	}
	return rec, b.Bytes()
}

// lastTick keeps the events of the tick last simulated.
type lastTick struct {
	tick   int
	events []eventlog.Event
}

func (l *lastTick) TickEvents(tick int, events []eventlog.Event) {
	l.tick, l.events = tick, append(l.events[:0], events...)
}

// routed says whether guid routed an update in tick.
func (l *lastTick) routed(tick int, guid uint32) bool {
	for i := range l.events {
		if e := &l.events[i]; l.tick == tick && e.GUID == guid && e.Kind == eventlog.EventRoute {
			return true
		}
	}
	return false
}

// stepwise compares rec's run with client one tick at a time, as Run did
// before it stepped runs of ticks.
func stepwise(t *testing.T, rec *recording.Recording, client []byte) *Result {
	t.Helper()
	c := NewComparer(Options{Tolerance: DefaultTolerance, Context: 3})
	s, err := engine.NewStream(recording.NewSource(rec), engine.Options{Assets: assets.FS(), Sink: c})
	if err != nil {
		t.Fatal(err)
	}
	rd, err := clienttrace.NewReader("client.jsonl", bytes.NewReader(client), s.TickRate())
	if err != nil {
		t.Fatal(err)
	}
	var rows []clienttrace.Row
	var ends []int
	for {
		var err error
		if rows, ends, err = rd.AppendTicks(rows, ends, 1<<20); err != nil {
			break
		}
	}
	at, start := 0, 0
	for {
		var tick []clienttrace.Row
		if at < len(ends) && rows[start].Tick == s.Tick() {
			tick = rows[start:ends[at]]
			start = ends[at]
			at++
		}
		c.CompareTick(s, tick)
		if s.Done() {
			break
		}
		s.Step()
	}
	res := c.Finish(s)
	res.Client, res.Format, res.Skipped = rd.Name(), rd.Format().String(), rd.Skipped()
	return res
}

func TestRun_RunsOfTicksSameResult(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	rec, client := chunkedCrowd(t)
	runtime.GOMAXPROCS(1)
	fields := []string{`"position"`, `"queue"`, `"branch"`, `"events":["route `, `"ticks":11`, `"0x7EADBEEF"`}
	// The stepwise comparison runs on one goroutine: under the race
	// detector the run of ticks in shards is checked for what it must
	// hold, and compared with the stepwise one byte for byte in make
	// test's second pass.
	var want []byte
	if !raceEnabled {
		var err error
		if want, err = json.Marshal(stepwise(t, rec, client)); err != nil {
			t.Fatal(err)
		}
		for _, field := range fields {
			if !bytes.Contains(want, []byte(field)) {
				t.Fatalf("the stepwise result lacks %s: nothing to compare there\n%s", field, want)
			}
		}
	}
	ran := 0
	for _, procs := range []int{1, 2} {
		runtime.GOMAXPROCS(procs)
		for _, workers := range []int{0, 1, 3} {
			// Under the race detector (raceEnabled) two cores and three
			// shards, where goroutines share the work; every combination
			// runs in make test's second pass (Makefile RACE_LIGHT).
			if raceEnabled && (procs != 2 || workers != 3) {
				continue
			}
			ran++
			c := NewComparer(Options{Tolerance: DefaultTolerance, Context: 3})
			s, err := engine.NewStream(recording.NewSource(rec), engine.Options{Assets: assets.FS(), Sink: c, Workers: workers})
			if err != nil {
				t.Fatal(err)
			}
			rd, err := clienttrace.NewReader("client.jsonl", bytes.NewReader(client), s.TickRate())
			if err != nil {
				t.Fatal(err)
			}
			res, err := Run(s, c, rd)
			if err != nil {
				t.Fatal(err)
			}
			got, err := json.Marshal(res)
			if err != nil {
				t.Fatal(err)
			}
			if raceEnabled {
				for _, field := range fields {
					if !bytes.Contains(got, []byte(field)) {
						t.Fatalf("GOMAXPROCS %d, %d shards: the result lacks %s\n%s", procs, workers, field, got)
					}
				}
			} else if !bytes.Equal(got, want) {
				t.Fatalf("GOMAXPROCS %d, %d shards: the result differs from the stepwise one:\n got  %s\n want %s", procs, workers, got, want)
			}
		}
	}
	wantRuns := 6
	if raceEnabled {
		wantRuns = 1
	}
	if ran != wantRuns {
		t.Fatalf("%d combinations compared, want %d", ran, wantRuns)
	}
}
