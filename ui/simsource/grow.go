// Growing: a Source over an event store still being read (engine.GrowEvents)
// — a large file shown from its first frame while the rest is read behind
// it, or a file being written (viewer -follow). Its Info grows as the store
// fills: the run known so far ends at the last tick whose events are all
// read, and once the input is all read, TailSeconds after its last event,
// exactly as if it had been read whole.

package simsource

import (
	"context"
	"errors"

	"glidepath/engine"
	"glidepath/engine/loader"
	"glidepath/ui/model"
)

var _ model.Growing = (*Source)(nil)

// GrowEvents opens the input into an event store that a goroutine goes on
// filling (engine.GrowEvents): it returns once the header is read and
// checked. The built-in scenario (no path) is compiled and read whole.
func GrowEvents(spec Spec) (*engine.EventStore, error) {
	if spec.Assets == nil {
		return nil, errors.New("simsource: no assets tree")
	}
	if spec.Path == "" {
		return LoadEvents(spec)
	}
	return engine.GrowEvents(spec.Path, spec.Assets, loader.LoadOptions{Follow: spec.Follow, Capture: spec.Capture, Ahead: spec.Whole})
}

// How much of the input is read before its first frame: a file of up to
// wholeBelow bytes is read whole (a second or less, and a problem anywhere
// in it is then reported before any window opens); of a larger one, the
// share that lets the run's length be estimated from it (for sizing the
// history and checkpoints): 1/64 of the file, up to 4 MiB.
const (
	wholeBelow    = 8 << 20
	estimateShare = 64
	estimateMax   = 4 << 20
)

// AwaitFirstFrame waits until st holds every event the frame at tick needs
// and the share of the input above; it returns the problem that stopped
// the reading, if it stopped before.
func AwaitFirstFrame(ctx context.Context, st *engine.EventStore, tick int) error {
	if err := st.Wait(ctx, tick); err != nil {
		return err
	}
	for !st.Complete() {
		read, size := st.Progress()
		if size <= 0 || size > wholeBelow && read >= min(size/estimateShare, estimateMax) {
			break
		}
		if err := st.Wait(ctx, st.Through()+1); err != nil {
			return err
		}
	}
	return st.Err()
}

// Readable is the last tick whose events are all read, and whether the
// input is all read (model.Growing).
func (s *Source) Readable() (int, bool) {
	if s.complete {
		return s.info.LastTick, true
	}
	through := s.store.Through()
	if s.store.Complete() {
		return s.sim.LastTick(), true
	}
	return through, false
}

// WaitReadable blocks until tick is read or the input is all read.
func (s *Source) WaitReadable(ctx context.Context, tick int) error {
	if s.complete {
		return nil
	}
	return s.store.Wait(ctx, tick)
}

// Refresh brings Info up to the store: the run so far ends at the last
// tick read whole (TailSeconds past the last event once all is read).
func (s *Source) Refresh() bool {
	if s.complete {
		return false
	}
	// Complete first: what is read after it is then all there is.
	complete := s.store.Complete()
	last := s.sim.LastTick()
	if !complete {
		last = min(last, s.store.Through())
	}
	notes := s.store.Notes()
	objects := s.store.Objects()
	changed := last != s.info.LastTick || objects != s.info.Objects || len(notes) != len(s.info.Notes)
	s.info.LastTick, s.info.Objects = last, objects
	s.info.Notes = append(s.info.Notes, notes[len(s.info.Notes):]...)
	s.notes = s.store.NoteEvents()
	s.complete = complete
	return changed || complete
}

// ReadProgress is how far the reading has got (model.Growing).
func (s *Source) ReadProgress() (read, size int64, err error) {
	read, size = s.store.Progress()
	return read, size, s.store.Err()
}

// ExpectedTicks estimates the run's length while the input is read.
func (s *Source) ExpectedTicks() int {
	if s.complete {
		return s.info.LastTick
	}
	return max(s.store.EstimateTicks(), s.info.LastTick)
}

// StopReading ends the store's reading (model.Growing).
func (s *Source) StopReading() { s.store.Stop() }

// Store is the events the run reads.
func (s *Source) Store() *engine.EventStore { return s.store }
