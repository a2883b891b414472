// Expectations: what a scenario claims the pipeline does — "the Courier
// blips about ten times between 1 s and 17 s", "the queue reaches 20" — in a
// form the engine checks against its glide metrics (engine.CheckExpectations,
// `viewer run`). A note that can be checked cannot silently go wrong when the
// pipeline changes (docs/scenarios.md, "expect").

package scenario

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/goccy/go-yaml/ast"

	"glidepath/engine/hexid"
	"glidepath/interp"
	"glidepath/physics"
)

// MaxExpectations bounds a scenario's expectations.
const MaxExpectations = 1000

// maxExpectCount bounds a stated count (a scenario of MaxDuration at the
// highest tick rate has far fewer ticks).
const maxExpectCount = 1 << 30

// ExpectCounts are the counts an expectation may state besides branch, in
// the order docs/scenarios.md lists them. Each is counted over the window
// (queue_max: the most nodes the queue held in it).
var ExpectCounts = []string{"blips", "snaps", "pops", "hitches", "stops",
	"stall_failures", "evictions", "pruned", "queue_max"}

// BranchPrefix starts the metric name of a branch count: "branch.interpolate"
// counts MoveOrTeleport's interpolate branch, "branch.near" InterpolateTo's
// near branch.
const BranchPrefix = "branch."

// BranchNames are the branches branch: may count: MoveOrTeleport's routing
// branches, then InterpolateTo's.
func BranchNames() []string {
	var names []string
	for r := physics.RouteTeleport; r <= physics.RouteWrongInstance; r++ {
		names = append(names, r.String())
	}
	for b := interp.BranchFar; b <= interp.BranchNear; b++ {
		names = append(names, b.String())
	}
	return names
}

// Expectation is one expect: entry — an object, a window of ticks and the
// counts it claims.
type Expectation struct {
	// File and Line are where the entry was written; Field its path
	// ("expect[2]").
	File  string
	Line  int
	Field string
	// Object is the object as the file named it (a remote's name or guid),
	// GUID its guid; AllObjects (no object given) sums every object's counts
	// and takes the largest queue.
	Object     string
	GUID       uint32
	AllObjects bool
	// FromTick and ToTick are the window, both included; ToTick −1 runs to
	// the end of the run. Without a window, 1 to −1.
	FromTick, ToTick int
	// Checks are the counts claimed, by the line they are written on (on
	// one line, in the order of ExpectCounts, then branch).
	Checks []Check
	// Readings are the readings (interp.Reading names) the claim is made
	// for; empty means the default reading alone. Under other readings
	// the checks are still counted and reported, but do not fail a run.
	Readings []string
}

// AppliesTo reports whether the claim is made for the reading called name.
func (e *Expectation) AppliesTo(name string) bool {
	if len(e.Readings) == 0 {
		return name == interp.DefaultReadingName
	}
	return slices.Contains(e.Readings, name)
}

// Check is one claimed count: the metric's value over the window lies in
// [Min, Max].
type Check struct {
	// Metric is one of ExpectCounts or BranchPrefix + a branch name.
	Metric   string
	Min, Max int
	// Line and Field are where the count was written.
	Line  int
	Field string
}

// Want says what the check claims: "0", "8–10", "≥ 1".
func (c Check) Want() string {
	switch {
	case c.Min == c.Max:
		return fmt.Sprint(c.Min)
	case c.Max >= maxExpectCount:
		return fmt.Sprintf("≥ %d", c.Min)
	}
	return fmt.Sprintf("%d–%d", c.Min, c.Max)
}

// Expectations are the scenario's expect: entries, in file order.
func (s *Scenario) Expectations() []Expectation { return s.expect }

var expectFields = append([]string{"object", "between", "ticks", "readings", "branch"}, ExpectCounts...)

