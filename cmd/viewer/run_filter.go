// Filters on the command line (docs/viewer.md, "Filters"): `viewer run
// -filter EXPR` keeps the -explain cause chains and the -events table rows
// the expression matches (engine/filter), and -explain takes an optional
// list of kinds (`-explain=blip,snap`, or `-explain-kinds blip,snap`).

package main

import (
	"errors"
	"flag"
	"strconv"
	"strings"

	"glidepath/engine"
	"glidepath/engine/filter"
	"glidepath/engine/report"
	"glidepath/engine/tables"
)

// explainFlag is -explain: a bool flag (`-explain`, `-explain=false`) that
// also takes a list of kinds (`-explain=blip,snap`), which turns it on and
// keeps only those kinds' cause chains.
type explainFlag struct {
	on    bool
	kinds string
}

func (f *explainFlag) String() string {
	if f == nil || !f.on {
		return "false"
	}
	if f.kinds != "" {
		return f.kinds
	}
	return "true"
}

func (f *explainFlag) Set(s string) error {
	if s == "" {
		// -explain= names no kinds: a slip, not "all kinds" (bare -explain).
		return errors.New("empty: want -explain alone, or kinds, comma-separated: blip, snap, pop, hitch")
	}
	if b, err := strconv.ParseBool(s); err == nil {
		f.on, f.kinds = b, ""
		return nil
	}
	f.on, f.kinds = true, s
	return nil
}

// IsBoolFlag lets -explain stand alone.
func (f *explainFlag) IsBoolFlag() bool { return true }

// runFilters are -filter and -explain's kinds, parsed.
type runFilters struct {
	// expr is -filter's expression; kinds is -explain's kinds as a
	// kind= expression; either may be empty.
	expr, kinds *filter.Expr
}

// addFilterFlags adds -explain, -explain-kinds and -filter to fs.
func (o *runOptions) addFilterFlags(fs *flag.FlagSet) {
	fs.Var(&o.explain, "explain", "list why each blip, snap, pop, hitch, sprint, snap-back and lag happened (a cause chain per line; \"causes\" in -json); -explain=`KINDS` (comma-separated) keeps only those kinds' chains")
	fs.StringVar(&o.explainKinds, "explain-kinds", "", "like -explain=`KINDS`: list the cause chains of these kinds only (comma-separated: blip, snap, pop, hitch)")
	fs.StringVar(&o.filter, "filter", "", "keep only the -explain cause chains and -events rows that match `EXPR` (docs/viewer.md, \"Filters\": e.g. 'blip guid=0x80000A01', 'tick=400..900')")
}

// parseFilters checks -filter and -explain's kinds; a bad one is bad usage
// (exit 2) and names the column at fault.
func (o *runOptions) parseFilters(fs *flag.FlagSet) error {
	if o.explainKinds != "" {
		if o.explain.kinds != "" && o.explain.kinds != o.explainKinds {
			return badInput("run: -explain=%s and -explain-kinds %s disagree: give one", o.explain.kinds, o.explainKinds)
		}
		o.explain.on, o.explain.kinds = true, o.explainKinds
	} else if isSet(fs, "explain-kinds") {
		return badInput("run: -explain-kinds wants kinds, comma-separated: blip, snap, pop, hitch")
	}
	vocab := filter.Kinds()
	if o.explain.kinds != "" {
		k, err := filter.Parse("kind="+o.explain.kinds, vocab)
		if err != nil {
			// Name the column in the list as the user wrote it.
			var fe *filter.Error
			if errors.As(err, &fe) {
				err = &filter.Error{Expr: o.explain.kinds, Column: max(fe.Column-len("kind="), 1), Msg: fe.Msg}
			}
			return badInput("run: -explain: %v", err)
		}
		o.filters.kinds = k
	}
	if isSet(fs, "filter") {
		if strings.TrimSpace(o.filter) == "" {
			return badInput("run: -filter %q: want an expression such as 'blip tick=400..900' (docs/viewer.md, \"Filters\")", o.filter)
		}
		e, err := filter.Parse(o.filter, vocab)
		if err != nil {
			return badInput("run: -filter: %v", err)
		}
		if !o.explain.on && o.tables.events == "" {
			return badInput("run: -filter %q narrows -explain and -events: give one of them", o.filter)
		}
		o.filters.expr = e
		o.tables.filter = e
	}
	return nil
}

// keepCauses drops from rep the cause chains the filters do not match.
func (f *runFilters) keepCauses(rep *report.Report) {
	if f.expr.Empty() && f.kinds.Empty() {
		return
	}
	var what []string
	if !f.kinds.Empty() {
		what = append(what, "-explain="+strings.TrimPrefix(f.kinds.String(), "kind="))
	}
	if !f.expr.Empty() {
		what = append(what, "-filter '"+f.expr.String()+"'")
	}
	rep.KeepCauses(func(obj *report.ReportObject, c *report.ReportCause) bool {
		guid, _ := filter.ParseGUID(obj.GUID)
		it := filter.ReportCause(guid, c, rep.TickRate)
		return f.expr.Match(&it) && f.kinds.Match(&it)
	}, strings.Join(what, " and "))
}

// filteredEvents is an events-table sink that passes on only the rows an
// expression matches.
type filteredEvents struct {
	to   engine.EventSink
	expr *filter.Expr
	rate int
	rows []tables.Event
}

func (f *filteredEvents) Write(rows []tables.Event) error {
	f.rows = f.rows[:0]
	for i := range rows {
		it := filter.TableEvent(&rows[i], f.rate)
		if f.expr.Match(&it) {
			f.rows = append(f.rows, rows[i])
		}
	}
	if len(f.rows) == 0 {
		return nil
	}
	return f.to.Write(f.rows)
}
