// Streaming: a Sim fed from a recording.Source as it steps gives the same
// trace, byte for byte, and the same metrics as a Sim made from the whole
// recording in memory — for every golden recording and shipped scenario
// under every reading — reports bad events where the stream reaches them,
// and keeps nothing that grows with the run.

package engine

import (
	"bytes"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"glidepath/assets"
	"glidepath/engine/recording"
	"glidepath/engine/scenario"
	"glidepath/internal/goroutines"
	"glidepath/interp"
)

// streamTrace runs src streamed and returns its trace and metrics.
func streamTrace(t *testing.T, src recording.Source, opts Options, input string) ([]byte, []ObjectMetrics) {
	t.Helper()
	s, err := NewStream(src, opts)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := writeRun(&buf, s, input); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes(), s.Query().Metrics()
}

// memoryTrace runs rec in memory and returns its trace and metrics.
func memoryTrace(t *testing.T, rec *recording.Recording, opts Options, input string) ([]byte, []ObjectMetrics) {
	t.Helper()
	s, err := New(rec, opts)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := writeTrace(&buf, s, input, s.LastTick()); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes(), s.Query().Metrics()
}

func TestStream_SameTraceAndMetricsAsInMemory(t *testing.T) {
	type input struct {
		name string
		rec  *recording.Recording
		open func() recording.Source
	}
	var inputs []input
	paths := goldenRecordings(t)
	for _, glob := range []string{"../recordings/*.jsonl", "recording/testdata/*.jsonl", "recording/testdata/*.jsonl.gz"} {
		more, _ := filepath.Glob(glob)
		paths = append(paths, more...)
	}
	for _, path := range paths {
		rec, err := recording.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		inputs = append(inputs, input{filepath.Base(path), rec, func() recording.Source {
			r, err := recording.Open(path) // read from the file as it steps
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { r.Close() })
			return r
		}})
	}
	for _, e := range scenario.Catalog() {
		rec := compiled(t, e.Name)
		inputs = append(inputs, input{e.Name + ".yaml", rec, func() recording.Source { return recording.NewSource(rec) }})
	}
	for _, in := range inputs {
		for _, name := range interp.ReadingNames() {
			if strings.HasSuffix(in.name, ".yaml") && name != interp.DefaultReadingName {
				continue // the scenarios under one reading keep the race-enabled run short
			}
			if raceEnabled && (strings.HasSuffix(in.name, ".yaml") || name != interp.DefaultReadingName) {
				// Under the race detector the files read as the run steps
				// (recording.Open's read-ahead on a goroutine of its own)
				// under one reading; the rest in make test's second pass
				// (Makefile RACE_LIGHT).
				continue
			}
			reading, _ := interp.ReadingByName(name)
			opts := Options{Reading: reading, Assets: assets.FS(), EventLog: true, Metrics: true}
			if _, err := New(in.rec, opts); err != nil {
				// Not runnable here (a reader's test file naming a terrain
				// the assets lack): the stream refuses it the same way.
				if _, serr := NewStream(in.open(), opts); serr == nil || serr.Error() != err.Error() {
					t.Errorf("%s: New refuses it with %v, NewStream with %v", in.name, err, serr)
				}
				continue
			}
			want, wantM := memoryTrace(t, in.rec, opts, in.name)
			got, gotM := streamTrace(t, in.open(), opts, in.name)
			if !bytes.Equal(got, want) {
				t.Errorf("%s under %s: the streamed trace differs from the in-memory one (%d and %d bytes)", in.name, name, len(got), len(want))
			}
			if !reflect.DeepEqual(gotM, wantM) {
				t.Errorf("%s under %s: the streamed metrics differ:\n%+v\n%+v", in.name, name, gotM, wantM)
			}
		}
	}
}

func TestStream_ReportsABadEventWhereTheStreamReachesIt(t *testing.T) {
	rec := testRecording(true)
	for i := range 10 {
		rec.Events = append(rec.Events, positionEvent(float64(i), 90+float32(i), 90, uint16(i+1)))
	}
	bad := positionEvent(20, 90, 90, 30)
	bad.GUID, bad.Update.GUID = 0x12345678, 0x12345678
	rec.Events = append(rec.Events, bad)

	_, wantErr := New(rec, Options{Assets: assets.FS()})
	if wantErr == nil {
		t.Fatal("New accepted an event naming no object")
	}
	s, err := NewStream(recording.NewSource(rec), Options{Assets: assets.FS(), EventLog: true})
	if err != nil {
		t.Fatalf("NewStream checked past the first event: %v", err)
	}
	for !s.Done() {
		s.Step()
		if s.Err() == nil && s.Tick() > 20*30 {
			t.Fatal("stepped past the bad event")
		}
	}
	if s.Err() == nil || s.Err().Error() != wantErr.Error() {
		t.Fatalf("streamed error %v, want New's %v", s.Err(), wantErr)
	}
	if !strings.Contains(s.Err().Error(), "test.jsonl:12: position.guid") {
		t.Errorf("error %q does not name file:line: field", s.Err())
	}
	// The ticks before it ran.
	if s.Tick() < 9*30 {
		t.Errorf("stopped at tick %d, before the events that precede the bad one", s.Tick())
	}
}

// countingSource counts the events read from it.
type countingSource struct {
	recording.Source
	n int
}

func (c *countingSource) Next() (recording.Event, error) {
	c.n++
	return c.Source.Next()
}

func TestStream_KeepsOnlyTheCurrentTickAndReadsOnlyWhatTheTicksNeed(t *testing.T) {
	goroutines.NoneStarted(t)
	rec := scenario.BenchRecording(20, 2, 0.5, 1)
	src := &countingSource{Source: recording.NewSource(rec)}
	s, err := NewStream(src, Options{Assets: assets.FS(), EventLog: true, Metrics: true})
	if err != nil {
		t.Fatal(err)
	}
	if s.LastTick() != -1 || s.Done() {
		t.Fatalf("last tick %d before the end was read", s.LastTick())
	}
	runTo(s, 60*30)
	// One minute in: about half the events read (a minute's worth, plus one
	// read ahead), none of them kept.
	if src.n > len(rec.Events)*3/5 || src.n < len(rec.Events)*2/5 {
		t.Errorf("read %d of %d events after half the run", src.n, len(rec.Events))
	}
	for _, e := range s.Query().AllEvents() {
		if int(e.Tick) != s.Tick() {
			t.Fatalf("the log holds an event of tick %d at tick %d", e.Tick, s.Tick())
		}
	}
	if len(s.tickEnd) != 1 || len(s.cps.store.list) != 1 {
		t.Errorf("per-tick tables grew: %d tick ends, %d checkpoints", len(s.tickEnd), len(s.cps.store.list))
	}
	for !s.Done() {
		s.Step()
	}
	mem, err := New(rec, Options{Assets: assets.FS()})
	if err != nil {
		t.Fatal(err)
	}
	if s.Tick() != mem.LastTick() || s.LastTick() != mem.LastTick() {
		t.Errorf("streamed run ended at %d (last tick %d), in-memory last tick %d", s.Tick(), s.LastTick(), mem.LastTick())
	}

	// With a last tick given, it reads no further than that tick needs.
	src = &countingSource{Source: recording.NewSource(rec)}
	s, err = NewStream(src, Options{Assets: assets.FS(), LastTick: 30})
	if err != nil {
		t.Fatal(err)
	}
	for !s.Done() {
		s.Step()
	}
	if s.Tick() != 30 || src.n > len(rec.Events)/50 {
		t.Errorf("-ticks 30: ended at tick %d having read %d of %d events", s.Tick(), src.n, len(rec.Events))
	}
}
