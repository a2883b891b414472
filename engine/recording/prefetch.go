// Prefetch: a Source read ahead on its own goroutine, so that decoding a
// recording (≈ 1 µs an event) runs on another core while the pipeline
// steps. Events come out exactly as the source gives them, in order, with
// its error after the events before it; at most a few batches are held.

package recording

import "sync"

// Read-ahead sizes: batches of prefetchBatch events, at most prefetchDepth
// of them waiting (≈ 1.4 MB of events). The reading goroutine sleeps when
// they are all full and is woken for each batch taken, so a batch is a
// wake-up: 1024 events make them rare (docs/benchmarks.md).
const (
	prefetchBatch = 1024
	prefetchDepth = 4
)

// RefSource is a Source that can also hand out its next event by pointer,
// saving the copy of a large value per event. The event is the Source's:
// it stays valid, unchanged, until the next call of NextRef or Next.
type RefSource interface {
	Source
	NextRef() (*Event, error)
}

// prefetchBatchOf is a run of events read ahead, and the error that ended
// the reading (io.EOF at the end), if it did.
type prefetchBatchOf struct {
	events []Event
	err    error
}

// prefetcher reads its source on a goroutine of its own.
type prefetcher struct {
	src   Source
	ready chan prefetchBatchOf
	free  chan []Event
	stop  chan struct{}
	done  chan struct{}
	once  sync.Once

	cur prefetchBatchOf
	i   int
}

// Prefetch returns a Source giving src's events, read ahead on a goroutine.
// Close stops the reading ahead and waits for it; it does not close src,
// whose owner may then read its counters (Reader.Skipped) safely.
func Prefetch(src Source) Source {
	p := &prefetcher{
		src:   src,
		ready: make(chan prefetchBatchOf, prefetchDepth),
		free:  make(chan []Event, prefetchDepth+2),
		stop:  make(chan struct{}),
		done:  make(chan struct{}),
	}
	go p.read()
	return p
}

func (p *prefetcher) read() {
	defer close(p.done)
	for {
		var evs []Event
		select {
		case evs = <-p.free:
		default:
			evs = make([]Event, 0, prefetchBatch)
		}
		b := prefetchBatchOf{events: evs[:0]}
		for len(b.events) < prefetchBatch {
			ev, err := p.src.Next()
			if err != nil {
				b.err = err
				break
			}
			b.events = append(b.events, ev)
		}
		select {
		case p.ready <- b:
		case <-p.stop:
			return
		}
		if b.err != nil {
			return
		}
	}
}

func (p *prefetcher) Name() string   { return p.src.Name() }
func (p *prefetcher) Header() Header { return p.src.Header() }

func (p *prefetcher) Next() (Event, error) {
	ev, err := p.NextRef()
	if err != nil {
		return Event{}, err
	}
	return *ev, nil
}

// NextRef is Next by pointer into the batch being handed out, which is
// recycled only once the next batch is taken.
func (p *prefetcher) NextRef() (*Event, error) {
	for p.i >= len(p.cur.events) {
		if p.cur.err != nil {
			return nil, p.cur.err
		}
		if p.cur.events != nil {
			clear(p.cur.events) // let go of what they point to
			select {
			case p.free <- p.cur.events[:0]:
			default:
			}
		}
		p.cur, p.i = <-p.ready, 0
	}
	p.i++
	return &p.cur.events[p.i-1], nil
}

// Close stops the reading ahead and waits for the goroutine to end.
func (p *prefetcher) Close() error {
	p.once.Do(func() {
		close(p.stop)
		<-p.done
	})
	return nil
}
