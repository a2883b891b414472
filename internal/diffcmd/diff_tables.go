// Tables from viewer diff: -states, -events and -metrics write the retail
// run's Tables v1 (docs/formats.md), tick by tick as the comparison steps
// it — the tables viewer run would write for the same input and reading.

package diffcmd

import (
	"glidepath/engine"
	"glidepath/engine/report"
	"glidepath/internal/tablesroute"
)

// diffTables are the table files of diff's run; a nil *diffTables writes
// nothing.
type diffTables struct {
	files *tablesroute.Files
	c     *engine.Compare
	tw    *engine.TableWriter
	input string
}

// startDiffTables starts the tables o names for sim's run, or returns nil
// when none was asked for.
func startDiffTables(o *tablesroute.Options, sim *engine.Sim, input string) (*diffTables, error) {
	if !o.Any() {
		return nil, nil
	}
	files, err := o.Create()
	if err != nil {
		return nil, err
	}
	d := &diffTables{files: files, c: engine.CompareOf(sim), input: input}
	if d.tw, err = files.Sink(d.c, input); err != nil {
		files.Abort()
		return nil, err
	}
	if d.tw != nil {
		d.tw.DropCauses() // the run's causes are the table's alone
	}
	return d, nil
}

// hook wraps diff's per-tick callback so that it also writes the tick.
func (d *diffTables) hook(next func(tick int) error) func(tick int) error {
	if d == nil || d.tw == nil {
		return next
	}
	return func(tick int) error {
		if err := next(tick); err != nil {
			return err
		}
		return d.tw.WriteTick()
	}
}

// finish writes the metrics table and puts every table under its name.
func (d *diffTables) finish() error {
	if d == nil {
		return nil
	}
	if d.tw != nil {
		if err := d.tw.Flush(); err != nil {
			return err
		}
	}
	return d.files.Finish(report.NewReport(d.input, d.c), d.input)
}

// abort removes the tables not yet finished.
func (d *diffTables) abort() {
	if d != nil {
		d.files.Abort()
	}
}
