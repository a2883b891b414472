// The session: the runs being viewed (one per reading), their records, the
// pre-run that fills those records off the window's update loop with its
// progress, and keeping every run at the cursor.
//
// A run whose Source branches (model.Brancher) is viewed at once: the
// pre-run steps the branch on its own goroutine (one per reading, so
// readings side by side use several cores) and every few ticks publishes a
// copy of the history and the event index so far; the window reads only
// published copies, and its own Source seeks through the checkpoints the
// two share. Other Sources are pre-run whole before the window shows them.
//
// A run whose input is still being read (model.Growing: a large file shown
// from its first frame, or a followed file) grows: each poll brings its
// Info up to what has been read, and its pre-run follows the reading,
// waiting at what has been read.

package ui

import (
	"context"
	"fmt"
	"image/color"
	"slices"
	"sync/atomic"
	"time"

	"glidepath/ui/model"
	"glidepath/ui/overlay"
	"glidepath/ui/render"
	"glidepath/ui/simsource"
)

// publishTicks is how many ticks the pre-run simulates between publishing
// its records to the window.
const publishTicks = 64

// run is one reading's run.
type run struct {
	src   model.Source
	info  *model.Info
	hist  *model.History // what the window reads: the latest published
	index *model.Index
	snap  model.Snapshot
	color color.RGBA

	// pub is the pre-run's latest publication; done its ticks so far.
	pub  atomic.Pointer[records]
	done atomic.Int64
}

// records are a run's history and event index up to tick.
type records struct {
	hist     *model.History
	index    *model.Index
	tick     int
	complete bool
}

// session holds the runs. When live, the window views the runs while they
// pre-run; otherwise, until loaded reports true, the pre-run goroutine owns
// the runs and only the progress may be read.
type session struct {
	runs    []*run
	sel     int // the selected reading
	terrain *render.Terrain
	live    bool

	total    int64
	finished chan error
	pending  int // pre-run goroutines that have not reported
	ready    bool
	err      error
	cancel   context.CancelFunc
	// frontier is the tick up to which every run's records are published.
	frontier int
	// full says the terrain covers the whole run.
	full bool
	// grew: a growing run's Info changed since the window last looked
	// (growRuns clears it).
	grew bool
	// follow: the input is a file still being written; wait returns once
	// the pre-run has caught up with what was written.
	follow bool
}

// sessionOf starts a session over newly opened runs (a file opened from
// the window, or a file opened again to follow it) and returns them as
// sources.
func sessionOf(runs []*simsource.Source) ([]model.Source, *session, error) {
	srcs := make([]model.Source, len(runs))
	for i, r := range runs {
		srcs[i] = r
	}
	sess, err := newSession(srcs)
	return srcs, sess, err
}

// newSession starts pre-running srcs in the background.
func newSession(srcs []model.Source) (*session, error) {
	if len(srcs) == 0 {
		return nil, fmt.Errorf("ui: nothing to view")
	}
	s := &session{finished: make(chan error, len(srcs)), live: true, grew: true}
	for i, src := range srcs {
		info := src.Info()
		h := model.NewHistory()
		ticks := info.LastTick
		if g, ok := src.(model.Growing); ok {
			ticks = max(ticks, g.ExpectedTicks()) // the run it looks like it will be
		}
		h.SetStride(model.StrideFor(info.Objects, ticks))
		h.SetExpected(ticks)
		r := &run{src: src, info: info, hist: h, index: model.NewIndex(nil), color: overlay.ReadingColor(i)}
		// No snapshot taken yet: the first seek takes one even when it goes
		// nowhere (tick 0, where the source already is).
		r.snap.Tick = -1
		s.runs = append(s.runs, r)
		s.total += int64(info.LastTick)
		if _, ok := src.(model.Brancher); !ok {
			s.live = false
		}
	}
	s.total = max(s.total, 1)
	s.pending = 1
	if s.live {
		s.pending = len(s.runs)
	}
	ctx, cancel := context.WithCancel(context.Background())
	s.cancel = cancel
	if s.live {
		for _, r := range s.runs {
			// The branch is made here, on the window's goroutine, which
			// owns the Source it branches from.
			h := model.NewHistory()
			h.SetStride(r.hist.Stride())
			h.SetExpected(r.hist.Expected())
			p, err := model.NewPrerunner(r.src, h)
			if err != nil {
				cancel()
				return nil, err
			}
			go func() { s.finished <- prerunLive(ctx, r, p, h) }()
		}
	} else {
		go func() { s.finished <- s.prerunAll(ctx) }()
	}
	return s, nil
}

