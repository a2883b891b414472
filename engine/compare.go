// Readings side by side: the same recording run under several readings
// (READINGS.md) in lock step, so the viewer can draw each reading's body in
// its own colour and the runner can print their metrics next to each other.

package engine

import (
	"errors"
	"fmt"
	"runtime"
	"sync"

	"glidepath/engine/recording"
	"glidepath/interp"
)

// Compare holds one Sim per reading over the same recording, stepped and
// seeked together.
type Compare struct {
	sims []*Sim
}

// NewCompareStore makes one Sim per reading over the events of st
// (NewFromStore), which they share, each with opts but its own reading.
func NewCompareStore(st *EventStore, readings []interp.Reading, opts Options) (*Compare, error) {
	return newCompare(readings, opts, func(_ int, o Options) (*Sim, error) { return NewFromStore(st, o) })
}

// NewCompareStream makes one streamed Sim (NewStream) of src per reading,
// each with opts but its own reading. src is read once and its events
// handed to every run (recording.Tee); step the runs together (Step) so
// that only about a tick's events are held. Closing src is the caller's.
func NewCompareStream(src recording.Source, readings []interp.Reading, opts Options) (*Compare, error) {
	if err := checkReadings(readings); err != nil {
		return nil, err
	}
	if len(readings) == 1 {
		// One run reads src itself: a tee would only copy each event twice
		// more under a lock.
		var own recording.Source = nopClose{src}
		if r, ok := src.(recording.RefSource); ok {
			own = nopCloseRef{r}
		}
		return newCompare(readings, opts, func(_ int, o Options) (*Sim, error) { return NewStream(own, o) })
	}
	branches := recording.Tee(nopClose{src}, len(readings))
	return newCompare(readings, opts, func(i int, o Options) (*Sim, error) { return NewStream(branches[i], o) })
}

// newCompare checks the readings and makes run i with opts under reading i.
func newCompare(readings []interp.Reading, opts Options, build func(i int, o Options) (*Sim, error)) (*Compare, error) {
	if err := checkReadings(readings); err != nil {
		return nil, err
	}
	c := &Compare{}
	for i, r := range readings {
		o := opts
		o.Reading = r
		s, err := build(i, o)
		if err != nil {
			return nil, err
		}
		c.sims = append(c.sims, s)
	}
	return c, nil
}

// nopClose leaves closing a Source to its owner.
type nopClose struct{ recording.Source }

func (nopClose) Close() error { return nil }

// nopCloseRef is nopClose keeping the source's NextRef.
type nopCloseRef struct{ recording.RefSource }

func (nopCloseRef) Close() error { return nil }

// checkReadings refuses no readings and a reading named twice
// (interp.CheckDistinct).
func checkReadings(readings []interp.Reading) error {
	if len(readings) == 0 {
		return errors.New("engine: compare needs at least one reading")
	}
	if err := interp.CheckDistinct(readings); err != nil {
		return fmt.Errorf("engine: %w", err)
	}
	return nil
}

// Done reports whether every run is over (Sim.Done).
func (c *Compare) Done() bool {
	for _, s := range c.sims {
		if !s.Done() {
			return false
		}
	}
	return true
}

// Err is the first problem that stopped a streamed run (Sim.Err).
func (c *Compare) Err() error {
	for _, s := range c.sims {
		if err := s.Err(); err != nil {
			return err
		}
	}
	return nil
}

// Sims are the runs, in the order the readings were given.
func (c *Compare) Sims() []*Sim { return c.sims }

// Sim returns the run of the reading called name, or nil.
func (c *Compare) Sim(name string) *Sim {
	for _, s := range c.sims {
		if s.reading.Name == name {
			return s
		}
	}
	return nil
}

// Tick is the current tick (the same in every run).
func (c *Compare) Tick() int { return c.sims[0].tick }

// LastTick is the runs' last tick (the same in every run).
func (c *Compare) LastTick() int { return c.sims[0].lastTick }

// Step runs the next tick of every run not yet Done.
func (c *Compare) Step() {
	for _, s := range c.sims {
		if s.feed == nil || !s.Done() {
			s.Step()
		}
	}
}

// Advance steps every run by up to n ticks, stopping a run once it is Done.
// The runs are independent, so with several runs and several cores each
// steps on its own goroutine: the results are those of stepping them one
// after the other (a streamed Compare's runs share one read of the input,
// which hands every run the same events whatever the timing; they drift at
// most n ticks apart, so it holds at most n ticks of events).
func (c *Compare) Advance(n int) {
	advance := func(s *Sim) { s.advance(n) }
	if len(c.sims) == 1 || runtime.GOMAXPROCS(0) == 1 {
		for _, s := range c.sims {
			advance(s)
		}
		return
	}
	var wg sync.WaitGroup
	for _, s := range c.sims[1:] {
		wg.Add(1)
		go func() {
			defer wg.Done()
			advance(s)
		}()
	}
	advance(c.sims[0])
	wg.Wait()
}

// Seek makes tick current in every run.
func (c *Compare) Seek(tick int) {
	for _, s := range c.sims {
		s.Seek(tick)
	}
}

// RunAll pre-runs every run to its last tick (Sim.RunAll); progress counts
// the ticks of all runs together.
func (c *Compare) RunAll(progress func(done, total int)) {
	total := len(c.sims) * c.LastTick()
	for i, s := range c.sims {
		base := i * c.LastTick()
		var p func(done, total int)
		if progress != nil {
			p = func(done, _ int) { progress(base+done, total) }
		}
		s.RunAll(p)
	}
}

// CompareOf is a Compare of runs made elsewhere (viewer diff's one run), so
// that what takes a Compare — the table writer, the report — takes them.
// Stepping stays the caller's: step the runs together.
func CompareOf(sims ...*Sim) *Compare { return &Compare{sims: sims} }
