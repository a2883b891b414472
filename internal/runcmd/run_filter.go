// Filters on the command line (docs/viewer.md, "Filters"): `viewer run
// -filter EXPR` keeps the -explain cause chains and the -events table rows
// the expression matches (engine/filter), and -explain takes an optional
// list of kinds (`-explain=blip,snap`, or `-explain-kinds blip,snap`).

package runcmd

import (
	"errors"
	"flag"
	"os"
	"strconv"
	"strings"

	"glidepath/engine/report"

	"glidepath/engine/filter"
	"glidepath/engine/hexid"
	"glidepath/internal/cli"
)

// ExplainFlag is -explain: a bool flag (`-explain`, `-explain=false`) that
// also takes a list of kinds (`-explain=blip,snap`), which turns it on and
// keeps only those kinds' cause chains.
type ExplainFlag struct {
	On    bool
	Kinds string
}

var _ flag.Value = (*ExplainFlag)(nil)

func (f *ExplainFlag) String() string {
	if f == nil || !f.On {
		return "false"
	}
	if f.Kinds != "" {
		return f.Kinds
	}
	return "true"
}

func (f *ExplainFlag) Set(s string) error {
	if s == "" {
		// -explain= names no kinds: a slip, not "all kinds" (bare -explain).
		return errors.New("empty: want -explain alone, or kinds, comma-separated: " + explainKinds)
	}
	if b, err := strconv.ParseBool(s); err == nil {
		f.On, f.Kinds = b, ""
		return nil
	}
	f.On, f.Kinds = true, s
	return nil
}

// explainKinds are the kinds a cause chain can be of, as -explain=KINDS and
// -explain-kinds name them.
const explainKinds = "blip, snap, pop, hitch, sprint, snapback, lag, wall, step, cell, land"

// IsBoolFlag lets -explain stand alone.
func (f *ExplainFlag) IsBoolFlag() bool { return true }

// runFilters are -filter and -explain's kinds, parsed.
type runFilters struct {
	// expr is -filter's expression; kinds is -explain's kinds as a
	// kind= expression; either may be empty.
	expr, kinds *filter.Expr
}

// AddFilterFlags adds -explain, -explain-kinds and -filter to fs.
func (o *Options) AddFilterFlags(fs *flag.FlagSet) {
	fs.Var(&o.Explain, "explain", "list why each blip, snap, pop, hitch, sprint, snap-back and lag happened, and each wall, step, cell and land of the transition (a cause chain per line; \"causes\" in -json); -explain=`KINDS` (comma-separated) keeps only those kinds' chains")
	fs.StringVar(&o.ExplainKinds, "explain-kinds", "", "like -explain=`KINDS`: list the cause chains of these kinds only (comma-separated: "+explainKinds+")")
	fs.StringVar(&o.Filter, "filter", "", "keep only the -explain cause chains, -events rows and -compare objects that match `EXPR` (docs/viewer.md, \"Filters\": e.g. 'blip guid=0x80000A01', 'tick=400..900')")
}

// ParseFilters checks -filter and -explain's kinds; a bad one is bad usage
// (exit 2) and names the column at fault.
func (o *Options) ParseFilters(fs *flag.FlagSet) error {
	if o.ExplainKinds != "" {
		if o.Explain.Kinds != "" && o.Explain.Kinds != o.ExplainKinds {
			return cli.BadInput("run: -explain=%s and -explain-kinds %s disagree: give one", o.Explain.Kinds, o.ExplainKinds)
		}
		o.Explain.On, o.Explain.Kinds = true, o.ExplainKinds
	} else if cli.IsSet(fs, "explain-kinds") {
		return cli.BadInput("run: -explain-kinds wants kinds, comma-separated: blip, snap, pop, hitch")
	}
	vocab := filter.Kinds()
	if o.Explain.Kinds != "" {
		k, err := filter.Parse("kind="+o.Explain.Kinds, vocab)
		if err != nil {
			// Name the column in the list as the user wrote it.
			var fe *filter.Error
			if errors.As(err, &fe) {
				err = &filter.Error{Expr: o.Explain.Kinds, Column: max(fe.Column-len("kind="), 1), Msg: fe.Msg}
			}
			return cli.BadInput("run: -explain: %v", err)
		}
		o.Filters.kinds = k
	}
	if cli.IsSet(fs, "filter") {
		if strings.TrimSpace(o.Filter) == "" {
			return cli.BadInput("run: -filter %q: want an expression such as 'blip tick=400..900' (docs/viewer.md, \"Filters\")", o.Filter)
		}
		e, err := filter.Parse(o.Filter, vocab)
		if err != nil {
			return cli.BadInput("run: -filter: %v", err)
		}
		if !o.Explain.On && o.Tables.Events == "" && !cli.IsSet(fs, "compare") {
			return cli.BadInput("run: -filter %q narrows -explain, -events and -compare's objects: give one of them", o.Filter)
		}
		o.Filters.expr = e
		o.Tables.Filter = e
	}
	return nil
}

// ExplainKindsAsFile catches `-explain blip FILE`: a bare -explain is a
// switch, so the kinds after it are read as a first FILE that does not
// exist, and the run would go on as a batch, listing no cause chains.
func ExplainKindsAsFile(o *Options, files []string) error {
	if !o.Explain.On || o.Explain.Kinds != "" || len(files) < 2 {
		return nil
	}
	if _, err := os.Stat(files[0]); err == nil || !os.IsNotExist(err) {
		return nil
	}
	if _, err := filter.Parse("kind="+files[0], filter.Kinds()); err != nil {
		return nil
	}
	return cli.BadInput("run: %s: no such file; to list only those cause chains write -explain=%s (with the =: a bare -explain is a switch)", files[0], files[0])
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

// checkGUIDs fails (exit 2: a flag value that names nothing in the input)
// when a guid= term of -filter names only objects rep does not list: such
// a filter keeps nothing, and an empty list of cause chains or an events
// table of no rows would read as "nothing happened to it" — the rule
// -select keeps. Held items and statics are not in the report unless
// -statics lists the statics, and the message says so.
func (f *runFilters) checkGUIDs(rep *report.Report) error {
	for _, ids := range f.expr.GUIDs() {
		found := false
		names := make([]string, len(ids))
		for j, g := range ids {
			names[j] = hexid.String(g)
			for i := range rep.Objects {
				found = found || rep.Objects[i].GUID == names[j]
			}
		}
		if !found {
			return cli.BadInput("run: -filter '%s': %s has no object %s (held items are never listed, statics only with -statics), so the filter matches nothing", f.expr.String(), rep.Input, strings.Join(names, " or "))
		}
	}
	return nil
}
