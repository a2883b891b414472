// Tee: several runs fed from one read of a recording.

package recording

import (
	"io"
	"reflect"
	"testing"
)

// TestTee_EveryBranchGetsEveryEventOnce reads three branches at different
// paces and checks each gets the recording's events in order, that the
// source was read once, and that the buffer stays small when the branches
// keep close.
func TestTee_EveryBranchGetsEveryEventOnce(t *testing.T) {
	rec, err := ReadFile("testdata/walk.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	reads := 0
	src := &countSource{Source: NewSource(rec), n: &reads}
	branches := Tee(src, 3)
	got := make([][]Event, 3)
	maxBuf := 0
	for {
		progress := false
		for i, b := range branches {
			// Branch i takes i+1 events per round.
			for range i + 1 {
				ev, err := b.Next()
				if err == io.EOF {
					continue
				}
				if err != nil {
					t.Fatal(err)
				}
				got[i] = append(got[i], ev)
				progress = true
			}
		}
		maxBuf = max(maxBuf, len(branches[0].(*teeBranch).t.buf))
		if !progress {
			break
		}
	}
	for i := range got {
		if !reflect.DeepEqual(got[i], rec.Events) {
			t.Errorf("branch %d got %d events, want the recording's %d", i, len(got[i]), len(rec.Events))
		}
	}
	if reads != len(rec.Events)+1 { // and one io.EOF
		t.Errorf("source read %d times for %d events", reads, len(rec.Events))
	}
	for _, b := range branches {
		if err := b.Close(); err != nil {
			t.Fatal(err)
		}
	}
	if maxBuf < 4 {
		t.Errorf("branches 3 events apart per round kept at most %d buffered; the test does not exercise the buffer", maxBuf)
	}

	// In lock step the buffer never holds more than a couple of events.
	branches = Tee(NewSource(rec), 2)
	for {
		_, err0 := branches[0].Next()
		_, err1 := branches[1].Next()
		if n := len(branches[0].(*teeBranch).t.buf); n > 2 {
			t.Fatalf("lock step buffered %d events", n)
		}
		if err0 == io.EOF && err1 == io.EOF {
			break
		}
	}
}

type countSource struct {
	Source
	n *int
}

func (c *countSource) Next() (Event, error) {
	*c.n++
	return c.Source.Next()
}
