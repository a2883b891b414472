// The what-if subcommand's condition flags: durations (150ms, 2s), fractions
// (5% or 0.05), each either one value or a sweep FROM..TO/STEP.

package whatifcmd

import (
	"flag"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"glidepath/engine/scenario"
	"glidepath/engine/whatif"
)

// CondFlag is one network-condition flag: its value, or a sweep.
type CondFlag struct {
	Name    string
	percent bool // a probability, written 5% or 0.05; else a duration
	set     func(c *whatif.Conditions, v float64)
	// Raw is the value as given.
	Raw string
}

// Conds are the condition flags in the order usage lists them.
func Conds() []*CondFlag {
	return []*CondFlag{
		{Name: "latency", set: func(c *whatif.Conditions, v float64) { c.Latency = v }},
		{Name: "jitter", set: func(c *whatif.Conditions, v float64) { c.Jitter = v }},
		{Name: "loss", percent: true, set: func(c *whatif.Conditions, v float64) { c.Loss = v }},
		{Name: "reorder", percent: true, set: func(c *whatif.Conditions, v float64) { c.Reorder = v }},
		{Name: "cadence", set: func(c *whatif.Conditions, v float64) { c.Cadence = v }},
	}
}

// Apply sets the condition the flag names in c to v.
func (f *CondFlag) Apply(c *whatif.Conditions, v float64) { f.set(c, v) }

func (f *CondFlag) String() string { return f.Raw }
func (f *CondFlag) Set(s string) error {
	if s == "" {
		return fmt.Errorf("empty: want a value or a sweep FROM..TO/STEP")
	}
	f.Raw = s
	_, err := f.Values()
	return err
}

// maxSweepSettings bounds a sweep's settings.
const maxSweepSettings = 1000

// IsSweep reports whether the flag is a FROM..TO/STEP sweep.
func (f *CondFlag) IsSweep() bool { return strings.Contains(f.Raw, "..") }

// Values are the settings the flag names: one, or a sweep's FROM, FROM +
// STEP, … up to TO.
func (f *CondFlag) Values() ([]float64, error) {
	if f.Raw == "" {
		return nil, nil
	}
	if !f.IsSweep() {
		v, err := f.parse(f.Raw)
		if err != nil {
			return nil, err
		}
		return []float64{v}, nil
	}
	from, rest, _ := strings.Cut(f.Raw, "..")
	to, step, ok := strings.Cut(rest, "/")
	if !ok {
		return nil, fmt.Errorf("%q: a sweep is FROM..TO/STEP", f.Raw)
	}
	a, err := f.parse(from)
	if err != nil {
		return nil, err
	}
	b, err := f.parse(to)
	if err != nil {
		return nil, err
	}
	d, err := f.parse(step)
	if err != nil {
		return nil, err
	}
	if !(d > 0) || b < a {
		return nil, fmt.Errorf("%q: want FROM ≤ TO and a STEP above 0", f.Raw)
	}
	n := int(math.Floor((b-a)/d+1e-9)) + 1
	if n > maxSweepSettings {
		return nil, fmt.Errorf("%q: %d settings, at most %d", f.Raw, n, maxSweepSettings)
	}
	vs := make([]float64, n)
	for i := range vs {
		// min: float error may carry the last setting past TO (and past
		// a bound that TO keeps to).
		vs[i] = min(a+float64(i)*d, b)
	}
	return vs, nil
}

// parse reads one value: a Go duration (150ms, 2s) in seconds, or a
// probability written 5% or 0.05.
func (f *CondFlag) parse(s string) (float64, error) {
	if f.percent {
		if p, ok := strings.CutSuffix(s, "%"); ok {
			v, err := strconv.ParseFloat(p, 64)
			if err != nil || !(v >= 0 && v <= 100) {
				return 0, fmt.Errorf("%q: want a percentage in [0%%, 100%%]", s)
			}
			return v / 100, nil
		}
		v, err := strconv.ParseFloat(s, 64)
		if err != nil || !(v >= 0 && v <= 1) {
			return 0, fmt.Errorf("%q: want a fraction in [0, 1] or a percentage such as 5%%", s)
		}
		return v, nil
	}
	d, err := time.ParseDuration(s)
	if err != nil || d < 0 {
		return 0, fmt.Errorf("%q: want a duration such as 150ms or 2s", s)
	}
	if d.Seconds() > scenario.MaxNetworkDelay {
		return 0, fmt.Errorf("%q: want a duration of at most %ds", s, scenario.MaxNetworkDelay)
	}
	return d.Seconds(), nil
}

// Label writes a setting as the flag would take it: 150ms, 5%.
func (f *CondFlag) Label(v float64) string {
	if f.percent {
		// 12 digits: a sweep's 0.7+2×0.1 reads 90%, not 89.99999999999999%.
		return strconv.FormatFloat(v*100, 'g', 12, 64) + "%"
	}
	return time.Duration(math.Round(v * 1e9)).String()
}

// SetList collects repeated -set NAME=VALUE flags.
type SetList []string

var (
	_ flag.Value = (*CondFlag)(nil)
	_ flag.Value = (*SetList)(nil)
)

func (s *SetList) String() string { return strings.Join(*s, ",") }
func (s *SetList) Set(v string) error {
	if name, _, ok := strings.Cut(v, "="); !ok || name == "" {
		return fmt.Errorf("%q: want NAME=VALUE", v)
	}
	*s = append(*s, v)
	return nil
}