// parseExpect reads expect: one mapping or a list of them. It runs after
// the remotes (objects are named by them) and duration (windows lie in it).
func (p *parser) parseExpect(n ast.Node, path string) ([]Expectation, error) {
	els := []ast.Node{n}
	if _, isList := n.(*ast.SequenceNode); isList {
		var err error
		if els, err = p.d.list(n, path, MaxExpectations); err != nil {
			return nil, err
		}
	}
	out := make([]Expectation, 0, len(els))
	for i, el := range els {
		field := path
		if len(els) > 1 || el != n {
			field = index(path, i)
		}
		e, err := p.expectation(el, field)
		if err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, nil
}

func (p *parser) expectation(n ast.Node, path string) (Expectation, error) {
	d := p.d
	f, err := d.mapping(n, path)
	if err != nil {
		return Expectation{}, err
	}
	if err := f.known(expectFields...); err != nil {
		return Expectation{}, err
	}
	at := where(n, path)
	e := Expectation{File: d.file, Line: at.line, Field: path, AllObjects: true, FromTick: 1, ToTick: -1}
	if on := f.take("object"); on != nil {
		if e.GUID, e.Object, err = p.expectObject(on, f.field("object")); err != nil {
			return e, err
		}
		e.AllObjects = false
	}
	if err := p.expectWindow(f, &e); err != nil {
		return e, err
	}
	if rn := f.take("readings"); rn != nil {
		if e.Readings, err = d.readings(rn, f.field("readings")); err != nil {
			return e, err
		}
	}
	for _, name := range ExpectCounts {
		cn := f.take(name)
		if cn == nil {
			continue
		}
		c, err := d.expectCount(cn, f.field(name))
		if err != nil {
			return e, err
		}
		c.Metric = name
		e.Checks = append(e.Checks, c)
	}
	if bn := f.take("branch"); bn != nil {
		bf, err := d.mapping(bn, f.field("branch"))
		if err != nil {
			return e, err
		}
		names := BranchNames()
		if err := bf.known(names...); err != nil {
			return e, err
		}
		for _, name := range names {
			cn := bf.take(name)
			if cn == nil {
				continue
			}
			c, err := d.expectCount(cn, bf.field(name))
			if err != nil {
				return e, err
			}
			c.Metric = BranchPrefix + name
			e.Checks = append(e.Checks, c)
		}
	}
	if err := f.finish(expectFields...); err != nil {
		return e, err
	}
	slices.SortStableFunc(e.Checks, func(a, b Check) int { return a.Line - b.Line })
	if len(e.Checks) == 0 {
		return e, d.errAt(n, path, "states nothing; give at least one of %s, branch", strings.Join(ExpectCounts, ", "))
	}
	return e, nil
}

// expectObject reads object: a remote's guid or its name.
func (p *parser) expectObject(n ast.Node, field string) (uint32, string, error) {
	d, s := p.d, p.s
	if g, err := d.id(n, field); err == nil {
		if s.remote(g) == nil {
			return 0, "", d.errAt(n, field, "no remote has guid %s", hexid.String(g))
		}
		return g, hexid.String(g), nil
	}
	name, err := d.text(n, field)
	if err != nil {
		return 0, "", d.errAt(n, field, "want a remote's name or guid, got %s", describe(n))
	}
	var found *remoteSpec
	for _, r := range s.remotes {
		if r.name != name {
			continue
		}
		if found != nil {
			return 0, "", d.errAt(n, field, "%q names two remotes (%s and %s); give the guid", name, hexid.String(found.guid), hexid.String(r.guid))
		}
		found = r
	}
	if found == nil {
		return 0, "", d.errAt(n, field, "no remote is named %q", clip(name))
	}
	return found.guid, name, nil
}

// expectWindow reads between: [T0, T1] (seconds) or ticks: [K0, K1] into
// the expectation's ticks. A time window holds the ticks whose time lies in
// it: from the tick an event at T0 is delivered in to the last tick at or
// before T1.
func (p *parser) expectWindow(f *fields, e *Expectation) error {
	d, s := p.d, p.s
	bn, kn := f.take("between"), f.take("ticks")
	rate := float64(s.TickRate)
	last := int64(math.Round(s.Duration * rate))
	switch {
	case bn != nil && kn != nil:
		return d.errAt(kn, f.field("ticks"), "give between or ticks, not both")
	case bn != nil:
		field := f.field("between")
		lo, hi, err := d.pair(bn, field, func(n ast.Node, field string) (float64, error) {
			return d.numberIn(n, field, 0, s.Duration, " s")
		})
		if err != nil {
			return err
		}
		e.FromTick = max(1, int(math.Ceil(lo*rate-1e-9*rate)))
		e.ToTick = int(math.Floor(hi*rate + 1e-9*rate))
		if e.ToTick < e.FromTick {
			return d.errAt(bn, field, "[%v, %v] s holds no tick at %d Hz", lo, hi, s.TickRate)
		}
	case kn != nil:
		lo, hi, err := d.pair(kn, f.field("ticks"), func(n ast.Node, field string) (float64, error) {
			k, err := d.integer(n, field, 1, last)
			return float64(k), err
		})
		if err != nil {
			return err
		}
		e.FromTick, e.ToTick = int(lo), int(hi)
	}
	return nil
}

// readings reads a list of reading names.
func (d *dec) readings(n ast.Node, field string) ([]string, error) {
	names := interp.ReadingNames()
	els, err := d.list(n, field, len(names))
	if err != nil {
		return nil, err
	}
	var out []string
	for i, el := range els {
		r, err := d.word(el, index(field, i), names...)
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, nil
}

// pair reads [lo, hi] with lo ≤ hi, each element read by one.
func (d *dec) pair(n ast.Node, field string, one func(ast.Node, string) (float64, error)) (float64, float64, error) {
	els, err := d.list(n, field, 2)
	if err != nil || len(els) != 2 {
		return 0, 0, d.errAt(n, field, "want [from, to], got %s", describe(n))
	}
	lo, err := one(els[0], index(field, 0))
	if err != nil {
		return 0, 0, err
	}
	hi, err := one(els[1], index(field, 1))
	if err != nil {
		return 0, 0, err
	}
	if hi < lo {
		return 0, 0, d.errAt(n, field, "[%v, %v] ends before it starts", lo, hi)
	}
	return lo, hi, nil
}

// expectCount reads a count: N (exactly N), [MIN, MAX] (both included) or
// [MIN, ~] (at least MIN).
func (d *dec) expectCount(n ast.Node, field string) (Check, error) {
	line, _ := nodePos(n)
	c := Check{Line: line, Field: field}
	if _, isList := n.(*ast.SequenceNode); !isList {
		v, err := d.integer(n, field, 0, maxExpectCount)
		if err != nil {
			return c, d.errAt(n, field, "want a count N or a range [MIN, MAX], got %s", describe(n))
		}
		c.Min, c.Max = int(v), int(v)
		return c, nil
	}
	els, err := d.list(n, field, 2)
	if err != nil || len(els) != 2 {
		return c, d.errAt(n, field, "want a range [MIN, MAX] (or [MIN, ~] for at least MIN), got %s", describe(n))
	}
	lo, err := d.integer(els[0], index(field, 0), 0, maxExpectCount)
	if err != nil {
		return c, err
	}
	hi := int64(maxExpectCount)
	if _, open := els[1].(*ast.NullNode); !open {
		if hi, err = d.integer(els[1], index(field, 1), 0, maxExpectCount); err != nil {
			return c, err
		}
	}
	if hi < lo {
		return c, d.errAt(n, field, "[%d, %d] ends before it starts", lo, hi)
	}
	c.Min, c.Max = int(lo), int(hi)
	return c, nil
}
