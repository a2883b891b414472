// The session: the runs being viewed (one per reading), their records, the
// pre-run that fills those records off the window's update loop with its
// progress, and keeping every run at the cursor.

package ui

import (
	"context"
	"fmt"
	"image/color"
	"sync/atomic"

	"glidepath/ui/model"
	"glidepath/ui/overlay"
	"glidepath/ui/render"
)

// run is one reading's run.
type run struct {
	src   model.Source
	info  *model.Info
	hist  *model.History
	index *model.Index
	snap  model.Snapshot
	color color.RGBA
}

// session holds the runs. Until loaded reports true, the pre-run goroutine
// owns the runs and only the progress may be read.
type session struct {
	runs    []*run
	sel     int // the selected reading
	terrain *render.Terrain

	done, total atomic.Int64
	finished    chan error
	ready       bool
	err         error
	cancel      context.CancelFunc
}

// newSession starts pre-running srcs in the background.
func newSession(srcs []model.Source) (*session, error) {
	if len(srcs) == 0 {
		return nil, fmt.Errorf("ui: nothing to view")
	}
	s := &session{finished: make(chan error, 1)}
	var total int64
	for i, src := range srcs {
		s.runs = append(s.runs, &run{src: src, info: src.Info(), hist: model.NewHistory(), color: overlay.ReadingColor(i)})
		total += int64(src.Info().LastTick)
	}
	s.total.Store(max(total, 1))
	ctx, cancel := context.WithCancel(context.Background())
	s.cancel = cancel
	go func() { s.finished <- s.prerun(ctx) }()
	return s, nil
}

// prerun runs on its own goroutine: every run to its end, its event log
// indexed, and the terrain built.
func (s *session) prerun(ctx context.Context) error {
	var base int64
	for _, r := range s.runs {
		err := model.Prerun(ctx, r.src, r.hist, func(done, total int) {
			s.done.Store(base + int64(done))
		})
		if err != nil {
			return err
		}
		base += int64(r.info.LastTick)
		r.index = model.NewIndex(r.src.Events())
		r.src.Snapshot(&r.snap)
	}
	// A terrain that cannot be drawn (heights that are not finite, say)
	// leaves the viewport without ground rather than the viewer closed.
	if t, err := buildTerrain(s.runs[0].info.World, s.runs[0].hist); err == nil {
		s.terrain = t
	}
	return nil
}

// poll reports whether the pre-run has finished, taking over the runs when
// it has.
func (s *session) poll() bool {
	if s.ready {
		return true
	}
	select {
	case err := <-s.finished:
		s.ready, s.err = true, err
		return true
	default:
		return false
	}
}

// progress is the pre-run's fraction done.
func (s *session) progress() float64 {
	return float64(s.done.Load()) / float64(s.total.Load())
}

// wait blocks until the pre-run has finished (for screenshots and tests).
func (s *session) wait() error {
	if !s.ready {
		s.err = <-s.finished
		s.ready = true
	}
	return s.err
}

// close stops a pre-run still going.
func (s *session) close() { s.cancel() }

// cur is the selected reading's run.
func (s *session) cur() *run { return s.runs[s.sel] }

// seek brings every run to tick and refreshes its snapshot. Short steps
// forward are stepped; anything else goes through the engine's checkpoints.
func (s *session) seek(tick int) error {
	for _, r := range s.runs {
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