// prerunLive runs on its own goroutine: r's branch (p, recording into h)
// to the end, publishing its records every publishTicks ticks and
// whenever it has caught up with the reading of a growing input.
func prerunLive(ctx context.Context, r *run, p *model.Prerunner, h *model.History) error {
	published := -1
	publish := func() {
		x := p.Index()
		r.pub.Store(&records{hist: h.Clone(), index: x.Clone(), tick: p.Tick()})
		r.done.Store(int64(p.Tick()))
		published = p.Tick()
	}
	for !p.Done() {
		if err := ctx.Err(); err != nil {
			return err
		}
		if p.Caught() {
			// At what the reading has got to: show it, then wait.
			if p.Tick() != published {
				publish()
			}
			if err := p.Wait(ctx); err != nil {
				return err
			}
			continue
		}
		p.Advance(publishTicks)
		if p.Tick()-published >= publishTicks || p.Caught() {
			publish()
		}
	}
	x, err := p.Finish()
	if err != nil {
		return err
	}
	r.pub.Store(&records{hist: h, index: x, tick: p.Tick(), complete: true})
	r.done.Store(int64(p.Tick()))
	return nil
}

// prerunAll runs on its own goroutine: every run to its end on the run's
// own Source, its event log indexed.
func (s *session) prerunAll(ctx context.Context) error {
	for _, r := range s.runs {
		x, err := model.Prerun(ctx, r.src, r.hist, func(done, total int) {
			r.done.Store(int64(done))
		})
		if err != nil {
			return err
		}
		r.index = x
		r.src.Snapshot(&r.snap)
	}
	return nil
}

// poll takes what the pre-run has published, and reports whether the
// runs may be viewed: at once when live, otherwise once the pre-run has
// finished.
func (s *session) poll() bool {
	if s.live {
		s.frontier = -1
		complete := true
		for _, r := range s.runs {
			if g, ok := r.src.(model.Growing); ok && g.Refresh() {
				s.grew = true
			}
			rec := r.pub.Load()
			if rec == nil {
				s.frontier, complete = 0, false
				continue
			}
			r.hist, r.index = rec.hist, rec.index
			if t := s.frontierOf(r, rec.tick, rec.complete); s.frontier < 0 || t < s.frontier {
				s.frontier = t
			}
			complete = complete && rec.complete
		}
		s.frontier = max(s.frontier, 0)
		for s.pending > 0 {
			select {
			case err := <-s.finished:
				s.pending--
				if err != nil && s.err == nil {
					s.err = err
				}
				continue
			default:
			}
			break
		}
		s.ready = s.pending == 0 && complete || s.err != nil
		if s.ready && !s.full {
			s.full = true
			s.buildTerrain()
		}
		return true
	}
	if s.ready {
		return true
	}
	select {
	case err := <-s.finished:
		s.pending--
		s.ready, s.err = true, err
		s.frontier = s.last()
		if err == nil {
			s.buildTerrain()
			s.full = true
		}
		return true
	default:
		return false
	}
}

// buildTerrain builds the terrain around what the selected run's history
// holds so far (or, before any, its snapshot). A terrain that cannot be
// drawn (heights that are not finite, say) leaves the viewport without
// ground rather than the viewer closed.
func (s *session) buildTerrain() {
	r := s.runs[0]
	h := r.hist
	if _, _, ok := h.Bounds(); !ok {
		h = model.NewHistory()
		model.Record(h, &r.snap)
	}
	if t, err := buildTerrain(r.info.World, h); err == nil {
		s.terrain = t
	}
}

