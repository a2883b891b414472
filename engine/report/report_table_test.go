package report

import (
	"os"
	"strings"
	"testing"
)

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

// A blip at another tick under another reading is a difference even when
// the counts agree (issue 30 item 7): the object's differs names
// first.blip, and the one table marks the cell.
func TestReportFirstTickDiffers(t *testing.T) {
	r := &Report{Input: "x", TickRate: 30, Readings: []string{"seed", "legacy"}, Objects: []ReportObject{{
		GUID: "0x00000001", Name: "A",
		Runs: []ReportRun{
			{Reading: "seed", Updates: 3, Blips: 1, First: map[string]int{"blip": 79}},
			{Reading: "legacy", Updates: 3, Blips: 1, First: map[string]int{"blip": 89}},
		},
	}}}
	r.markDiffers()
	if got := r.Objects[0].Differs; len(got) != 1 || got[0] != "first.blip" {
		t.Fatalf("differs %q, want [first.blip]", got)
	}
	var b strings.Builder
	if err := r.WriteTable(&b); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "79/-/-/-*") || !strings.Contains(b.String(), "89/-/-/-*") {
		t.Errorf("the first ticks are not marked:\n%s", b.String())
	}
	r.Objects[0].Runs[1].First["blip"] = 79
	r.markDiffers()
	if got := r.Objects[0].Differs; len(got) != 0 {
		t.Errorf("same ticks, differs %q", got)
	}
}

// An object with no updates but an error measured against truth events
// keeps its row: summarized among the objects without updates, its error
// was in no row, and "0 in every row" named error_m while it was 5 m.
func TestReportTable_NoUpdatesButErrorKeepsRow(t *testing.T) {
	r := &Report{Input: "x", TickRate: 30, Ticks: 90, Readings: []string{"seed"}, Objects: []ReportObject{
		{GUID: "0x00000001", Name: "A", Runs: []ReportRun{{Reading: "seed"}}},
		{GUID: "0x00000002", Name: "B", Runs: []ReportRun{{Reading: "seed", Error: &ReportError{Ticks: 90, Mean: 5, P95: 5, Max: 5}}}},
	}}
	var b strings.Builder
	if err := r.WriteTable(&b); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	if !strings.Contains(out, "0x00000002  B") || !strings.Contains(out, "5.000/5.000/5.000") {
		t.Errorf("B's error is not in the table:\n%s", out)
	}
	if !strings.Contains(out, "1 object with no updates: 0x00000001\n") {
		t.Errorf("A should be the one object without updates:\n%s", out)
	}
	if i := strings.Index(out, "0 in every row:"); i >= 0 && strings.Contains(out[i:], "error_m") {
		t.Errorf("error_m said to be 0 in every row:\n%s", out)
	}
}

// A guid deleted and created again is two objects: each line that names
// it says which life it is, or the table showed 0x…03 with an update
// while the line below said 0x…03 had none.
func TestReportTable_RecreatedGUIDNamesItsLives(t *testing.T) {
	r := &Report{Input: "x", TickRate: 30, Ticks: 165, Readings: []string{"seed"}, Objects: []ReportObject{
		{GUID: "0x00000001", Name: "A", created: 0, deleted: -1, Runs: []ReportRun{{Reading: "seed", Updates: 2}}},
		{GUID: "0x00000003", Name: "R", created: 0, deleted: 30, Runs: []ReportRun{{Reading: "seed"}}},
		{GUID: "0x00000003", Name: "R", created: 45, deleted: -1, Runs: []ReportRun{{Reading: "seed", Updates: 1}}},
	}}
	var b strings.Builder
	if err := r.WriteTable(&b); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{"\n0x00000001  ", "\n0x00000003 (created tick 45)  R", "1 object with no updates: 0x00000003 (created tick 0, deleted tick 30)\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
	b.Reset()
	if err := r.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "0x00000003 (created tick 0, deleted tick 30) R") {
		t.Errorf("the long form does not tell the lives apart:\n%s", b.String())
	}
}

