// The first divergence of `viewer run -compare`: the runs are stepped a
// tick at a time and compared (report.DifferenceFinder), the run's first
// difference and each object's; then, for each object that differs, the
// interp.Reading fields whose choice made it differ (report.ReadingField):
// the first reading is run again beside itself with one of the fields the
// two readings set differently changed to the other's, field by field, and
// a field is named when that change alone makes the object differ at the
// tick the two readings first do.

package runcmd

import (
	"sort"

	"glidepath/engine"
	"glidepath/engine/filter"
	"glidepath/engine/hexid"
	"glidepath/engine/recording"
	"glidepath/engine/report"
	"glidepath/internal/cli"
	"glidepath/internal/cmdinput"
	"glidepath/interp"
)

// findFirstDifference steps c a tick at a time to its end, comparing its
// runs after each (the run's first difference and each object's).
func findFirstDifference(c *engine.Compare, d *report.DifferenceFinder) error {
	for {
		if err := d.WriteTick(); err != nil {
			return err
		}
		if c.Done() {
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
}

// objectDifferences names the reading fields behind each object's first
// difference (those keep accepts; nil: all) and gives the report them.
func objectDifferences(rep *report.Report, diffs map[report.ObjectKey]*report.FirstDifference, others map[report.ObjectKey][]*report.FirstDifference,
	keep func(*report.ReportObject) bool, in *cmdinput.Rereadable, readings []interp.Reading, opts engine.Options) error {
	// The objects to explain, grouped by the reading they differ from
	// the first under, in the report's order. Their differences under the
	// other readings (three or more) are listed, not explained: that
	// would run every reading's fields again (`-compare FIRST,R` does).
	byReading := map[int][]*report.FirstDifference{}
	var order []int
	for i := range rep.Objects {
		o := &rep.Objects[i]
		d := diffs[o.Key()]
		if d == nil || keep != nil && !keep(o) {
			continue
		}
		k := d.ReadingIndex()
		if _, ok := byReading[k]; !ok {
			order = append(order, k)
		}
		byReading[k] = append(byReading[k], d)
	}
	sort.Ints(order)
	for _, k := range order {
		if err := attribute(byReading[k], in, readings[0], readings[k], opts); err != nil {
			return err
		}
	}
	rep.SetObjectDifferences(diffs, others, keep)
	return nil
}

// attribute names the fields of base and other behind each of ds (objects
// whose first difference is between them).
func attribute(ds []*report.FirstDifference, in *cmdinput.Rereadable, base, other interp.Reading, opts engine.Options) error {
	fields := report.ReadingFieldsDiffer(base, other)
	last := 0
	want := map[report.ObjectKey]bool{}
	for _, d := range ds {
		last = max(last, d.Tick)
		want[d.Key()] = true
	}
	// alone[i]: the first reading with field i as the other sets it.
	alone := make([]map[report.ObjectKey]*report.FirstDifference, len(fields))
	for i, f := range fields {
		got, err := differencesTo(in, []interp.Reading{base, report.WithField(base, other, f.Field)}, opts, last, want)
		if err != nil {
			return err
		}
		alone[i] = got
	}
	var rest []*report.FirstDifference
	for _, d := range ds {
		d.Fields, d.Together = nil, false
		// A field whose change alone makes the object differ that tick.
		for i, f := range fields {
			if a := alone[i][d.Key()]; a != nil && a.Tick == d.Tick {
				d.Fields = append(d.Fields, f)
			}
		}
		if len(d.Fields) == 0 {
			rest = append(rest, d)
		}
	}
	if len(rest) == 0 {
		return nil
	}
	// Else the fields an object needs: without one (the other reading
	// with it as the first sets it), the object agrees at that tick; they
	// made it differ together.
	last, want = 0, map[report.ObjectKey]bool{}
	for _, d := range rest {
		last = max(last, d.Tick)
		want[d.Key()] = true
	}
	without := make([]map[report.ObjectKey]*report.FirstDifference, len(fields))
	for i, f := range fields {
		back := report.WithField(other, base, f.Field)
		back.Name = other.Name + "-" + f.Setting
		got, err := differencesTo(in, []interp.Reading{base, back}, opts, last, want)
		if err != nil {
			return err
		}
		without[i] = got
	}
	for _, d := range rest {
		for i, f := range fields {
			if w := without[i][d.Key()]; w == nil || w.Tick > d.Tick {
				d.Fields = append(d.Fields, f)
			}
		}
		if len(d.Fields) == 0 {
			d.Fields = fields
		}
		d.Together = len(fields) > 0
	}
	return nil
}

// differencesTo runs the input under readings side by side to tick last
// (or its end) and returns the first difference of each object in want.
func differencesTo(in *cmdinput.Rereadable, readings []interp.Reading, opts engine.Options, last int, want map[report.ObjectKey]bool) (map[report.ObjectKey]*report.FirstDifference, error) {
	src, _, err := in.Open()
	if err != nil {
		return nil, err
	}
	defer src.Close()
	o := engine.Options{Assets: opts.Assets, World: opts.World, LastTick: opts.LastTick, Statics: opts.Statics, BusyCores: len(readings)}
	ahead := recording.Prefetch(src)
	defer ahead.Close()
	cmp, err := engine.NewCompareStream(ahead, readings, o)
	if err != nil {
		return nil, cli.UsageError{Err: err}
	}
	d := report.NewDifferenceFinder(cmp)
	seen := 0
	for {
		if err := d.WriteTick(); err != nil {
			return nil, err
		}
		if cmp.Done() || cmp.Tick() >= last {
			break
		}
		if n := d.Differing(); n != seen {
			seen = n
			if allFound(d, want) {
				break
			}
		}
		if err := cli.Stopped("tick %d", cmp.Tick()); err != nil {
			return nil, err
		}
		cmp.Advance(1)
		if err := cmp.Err(); err != nil {
			return nil, cli.UsageError{Err: err}
		}
	}
	return d.Objects(), nil
}

// allFound reports whether every object in want has a difference.
func allFound(d *report.DifferenceFinder, want map[report.ObjectKey]bool) bool {
	got := d.Objects()
	for g := range want {
		if got[g] == nil {
			return false
		}
	}
	return true
}

// selection is -select's and -filter's choice of objects for -compare's
// per-object differences: nil when neither was given.
func (o *Options) selection(rep *report.Report) (func(*report.ReportObject) bool, error) {
	var guids map[string]bool
	if o.Select != "" {
		guids = map[string]bool{}
		for _, s := range splitList(o.Select) {
			g, ok := filter.ParseGUID(s)
			if !ok {
				return nil, cli.BadInput("run: -select %q: want guids, hexadecimal, comma-separated", s)
			}
			name := hexid.String(g)
			found := false
			for i := range rep.Objects {
				found = found || rep.Objects[i].GUID == name
			}
			if !found {
				return nil, cli.BadInput("run: -select %s: %s has no object %s", name, rep.Input, name)
			}
			guids[name] = true
		}
	}
	expr := o.Filters.expr
	if guids == nil && expr.Empty() {
		return nil, nil
	}
	return func(obj *report.ReportObject) bool {
		if guids != nil && !guids[obj.GUID] {
			return false
		}
		if expr.Empty() {
			return true
		}
		for i := range obj.Runs {
			it := filter.Object(obj, i)
			if expr.Match(&it) {
				return true
			}
		}
		return false
	}, nil
}

// splitList splits a comma-separated list, dropping empty items.
func splitList(s string) []string {
	var out []string
	start := 0
	for i := 0; i <= len(s); i++ {
		if i == len(s) || s[i] == ',' {
			if i > start {
				out = append(out, s[start:i])
			}
			start = i + 1
		}
	}
	return out
}
