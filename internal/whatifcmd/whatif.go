// Package whatifcmd is the work of viewer whatif: an input run beside
// itself under changed network conditions (-latency, -jitter, -loss,
// -reorder, -cadence, once or swept) or changed reading fields and
// constants (-set), and the two runs' metrics compared (docs/analysis.md).
package whatifcmd

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"glidepath/engine/loader"
	"glidepath/engine/report"

	"glidepath/assets"
	"glidepath/engine"
	"glidepath/engine/capture"
	"glidepath/engine/tables"
	"glidepath/engine/whatif"
	"glidepath/internal/cli"
	"glidepath/internal/cmdinput"
	"glidepath/internal/runcmd"
	"glidepath/internal/tablesroute"
	"glidepath/interp"
)

// Options are the whatif subcommand's flags.
type Options struct {
	Conds   []*CondFlag
	Reading string
	Sets    SetList
	Seed    uint64
	JSON    bool
	Metrics string
}

// errorNote is a sweep line's error mean, when the input has truth.
func errorNote(s *whatifSide) string {
	if s.Delta.ErrorMean == nil {
		return ""
	}
	return fmt.Sprintf("  error mean %.3f→%.3f m", *s.Original.ErrorMean, *s.WhatIf.ErrorMean)
}

// pairSteps steps a pair's runs together up to tick last (RunTicks).
type pairSteps struct {
	*engine.Compare
	last int
}

func (p pairSteps) Done() bool { return p.Tick() >= p.last || p.Compare.Done() }
func (p pairSteps) Step()      { p.Advance(min(tablesroute.BatchTicks, p.last-p.Tick())) }

// Plan is what the whatif flags resolved to: the one flag swept (nil
// for none), the two runs' readings, the what-if run's constants and how a
// capture input is read.
type Plan struct {
	Sweep         *CondFlag
	Base, Changed interp.Reading
	Consts        interp.Constants
	Capture       capture.Options
}

// Run runs file beside itself under the conditions o and p
// name, once or once per setting of the sweep, and prints the comparison
// (and writes the metrics table o names).
func Run(file string, o *Options, p Plan, stdout, stderr io.Writer) error {
	rec, err := cmdinput.ReadInput(file, loader.LoadOptions{Capture: p.Capture})
	if err != nil {
		return err
	}
	settings := []float64{0}
	if p.Sweep != nil {
		settings, _ = p.Sweep.Values()
	}
	var table tables.Writer[tables.Metrics]
	if o.Metrics != "" {
		if table, err = tables.Create[tables.Metrics](o.Metrics, tables.Options{}); err != nil {
			return err
		}
		defer table.Abort()
	}
	input := cmdinput.TraceInputName(file)
	var bar cli.FrameProgress
	if p.Sweep != nil {
		bar = cli.NewFrameProgress(stderr, len(settings), "what-if settings")
		defer bar.Finish()
	}
	for i, v := range settings {
		c := whatif.Conditions{Seed: o.Seed}
		var label []string
		for _, f := range o.Conds {
			vs, _ := f.Values()
			if f == p.Sweep {
				vs = []float64{v}
			}
			if len(vs) == 1 {
				f.Apply(&c, vs[0])
				label = append(label, f.Name+"="+f.Label(vs[0]))
			}
		}
		label = append(label, o.Sets...)
		if err := c.Check(); err != nil {
			return cli.BadInput("whatif: %v", err)
		}
		cmp, st, err := whatif.NewPairConstants(rec, p.Base, p.Changed, p.Consts, c, engine.Options{Assets: assets.FS(), Metrics: true})
		if err != nil {
			return cli.UsageError{Err: err}
		}
		// Both runs to the original's last tick: the columns compare the
		// same ticks, and the original's are exactly viewer run's.
		same := whatif.SameTicks(cmp)
		if err := runcmd.RunTicks(pairSteps{cmp, same}); err != nil {
			return err
		}
		rep := report.NewReport(input, cmp)
		if i == 0 { // the original's ground, once
			cmdinput.WarnFloor(stderr, cmp.Sims()[0])
		}
		var full *report.Report
		if cmp.Sims()[1].LastTick() > same {
			// The what-if run's delayed tail, counted apart.
			if err := runcmd.RunTicks(runcmd.CompareBatches{Compare: cmp}); err != nil {
				return err
			}
			full = report.NewReport(input, cmp)
		}
		setting := strings.Join(label, " ")
		if table != nil {
			rows := report.MetricsRows(rep, input)
			var keep []tables.Metrics
			for _, r := range rows {
				switch {
				case strings.HasSuffix(r.Reading, whatif.ChangedSuffix):
					if setting != "" {
						r.Reading += " " + setting
					}
					keep = append(keep, r)
				case i == 0: // the original's rows once, before the settings
					keep = append(keep, r)
				}
			}
			if err := table.Write(keep); err != nil {
				return err
			}
		}
		cmpOut := newWhatifReport(rep, setting, o.Seed, st)
		cmpOut.Ticks = newWhatifTicks(rep, full, same, cmp.Sims()[1].LastTick())
		if p.Sweep != nil {
			bar.Add()
			all := &cmpOut.All
			fmt.Fprintf(stdout, "%-24s blips %d→%d  snaps %d→%d  pops %d→%d  hitches %d→%d%s%s\n", setting,
				all.Original.Blips, all.WhatIf.Blips, all.Original.Snaps, all.WhatIf.Snaps,
				all.Original.Pops, all.WhatIf.Pops, all.Original.Hitches, all.WhatIf.Hitches, errorNote(all), cmpOut.Ticks.tailNote())
			continue
		}
		if o.JSON {
			enc := json.NewEncoder(stdout)
			enc.SetIndent("", "  ")
			if err := enc.Encode(cmpOut); err != nil {
				return err
			}
		} else if err := cmpOut.writeText(stdout); err != nil {
			return err
		}
	}
	if table != nil {
		return table.Close()
	}
	return nil
}
