package tables

import (
	"bytes"
	"math/rand/v2"
	"testing"
	"time"
)

// While the run steps on every core (Stepping(true)) the encoding
// goroutines start no page: the pages handed over wait, every encoder
// parked at the gate, none encoded and no batch released; once the
// stepping ends they are written, each batch released once, and the file
// is the one a writer never held writes.
func TestStatesWriter_EncodersWaitWhileStepping(t *testing.T) {
	rows := randomStates(rand.New(rand.NewPCG(41, 5)), 1050)
	write := func(held bool) ([]byte, []int) {
		var buf bytes.Buffer
		w, err := newStatesWriter(&buf, Snappy, 100000, 350)
		if err != nil {
			t.Fatal(err)
		}
		w.setWorkers(2)
		// Batches of two pages and one: fewer than the four pages two
		// encoders may hold before the writer waits for the oldest.
		batches := batchOf(rows, 700)
		released := make([]int, len(batches))
		w.Stepping(held)
		for i, b := range batches {
			if err := w.TakeStates(b, func() { released[i]++ }); err != nil {
				t.Fatal(err)
			}
		}
		if held {
			deadline := time.Now().Add(20 * time.Second)
			for w.gate.count() < 2 {
				if time.Now().After(deadline) {
					t.Fatalf("%d encoding goroutines wait at the gate, want 2", w.gate.count())
				}
				time.Sleep(time.Millisecond)
			}
			for i, j := range w.inflight {
				if len(j.done) != 0 {
					t.Errorf("page %d encoded while the run steps", i)
				}
			}
			if released[0]+released[1] != 0 || len(w.inflight) != 3 {
				t.Errorf("batches released while the run steps: %v, %d pages on their way", released, len(w.inflight))
			}
			w.Stepping(false)
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		return buf.Bytes(), released
	}
	want, _ := write(false)
	got, released := write(true)
	if !bytes.Equal(got, want) {
		t.Errorf("held: %d bytes differ from the %d of a writer never held", len(got), len(want))
	}
	for i, n := range released {
		if n != 1 {
			t.Errorf("batch %d released %d times", i, n)
		}
	}
}

// count is how many goroutines wait at the gate.
func (g *stepGate) count() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.waiting
}
