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

package session

import (
	"context"
	"fmt"
	"image/color"
	"slices"
	"sync/atomic"
	"time"

	"glidepath/ui/model"
	"glidepath/ui/overlay"
	"glidepath/ui/page"
	"glidepath/ui/render"
	"glidepath/ui/simsource"
)

// publishTicks is how many ticks the pre-run simulates between publishing
// its records to the window.
const publishTicks = 64

// Run is one reading's run.
type Run struct {
	Src   model.Source
	Info  *model.Info
	Hist  *model.History // what the window reads: the latest published
	Index *model.Index
	Snap  model.Snapshot
	Color color.RGBA

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

// Session holds the runs. When live, the window views the runs while they
// pre-run; otherwise, until loaded reports true, the pre-run goroutine owns
// the runs and only the progress may be read.
type Session struct {
	Runs    []*Run
	Sel     int // the selected reading
	Terrain *render.Terrain
	Live    bool

	total    int64
	finished chan error
	pending  int // pre-run goroutines that have not reported
	Ready    bool
	Err      error
	cancel   context.CancelFunc
	// Frontier is the tick up to which every run's records are published.
	Frontier int
	// Full says the terrain covers the whole run.
	Full bool
	// Grew: a growing run's Info changed since the window last looked
	// (growRuns clears it).
	Grew bool
	// Follow: the input is a file still being written; wait returns once
	// the pre-run has caught up with what was written.
	Follow bool
	// picture: the session is a screenshot's (NewPicture): nobody looks
	// before the whole run is pre-run, and the window seeks to one tick,
	// at (the strip's); lean: its history past that tick is lean
	// (NewLeanPicture); ahead: the runs were sent there before the
	// pre-run ended (SeekAhead).
	picture, lean, ahead bool
	at                   int
}

// Leaned reports whether the session's history past the picture's tick
// keeps only what the picture's frame reads (NewLeanPicture), rather than
// everything.
func (s *Session) Leaned() bool { return s.lean }

// Of starts a session over newly opened runs (a file opened from
// the window, or a file opened again to follow it) and returns them as
// sources.
func Of(runs []*simsource.Source) ([]model.Source, *Session, error) {
	srcs := make([]model.Source, len(runs))
	for i, r := range runs {
		srcs[i] = r
	}
	sess, err := New(srcs)
	return srcs, sess, err
}

// New starts pre-running srcs in the background.
func New(srcs []model.Source) (*Session, error) { return newSession(srcs, -1, nil) }

// NewPicture starts pre-running srcs for a screenshot of the strip's tick
// (clamped to the strip): the window draws once the whole run is pre-run,
// at that tick alone, so the pre-run keeps only the checkpoint the window's
// seek there restores (model.Prerunner.KeepFor) and publishes its records
// once, at the end, not every few ticks for a window nobody watches. What
// the window draws is the same as New's.
func NewPicture(srcs []model.Source, tick int) (*Session, error) {
	return newSession(srcs, max(tick, 0), nil)
}

// Lean is what a picture's frame reads of the history past its tick, for
// NewLeanPicture: the selection's plot, of the object Select (0: the most
// eventful, MostEventful).
type Lean struct{ Select uint32 }

// NewLeanPicture is NewPicture for a frame that reads of the history
// only the aggregates, the trails up to its tick and the selection's plot
// (store.History.Lean: one run, the default plot fields, no client trace
// beside it — the caller knows): the pre-run keeps only those, and once
// it is done, the selection's plot series (model.History.EndLean). A run it
// cannot keep so (several readings, a Source that does not branch, an
// input not read whole) is pre-run as NewPicture's; Leaned says which.
func NewLeanPicture(srcs []model.Source, tick int, lean Lean) (*Session, error) {
	return newSession(srcs, max(tick, 0), &lean)
}

// newSession is New, or NewPicture at tick when tick ≥ 0, lean when lean
// is not nil.
func newSession(srcs []model.Source, tick int, lean *Lean) (*Session, error) {
	if len(srcs) == 0 {
		return nil, fmt.Errorf("ui: nothing to view")
	}
	s := &Session{finished: make(chan error, len(srcs)), Live: true, Grew: true, picture: tick >= 0}
	for i, src := range srcs {
		info := src.Info()
		h := model.NewHistory()
		ticks := info.LastTick
		if g, ok := src.(model.Growing); ok {
			ticks = max(ticks, g.ExpectedTicks()) // the run it looks like it will be
			if _, complete := g.Readable(); !complete {
				lean = nil // the strip's last tick, which the picture's is clamped to, is not known yet
			}
		}
		h.SetStride(model.StrideFor(info.Objects, ticks))
		h.SetExpected(ticks)
		r := &Run{Src: src, Info: info, Hist: h, Index: model.NewIndex(nil), Color: overlay.ReadingColor(i)}
		// No snapshot taken yet: the first seek takes one even when it goes
		// nowhere (tick 0, where the source already is).
		r.Snap.Tick = -1
		s.Runs = append(s.Runs, r)
		s.total += int64(info.LastTick)
		if _, ok := src.(model.Brancher); !ok {
			s.Live = false
		}
	}
	if len(s.Runs) != 1 || !s.Live {
		lean = nil // several readings stacked, or a run pre-run on its own Source
	}
	s.lean = lean != nil
	s.at = min(max(tick, 0), s.Last())
	s.total = max(s.total, 1)
	s.pending = 1
	if s.Live {
		s.pending = len(s.Runs)
	}
	ctx, cancel := context.WithCancel(context.Background())
	s.cancel = cancel
	if s.Live {
		for _, r := range s.Runs {
			h := model.NewHistory()
			h.SetStride(r.Hist.Stride())
			h.SetExpected(r.Hist.Expected())
			// The cursor's tick as Playback.Begin clamps it, in this run's
			// ticks (TickOf).
			at := s.TickOf(r, min(tick, s.Last()))
			var end func(*model.Index)
			if lean != nil {
				h.Lean(at, lean.Select)
				// The picture's trails are the only samples before its
				// tick that its frame reads (store.History.LeanTrail).
				trail, _ := overlay.TrailFrom(at, r.Info.TickRate)
				h.LeanTrail(trail)
				sel := lean.Select
				end = func(x *model.Index) {
					if sel == 0 {
						sel = MostEventful(h, x)
					}
					h.EndLean(sel)
				}
			}
			if s.picture {
				// The window does not touch its Source before the whole
				// run is pre-run, so the branch is made on the pre-run's
				// goroutine while the window opens (prerunPicture).
				go func() { s.finished <- prerunPicture(ctx, r, h, at, end) }()
				continue
			}
			// The branch is made here, on the window's goroutine, which
			// owns the Source it branches from.
			p, err := model.NewPrerunner(r.Src, h)
			if err != nil {
				cancel()
				return nil, err
			}
			go func() { s.finished <- prerunLive(ctx, r, p, h, false, end) }()
		}
	} else {
		go func() { s.finished <- s.prerunAll(ctx) }()
	}
	return s, nil
}

// prerunLive runs on its own goroutine: r's branch (p, recording into h)
// to the end, publishing its records every publishTicks ticks and
// whenever it has caught up with the reading of a growing input — of a
// picture's session, only at the end, the log indexed as often beside the
// next ticks (model.Prerunner.IndexBehind) — after end, when not nil, has
// had the whole index.
func prerunLive(ctx context.Context, r *Run, p *model.Prerunner, h *model.History, picture bool, end func(*model.Index)) error {
	published := -1
	publish := func() {
		if picture {
			// Nothing reads the index before the end: it is extended
			// beside the pre-run's next ticks.
			p.IndexBehind()
		} else {
			r.pub.Store(&records{hist: h.Clone(), index: p.Index().Clone(), tick: p.Tick()})
		}
		r.done.Store(int64(p.Tick()))
		published = p.Tick()
	}
	defer p.Settle() // a pre-run cut short leaves no indexing behind
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
		page.Yield() // in a browser, the window's frames between the pre-run's steps
	}
	x, err := p.Finish()
	if err != nil {
		return err
	}
	if end != nil {
		end(x)
	}
	r.pub.Store(&records{hist: h, index: x, tick: p.Tick(), complete: true})
	r.done.Store(int64(p.Tick()))
	return nil
}

