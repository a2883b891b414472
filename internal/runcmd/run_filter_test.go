package runcmd

import "testing"

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
