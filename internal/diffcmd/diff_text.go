// diff's text output: a summary line per object, and at each first
// divergence a small table of the context ticks, what retail did, what the
// client reported and the retail cause chains.

package diffcmd

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"

	"glidepath/engine/clientdiff"
	"glidepath/internal/cli"
	"glidepath/internal/plural"
)

func writeDiffText(w io.Writer, r *clientdiff.Result) error {
	p := &cli.ErrWriter{W: w}
	p.Printf("diff: %s (reading %s) against %s (%s), tolerance %s m\n", r.Input, r.Reading, r.Client, r.Format, strconv.FormatFloat(r.Tolerance, 'g', -1, 64))
	if r.TimeMapping != "" {
		p.Printf("%s at %d Hz", r.TimeMapping, r.TickRate)
		if r.Skipped > 0 {
			p.Printf("; %s sharing a tick with an earlier row of their object skipped", plural.Count(r.Skipped, "row"))
		}
		p.Printf("\n")
	}
	diverged := 0
	for _, o := range r.Objects {
		p.Printf("\n%s %s: ", o.GUID, o.Name)
		if o.Rows == 0 {
			p.Printf("not in the client trace\n")
			continue
		}
		p.Printf("%s compared, max error %s m (tick %d), mean %s m", plural.Count(o.Rows, "row"), m3(o.MaxError), o.MaxErrorTick, m3(o.MeanError))
		d := o.FirstDivergence
		if d == nil {
			p.Printf(", no divergence\n")
			continue
		}
		diverged++
		p.Printf("\n  first divergence at tick %d: %s\n", d.Tick, divergenceSummary(d))
		writeContext(p, d)
		if len(d.Retail.Events) <= 3 {
			p.Printf("  retail did at tick %d: %s\n", d.Tick, eventsText(d.Retail.Events))
		} else {
			p.Printf("  retail did at tick %d:\n", d.Tick)
			for _, e := range d.Retail.Events {
				p.Printf("    - %s\n", e)
			}
		}
		p.Printf("  client reported: %s (line %d)\n", clientText(&d.Client), d.Client.Line)
		// The diverging tick's own causes; the context's earlier chains
		// are counted, not told (-json lists them all under causes).
		at, earlier, from, to := d.CausesAtTick()
		if len(at) == 0 {
			p.Printf("  why (retail): no blip, snap, pop or hitch of this object at tick %d\n", d.Tick)
		}
		for _, c := range at {
			p.Printf("  why (retail): %s\n", c)
		}
		if len(earlier) > 0 {
			var parts []string
			for _, k := range earlier {
				parts = append(parts, plural.Count(k.N, k.Kind))
			}
			span := fmt.Sprintf("tick %d", from)
			if to > from {
				span = fmt.Sprintf("ticks %d–%d", from, to)
			}
			p.Printf("  before it (%s): %s; -json lists their cause chains\n", span, strings.Join(parts, ", "))
		}
	}
	writeMissing(p, &r.Missing)
	p.Printf("\n%s compared, over %d of %s\n", plural.Count(r.ComparedRows, "client row"), compared(r), plural.Count(len(r.Objects), "object"))
	strict := 0
	if r.StrictObjects {
		strict = len(r.Missing.NotInRecording)
	}
	p.Printf("%s\n", verdict(diverged, len(r.Objects), len(r.Objects)-compared(r), strict, "the run's", "not in the client trace", "the run never has"))
	return p.Err
}

// verdict is the closing line: how many of the objects diverged, out of
// all of them; "no divergence" only when every object was compared and
// none diverged, else it says how many were not compared (absent: "not in
// the client trace") and, under -strict-objects, how many client objects
// the other side never has (never: "the run never has"), which diverge;
// whose names the compared objects' side ("the run's").
func verdict(diverged, objects, uncompared, strict int, whose, absent, never string) string {
	var s string
	switch {
	case diverged > 0:
		s = fmt.Sprintf("%d of %s diverged", diverged, plural.Count(objects, "object"))
	case uncompared > 0:
		s = fmt.Sprintf("no divergence in the %s compared; %s %s, not compared", plural.Count(objects-uncompared, "object"), plural.Count(uncompared, "object"), absent)
	case strict == 0:
		return "no divergence"
	default:
		s = "no divergence of " + whose + " objects"
	}
	if strict > 0 {
		s += fmt.Sprintf("; %s %s (-strict-objects)", plural.Count(strict, "client object"), never)
	}
	return s
}

// compared counts the objects with a client row compared.
func compared(r *clientdiff.Result) int {
	n := 0
	for _, o := range r.Objects {
		if o.Rows > 0 {
			n++
		}
	}
	return n
}