// A queue that held a node for one tick at 240 Hz ran 1/240 s: the
// column said 0.00 and the line below named longest_q_s among the
// columns that are 0 in every row, beside a max_q of 1.
func TestReportTable_OneTickQueueAt240HzIsNotZero(t *testing.T) {
	r := &Report{Input: "x", TickRate: 240, Ticks: 480, Readings: []string{"seed"}, Objects: []ReportObject{
		{GUID: "0x00000001", Name: "A", deleted: -1, Runs: []ReportRun{{Reading: "seed", Updates: 1, LongestQueue: 1.0 / 240, MaxQueue: 1}}},
	}}
	var b strings.Builder
	if err := r.WriteTable(&b); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	if !strings.Contains(out, "  0.004  ") {
		t.Errorf("a one-tick queue at 240 Hz does not read 0.004 s:\n%s", out)
	}
	if i := strings.Index(out, "0 in every row:"); i >= 0 && strings.Contains(out[i:], "longest_q_s") {
		t.Errorf("longest_q_s said to be 0 in every row:\n%s", out)
	}
	for v, want := range map[float64]string{0: "0.00", 1.0 / 30: "0.03", 0.5: "0.50", 2.0 / 240: "0.01", 1.0 / 240: "0.004"} {
		if got := queueSeconds(v); got != want {
			t.Errorf("queueSeconds(%v) = %q, want %q", v, got, want)
		}
	}
}

// Every column of the table is defined in docs/viewer.md's key of the
// report's columns: the abbreviations (stale_tp, stall_fail/win …) were
// printed with no page saying what they count.
func TestReportColumnsDefinedInDocs(t *testing.T) {
	doc, err := os.ReadFile("../../docs/viewer.md")
	if err != nil {
		t.Fatal(err)
	}
	i := strings.Index(string(doc), "| column | what it counts |")
	if i < 0 {
		t.Fatal("docs/viewer.md has no key of the report's columns")
	}
	key := string(doc[i:])
	key = key[:strings.Index(key, "\n\n")]
	for _, col := range reportColumns {
		if !strings.Contains(key, "`"+col+"`") {
			t.Errorf("column %s is not in docs/viewer.md's key", col)
		}
	}
}

// An error never measured (no truth in the input: "-") is not an error of
// 0: the line of zero columns named error_m for every recording without
// truth, as if the bodies had tracked the server exactly. It gets a line
// of its own; 0 beside "-" keeps the column.
func TestReportTable_UnmeasuredErrorIsNotZero(t *testing.T) {
	r := &Report{Input: "x", TickRate: 30, Ticks: 90, Readings: []string{"seed"}, Objects: []ReportObject{
		{GUID: "0x00000001", Name: "A", deleted: -1, Runs: []ReportRun{{Reading: "seed", Updates: 2}}},
	}}
	var b strings.Builder
	if err := r.WriteTable(&b); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	if i := strings.Index(out, "0 in every row:"); i < 0 || strings.Contains(out[i:strings.Index(out[i:], "\n")+i], "error_m") {
		t.Errorf("error_m among the zero columns:\n%s", out)
	}
	if !strings.Contains(out, "not measured in any row (no truth in the input for these objects): error_m(mean/p95/max)\n") {
		t.Errorf("no line for the unmeasured error:\n%s", out)
	}
	r.Objects = append(r.Objects, ReportObject{GUID: "0x00000002", Name: "B", deleted: -1,
		Runs: []ReportRun{{Reading: "seed", Updates: 1, Error: &ReportError{Ticks: 10}}}})
	b.Reset()
	if err := r.WriteTable(&b); err != nil {
		t.Fatal(err)
	}
	out = b.String()
	if !strings.Contains(out, "  error_m(mean/p95/max)\n") || !strings.Contains(out, "0.000/0.000/0.000") || strings.Contains(out, "not measured") {
		t.Errorf("0 beside - should keep the error column:\n%s", out)
	}
}
