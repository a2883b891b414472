//go:build !js

// The whatif subcommand: a recording, scenario or capture delivered again
// under changed network conditions and/or with reading choices or retail
// constants overridden, run beside the original in one pass, its metrics
// printed side by side with their deltas (engine/whatif; docs/viewer.md
// "What-if, shrink and evidence packs").

package main

import (
	"io"
	"strings"

	"glidepath/engine/tables"
	"glidepath/engine/whatif"
	"glidepath/internal/cli"
	"glidepath/internal/cmdinput"
	"glidepath/internal/whatifcmd"
	"glidepath/interp"
)

const whatifSynopsis = "viewer whatif [-latency D] [-jitter D] [-loss P] [-reorder P] [-cadence D] [-reading NAME] [-set NAME=VALUE]... [-seed N] [-json] [-metrics FILE] [-server-port N] [-player GUID] [-truth-from CAPTURE]... FILE"

func runWhatif(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("whatif", whatifSynopsis, stderr)
	o := whatifcmd.Options{Conds: whatifcmd.Conds()}
	for _, c := range o.Conds {
		what := "added delay `D` (150ms, 2s), or a sweep FROM..TO/STEP"
		switch c.Name {
		case "jitter":
			what = "a further delay drawn in [0, `D`], or a sweep FROM..TO/STEP"
		case "loss":
			what = "the chance `P` (5% or 0.05) that an UpdatePosition is lost, or a sweep"
		case "reorder":
			what = "the chance `P` that an UpdatePosition is held back past the next one (judged stale), or a sweep"
		case "cadence":
			what = "keep at most one UpdatePosition per object per `D`, or a sweep"
		}
		fs.Var(c, c.Name, what)
	}
	fs.StringVar(&o.Reading, "reading", interp.DefaultReadingName, "the reading of both runs: "+strings.Join(interp.ReadingNames(), ", ")+", optionally +OPTION...")
	fs.Var(&o.Sets, "set", "override a reading field or a retail constant in the what-if run, `NAME=VALUE` (repeatable); reading fields: "+
		strings.Join(whatif.ReadingFieldNames(), ", ")+"; constants (a number above 0; frames a whole number): "+strings.Join(interp.ConstantNames(), ", "))
	fs.Uint64Var(&o.Seed, "seed", 1, "seed the network draws with `N`")
	fs.BoolVar(&o.JSON, "json", false, "print the comparison as JSON")
	fs.StringVar(&o.Metrics, "metrics", "", "write the metrics table (Tables v1; a sweep writes one block of rows per setting, the reading column naming it) to `FILE` (.csv, .csv.gz or .parquet)")
	var cf cmdinput.CaptureFlags
	cf.Add(fs)
	file, err := parseOne(fs, args, anyInput)
	if err != nil {
		return err
	}
	base, err := interp.One(o.Reading)
	if err != nil {
		return cli.BadInput("whatif: -reading: %v", err)
	}
	changed, consts := base, interp.RetailConstants()
	for _, s := range o.Sets {
		name, value, _ := strings.Cut(s, "=")
		if err := whatif.Set(&changed, &consts, name, value); err != nil {
			// whatif.Set's error names the field (and value) itself.
			return cli.BadInput("whatif: -set %s", strings.TrimPrefix(err.Error(), "whatif: "))
		}
	}
	var sweep *whatifcmd.CondFlag
	for _, c := range o.Conds {
		if c.IsSweep() {
			if sweep != nil {
				return cli.BadInput("whatif: -%s and -%s are both sweeps; sweep one flag at a time", sweep.Name, c.Name)
			}
			sweep = c
		}
	}
	if sweep != nil && o.JSON {
		return cli.BadInput("whatif: -json prints one comparison; the sweep -%s %s writes its rows to -metrics FILE and one summary line per setting", sweep.Name, sweep.Raw)
	}
	if sweep != nil && o.Metrics == "" {
		return cli.BadInput("whatif: the sweep -%s %s writes one row per setting: name the table with -metrics FILE", sweep.Name, sweep.Raw)
	}
	if o.Metrics != "" {
		if _, err := tables.FormatOf(o.Metrics); err != nil {
			return cli.BadInput("whatif: -metrics %s: %v", o.Metrics, err)
		}
		if err := cli.CheckOutputs("whatif", cf.Inputs([]string{file}), cli.Output{Flag: "-metrics", Path: o.Metrics}); err != nil {
			return err
		}
	}
	copts, err := cf.Options()
	if err != nil {
		return err
	}
	return whatifcmd.Run(file, &o, whatifcmd.Plan{Sweep: sweep, Base: base, Changed: changed, Consts: consts, Capture: copts}, stdout, stderr)
}
