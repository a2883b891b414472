// viewer diff -vs TRACE_A TRACE_B: a second client trace (or Glidepath
// Trace v1) compared with a first in the retail run's place
// (clientdiff.Versus) — two builds of a client, or two readings' traces.
// The JSON is viewer diff's; the text names the traces A and B.

package diffcmd

import (
	"encoding/json"
	"errors"
	"flag"
	"io"
	"strconv"
	"strings"

	"glidepath/engine/clientdiff"
	"glidepath/engine/clienttrace"
	"glidepath/internal/cli"
	"glidepath/internal/plural"
)

// versusTickRate is the rate at which a trace that gives times ("t")
// rather than ticks is mapped to ticks under -vs: Recording v1's usual
// rate. A Glidepath trace gives its ticks.
const versusTickRate = 30

// Versus is viewer diff -vs: files are TRACE_A and TRACE_B.
func Versus(fs *flag.FlagSet, files []string, opts clientdiff.Options, asJSON bool, stdout io.Writer) error {
	for _, name := range []string{"reading", "server-port", "player", "states", "events", "metrics", "dat"} {
		if cli.IsSet(fs, name) {
			return cli.BadInput("diff: -vs compares two traces, with no run: -%s does not apply", name)
		}
	}
	if len(files) != 2 {
		fs.Usage()
		return cli.BadInput("diff: -vs wants TRACE_A and TRACE_B, got %s", plural.Count(len(files), "file"))
	}
	a, err := clienttrace.Open(files[0], versusTickRate)
	if err != nil {
		return cli.UsageError{Err: err}
	}
	defer a.Close()
	b, err := clienttrace.Open(files[1], a.TickRate())
	if err != nil {
		return cli.UsageError{Err: err}
	}
	defer b.Close()
	res, err := clientdiff.Versus(a, b, opts)
	if err != nil {
		var te *clienttrace.Error
		var ne *clientdiff.NothingComparedError
		if errors.As(err, &te) || errors.As(err, &ne) {
			return cli.UsageError{Err: err}
		}
		return err
	}
	if asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		err = enc.Encode(res)
	} else {
		err = writeVersusText(stdout, res)
	}
	if err != nil {
		return err
	}
	if res.Diverged {
		return cli.StatusError{Code: cli.ExitFailure}
	}
	return nil
}

// originText is an origin as clientText writes it.
func originText(o [3]float32) string {
	return strconv.FormatFloat(float64(o[0]), 'g', -1, 32) + ", " + strconv.FormatFloat(float64(o[1]), 'g', -1, 32) + ", " + strconv.FormatFloat(float64(o[2]), 'g', -1, 32)
}

// writeVersusText prints a -vs comparison: a line per object, and at each
// first divergence what A and B held there.
func writeVersusText(w io.Writer, r *clientdiff.Result) error {
	p := &cli.ErrWriter{W: w}
	p.Printf("diff -vs: A %s against B %s (%s), tolerance %s m\n", r.Input, r.Client, r.Format, m3(r.Tolerance))
	diverged := 0
	for _, o := range r.Objects {
		p.Printf("\n%s: %s compared, max error %s m (tick %d), mean %s m", o.GUID, plural.Count(o.Rows, "row"), m3(o.MaxError), o.MaxErrorTick, m3(o.MeanError))
		d := o.FirstDivergence
		if d == nil {
			p.Printf(", no divergence\n")
			continue
		}
		diverged++
		p.Printf("\n  first divergence at tick %d: %s, error %s m\n", d.Tick, strings.Join(d.Fields, ", "), m3(d.Error))
		p.Printf("  A: %s [%s]", d.Retail.Cell, originText(d.Retail.Origin))
		if d.Retail.Heading != nil {
			p.Printf(", heading %g", *d.Retail.Heading)
		}
		p.Printf(", queue %d, contact %v", d.Retail.Queue, d.Retail.Contact)
		if d.Retail.Branch != "" {
			p.Printf(", branch %s", d.Retail.Branch)
		}
		p.Printf("\n  B: %s (line %d)\n", clientText(&d.Client), d.Client.Line)
	}
	for _, m := range r.Missing.Objects {
		p.Printf("  %s: in A, never in B\n", m.GUID)
	}
	for _, t := range r.Missing.Ticks {
		p.Printf("  %s: %s in A without a row in B\n", t.GUID, plural.Count(t.Ticks, "tick"))
	}
	for _, c := range r.Missing.NotInRecording {
		p.Printf("  %s: in B (%s, first at line %d), never in A\n", c.GUID, plural.Count(c.Rows, "row"), c.FirstLine)
	}
	if r.Missing.NotAlive > 0 {
		p.Printf("  %s of B at ticks A has no row of their object\n", plural.Count(r.Missing.NotAlive, "row"))
	}
	// A's objects never in B are not among r.Objects (their rows were
	// not compared).
	all := len(r.Objects) + len(r.Missing.Objects)
	p.Printf("\n%s compared, over %d of %s of A\n", plural.Count(r.ComparedRows, "row"), len(r.Objects), plural.Count(all, "object"))
	strict := 0
	if r.StrictObjects {
		strict = len(r.Missing.NotInRecording)
	}
	p.Printf("%s\n", verdict(diverged, all, len(r.Missing.Objects), strict, "A's", "never in B", "in B never in A"))
	return p.Err
}