// prerunPicture is a picture's prerunLive, the branch of r's Source made
// first on this goroutine (model.NewPrerunner: a second Sim over the
// store, stepped to tick 0 and recorded), keeping the checkpoint a seek to
// keep restores: the window's goroutine opens the window meanwhile, and
// reads r's Source only once the pre-run is done (Update waits for Ready).
func prerunPicture(ctx context.Context, r *Run, h *model.History, keep int, end func(*model.Index)) error {
	p, err := model.NewPrerunner(r.Src, h)
	if err != nil {
		return err
	}
	p.KeepFor(keep)
	return prerunLive(ctx, r, p, h, true, end)
}

// prerunAll runs on its own goroutine: every run to its end on the run's
// own Source, its event log indexed.
func (s *Session) prerunAll(ctx context.Context) error {
	for _, r := range s.Runs {
		x, err := model.Prerun(ctx, r.Src, r.Hist, func(done, total int) {
			r.done.Store(int64(done))
			page.Yield() // in a browser, the window's frames (its progress) between the pre-run's steps
		})
		if err != nil {
			return err
		}
		r.Index = x
		r.Src.Snapshot(&r.Snap)
	}
	return nil
}

// Poll takes what the pre-run has published, and reports whether the
// runs may be viewed: at once when live, otherwise once the pre-run has
// finished.
func (s *Session) Poll() bool {
	if s.Live {
		s.Frontier = -1
		complete := true
		for _, r := range s.Runs {
			if g, ok := r.Src.(model.Growing); ok && g.Refresh() {
				s.Grew = true
			}
			rec := r.pub.Load()
			if rec == nil {
				s.Frontier, complete = 0, false
				continue
			}
			r.Hist, r.Index = rec.hist, rec.index
			if t := s.frontierOf(r, rec.tick, rec.complete); s.Frontier < 0 || t < s.Frontier {
				s.Frontier = t
			}
			complete = complete && rec.complete
		}
		s.Frontier = max(s.Frontier, 0)
		for s.pending > 0 {
			select {
			case err := <-s.finished:
				s.pending--
				if err != nil && s.Err == nil {
					s.Err = err
				}
				continue
			default:
			}
			break
		}
		s.Ready = s.pending == 0 && complete || s.Err != nil
		if s.Ready && !s.Full {
			s.Full = true
			s.BuildTerrain()
			page.Mark("pre-run") // the web viewer's page (ui/page)
		}
		return true
	}
	if s.Ready {
		return true
	}
	select {
	case err := <-s.finished:
		s.pending--
		s.Ready, s.Err = true, err
		s.Frontier = s.Last()
		if err == nil {
			s.BuildTerrain()
			s.Full = true
			page.Mark("pre-run") // the web viewer's page (ui/page)
		}
		return true
	default:
		return false
	}
}

