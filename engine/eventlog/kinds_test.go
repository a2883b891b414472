// Tests of the kinds table: every kind is declared whole, the declarations
// agree with one another, and the documentation lists what the table says
// (spec/trace-v1.md's event rows in docs/formats.md, the filter's bare
// words in docs/viewer.md).

package eventlog

import (
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestKinds_EveryKindDeclaredOnce checks each kind has a name no other kind
// has, a mark of its own, a doc link, and the parts its flags promise: a
// lane a colour, a glide event a span payload and a cause chain, a trace
// row its columns.
func TestKinds_EveryKindDeclaredOnce(t *testing.T) {
	names := map[string]EventKind{}
	marks := map[Mark]EventKind{}
	for _, k := range Kinds() {
		d := k.Info()
		if d.Name == "" {
			t.Errorf("kind %d has no name", k)
			continue
		}
		if o, dup := names[d.Name]; dup {
			t.Errorf("%s: name also %v's", d.Name, o)
		}
		names[d.Name] = k
		if k.String() != d.Name {
			t.Errorf("%s: String %q", d.Name, k.String())
		}
		for _, m := range []Mark{d.Mark, d.FailMark} {
			if m == 0 {
				continue
			}
			if o, dup := marks[m]; dup {
				t.Errorf("%s: mark %#x also %v's", d.Name, m, o)
			}
			marks[m] = k
		}
		if d.Mark == 0 {
			t.Errorf("%s: no mark", d.Name)
		}
		if (d.FailMark != 0) && d.Verdict == VerdictNone {
			t.Errorf("%s: a fail mark with no verdict", d.Name)
		}
		if !strings.HasPrefix(d.Doc, PipelineDoc) {
			t.Errorf("%s: doc %q", d.Name, d.Doc)
		}
		if d.Lane != "" && d.Color.A == 0 {
			t.Errorf("%s: lane %q with no colour", d.Name, d.Lane)
		}
		if d.Glide != (d.Payload == PayloadSpan) || (d.Glide && d.Explain == nil) {
			t.Errorf("%s: glide %v, payload %d, explain %v", d.Name, d.Glide, d.Payload, d.Explain != nil)
		}
		if (d.Payload == PayloadTransit) != (d.Explain != nil && !d.Glide) {
			t.Errorf("%s: a transition event (payload %d) without a cause chain, or a cause chain without one", d.Name, d.Payload)
		}
		if d.Trace != (len(d.Columns) > 0) {
			t.Errorf("%s: trace %v with %d columns", d.Name, d.Trace, len(d.Columns))
		}
	}
	if got := EventKind(NumEventKinds).Info(); got.Name != "" || got.Lane != "" || got.Mark != 0 {
		t.Errorf("a kind outside the table: %+v", got)
	}
	if s := EventKind(NumEventKinds).String(); s != "EventKind("+strconv.Itoa(int(NumEventKinds))+")" {
		t.Errorf("unknown kind named %q", s)
	}
}

// TestKinds_TraceRowsAreTraceV1 checks the trace kinds are exactly Trace
// v1's seven event rows with their fields in order (spec/trace-v1.md),
// and the transition's four rows a writer adds (docs/formats.md, "Event
// rows").
func TestKinds_TraceRowsAreTraceV1(t *testing.T) {
	want := map[string]string{
		"route":         "branch",
		"enqueue":       "branch pruned evicted",
		"node_complete": "success",
		"stall_window":  "pass cumulative progress_quantum",
		"blip":          "from to target",
		"snap":          "from to",
		"contact":       "contact",
		"wall":          "hit id cell polygon slid from to",
		"step":          "height from to",
		"cell":          "from to",
		"land":          "fall from to",
	}
	n := 0
	for _, k := range Kinds() {
		d := k.Info()
		if !d.Trace {
			continue
		}
		n++
		var cols []string
		for _, c := range d.Columns {
			cols = append(cols, c.String())
		}
		if got := strings.Join(cols, " "); got != want[d.Name] {
			t.Errorf("%s: columns %q, want %q", d.Name, got, want[d.Name])
		}
	}
	if n != len(want) {
		t.Errorf("%d trace kinds, want %d", n, len(want))
	}
}

// TestKinds_MarkAndVerdict: a stall window is a pass or a failure by its
// verdict, a node completion keeps its one mark, and the "failures only"
// filter fails exactly the flag the kind names.
func TestKinds_MarkAndVerdict(t *testing.T) {
	for _, c := range []struct {
		e    Event
		want Mark
	}{
		{Event{Kind: EventStallWindow, Pass: true}, MarkStallPass},
		{Event{Kind: EventStallWindow}, MarkStallFail},
		{Event{Kind: EventNodeComplete}, MarkNodeComplete},
		{Event{Kind: EventLag}, MarkLag},
		{Event{Kind: NumEventKinds}, 0},
	} {
		if got := c.e.Mark(); got != c.want {
			t.Errorf("%v pass %v: mark %#x, want %#x", c.e.Kind, c.e.Pass, got, c.want)
		}
		v := Viewed{Kind: c.e.Kind, Pass: c.e.Pass}
		if got := v.Mark(); got != c.want {
			t.Errorf("viewed %v pass %v: mark %#x, want %#x", c.e.Kind, c.e.Pass, got, c.want)
		}
	}
	if !EventNodeComplete.Info().Verdict.Failed(true, false) || EventNodeComplete.Info().Verdict.Failed(false, true) {
		t.Error("node_complete's verdict is its success")
	}
	if EventBlip.Info().Verdict.Failed(false, false) {
		t.Error("a blip has no verdict")
	}
}

// TestKinds_DocsListEveryKind checks the documentation's lists against
// the table: docs/formats.md's Trace v1 event table has one row per trace
// kind naming its columns in order, and docs/viewer.md's filter grammar
// names every kind as a bare word.
func TestKinds_DocsListEveryKind(t *testing.T) {
	formats, err := os.ReadFile("../../docs/formats.md")
	if err != nil {
		t.Fatal(err)
	}
	row := regexp.MustCompile("(?m)^\\| `([a-z_]+)` \\| [^|]+ \\| ([^\\n]+) \\|$")
	rows := map[string]string{}
	table := string(formats)
	if i := strings.Index(table, "| event | emitted when | fields |"); i >= 0 {
		table = table[i:]
		table = table[:strings.Index(table, "\n\n")]
	} else {
		t.Fatal("docs/formats.md: the Trace v1 event table is gone")
	}
	for _, m := range row.FindAllStringSubmatch(table, -1) {
		rows[m[1]] = m[2]
	}
	for _, k := range Kinds() {
		d := k.Info()
		if !d.Trace {
			continue
		}
		fields, ok := rows[d.Name]
		if !ok {
			t.Errorf("docs/formats.md: no row for trace kind %s", d.Name)
			continue
		}
		at := 0
		for _, c := range d.Columns {
			i := strings.Index(fields[at:], "`"+c.String()+"`")
			if i < 0 {
				t.Errorf("docs/formats.md: %s's fields %q lack %s (in order)", d.Name, fields, c)
				break
			}
			at += i + 1
		}
	}
	viewer, err := os.ReadFile("../../docs/viewer.md")
	if err != nil {
		t.Fatal(err)
	}
	i := strings.Index(string(viewer), "The pipeline's event kinds (")
	if i < 0 {
		t.Fatal("docs/viewer.md: the filter grammar's list of event kinds is gone")
	}
	list := string(viewer[i:])
	list = list[:strings.Index(list, ")")]
	for _, k := range Kinds() {
		if !strings.Contains(list, "`"+k.String()+"`") {
			t.Errorf("docs/viewer.md: the filter's event kinds omit %s", k)
		}
	}
}
