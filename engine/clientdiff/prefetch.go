// Prefetching: the client trace is read and decoded on a goroutine of its
// own, in batches of ticks, while the Sim steps on the caller's — the two
// costs overlap on a machine with two cores. Rows come out in file order,
// and an error comes out where it was met, so the comparison is the same
// as a straight read.

package clientdiff

import (
	"sync"

	"glidepath/engine/clienttrace"
)

// batchRows is how many rows a batch gathers before it is handed over.
const batchRows = 8192

// aheadBatches is how many batches the reader may have handed over and not
// yet taken back: 16 × 8192 rows, two runs of 64 ticks of 1000 objects.
// The Sim steps a run on both cores, then compares it on one; a reader
// that may run so far ahead takes the other core while the run is
// compared, and the comparison never waits for it.
const aheadBatches = 16

// batch is some consecutive ticks of the trace: rows, each tick's end in
// rows, and the error met after them (io.EOF at the end).
type batch struct {
	rows []clienttrace.Row
	ends []int
	err  error
}

// prefetcher reads rd ahead on its own goroutine.
type prefetcher struct {
	out  chan *batch
	free chan *batch
	stop chan struct{}
	wg   sync.WaitGroup

	cur   *batch
	group int
	start int
}

func prefetch(rd *clienttrace.Reader) *prefetcher {
	p := &prefetcher{out: make(chan *batch, aheadBatches), free: make(chan *batch, aheadBatches+2), stop: make(chan struct{})}
	p.wg.Add(1)
	go p.read(rd)
	return p
}

func (p *prefetcher) read(rd *clienttrace.Reader) {
	defer p.wg.Done()
	for {
		var b *batch
		select {
		case b = <-p.free:
			b.rows, b.ends, b.err = b.rows[:0], b.ends[:0], nil
		default:
			b = &batch{}
		}
		for len(b.rows) < batchRows && b.err == nil {
			b.rows, b.ends, b.err = rd.AppendTicks(b.rows, b.ends, batchRows-len(b.rows))
		}
		select {
		case p.out <- b:
		case <-p.stop:
			return
		}
		if b.err != nil {
			return
		}
	}
}

// NextTick returns the rows of the next tick (valid until the next call).
func (p *prefetcher) NextTick() ([]clienttrace.Row, error) {
	for p.cur == nil || p.group == len(p.cur.ends) {
		if p.cur != nil {
			if p.cur.err != nil {
				return nil, p.cur.err
			}
			select {
			case p.free <- p.cur:
			default:
			}
		}
		p.cur, p.group, p.start = <-p.out, 0, 0
	}
	end := p.cur.ends[p.group]
	rows := p.cur.rows[p.start:end]
	p.group++
	p.start = end
	return rows, nil
}

// Close stops the reading goroutine and waits for it.
func (p *prefetcher) Close() {
	close(p.stop)
	p.wg.Wait()
}