// divergenceSummary names what differs at a first divergence, each with
// retail's value and the client's ("position 0.300 m from retail's, retail
// queue 12 (client 1)").
func divergenceSummary(d *clientdiff.Divergence) string {
	var parts []string
	for _, f := range d.Fields {
		switch f {
		case "position":
			parts = append(parts, "position "+m3(d.Error)+" m from retail's")
		case "cell":
			parts = append(parts, fmt.Sprintf("retail cell %s (client %s)", d.Retail.Cell, d.Client.Cell))
		case "heading":
			parts = append(parts, fmt.Sprintf("retail heading %g° (client %g°)", *d.Retail.Heading, *d.Client.Heading))
		case "queue":
			parts = append(parts, fmt.Sprintf("retail queue %d (client %d)", d.Retail.Queue, *d.Client.Queue))
		case "contact":
			parts = append(parts, fmt.Sprintf("retail contact %v (client %v)", d.Retail.Contact, *d.Client.Contact))
		case "branch":
			b := d.Retail.Branch
			if b == "" {
				b = "no UpdatePosition"
			}
			parts = append(parts, fmt.Sprintf("retail branch %s (client %s)", b, d.Client.Branch))
		}
	}
	return strings.Join(parts, ", ")
}

// writeContext prints the context ticks and the divergence as a table.
func writeContext(p *cli.ErrWriter, d *clientdiff.Divergence) {
	tw := tabwriter.NewWriter(p, 0, 0, 2, ' ', 0)
	// Positions as the client trace's rows give them: the cell and the
	// landblock-local origin (Client trace v1 rows are local).
	fmt.Fprintf(tw, "    tick\tretail (cell, local x, y, z)\tq\tcontact\tclient\tq\tcontact\terror m\t\n")
	row := func(tick int, r *clientdiff.Retail, c *clientdiff.Client, e *float64, mark string) {
		fmt.Fprintf(tw, "    %d\t%s\t%d\t%v\t", tick, cellXYZ(r.Cell, r.Origin), r.Queue, r.Contact)
		if c == nil {
			fmt.Fprintf(tw, "(not logged)\t\t\t\t%s\n", mark)
			return
		}
		q, ct := "-", "-"
		if c.Queue != nil {
			q = strconv.Itoa(*c.Queue)
		}
		if c.Contact != nil {
			ct = strconv.FormatBool(*c.Contact)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", cellXYZ(c.Cell, c.Origin), q, ct, m3(*e), mark)
	}
	for i := range d.Context {
		ct := &d.Context[i]
		row(ct.Tick, &ct.Retail, ct.Client, ct.Error, "")
	}
	e := d.Error
	row(d.Tick, &d.Retail, &d.Client, &e, "← diverges")
	tw.Flush()
}

func eventsText(evs []string) string {
	if len(evs) == 0 {
		return "nothing logged (interpolation step only)"
	}
	return strings.Join(evs, "; ")
}

func clientText(c *clientdiff.Client) string {
	s := c.Cell + " " + fmt.Sprintf("[%g, %g, %g]", c.Origin[0], c.Origin[1], c.Origin[2])
	if c.Heading != nil {
		s += fmt.Sprintf(", heading %g", *c.Heading)
	}
	if c.Queue != nil {
		s += fmt.Sprintf(", queue %d", *c.Queue)
	}
	if c.Contact != nil {
		s += fmt.Sprintf(", contact %v", *c.Contact)
	}
	if c.Branch != "" {
		s += ", branch " + c.Branch
	}
	return s
}

func writeMissing(p *cli.ErrWriter, m *clientdiff.Missing) {
	if len(m.Objects)+len(m.Ticks)+len(m.NotInRecording) == 0 && m.NotAlive+m.AfterRun == 0 {
		return
	}
	p.Printf("\nnot compared:\n")
	for _, o := range m.Objects {
		p.Printf("  %s %s: in the recording, not in the client trace\n", o.GUID, o.Name)
	}
	for _, t := range m.Ticks {
		var rs []string
		for _, r := range t.Ranges {
			if r[0] == r[1] {
				rs = append(rs, strconv.Itoa(r[0]))
			} else {
				rs = append(rs, fmt.Sprintf("%d–%d", r[0], r[1]))
			}
		}
		more := ""
		if len(t.Ranges) == clientdiff.MaxRanges {
			more = ", …"
		}
		p.Printf("  %s: %s alive in retail without a client row (%s %s%s)\n", t.GUID, plural.Count(t.Ticks, "tick"), plural.Noun(t.Ticks, "tick"), strings.Join(rs, ", "), more)
	}
	for _, c := range m.NotInRecording {
		p.Printf("  %s: in the client trace (%s, first at line %d), not in the recording\n", c.GUID, plural.Count(c.Rows, "row"), c.FirstLine)
	}
	if m.NotAlive > 0 {
		p.Printf("  %s at ticks their object was not alive in retail\n", plural.Count(m.NotAlive, "client row"))
	}
	if m.AfterRun > 0 {
		p.Printf("  %s after the run's last tick\n", plural.Count(m.AfterRun, "client row"))
	}
}

// cellXYZ is a position as a client trace's row gives it: the cell and the
// origin in its landblock, metres.
func cellXYZ(cell string, o [3]float32) string {
	return fmt.Sprintf("%s %.3f, %.3f, %.3f", cell, o[0], o[1], o[2])
}

func m3(v float64) string { return strconv.FormatFloat(v, 'f', 3, 64) }
