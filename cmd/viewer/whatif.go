// The whatif subcommand: a recording, scenario or capture delivered again
// under changed network conditions and/or with reading choices or retail
// constants overridden, run beside the original in one pass, its metrics
// printed side by side with their deltas (engine/whatif; docs/viewer.md
// "What-if, shrink and evidence packs").

package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"glidepath/assets"
	"glidepath/engine"
	"glidepath/engine/loader"
	"glidepath/engine/report"
	"glidepath/engine/tables"
	"glidepath/engine/whatif"
	"glidepath/interp"
)

const whatifSynopsis = "viewer whatif [-latency D] [-jitter D] [-loss P] [-reorder P] [-cadence D] [-reading NAME] [-set NAME=VALUE]... [-seed N] [-json] [-metrics FILE] [-server-port N] [-player GUID] FILE"

// whatifOptions are the whatif subcommand's flags.
type whatifOptions struct {
	conds   []*condFlag
	reading string
	sets    setList
	seed    uint64
	json    bool
	metrics string
}

func runWhatif(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("whatif", whatifSynopsis, stderr)
	o := whatifOptions{conds: whatifConds()}
	for _, c := range o.conds {
		what := "added delay `D` (150ms, 2s), or a sweep FROM..TO/STEP"
		switch c.name {
		case "jitter":
			what = "a further delay drawn in [0, `D`], or a sweep FROM..TO/STEP"
		case "loss":
			what = "the chance `P` (5% or 0.05) that an UpdatePosition is lost, or a sweep"
		case "reorder":
			what = "the chance `P` that an UpdatePosition is held back past the next one (judged stale), or a sweep"
		case "cadence":
			what = "keep at most one UpdatePosition per object per `D`, or a sweep"
		}
		fs.Var(c, c.name, what)
	}
	fs.StringVar(&o.reading, "reading", interp.DefaultReadingName, "the reading of both runs: "+strings.Join(interp.ReadingNames(), ", ")+", optionally +OPTION...")
	fs.Var(&o.sets, "set", "override a reading field or a retail constant in the what-if run, `NAME=VALUE` (repeatable); reading fields: "+
		strings.Join(whatif.ReadingFieldNames(), ", ")+"; constants (a number above 0; frames a whole number): "+strings.Join(interp.ConstantNames(), ", "))
	fs.Uint64Var(&o.seed, "seed", 1, "seed the network draws with `N`")
	fs.BoolVar(&o.json, "json", false, "print the comparison as JSON")
	fs.StringVar(&o.metrics, "metrics", "", "write the metrics table (Tables v1; a sweep writes one block of rows per setting, the reading column naming it) to `FILE` (.csv, .csv.gz or .parquet)")
	var cf captureFlags
	cf.add(fs)
	files, err := parseInterspersed(fs, args)
	if err != nil {
		return err
	}
	if len(files) != 1 {
		fs.Usage()
		return badInput("whatif: want one FILE (a recording, a scenario or a capture), got %d", len(files))
	}
	base, err := interp.ReadingByName(o.reading)
	if err != nil {
		return badInput("whatif: -reading: %v", err)
	}
	changed, consts := base, interp.RetailConstants()
	for _, s := range o.sets {
		name, value, _ := strings.Cut(s, "=")
		if err := whatif.Set(&changed, &consts, name, value); err != nil {
			return badInput("whatif: -set %s: %v", s, err)
		}
	}
	var sweep *condFlag
	for _, c := range o.conds {
		if c.isSweep() {
			if sweep != nil {
				return badInput("whatif: -%s and -%s are both sweeps; sweep one flag at a time", sweep.name, c.name)
			}
			sweep = c
		}
	}
	if sweep != nil && o.json {
		return badInput("whatif: -json prints one comparison; the sweep -%s %s writes its rows to -metrics FILE and one summary line per setting", sweep.name, sweep.raw)
	}
	if sweep != nil && o.metrics == "" {
		return badInput("whatif: the sweep -%s %s writes one row per setting: name the table with -metrics FILE", sweep.name, sweep.raw)
	}
	if o.metrics != "" {
		if _, err := tables.FormatOf(o.metrics); err != nil {
			return badInput("whatif: -metrics %s: %v", o.metrics, err)
		}
		if err := checkOutputs("whatif", files[:1], output{"-metrics", o.metrics}); err != nil {
			return err
		}
	}
	copts, err := cf.options()
	if err != nil {
		return err
	}
	rec, err := readInput(files[0], loader.LoadOptions{Capture: copts})
	if err != nil {
		return err
	}
	settings := []float64{0}
	if sweep != nil {
		settings, _ = sweep.values()
	}
	var table tables.Writer[tables.Metrics]
	if o.metrics != "" {
		if table, err = tables.Create[tables.Metrics](o.metrics, tables.Options{}); err != nil {
			return err
		}
		defer table.Abort()
	}
	input := traceInputName(files[0])
	var bar frameProgress
	if sweep != nil {
		bar = newFrameProgress(stderr, len(settings), "what-if settings")
		defer bar.finish()
	}
	for i, v := range settings {
		c := whatif.Conditions{Seed: o.seed}
		var label []string
		for _, f := range o.conds {
			vs, _ := f.values()
			if f == sweep {
				vs = []float64{v}
			}
			if len(vs) == 1 {
				f.set(&c, vs[0])
				label = append(label, f.name+"="+f.label(vs[0]))
			}
		}
		label = append(label, o.sets...)
		if err := c.Check(); err != nil {
			return badInput("whatif: %v", err)
		}
		cmp, st, err := whatif.NewPairConstants(rec, base, changed, consts, c, engine.Options{Assets: assets.FS(), Metrics: true})
		if err != nil {
			return usageError{err}
		}
		if err := runTicks(compareBatches{cmp}); err != nil {
			return err
		}
		rep := report.NewReport(input, cmp)
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
		cmpOut := newWhatifReport(rep, setting, o.seed, st)
		if sweep != nil {
			bar.add()
			all := &cmpOut.All
			fmt.Fprintf(stdout, "%-24s blips %d→%d  snaps %d→%d  pops %d→%d  hitches %d→%d%s\n", setting,
				all.Original.Blips, all.WhatIf.Blips, all.Original.Snaps, all.WhatIf.Snaps,
				all.Original.Pops, all.WhatIf.Pops, all.Original.Hitches, all.WhatIf.Hitches, errorNote(all))
			continue
		}
		if o.json {
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

// errorNote is a sweep line's error mean, when the input has truth.
func errorNote(s *whatifSide) string {
	if s.Delta.ErrorMean == nil {
		return ""
	}
	return fmt.Sprintf("  error mean %.3f→%.3f m", *s.Original.ErrorMean, *s.WhatIf.ErrorMean)
}
