// Diff: compares two traces row by row and names the first tick and object
// where they differ, so a golden-test failure points at where a behaviour
// starts to diverge (DESIGN.md, "Golden traces").

package trace

import (
	"fmt"
	"glidepath/engine/hexid"
	"strings"
)

// Difference is the first place two traces differ.
type Difference struct {
	// Tick and GUID name the first differing row (of trace a when both have
	// one). Tick is -1 when the headers differ.
	Tick int
	GUID uint32
	// LineA and LineB are the lines of the differing rows; 0 where a trace
	// has no such row.
	LineA, LineB int
	// Detail says what differs, for example
	// `state origin [91.25,90,0] != [91.3,90,0]`.
	Detail string
}

func (d *Difference) String() string {
	if d.Tick < 0 {
		return "header: " + d.Detail
	}
	return fmt.Sprintf("tick %d, object %s (lines %d, %d): %s", d.Tick, hexid.String(d.GUID), d.LineA, d.LineB, d.Detail)
}

// Diff returns the first difference between a and b, or nil when their
// headers and rows are identical. Rows are compared as the writer would
// print them, so two traces are equal exactly when their canonical bytes
// are.
func Diff(a, b *Trace) *Difference {
	if a.Header != b.Header {
		return &Difference{Tick: -1, Detail: headerDetail(&a.Header, &b.Header)}
	}
	var ba, bb []byte
	n := min(len(a.Rows), len(b.Rows))
	for i := 0; i < n; i++ {
		ra, rb := &a.Rows[i], &b.Rows[i]
		ba, bb = appendRow(ba[:0], ra), appendRow(bb[:0], rb)
		if string(ba) == string(bb) {
			continue
		}
		return &Difference{Tick: ra.Tick(), GUID: ra.GUID(), LineA: ra.Line, LineB: rb.Line,
			Detail: rowDetail(name(a, "a"), ra, name(b, "b"), rb)}
	}
	switch {
	case len(a.Rows) > n:
		r := &a.Rows[n]
		return &Difference{Tick: r.Tick(), GUID: r.GUID(), LineA: r.Line,
			Detail: fmt.Sprintf("%s: %s; %s: no more rows", name(a, "a"), describeRow(r), name(b, "b"))}
	case len(b.Rows) > n:
		r := &b.Rows[n]
		return &Difference{Tick: r.Tick(), GUID: r.GUID(), LineB: r.Line,
			Detail: fmt.Sprintf("%s: no more rows; %s: %s", name(a, "a"), name(b, "b"), describeRow(r))}
	}
	return nil
}

func name(t *Trace, fallback string) string {
	if t.Name != "" {
		return t.Name
	}
	return fallback
}

func appendRow(b []byte, r *Row) []byte {
	if r.IsEvent {
		return appendEvent(b, &r.Event)
	}
	return appendState(b, &r.State)
}

func describeRow(r *Row) string {
	if r.IsEvent {
		return fmt.Sprintf("%s event row for %s at tick %d", r.Event.Kind, hexid.String(r.Event.GUID), r.Event.Tick)
	}
	return fmt.Sprintf("state row for %s at tick %d", hexid.String(r.State.GUID), r.State.Tick)
}

func headerDetail(a, b *Header) string {
	var parts []string
	if a.TickRate != b.TickRate {
		parts = append(parts, fmt.Sprintf("tick_rate %d != %d", a.TickRate, b.TickRate))
	}
	if a.Reading != b.Reading {
		parts = append(parts, fmt.Sprintf("reading %q != %q", a.Reading, b.Reading))
	}
	if a.Input != b.Input {
		parts = append(parts, fmt.Sprintf("input %q != %q", a.Input, b.Input))
	}
	return strings.Join(parts, ", ")
}

// rowDetail lists the fields that differ between two rows of the same
// shape, or describes both rows when their tick, object or kind differ.
func rowDetail(nameA string, a *Row, nameB string, b *Row) string {
	if a.Tick() != b.Tick() || a.GUID() != b.GUID() || a.IsEvent != b.IsEvent ||
		a.IsEvent && a.Event.Kind != b.Event.Kind {
		return fmt.Sprintf("%s: %s; %s: %s", nameA, describeRow(a), nameB, describeRow(b))
	}
	var fa, fb []field
	prefix := "state"
	if a.IsEvent {
		prefix = "event " + a.Event.Kind.String()
		fa, fb = eventFields(&a.Event), eventFields(&b.Event)
	} else {
		fa, fb = stateFields(&a.State), stateFields(&b.State)
	}
	var parts []string
	for i := range fa {
		if fa[i].value != fb[i].value {
			parts = append(parts, fmt.Sprintf("%s %s != %s", fa[i].name, fa[i].value, fb[i].value))
		}
	}
	return prefix + " " + strings.Join(parts, ", ")
}

type field struct{ name, value string }

func stateFields(s *State) []field {
	return []field{
		{"cell", string(hexid.AppendQuoted(nil, s.Cell))},
		{"origin", string(appendVec3(nil, s.Origin))},
		{"heading", string(appendFloat(nil, s.Heading))},
		{"queue", fmt.Sprint(s.Queue)},
		{"fail", fmt.Sprint(s.Fail)},
		{"contact", fmt.Sprint(s.Contact)},
	}
}

func eventFields(e *Event) []field {
	switch e.Kind {
	case KindRoute:
		return []field{{"branch", e.Route.String()}}
	case KindEnqueue:
		return []field{{"branch", e.Enqueue.String()}, {"pruned", fmt.Sprint(e.Pruned)}, {"evicted", fmt.Sprint(e.Evicted)}}
	case KindNodeComplete:
		return []field{{"success", fmt.Sprint(e.Success)}}
	case KindStallWindow:
		return []field{{"pass", fmt.Sprint(e.Pass)},
			{"cumulative", string(appendFloat(nil, e.Cumulative))},
			{"progress_quantum", string(appendFloat(nil, e.ProgressQuantum))}}
	case KindBlip, KindSnap:
		f := []field{{"from", string(appendPlace(nil, &e.From))}, {"to", string(appendPlace(nil, &e.To))}}
		if e.Kind == KindBlip {
			f = append(f, field{"target", e.Target.String()})
		}
		return f
	case KindContact:
		return []field{{"contact", fmt.Sprint(e.Contact)}}
	}
	return nil
}
