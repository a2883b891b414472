// Prefetch: the same events and the same error as the source, in order,
// whether read to the end or closed half way.

package recording

import (
	"io"
	"reflect"
	"testing"
)

func TestPrefetch_GivesTheSourcesEventsAndError(t *testing.T) {
	rec, err := ReadFile("testdata/walk.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	// Enough events for several batches.
	big := &Recording{Name: rec.Name, Header: rec.Header}
	for len(big.Events) < 3*prefetchBatch+17 {
		big.Events = append(big.Events, rec.Events...)
	}
	p := Prefetch(NewSource(big))
	var got []Event
	for {
		ev, err := p.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, ev)
	}
	if !reflect.DeepEqual(got, big.Events) {
		t.Fatalf("got %d events, want the source's %d in order", len(got), len(big.Events))
	}
	if _, err := p.Next(); err != io.EOF {
		t.Errorf("after the end: %v, want io.EOF again", err)
	}
	p.Close()

	// A source's error comes after the events before it.
	bad := &failingSource{Source: NewSource(big), after: prefetchBatch + 3, err: &Error{File: "x", Line: 9, Field: "t", Problem: "bad"}}
	p = Prefetch(bad)
	n := 0
	for {
		_, err := p.Next()
		if err != nil {
			if err != bad.err || n != bad.after {
				t.Fatalf("error %v after %d events, want %v after %d", err, n, bad.err, bad.after)
			}
			break
		}
		n++
	}
	p.Close()

	// Closing half way stops the reading ahead; closing twice is fine.
	p = Prefetch(NewSource(big))
	if _, err := p.Next(); err != nil {
		t.Fatal(err)
	}
	p.Close()
	p.Close()
}

type failingSource struct {
	Source
	after, n int
	err      error
}

func (f *failingSource) Next() (Event, error) {
	if f.n == f.after {
		return Event{}, f.err
	}
	f.n++
	return f.Source.Next()
}

func TestPrefetch_NextRefGivesTheSameEventsAsNext(t *testing.T) {
	rec, err := ReadFile("testdata/walk.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	big := &Recording{Name: rec.Name, Header: rec.Header}
	for len(big.Events) < 2*prefetchBatch+5 {
		big.Events = append(big.Events, rec.Events...)
	}
	p := Prefetch(NewSource(big)).(RefSource)
	defer p.Close()
	for i := 0; ; i++ {
		ev, err := p.NextRef()
		if err == io.EOF {
			if i != len(big.Events) {
				t.Fatalf("io.EOF after %d events, want %d", i, len(big.Events))
			}
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(*ev, big.Events[i]) {
			t.Fatalf("event %d differs from the source's", i)
		}
	}
}
