// Writing beside the run: a table's rows are encoded and compressed on a
// goroutine of their own while the simulation goes on, so on a machine with
// a spare core a table costs the run little. Memory stays bounded: at most
// asyncDepth batches wait, and a full queue makes Write wait.

package tables

import (
	"errors"
	"sync/atomic"
)

// asyncDepth is the number of batches that may wait for the encoder.
const asyncDepth = 4

// async hands batches to enc on another goroutine. Rows are copied (and
// what their nullable columns point at), so the caller may reuse its slice
// and the values it points into as soon as Write returns.
type async[T Row] struct {
	enc  Encoder[T]
	jobs chan job[T]
	free chan *batch[T]
	// states are the state batches (WriteStates) made so far, at most
	// maxStates; spare are those the encoder has finished with.
	states, maxStates int
	spare             chan *StateBatch
	// done is closed when the goroutine has stopped; err is the encoder's
	// first error.
	done chan struct{}
	err  atomic.Pointer[error]
}

// job is a batch of rows or of state columns.
type job[T Row] struct {
	rows   *batch[T]
	states *StateBatch
}

// batch is a copy of rows with the values their pointers point at.
type batch[T Row] struct {
	rows   []T
	floats []float64
	ints   []int64
	strs   []string
}

func newAsync[T Row](enc Encoder[T]) *async[T] {
	maxStates := asyncDepth + 1
	if t, ok := enc.(stateBatchTaker); ok {
		maxStates += t.batchesHeld()
	}
	a := &async[T]{enc: enc, jobs: make(chan job[T], asyncDepth), free: make(chan *batch[T], asyncDepth+1),
		maxStates: maxStates, spare: make(chan *StateBatch, maxStates), done: make(chan struct{})}
	for range asyncDepth + 1 {
		a.free <- &batch[T]{}
	}
	go a.run()
	return a
}

func (a *async[T]) run() {
	defer close(a.done)
	taker, _ := a.enc.(stateBatchTaker)
	if taker != nil {
		// The pages still on their way appended, the encoders stopped.
		defer taker.stopPages()
	}
	var rows []T
	for j := range a.jobs {
		if a.err.Load() == nil {
			var err error
			switch {
			case j.rows != nil:
				err = a.enc.Write(j.rows.rows)
			case j.states != nil && taker != nil:
				// The batch comes back once its pages are written.
				b := j.states
				j.states = nil
				err = taker.TakeStates(b, func() {
					b.Reset()
					a.spare <- b
				})
			case j.states != nil:
				rows, err = writeStates(a.enc, j.states, rows[:0])
			}
			if err != nil {
				a.err.Store(&err)
			}
		}
		if j.rows != nil {
			a.free <- j.rows
		}
		if j.states != nil {
			j.states.Reset()
			a.spare <- j.states
		}
	}
}

// stateBatchEncoder is an encoder that takes state batches as they are
// (the Parquet states writer).
type stateBatchEncoder interface {
	WriteStates(b *StateBatch) error
}

// stateBatchTaker is a state batch encoder that holds a batch on after
// taking it (statesWriter.TakeStates), at most batchesHeld of them, until
// it calls the batch's release; stopPages lets go of them all.
type stateBatchTaker interface {
	TakeStates(b *StateBatch, release func()) error
	batchesHeld() int
	stopPages()
}

// writeStates writes a state batch to enc: as it is, or as rows (CSV);
// rows is a buffer for those rows, returned for reuse.
func writeStates[T Row](enc Encoder[T], b *StateBatch, rows []T) ([]T, error) {
	if se, ok := enc.(stateBatchEncoder); ok {
		return rows, se.WriteStates(b)
	}
	states, ok := any(rows).([]State)
	if !ok {
		return rows, errors.New("tables: state rows written to another table")
	}
	states = b.AppendStates(states)
	rows = any(states).([]T)
	return rows, enc.Write(rows)
}

// StateBatch is an empty batch to fill and hand to WriteStates: a batch
// the encoder has finished with, or a new one while fewer than the queue
// holds exist.
func (a *async[T]) StateBatch() *StateBatch {
	select {
	case b := <-a.spare:
		return b
	default:
	}
	if a.states < a.maxStates {
		a.states++
		return &StateBatch{}
	}
	return <-a.spare
}