// progress is the pre-run's fraction done (of what has been read, while
// the input is read).
func (s *session) progress() float64 {
	var done, total int64
	for _, r := range s.runs {
		done += r.done.Load()
		total += int64(r.info.LastTick)
	}
	return float64(done) / float64(max(total, 1))
}

// growing reports whether an input is still being read, and how far:
// bytes read, the inputs' size (0: not known), and the problem that
// stopped a reading, if one did. The readings of one input share a store,
// counted once.
func (s *session) growing() (on bool, read, size int64, err error) {
	var seen []any // the inputs' stores, each counted once (lookups only)
	for _, r := range s.runs {
		g, ok := r.src.(model.Growing)
		if !ok {
			continue
		}
		if st := storeOf(r.src); st != nil {
			if slices.Contains(seen, any(st)) {
				continue // another reading of an input counted
			}
			seen = append(seen, st)
		}
		n, sz, e := g.ReadProgress()
		_, complete := g.Readable()
		on = on || !complete
		read, size = read+n, size+sz
		if err == nil {
			err = e
		}
	}
	return on, read, size, err
}

// caughtUp reports whether a followed input has been read to the end of
// what is written so far and every run's records reach what was read.
func (s *session) caughtUp() bool {
	for _, r := range s.runs {
		g, ok := r.src.(model.Growing)
		if !ok {
			continue
		}
		tick, complete := g.Readable()
		if !complete && !followIdle(r.src, r.info.File) {
			return false
		}
		if rec := r.pub.Load(); rec == nil || !rec.complete && rec.tick < min(tick, r.info.LastTick) {
			return false
		}
	}
	return true
}

// wait blocks until the pre-run has finished (for screenshots and tests);
// when following a file, until it has caught up with what is written.
func (s *session) wait() error {
	if s.follow {
		for s.poll(); !s.caughtUp() && s.err == nil; s.poll() {
			time.Sleep(time.Millisecond)
		}
		s.poll() // Info up to what the records reach
		return s.err
	}
	if s.ready && (!s.live || s.full) {
		return s.err
	}
	for ; s.pending > 0; s.pending-- {
		if err := <-s.finished; err != nil && s.err == nil {
			s.err = err
		}
	}
	if s.live {
		s.poll()
	}
	s.ready = true
	if !s.live && s.err == nil && !s.full {
		s.frontier = s.last()
		s.buildTerrain()
		s.full = true
	}
	return s.err
}

// close stops a pre-run still going, and the reading of its input.
func (s *session) close() {
	s.cancel()
	for _, r := range s.runs {
		if g, ok := r.src.(model.Growing); ok {
			g.StopReading()
		}
	}
}

// cur is the selected reading's run.
func (s *session) cur() *run { return s.runs[s.sel] }

// reach is the furthest tick the cursor may go to now: the runs' last
// tick once pre-run, else the pre-run's frontier — scrubbing past it waits
// for the pre-run.
func (s *session) reach() int {
	if s.ready {
		return s.last()
	}
	return s.frontier
}

// seek brings every run to the cursor's tick (its own, sync.go) and
// refreshes its snapshot. Short steps
// forward are stepped; anything else goes through the engine's checkpoints.
func (s *session) seek(cursor int) error {
	for _, r := range s.runs {
		tick := s.tickOf(r, cursor)
		if r.src.Tick() == tick && r.snap.Tick == tick {
			continue
		}
		switch d := tick - r.src.Tick(); {
		case d > 0 && d <= maxStepAhead:
			for range d {
				r.src.Step()
			}
		case d != 0:
			if err := r.src.Seek(tick); err != nil {
				return err
			}
		}
		r.src.Snapshot(&r.snap)
	}
	return nil
}

// maxStepAhead is the most ticks a seek forward steps rather than restoring
// a checkpoint.
const maxStepAhead = 8
