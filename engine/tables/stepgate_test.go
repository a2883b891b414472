package tables

import (
	"bytes"
	"math/rand/v2"
	"sync/atomic"
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
		// Batches of two pages and one: fewer than the pages two
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

// waitFor polls cond for up to 20 seconds (a loaded machine).
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("never: %s", what)
		}
		time.Sleep(time.Millisecond)
	}
}

// The closed gate lets in one encoder for each worker of the run out of
// chunks (WorkerIdle), one page after another, and none again once the
// next run of ticks closes it; opened, it lets every one in.
func TestStepGate_OneEncoderAWorkerOutOfChunks(t *testing.T) {
	var g stepGate
	var entered atomic.Int32
	g.set(true)
	for range 3 {
		go func() {
			g.enter()
			entered.Add(1)
		}()
	}
	waitFor(t, "three encoders at the closed gate", func() bool { return g.count() == 3 })
	if entered.Load() != 0 {
		t.Fatalf("%d encoders in while the run steps on every core", entered.Load())
	}
	g.workerIdle()
	waitFor(t, "one encoder in for the idle worker", func() bool { return entered.Load() == 1 })
	time.Sleep(20 * time.Millisecond)
	if n := entered.Load(); n != 1 || g.count() != 2 {
		t.Fatalf("one worker idle: %d encoders in, %d waiting, want 1 and 2", n, g.count())
	}
	// Its page done, the next encoder takes the idle worker's core.
	g.leave()
	waitFor(t, "the next encoder in", func() bool { return entered.Load() == 2 })
	// The next run of ticks: the page started finishes, no other starts.
	g.set(true)
	g.leave()
	time.Sleep(20 * time.Millisecond)
	if n := entered.Load(); n != 2 || g.count() != 1 {
		t.Fatalf("the next run of ticks: %d encoders in, %d waiting, want 2 and 1", n, g.count())
	}
	// Open: every one goes.
	g.set(false)
	waitFor(t, "the last encoder in once the gate opens", func() bool { return entered.Load() == 3 })
	g.leave()
	// An idle worker said while the gate is open counts for nothing once
	// it closes.
	g.workerIdle()
	g.set(true)
	done := make(chan struct{})
	go func() { g.enter(); close(done) }()
	waitFor(t, "an encoder at the gate closed again", func() bool { return g.count() == 1 })
	select {
	case <-done:
		t.Fatal("an encoder let in by a worker idle before the run of ticks")
	case <-time.After(20 * time.Millisecond):
	}
	g.set(false)
	<-done
	g.leave()
}

// A writer held while the run steps encodes its pages once a worker of the
// run has no chunk left (WorkerIdle), the gate still closed, and the file
// is the one a writer never held writes.
func TestStatesWriter_EncodesWhileAWorkerIsIdle(t *testing.T) {
	rows := randomStates(rand.New(rand.NewPCG(41, 6)), 1050)
	write := func(held bool) []byte {
		var buf bytes.Buffer
		w, err := newStatesWriter(&buf, Snappy, 100000, 350)
		if err != nil {
			t.Fatal(err)
		}
		w.setWorkers(2)
		w.Stepping(held)
		for _, b := range batchOf(rows, 700) {
			if err := w.TakeStates(b, func() {}); err != nil {
				t.Fatal(err)
			}
		}
		if held {
			waitFor(t, "both encoders at the gate", func() bool { return w.gate.count() == 2 })
			w.WorkerIdle()
			waitFor(t, "the pages encoded for the idle worker", func() bool {
				for _, j := range w.inflight {
					if len(j.done) == 0 {
						return false
					}
				}
				return true
			})
			w.Stepping(false)
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		return buf.Bytes()
	}
	want := write(false)
	if got := write(true); !bytes.Equal(got, want) {
		t.Errorf("encoded for an idle worker: %d bytes differ from the %d of a writer never held", len(got), len(want))
	}
}

// A page being encoded when the next run of ticks closes the gate stops
// at its next column (pause) and goes on only once a worker of the run is
// idle or the gate opens; with the gate open, or with no more pages being
// encoded than idle workers let in, pause goes straight on.
func TestStepGate_PageStartedWaitsAtItsNextColumnOnceClosed(t *testing.T) {
	var g stepGate
	g.enter() // a page started while the gate is open
	g.pause()
	g.set(true)
	var past atomic.Int32
	go func() {
		g.pause()
		past.Add(1)
	}()
	waitFor(t, "the page's encoder at the closed gate", func() bool { return g.count() == 1 })
	time.Sleep(20 * time.Millisecond)
	if past.Load() != 0 {
		t.Fatal("a page went on past its column while the run steps on every core")
	}
	// A worker out of chunks lets it go on.
	g.workerIdle()
	waitFor(t, "the page going on for the idle worker", func() bool { return past.Load() == 1 })
	// Let in for that worker, its next columns go straight on.
	g.pause()
	g.leave()
	// The gate opened: a page stopped at a column goes on.
	g.enter()
	g.set(true)
	done := make(chan struct{})
	go func() { g.pause(); close(done) }()
	waitFor(t, "the page stopped again", func() bool { return g.count() == 1 })
	g.set(false)
	<-done
	g.leave()
}

// The writer hands the encoders up to pagesAhead pages each before it
// waits for the oldest: with the gate closed (none encoded), one page fewer
// than that in single-page batches is taken without waiting, the next page
// waits, and the file is the one a writer never held writes.
func TestStatesWriter_PagesAheadOfTheEncoders(t *testing.T) {
	// Four pages an encoder: seven of two encoders' eight are taken.
	const workers, ahead = 2, 7
	rows := randomStates(rand.New(rand.NewPCG(41, 7)), (ahead+1)*100)
	write := func(held bool) []byte {
		var buf bytes.Buffer
		w, err := newStatesWriter(&buf, Snappy, 100000, 100)
		if err != nil {
			t.Fatal(err)
		}
		w.setWorkers(workers)
		w.Stepping(held)
		batches := batchOf(rows, 100)
		taken := make(chan error, 1)
		go func() {
			for _, b := range batches[:ahead] {
				if err := w.TakeStates(b, func() {}); err != nil {
					taken <- err
					return
				}
			}
			taken <- nil
		}()
		select {
		case err := <-taken:
			if err != nil {
				t.Fatal(err)
			}
		case <-time.After(20 * time.Second):
			w.Stepping(false)
			t.Fatalf("the writer waited for a page with fewer than %d on their way", ahead)
		}
		if n := len(w.inflight); held && n != ahead {
			t.Errorf("%d pages on their way, want %d", n, ahead)
		}
		last := make(chan error, 1)
		go func() { last <- w.TakeStates(batches[ahead], func() {}) }()
		if held {
			select {
			case <-last:
				t.Error("a page more than the encoders may hold taken while none is encoded")
			case <-time.After(20 * time.Millisecond):
			}
			w.Stepping(false)
		}
		if err := <-last; err != nil {
			t.Fatal(err)
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		return buf.Bytes()
	}
	want := write(false)
	if got := write(true); !bytes.Equal(got, want) {
		t.Errorf("held: %d bytes differ from the %d of a writer never held", len(got), len(want))
	}
}