// WriteStates queues b for the encoder, which takes it: the caller gets
// its next batch from StateBatch.
func (a *async[T]) WriteStates(b *StateBatch) error {
	if err := a.failed(); err != nil {
		return err
	}
	a.jobs <- job[T]{states: b}
	return nil
}

// Write copies rows and queues them for the encoder. It reports an error
// of an earlier batch, if the encoder has failed.
func (a *async[T]) Write(rows []T) error {
	if err := a.failed(); err != nil {
		return err
	}
	b := <-a.free
	b.rows = append(b.rows[:0], rows...)
	b.floats, b.ints, b.strs = b.floats[:0], b.ints[:0], b.strs[:0]
	switch rs := any(b.rows).(type) {
	case []State:
		for i := range rs {
			rs[i].Error = b.float(rs[i].Error)
		}
	case []Event:
		for i := range rs {
			r := &rs[i]
			r.Branch, r.Distance, r.Cause = b.str(r.Branch), b.float(r.Distance), b.str(r.Cause)
		}
	case []Imported:
		for i := range rs {
			rs[i].GUID = b.str(rs[i].GUID)
		}
	case []Metrics:
		for i := range rs {
			r := &rs[i]
			r.ErrorTicks = b.int(r.ErrorTicks)
			r.ErrorMean, r.ErrorP95, r.ErrorMax = b.float(r.ErrorMean), b.float(r.ErrorP95), b.float(r.ErrorMax)
		}
	}
	a.jobs <- job[T]{rows: b}
	return nil
}

// failed is the encoder's first error, if it has failed.
func (a *async[T]) failed() error {
	if p := a.err.Load(); p != nil {
		return *p
	}
	return nil
}

// float, int and str copy what p points at into the batch. A full slice is
// replaced, never grown in place, so earlier pointers stay valid.
func (b *batch[T]) float(p *float64) *float64 {
	if p == nil {
		return nil
	}
	if len(b.floats) == cap(b.floats) {
		b.floats = make([]float64, 0, max(4*len(b.rows), 2*cap(b.floats)))
	}
	b.floats = append(b.floats, *p)
	return &b.floats[len(b.floats)-1]
}

func (b *batch[T]) int(p *int64) *int64 {
	if p == nil {
		return nil
	}
	if len(b.ints) == cap(b.ints) {
		b.ints = make([]int64, 0, max(len(b.rows), 2*cap(b.ints)))
	}
	b.ints = append(b.ints, *p)
	return &b.ints[len(b.ints)-1]
}

func (b *batch[T]) str(p *string) *string {
	if p == nil {
		return nil
	}
	if len(b.strs) == cap(b.strs) {
		b.strs = make([]string, 0, max(2*len(b.rows), 2*cap(b.strs)))
	}
	b.strs = append(b.strs, *p)
	return &b.strs[len(b.strs)-1]
}

// Close waits for the queued batches and finishes the table.
func (a *async[T]) Close() error {
	a.stop()
	if err := a.failed(); err != nil {
		return err
	}
	return a.enc.Close()
}

// stop waits for the goroutine to finish the queued batches.
func (a *async[T]) stop() {
	select {
	case <-a.done:
	default:
		close(a.jobs)
		<-a.done
	}
}

// stepper is an encoder whose encoding goroutines wait while the run's
// stepping has every core (statesWriter.Stepping).
type stepper interface {
	Stepping(on bool)
	WorkerIdle()
}

// Stepping passes on to the encoder that the run's stepping has every core
// (or no longer has), if its encoding waits for that.
func (a *async[T]) Stepping(on bool) {
	if s, ok := a.enc.(stepper); ok {
		s.Stepping(on)
	}
}

// WorkerIdle passes on to the encoder that a worker of the run's stepping
// has no chunk left (statesWriter.WorkerIdle).
func (a *async[T]) WorkerIdle() {
	if s, ok := a.enc.(stepper); ok {
		s.WorkerIdle()
	}
}
