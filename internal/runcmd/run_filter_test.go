package runcmd

import (
	"strings"
	"testing"

	"glidepath/engine/eventlog"
)

// -explain is a switch that also takes a list of kinds.
func TestExplainFlag(t *testing.T) {
	var f ExplainFlag
	if !f.IsBoolFlag() || f.String() != "false" {
		t.Fatalf("zero flag: %q", f.String())
	}
	for _, c := range []struct {
		set, kinds, str string
		on              bool
	}{
		{"true", "", "true", true},
		{"false", "", "false", false},
		{"blip,snap", "blip,snap", "blip,snap", true},
		{"1", "", "true", true},
	} {
		if err := f.Set(c.set); err != nil || f.On != c.on || f.Kinds != c.kinds || f.String() != c.str {
			t.Errorf("Set(%q): on %v kinds %q String %q, err %v", c.set, f.On, f.Kinds, f.String(), err)
		}
	}
}

// -explain= with no kinds says which kinds there are: every kind a cause
// chain is written for (sprint, snapback and lag were once left out).
func TestExplainFlag_EmptyNamesEveryKind(t *testing.T) {
	var f ExplainFlag
	err := f.Set("")
	if err == nil {
		t.Fatal("Set(\"\"): no error")
	}
	named := map[string]bool{}
	_, list, _ := strings.Cut(err.Error(), "comma-separated: ")
	for _, k := range strings.Split(list, ", ") {
		named[k] = true
	}
	// The blip, snap, pop and hitch chains are the engine's explainer's;
	// the rest are written by their kind's Explain.
	want := []string{"blip", "snap", "pop", "hitch"}
	for _, k := range eventlog.Kinds() {
		if info := k.Info(); info.Explain != nil {
			want = append(want, info.Name)
		}
	}
	for _, k := range want {
		if !named[k] {
			t.Errorf("Set(\"\") = %q: does not name the kind %q", err, k)
		}
	}
	if n := len(want); n < 10 || len(named) != n {
		t.Errorf("Set(\"\") = %q names %d kinds; %d kinds have cause chains", err, len(named), n)
	}
}
