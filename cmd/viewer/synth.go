//go:build !js

// The synth subcommand: write the synthetic crowd recording the benchmarks
// use (docs/benchmarks.md), so anyone can reproduce the figures or load-test
// their own client. The recording is generated and written as a stream —
// memory stays flat however long it is — into a temporary file beside the
// target, renamed over it only when complete.

package main

import (
	"compress/gzip"
	"io"
	"strings"

	"glidepath/assets"
	"glidepath/engine/recording"
	"glidepath/engine/scenario"
	"glidepath/internal/cli"
)

const synthSynopsis = "viewer synth -objects N -minutes M [-interval S] [-seed N] -o FILE"

func runSynth(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("synth", synthSynopsis, stderr)
	var o scenario.SynthOptions
	fs.IntVar(&o.Objects, "objects", 0, "the number of remotes `N` (1–10000)")
	fs.Float64Var(&o.Minutes, "minutes", 0, "the recording's length in minutes `M` (at most 48 h)")
	fs.Float64Var(&o.Interval, "interval", scenario.SynthDefaultInterval, "seconds `S` between one remote's updates")
	fs.Uint64Var(&o.Seed, "seed", 1, "the seed `N` every random draw comes from")
	out := fs.String("o", "", "write the recording to `FILE` (gzip when it ends in .gz)")
	files, err := parseInterspersed(fs, args)
	if err != nil {
		return err
	}
	switch {
	case len(files) != 0:
		fs.Usage()
		return cli.BadInput("synth: unexpected argument %q", files[0])
	case *out == "":
		fs.Usage()
		return cli.BadInput("synth: -o FILE is required")
	}
	if err := cli.CheckOutputs("synth", nil, cli.Output{Flag: "-o", Path: *out}); err != nil {
		return err
	}
	if !(o.Interval > 0) {
		return cli.BadInput("synth: -interval %v: want a positive number of seconds", o.Interval)
	}
	s, err := scenario.Synth(o, assets.FS())
	if err != nil {
		return cli.BadInput("synth: -%v", err)
	}
	return cli.WriteAtomically(*out, func(w io.Writer) error {
		var zw *gzip.Writer
		if strings.HasSuffix(*out, ".gz") {
			zw = gzip.NewWriter(w)
			w = zw
		}
		var rw *recording.Writer
		err := s.Stream(func(h *recording.Header) error {
			var err error
			rw, err = recording.NewWriter(*out, w, h)
			return err
		}, func(ev *recording.Event) error {
			return rw.Write(ev)
		})
		if err == nil {
			err = rw.Flush()
		}
		if err == nil && zw != nil {
			err = zw.Close()
		}
		return err
	})
}
