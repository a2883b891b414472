// The first divergence of `viewer run -compare`: the runs are stepped a
// tick at a time and compared (report.DifferenceFinder) until their states
// first differ, then in batches as before.

package runcmd

import (
	"glidepath/engine"
	"glidepath/engine/report"
	"glidepath/internal/cli"
)

// findFirstDifference steps c a tick at a time, comparing its runs after
// each, until they differ or the run ends.
func findFirstDifference(c *engine.Compare, d *report.DifferenceFinder) error {
	for !d.Found() {
		if err := d.WriteTick(); err != nil {
			return err
		}
		if d.Found() || c.Done() {
			return nil
		}
		if err := cli.Stopped("tick %d", c.Tick()); err != nil {
			return err
		}
		// Each run steps on a core of its own, as in the batches after.
		c.Advance(1)
		if c.Err() != nil {
			return nil // reported by the caller, as for any run
		}
	}
	return nil
}
