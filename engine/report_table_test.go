package engine

import "testing"

// Every metric row of the long form has its column in the one table.
func TestReportColumnsMatchRows(t *testing.T) {
	if len(reportColumns) != len(reportRows) {
		t.Fatalf("%d columns for %d rows", len(reportColumns), len(reportRows))
	}
	for _, c := range []struct {
		cell string
		zero bool
	}{{"0", true}, {"0/0", true}, {"-", true}, {"0.00", true}, {"0/12", false}, {"0.13", false}, {"10", false}} {
		if zeroCell(c.cell) != c.zero {
			t.Errorf("zeroCell(%q) = %v", c.cell, !c.zero)
		}
	}
}
