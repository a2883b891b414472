// The what-if comparison as printed: per object and in all, the original's
// metrics, the what-if's and their deltas.

package whatifcmd

import (
	"fmt"
	"io"
	"text/tabwriter"

	"glidepath/engine/report"

	"glidepath/engine/whatif"
)

// whatifMetrics are the metrics the comparison shows.
type whatifMetrics struct {
	Updates   int      `json:"updates"`
	Stale     int      `json:"stale"`
	Blips     int      `json:"blips"`
	Snaps     int      `json:"snaps"`
	Pops      int      `json:"pops"`
	Hitches   int      `json:"hitches"`
	ErrorMean *float64 `json:"error_mean,omitempty"`
	ErrorMax  *float64 `json:"error_max,omitempty"`
}

// whatifSide is one object (or "all") under both runs and the delta.
type whatifSide struct {
	GUID     string        `json:"guid,omitempty"`
	Name     string        `json:"name,omitempty"`
	Original whatifMetrics `json:"original"`
	WhatIf   whatifMetrics `json:"whatif"`
	Delta    whatifMetrics `json:"delta"`
}

// Report is the -json form.
type Report struct {
	Input    string       `json:"input"`
	Readings []string     `json:"readings"`
	Setting  string       `json:"setting"`
	Seed     uint64       `json:"seed"`
	Stats    whatif.Stats `json:"redelivery"`
	// Ticks are the ticks the columns compare, and the what-if run's tail.
	Ticks   whatifTicks  `json:"ticks"`
	Objects []whatifSide `json:"objects"`
	All     whatifSide   `json:"all"`
}

// whatifTicks says which ticks the columns cover: both runs' ticks From to
// To, the original's whole run (so its column is viewer run's). A what-if
// run that goes on past To (later deliveries: latency, jitter) ends at
// WhatIfTo; Tail is what it did after To, counted apart (absent when it
// ends at To).
type whatifTicks struct {
	From     int            `json:"from"`
	To       int            `json:"to"`
	WhatIfTo int            `json:"whatif_to"`
	Tail     *whatifMetrics `json:"whatif_tail,omitempty"`
}

// newWhatifTicks compares the what-if run's metrics over all its ticks
// (full, nil when it ends at to) with those at tick to (r).
func newWhatifTicks(r, full *report.Report, to, whatifTo int) whatifTicks {
	t := whatifTicks{To: to, WhatIfTo: max(to, whatifTo)}
	if full == nil {
		return t
	}
	var at, all total
	for _, obj := range r.Objects {
		if len(obj.Runs) == 2 {
			at.add(metricsOf(&obj.Runs[1]), &obj.Runs[1])
		}
	}
	for _, obj := range full.Objects {
		if len(obj.Runs) == 2 {
			all.add(metricsOf(&obj.Runs[1]), &obj.Runs[1])
		}
	}
	a, b := at.result(), all.result()
	tail := delta(a, b)
	tail.ErrorMean, tail.ErrorMax = nil, nil
	t.Tail = &tail
	return t
}

// text is the line saying which ticks the columns compare.
func (t *whatifTicks) text() string {
	s := fmt.Sprintf("columns over ticks %d–%d, the original's whole run (as viewer run runs it)", t.From, t.To)
	if t.Tail == nil {
		return s
	}
	return s + fmt.Sprintf("; the what-if run goes on to tick %d, and its tail (ticks %d–%d) is not in them:%s",
		t.WhatIfTo, t.To+1, t.WhatIfTo, countsText(t.Tail))
}

// tailNote is a sweep line's note of a what-if tail that did something.
func (t *whatifTicks) tailNote() string {
	if t.Tail == nil || *t.Tail == (whatifMetrics{}) {
		return ""
	}
	return fmt.Sprintf("  (ticks %d–%d, after the original's end:%s)", t.To+1, t.WhatIfTo, countsText(t.Tail))
}

// countsText lists a tail's counts.
func countsText(m *whatifMetrics) string {
	return fmt.Sprintf(" updates %+d, stale %+d, blips %+d, snaps %+d, pops %+d, hitches %+d", m.Updates, m.Stale, m.Blips, m.Snaps, m.Pops, m.Hitches)
}

func metricsOf(run *report.ReportRun) whatifMetrics {
	m := whatifMetrics{Updates: run.Updates, Stale: run.Routes["stale_position"] + run.Routes["stale_teleport"],
		Blips: run.Blips, Snaps: run.Snaps, Pops: run.Pops, Hitches: run.Hitches}
	if e := run.Error; e != nil {
		mean, mx := e.Mean, e.Max
		m.ErrorMean, m.ErrorMax = &mean, &mx
	}
	return m
}

