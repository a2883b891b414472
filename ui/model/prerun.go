// Prerun: run a Source from its cursor to its last tick once, recording
// every tick in a History, so the timeline knows the whole run and scrubbing
// only ever seeks back. Progress is reported as it goes; the caller runs it
// off the window's update loop.

package model

import (
	"context"
)

// Progress receives how many ticks of total are done.
type Progress func(done, total int)

// Prerun steps src from tick 0 to its last tick, recording each tick's
// snapshot in h, then seeks back to tick 0. It reports progress every few
// ticks and stops early, returning ctx's error, when ctx is done.
func Prerun(ctx context.Context, src Source, h *History, progress Progress) error {
	if err := src.Seek(0); err != nil {
		return err
	}
	last := src.Info().LastTick
	var snap Snapshot
	src.Snapshot(&snap)
	h.Record(&snap)
	every := max(last/200, 1)
	for src.Tick() < last {
		if err := ctx.Err(); err != nil {
			return err
		}
		src.Step()
		src.Snapshot(&snap)
		h.Record(&snap)
		if progress != nil && (src.Tick()%every == 0 || src.Tick() == last) {
			progress(src.Tick(), last)
		}
	}
	return src.Seek(0)
}
