// Prerun: run a Source from tick 0 to its last tick once, recording every
// tick in a History and indexing its event log, so the timeline knows the
// whole run. A Source that can branch (Brancher) is pre-run on a second run
// of its input, which another goroutine may step while the first is
// scrubbed; the Prerunner publishes what it has so far as copies that
// goroutine may read.

package model

import (
	"context"
)

// Progress receives how many ticks of total are done.
type Progress func(done, total int)

// Brancher is a Source that can open a second run of its input.
type Brancher interface {
	// Branch returns a new Source over the same run at tick 0, which may
	// be used on another goroutine than the Brancher. The two share what
	// one simulated that the other can reuse (checkpoints), and the
	// Brancher's Events read the branch's log: call them only on the
	// goroutine stepping the branch, or once it has stopped.
	Branch() (Source, error)
}

// Recorder is a Source that steps and records several ticks at once:
// StepRecord steps up to n ticks and records in h, as Record records a
// Brief snapshot, every tick stepped that is a multiple of h's stride
// (snap is its buffer) — what Step, Snapshot and Record do tick by tick,
// the same records, filled faster (simsource: the engine's runs of ticks
// over chunks of objects).
type Recorder interface {
	StepRecord(n int, h *History, snap *Snapshot)
}

// Keeper is a Source whose pre-run can keep, of what lets the window seek
// (the engine's checkpoints), only what one seek uses: a screenshot's
// window goes to one tick alone.
type Keeper interface {
	// KeepFor keeps, from now on, only what a seek to tick restores; a
	// seek elsewhere is slower, never different.
	KeepFor(tick int)
}

// Prerunner pre-runs one Source a few ticks at a time.
type Prerunner struct {
	run   Source
	own   bool // run is the Source itself, which is sought back to 0 at the end
	hist  *History
	index *Index
	// indexed is closed once the index's extension beside the pre-run
	// (IndexBehind) is done; nil when none was started since.
	indexed chan struct{}
	snap    Snapshot
	last    int
}

// NewPrerunner prepares to pre-run src into h: on a branch when src is a
// Brancher, otherwise on src itself (then nothing else may use src until
// Done).
func NewPrerunner(src Source, h *History) (*Prerunner, error) {
	p := &Prerunner{run: src, own: true, hist: h, last: src.Info().LastTick}
	p.snap.Brief = true
	if b, ok := src.(Brancher); ok {
		run, err := b.Branch()
		if err != nil {
			return nil, err
		}
		p.run, p.own = run, false
	}
	if err := p.run.Seek(0); err != nil {
		return nil, err
	}
	p.run.Snapshot(&p.snap)
	Record(h, &p.snap)
	return p, nil
}

// KeepFor has the pre-run keep only what the window's seek to tick uses,
// where its Source can (Keeper); call it before the first Advance.
func (p *Prerunner) KeepFor(tick int) {
	if k, ok := p.run.(Keeper); ok {
		k.KeepFor(tick)
	}
}

// Tick is the last tick recorded.
func (p *Prerunner) Tick() int { return p.run.Tick() }

// Done reports whether the whole run is recorded (of a Growing Source,
// once its input is all read).
func (p *Prerunner) Done() bool {
	if g, ok := p.run.(Growing); ok {
		if _, complete := g.Readable(); !complete {
			return false
		}
		g.Refresh()
		p.last = p.run.Info().LastTick
	}
	return p.run.Tick() >= p.last
}

// Wait blocks, for a Growing Source, until the tick after the last one
// recorded has been read (or the input is all read, or ctx is done): the
// pre-run follows the reading.
func (p *Prerunner) Wait(ctx context.Context) error {
	g, ok := p.run.(Growing)
	if !ok {
		return nil
	}
	if err := g.WaitReadable(ctx, p.run.Tick()+1); err != nil {
		return err
	}
	g.Refresh()
	p.last = p.run.Info().LastTick
	return nil
}

// Caught reports whether the pre-run has recorded every tick read so far
// (always, once Done).
func (p *Prerunner) Caught() bool {
	if g, ok := p.run.(Growing); ok {
		tick, complete := g.Readable()
		return !complete && p.run.Tick() >= min(tick, p.last) || p.Done()
	}
	return p.Done()
}

// Advance steps and records up to n ticks (of a Growing Source, no
// further than has been read).
func (p *Prerunner) Advance(n int) {
	last := p.last
	if g, ok := p.run.(Growing); ok {
		g.Refresh()
		p.last = p.run.Info().LastTick
		tick, _ := g.Readable()
		last = min(p.last, tick)
		// The run's length as now estimated (its last tick, once read
		// whole): the tracks that outgrow what the first estimate gave
		// them grow once to it.
		p.hist.SetExpected(g.ExpectedTicks())
	}
	if r, ok := p.run.(Recorder); ok {
		if k := min(n, last-p.run.Tick()); k > 0 {
			r.StepRecord(k, p.hist, &p.snap)
		}
		return
	}
	for ; n > 0 && p.run.Tick() < last; n-- {
		p.run.Step()
		if p.run.Tick()%p.hist.Stride() == 0 {
			p.run.Snapshot(&p.snap)
			Record(p.hist, &p.snap)
		}
	}
}

// Index indexes the event log simulated so far and returns the index
// (the same one, grown).
func (p *Prerunner) Index() *Index {
	p.Settle()
	if p.index == nil {
		p.index = IndexLog(p.run.Events())
	} else {
		p.index.Extend(p.run.Events())
	}
	return p.index
}

// IndexBehind indexes the event log simulated so far on a goroutine of its
// own, while the pre-run steps on: what the next ticks log goes past the
// entries it reads, which nothing writes again (the Source is only
// stepped forward until Settle). Index, Finish and Settle wait for it. The
// index is the same however its extensions fall: each entry is indexed
// once, in order. A picture's pre-run reads its index only at the end, and
// indexing there, or between its runs of ticks, left a core idle.
func (p *Prerunner) IndexBehind() {
	p.Settle()
	log, done := p.run.Events(), make(chan struct{})
	p.indexed = done
	go func() {
		defer close(done)
		if p.index == nil {
			p.index = IndexLog(log)
		} else {
			p.index.Extend(log)
		}
	}()
}

// Settle waits for the index's extension beside the pre-run
// (IndexBehind), if one runs.
func (p *Prerunner) Settle() {
	if p.indexed != nil {
		<-p.indexed
		p.indexed = nil
	}
}

// Finish indexes the whole log and, when the Source itself was pre-run,
// seeks it back to tick 0.
func (p *Prerunner) Finish() (*Index, error) {
	x := p.Index()
	if p.own {
		return x, p.run.Seek(0)
	}
	return x, nil
}

// Prerun records every tick of src in h and returns the index of its
// event log, reporting progress every few ticks; it stops early, returning
// ctx's error, when ctx is done.
func Prerun(ctx context.Context, src Source, h *History, progress Progress) (*Index, error) {
	p, err := NewPrerunner(src, h)
	if err != nil {
		return nil, err
	}
	every := max(p.last/200, 1)
	for !p.Done() {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if err := p.Wait(ctx); err != nil {
			return nil, err
		}
		p.Advance(every)
		if progress != nil {
			progress(p.Tick(), p.last)
		}
	}
	return p.Finish()
}
