package whatifcmd

import (
	"testing"
)

// TestCondFlag_Values reads single values, percentages and sweeps, and
// names what is wrong with a bad one.
func TestCondFlag_Values(t *testing.T) {
	conds := Conds()
	latency, loss := conds[0], conds[2]
	for _, c := range []struct {
		f    *CondFlag
		in   string
		want []float64
	}{
		{latency, "150ms", []float64{0.15}},
		{latency, "0..300ms/100ms", []float64{0, 0.1, 0.2, 0.3}},
		{loss, "5%", []float64{0.05}},
		{loss, "0.25", []float64{0.25}},
		{loss, "0..10%/5%", []float64{0, 0.05, 0.1}},
	} {
		if err := c.f.Set(c.in); err != nil {
			t.Fatalf("-%s %s: %v", c.f.Name, c.in, err)
		}
		got, _ := c.f.Values()
		if len(got) != len(c.want) {
			t.Fatalf("-%s %s: %v, want %v", c.f.Name, c.in, got, c.want)
		}
		for i := range got {
			if d := got[i] - c.want[i]; d > 1e-12 || d < -1e-12 {
				t.Errorf("-%s %s: %v, want %v", c.f.Name, c.in, got, c.want)
			}
		}
	}
	for _, c := range []struct {
		f  *CondFlag
		in string
	}{{latency, "-5ms"}, {latency, "5"}, {latency, "1s..0/1ms"}, {latency, "0..1s"}, {latency, "0..1s/0s"},
		{latency, "0..1000s/1ms"}, {loss, "101%"}, {loss, "1.5"}, {loss, "x%"},
		{latency, "61s"}, {latency, "0..61s/1s"}, {latency, "1000000h"}} {
		if err := c.f.Set(c.in); err == nil {
			t.Errorf("-%s %s: no error", c.f.Name, c.in)
		}
	}
}

// A sweep's settings stay within FROM..TO and are labelled as typed:
// 0.7+2×0.1 is 0.8999…, written 90%.
func TestCondFlag_SweepEndsAtTo(t *testing.T) {
	loss := Conds()[2]
	if err := loss.Set("0.4..1/0.2"); err != nil {
		t.Fatal(err)
	}
	vs, _ := loss.Values()
	if last := vs[len(vs)-1]; last > 1 {
		t.Errorf("last setting %v is past TO", last)
	}
	if got := loss.Label(0.7 + 2*0.1); got != "90%" {
		t.Errorf("label %q, want 90%%", got)
	}
}

// FuzzCondFlag: any text is an error or at most maxSweepSettings settings,
// ascending, each non-negative (a probability within [0, 1]).
func FuzzCondFlag(f *testing.F) {
	for _, s := range []string{"150ms", "0..300ms/50ms", "5%", "0..20%/5%", "0.05", "1s..2s/", "..", "%"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, c := range Conds() {
			if c.Set(s) != nil {
				continue
			}
			vs, err := c.Values()
			if err != nil || len(vs) == 0 || len(vs) > maxSweepSettings {
				t.Fatalf("-%s %q: %d values, %v", c.Name, s, len(vs), err)
			}
			for i, v := range vs {
				if !(v >= 0) || (c.percent && v > 1) || (!c.percent && v > 60) || (i > 0 && v < vs[i-1]) {
					t.Fatalf("-%s %q: values %v", c.Name, s, vs)
				}
			}
		}
	})
}