// BuildTerrain builds the terrain around what the selected run's history
// holds so far (or, before any, its snapshot). A terrain that cannot be
// drawn (heights that are not finite, say) leaves the viewport without
// ground rather than the viewer closed.
func (s *Session) BuildTerrain() {
	r := s.Runs[0]
	h := r.Hist
	if _, _, ok := h.Bounds(); !ok {
		h = model.NewHistory()
		model.Record(h, &r.Snap)
	}
	if t, err := buildTerrain(r.Info.World, h); err == nil {
		s.Terrain = t
	}
}

// Progress is the pre-run's fraction done (of what has been read, while
// the input is read).
func (s *Session) Progress() float64 {
	var done, total int64
	for _, r := range s.Runs {
		done += r.done.Load()
		total += int64(r.Info.LastTick)
	}
	return float64(done) / float64(max(total, 1))
}

// Growing reports whether an input is still being read, and how far:
// bytes read, the inputs' size (0: not known), and the problem that
// stopped a reading, if one did. The readings of one input share a store,
// counted once.
func (s *Session) Growing() (on bool, read, size int64, err error) {
	var seen []any // the inputs' stores, each counted once (lookups only)
	for _, r := range s.Runs {
		g, ok := r.Src.(model.Growing)
		if !ok {
			continue
		}
		if st := StoreOf(r.Src); st != nil {
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

// CaughtUp reports whether a followed input has been read to the end of
// what is written so far and every run's records reach what was read.
func (s *Session) CaughtUp() bool {
	for _, r := range s.Runs {
		g, ok := r.Src.(model.Growing)
		if !ok {
			continue
		}
		tick, complete := g.Readable()
		if !complete && !FollowIdle(r.Src, r.Info.File) {
			return false
		}
		if rec := r.pub.Load(); rec == nil || !rec.complete && rec.tick < min(tick, r.Info.LastTick) {
			return false
		}
	}
	return true
}

// Wait blocks until the pre-run has finished (for screenshots and tests);
// when following a file, until it has caught up with what is written.
func (s *Session) Wait() error {
	if s.Follow {
		for s.Poll(); !s.CaughtUp() && s.Err == nil; s.Poll() {
			time.Sleep(time.Millisecond)
		}
		s.Poll() // Info up to what the records reach
		return s.Err
	}
	if s.Ready && (!s.Live || s.Full) {
		return s.Err
	}
	for ; s.pending > 0; s.pending-- {
		if err := <-s.finished; err != nil && s.Err == nil {
			s.Err = err
		}
	}
	if s.Live {
		s.Poll()
	}
	s.Ready = true
	if !s.Live && s.Err == nil && !s.Full {
		s.Frontier = s.Last()
		s.BuildTerrain()
		s.Full = true
	}
	return s.Err
}

// Close stops a pre-run still going, and the reading of its input.
func (s *Session) Close() {
	s.cancel()
	for _, r := range s.Runs {
		if g, ok := r.Src.(model.Growing); ok {
			g.StopReading()
		}
	}
}

// Cur is the selected reading's run.
func (s *Session) Cur() *Run { return s.Runs[s.Sel] }

// Reach is the furthest tick the cursor may go to now: the runs' last
// tick once pre-run, else the pre-run's frontier — scrubbing past it waits
// for the pre-run.
func (s *Session) Reach() int {
	if s.Ready {
		return s.Last()
	}
	return s.Frontier
}

// Seek brings every run to the cursor's tick (its own, TickOf) and
// refreshes its snapshot. Short steps
// forward are stepped; anything else goes through the engine's checkpoints.
func (s *Session) Seek(cursor int) error {
	for _, r := range s.Runs {
		tick := s.TickOf(r, cursor)
		if r.Src.Tick() == tick && r.Snap.Tick == tick {
			continue
		}
		switch d := tick - r.Src.Tick(); {
		case d > 0 && d <= MaxStepAhead:
			for range d {
				r.Src.Step()
			}
		case d != 0:
			if err := r.Src.Seek(tick); err != nil {
				return err
			}
		}
		r.Src.Snapshot(&r.Snap)
	}
	return nil
}

// SeekAhead brings a picture's runs (NewPicture) to the picture's tick
// (the strip's, clamped as Playback.Begin clamps it) once their pre-run
// has passed it and before it ends, so that the window's seek there once
// the pre-run is done finds them there and has nothing to do. The window
// calls it while it waits: the seek restores the checkpoint the pre-run
// keeps for that tick (model.Keeper) and re-simulates from it on the
// window's goroutine, while the pre-run steps on the others; a Sim's
// seek is exact, so the state and the snapshot are the ones the seek
// after the pre-run takes. It reports whether this call brought the runs
// there; it does nothing for other sessions, before the pre-run has
// passed the tick, or once tried (a seek that failed is left to the one
// after the pre-run, which meets the problem as before).
func (s *Session) SeekAhead() bool {
	if !s.picture || !s.Live || s.Ready || s.Err != nil || s.ahead {
		return false
	}
	for _, r := range s.Runs {
		// done is first stored once the branch is made and its first
		// ticks stepped: the window's Source is the window's from then
		// on (prerunPicture).
		if d := r.done.Load(); d <= 0 || d < int64(s.TickOf(r, s.at)) {
			return false
		}
	}
	s.ahead = true
	return s.Seek(s.at) == nil
}

// MaxStepAhead is the most ticks a seek forward steps rather than restoring
// a checkpoint.
const MaxStepAhead = 8