func delta(a, b whatifMetrics) whatifMetrics {
	d := whatifMetrics{Updates: b.Updates - a.Updates, Stale: b.Stale - a.Stale, Blips: b.Blips - a.Blips,
		Snaps: b.Snaps - a.Snaps, Pops: b.Pops - a.Pops, Hitches: b.Hitches - a.Hitches}
	if a.ErrorMean != nil && b.ErrorMean != nil {
		m, x := *b.ErrorMean-*a.ErrorMean, *b.ErrorMax-*a.ErrorMax
		d.ErrorMean, d.ErrorMax = &m, &x
	}
	return d
}

// total adds the counts of every object; the error mean is weighted by the
// ticks measured, the max the largest.
type total struct {
	m            whatifMetrics
	errSum, errN float64
	errMax       float64
}

func (t *total) add(m whatifMetrics, run *report.ReportRun) {
	t.m.Updates += m.Updates
	t.m.Stale += m.Stale
	t.m.Blips += m.Blips
	t.m.Snaps += m.Snaps
	t.m.Pops += m.Pops
	t.m.Hitches += m.Hitches
	if e := run.Error; e != nil {
		t.errSum += e.Mean * float64(e.Ticks)
		t.errN += float64(e.Ticks)
		t.errMax = max(t.errMax, e.Max)
	}
}

func (t *total) result() whatifMetrics {
	m := t.m
	if t.errN > 0 {
		mean, mx := t.errSum/t.errN, t.errMax
		m.ErrorMean, m.ErrorMax = &mean, &mx
	}
	return m
}

func newWhatifReport(r *report.Report, setting string, seed uint64, st whatif.Stats) *Report {
	// Objects is [] in JSON, never null, when the input has none.
	out := &Report{Input: r.Input, Readings: r.Readings, Setting: setting, Seed: seed, Stats: st, Objects: []whatifSide{}}
	var a, b total
	for _, obj := range r.Objects {
		if len(obj.Runs) != 2 {
			continue
		}
		ma, mb := metricsOf(&obj.Runs[0]), metricsOf(&obj.Runs[1])
		a.add(ma, &obj.Runs[0])
		b.add(mb, &obj.Runs[1])
		out.Objects = append(out.Objects, whatifSide{GUID: obj.GUID, Name: obj.Name, Original: ma, WhatIf: mb, Delta: delta(ma, mb)})
	}
	out.All = whatifSide{Original: a.result(), WhatIf: b.result()}
	out.All.Delta = delta(out.All.Original, out.All.WhatIf)
	return out
}

func (r *Report) writeText(w io.Writer) error {
	setting := r.Setting
	if setting == "" {
		setting = "no changes"
	}
	fmt.Fprintf(w, "%s: %s beside %s, %s (seed %d); UpdatePositions thinned %d, lost %d, reordered %d, after delete %d\n%s\n\n",
		r.Input, r.Readings[1], r.Readings[0], setting, r.Seed, r.Stats.Thinned, r.Stats.Lost, r.Stats.Reordered, r.Stats.AfterDelete, r.Ticks.text())
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	side := func(title string, s *whatifSide) {
		fmt.Fprintf(tw, "%s\t%s\t%s\tdelta\t\n", title, r.Readings[0], r.Readings[1])
		rows := []struct {
			name    string
			a, b, d int
		}{{"updates", s.Original.Updates, s.WhatIf.Updates, s.Delta.Updates},
			{"stale", s.Original.Stale, s.WhatIf.Stale, s.Delta.Stale},
			{"blips", s.Original.Blips, s.WhatIf.Blips, s.Delta.Blips},
			{"snaps", s.Original.Snaps, s.WhatIf.Snaps, s.Delta.Snaps},
			{"pops", s.Original.Pops, s.WhatIf.Pops, s.Delta.Pops},
			{"hitches", s.Original.Hitches, s.WhatIf.Hitches, s.Delta.Hitches}}
		for _, row := range rows {
			fmt.Fprintf(tw, "%s\t%d\t%d\t%+d\t\n", row.name, row.a, row.b, row.d)
		}
		if s.Delta.ErrorMean != nil {
			fmt.Fprintf(tw, "error mean m\t%.3f\t%.3f\t%+.3f\t\n", *s.Original.ErrorMean, *s.WhatIf.ErrorMean, *s.Delta.ErrorMean)
			fmt.Fprintf(tw, "error max m\t%.3f\t%.3f\t%+.3f\t\n", *s.Original.ErrorMax, *s.WhatIf.ErrorMax, *s.Delta.ErrorMax)
		}
		fmt.Fprintln(tw, "\t\t\t\t")
	}
	for i := range r.Objects {
		s := &r.Objects[i]
		side(s.GUID+" "+s.Name, s)
	}
	side("all", &r.All)
	return tw.Flush()
}
