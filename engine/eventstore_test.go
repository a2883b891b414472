package engine

import (
	"errors"
	"path/filepath"
	"reflect"
	"testing"

	"glidepath/assets"
	"glidepath/engine/recording"
	"glidepath/engine/scenario"
)

// storeInputs are recordings with every event kind between them: the
// golden recordings, the reader's raw and create/delete examples, and a
// compiled scenario (events built in memory).
func storeInputs(t *testing.T) []*recording.Recording {
	t.Helper()
	paths, _ := filepath.Glob("testdata/*.jsonl")
	more, _ := filepath.Glob("recording/testdata/*.jsonl*")
	var out []*recording.Recording
	for _, p := range append(paths, more...) {
		rec, err := recording.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		// The reader's examples name terrains the assets do not ship:
		// the events are what is tested here.
		rec.Header.Terrain = recording.Terrain{}
		for i := range rec.Events {
			if e := rec.Events[i].Entity; e != nil {
				e.MotionTable = recording.DefaultMotionTable
			}
		}
		out = append(out, rec)
	}
	rec, err := scenario.CompileAsset(assets.FS(), scenario.DefaultName)
	if err != nil {
		t.Fatal(err)
	}
	return append(out, rec)
}

// Every event decodes to the value packed, bit for bit (rotations as sent,
// cached frames, lines, raw flags, entities and texts), read in order and
// at random.
func TestEventStore_RoundTripsEveryEvent(t *testing.T) {
	kinds := map[recording.Kind]bool{}
	for _, rec := range storeInputs(t) {
		st, err := ReadEvents(recording.NewSource(rec), Options{Assets: assets.FS()})
		if err != nil {
			t.Fatalf("%s: %v", rec.Name, err)
		}
		if st.Len() != len(rec.Events) {
			t.Fatalf("%s: %d events stored, want %d", rec.Name, st.Len(), len(rec.Events))
		}
		var p storePos
		var ev recording.Event
		for i := range rec.Events {
			st.decode(&p, i, &ev)
			if !reflect.DeepEqual(ev, rec.Events[i]) {
				t.Fatalf("%s: event %d decodes to\n%+v\nwant\n%+v", rec.Name, i, ev, rec.Events[i])
			}
			kinds[ev.Kind] = true
		}
		for i := len(rec.Events) - 1; i >= 0; i -= 7 {
			st.At(i, &ev)
			if !reflect.DeepEqual(ev, rec.Events[i]) {
				t.Fatalf("%s: At(%d) = %+v, want %+v", rec.Name, i, ev, rec.Events[i])
			}
		}
		if n := len(rec.Events); n > 0 && st.Bytes() > int64(n)*64+storeChunk+int64(n/storeBlock+1)*16+4*int64(st.end(1<<30)+len(st.ends)) {
			t.Errorf("%s: %d bytes for %d events", rec.Name, st.Bytes(), n)
		}
	}
	for _, k := range []recording.Kind{recording.KindPosition, recording.KindCreate, recording.KindDelete, recording.KindNote} {
		if !kinds[k] {
			t.Errorf("no %s event among the inputs", k)
		}
	}
}

// The per-tick index: events due by tick k are a prefix, as dueTickAt says.
func TestEventStore_TickIndexMatchesDueTicks(t *testing.T) {
	for _, rec := range storeInputs(t) {
		st, err := ReadEvents(recording.NewSource(rec), Options{Assets: assets.FS()})
		if err != nil {
			t.Fatal(err)
		}
		last := 0
		if n := len(rec.Events); n > 0 {
			last = dueTickAt(st.rate, rec.Events[n-1].T) + 2
		}
		for k := 0; k <= last; k++ {
			want := 0
			for i := range rec.Events {
				if dueTickAt(st.rate, rec.Events[i].T) <= k {
					want = i + 1
				}
			}
			if got := st.end(k); got != want {
				t.Fatalf("%s: %d events due by tick %d, want %d", rec.Name, got, k, want)
			}
		}
	}
}

// A store refuses to grow past its byte budget, naming the file and line.
func TestEventStore_RefusesPastItsBudget(t *testing.T) {
	rec := testRecording(false)
	rec.Events = nil
	s, ix, err := makeSim(rec, Options{Assets: assets.FS()})
	if err != nil {
		t.Fatal(err)
	}
	st := newEventStore(rec, s.rate, ix, s)
	st.maxBytes = 2 * storeChunk
	var got error
	for i := 0; i < 200_000 && got == nil; i++ {
		ev := positionEvent(float64(i)/100, float32(i), 0, uint16(i))
		ev.Line = i + 2
		got = st.Append(&ev)
	}
	var re *recording.Error
	if !errors.As(got, &re) || re.Field != "limit" || re.Line < 10_000 || st.Bytes() > st.maxBytes {
		t.Fatalf("err %v after %d bytes, want a limit error naming a line past the first chunk", got, st.Bytes())
	}
}
