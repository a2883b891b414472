// Reader: parses a trace back into rows, for diffing two traces and for
// golden-test failure messages (Trace v1). Unknown event kinds are skipped
// and counted, as the format asks of readers.

package trace

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"

	"github.com/go-gl/mathgl/mgl32"
)

// Error is a problem with one line of a trace: FILE:LINE: FIELD: problem.
type Error struct {
	File    string
	Line    int
	Field   string
	Problem string
}

func (e *Error) Error() string {
	return fmt.Sprintf("%s:%d: %s: %s", e.File, e.Line, e.Field, e.Problem)
}

// Trace is a whole trace in memory.
type Trace struct {
	// Name is the file name the trace was read from.
	Name   string
	Header Header
	Rows   []Row
	// Skipped counts event rows of kinds this reader does not know.
	Skipped int
}

// ReadFile reads the trace at path (gzip when it ends in ".gz").
func ReadFile(path string) (*Trace, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return Read(path, f)
}

// Read reads a trace from src; name decides gzip (".gz") and names the file
// in errors.
func Read(name string, src io.Reader) (*Trace, error) {
	if strings.HasSuffix(name, ".gz") {
		zr, err := gzip.NewReader(src)
		if err != nil {
			return nil, &Error{File: name, Line: 1, Field: "read", Problem: err.Error()}
		}
		defer zr.Close()
		src = zr
	}
	t := &Trace{Name: name}
	sc := bufio.NewScanner(src)
	sc.Buffer(make([]byte, 0, 64<<10), 16<<20)
	line := 0
	for sc.Scan() {
		line++
		text := sc.Bytes()
		if len(bytes.TrimSpace(text)) == 0 && line > 1 {
			continue
		}
		d := lineDecoder{file: name, line: line}
		if err := json.Unmarshal(text, &d.m); err != nil {
			return nil, d.errorf("json", "%v", err)
		}
		if line == 1 {
			t.Header = d.header()
		} else if row, known := d.row(); d.err == nil {
			if known {
				t.checkOrder(&d, &row)
				t.Rows = append(t.Rows, row)
			} else {
				t.Skipped++
			}
		}
		if d.err != nil {
			return nil, d.err
		}
	}
	if err := sc.Err(); err != nil {
		return nil, &Error{File: name, Line: line + 1, Field: "read", Problem: err.Error()}
	}
	if line == 0 {
		return nil, &Error{File: name, Line: 1, Field: "header", Problem: "missing: the file is empty"}
	}
	return t, nil
}

// checkOrder enforces Trace v1's row order: ticks never decrease, and within
// a tick the state rows come before the event rows.
func (t *Trace) checkOrder(d *lineDecoder, r *Row) {
	if len(t.Rows) == 0 {
		return
	}
	prev := &t.Rows[len(t.Rows)-1]
	switch {
	case r.Tick() < prev.Tick():
		d.errorf("tick", "%d is less than the previous row's tick %d (line %d)", r.Tick(), prev.Tick(), prev.Line)
	case r.Tick() == prev.Tick() && !r.IsEvent && prev.IsEvent:
		d.errorf("tick", "state row after tick %d's event rows (line %d)", r.Tick(), prev.Line)
	}
}

// lineDecoder reads the fields of one line and keeps the first problem.
type lineDecoder struct {
	file string
	line int
	m    map[string]json.RawMessage
	err  *Error
}

func (d *lineDecoder) errorf(field, format string, args ...any) *Error {
	if d.err == nil {
		d.err = &Error{File: d.file, Line: d.line, Field: field, Problem: fmt.Sprintf(format, args...)}
	}
	return d.err
}

func (d *lineDecoder) raw(name string) (json.RawMessage, bool) {
	v, ok := d.m[name]
	if !ok || string(v) == "null" {
		d.errorf(name, "missing")
		return nil, false
	}
	return v, true
}

func (d *lineDecoder) str(name string) string {
	v, ok := d.raw(name)
	if !ok {
		return ""
	}
	var s string
	if json.Unmarshal(v, &s) != nil {
		d.errorf(name, "want a string, got %s", v)
	}
	return s
}

func (d *lineDecoder) integer(name string) int {
	v, ok := d.raw(name)
	if !ok {
		return 0
	}
	n, err := strconv.ParseInt(string(v), 10, 32)
	if err != nil || n < 0 {
		d.errorf(name, "want an integer >= 0, got %s", v)
	}
	return int(n)
}

func (d *lineDecoder) boolean(name string) bool {
	v, ok := d.raw(name)
	if !ok {
		return false
	}
	switch string(v) {
	case "true":
		return true
	case "false":
		return false
	}
	d.errorf(name, "want true or false, got %s", v)
	return false
}

// float reads a float32 number, or one of the strings "NaN", "+Inf",
// "-Inf" the writer uses for non-finite values.
func float(field string, v json.RawMessage, d *lineDecoder) float32 {
	switch string(v) {
	case `"NaN"`:
		return float32(math.NaN())
	case `"+Inf"`:
		return float32(math.Inf(1))
	case `"-Inf"`:
		return float32(math.Inf(-1))
	}
	f, err := strconv.ParseFloat(string(v), 32)
	if err != nil || len(v) == 0 || !(v[0] == '-' || v[0] >= '0' && v[0] <= '9') {
		d.errorf(field, "want a number, got %s", v)
	}
	return float32(f)
}

func (d *lineDecoder) float(name string) float32 {
	v, ok := d.raw(name)
	if !ok {
		return 0
	}
	return float(name, v, d)
}

func (d *lineDecoder) id(name string) uint32 {
	v, ok := d.raw(name)
	if !ok {
		return 0
	}
	return parseID(name, v, d)
}

func parseID(field string, v json.RawMessage, d *lineDecoder) uint32 {
	var s string
	if json.Unmarshal(v, &s) == nil && len(s) > 2 && len(s) <= 10 && s[:2] == "0x" {
		if n, err := strconv.ParseUint(s[2:], 16, 32); err == nil {
			return uint32(n)
		}
	}
	if n, err := strconv.ParseUint(string(v), 10, 32); err == nil {
		return uint32(n)
	}
	d.errorf(field, `want "0x" and 1 to 8 hex digits, got %s`, v)
	return 0
}

func vec3(field string, v json.RawMessage, d *lineDecoder) mgl32.Vec3 {
	var parts []json.RawMessage
	if json.Unmarshal(v, &parts) != nil || len(parts) != 3 {
		d.errorf(field, "want 3 numbers, got %s", v)
		return mgl32.Vec3{}
	}
	var out mgl32.Vec3
	for i, p := range parts {
		out[i] = float(fmt.Sprintf("%s[%d]", field, i), p, d)
	}
	return out
}

func (d *lineDecoder) place(name string) Place {
	v, ok := d.raw(name)
	if !ok {
		return Place{}
	}
	var m map[string]json.RawMessage
	if json.Unmarshal(v, &m) != nil {
		d.errorf(name, "want an object, got %s", v)
		return Place{}
	}
	var p Place
	cell, ok1 := m["cell"]
	origin, ok2 := m["origin"]
	switch {
	case !ok1:
		d.errorf(name+".cell", "missing")
	case !ok2:
		d.errorf(name+".origin", "missing")
	default:
		p.Cell = parseID(name+".cell", cell, d)
		p.Origin = vec3(name+".origin", origin, d)
	}
	return p
}

func (d *lineDecoder) header() Header {
	var h Header
	if f := d.str("format"); d.err == nil && f != FormatName {
		d.errorf("format", "%q is not %q", f, FormatName)
	}
	if v, ok := d.raw("version"); ok && string(v) != "1" {
		d.errorf("version", "unsupported version %s (want 1)", v)
	}
	h.TickRate = d.integer("tick_rate")
	h.Reading = d.str("reading")
	h.Input = d.str("input")
	return h
}

func oneOf(d *lineDecoder, field string, names []string) int {
	s := d.str(field)
	for i, n := range names {
		if i > 0 && n == s {
			return i
		}
	}
	d.errorf(field, "unknown value %q", s)
	return 0
}

// row reads a state or event row; known is false for an event kind this
// reader does not know.
func (d *lineDecoder) row() (Row, bool) {
	r := Row{Line: d.line}
	tick, guid := d.integer("tick"), d.id("guid")
	if _, isEvent := d.m["event"]; !isEvent {
		s := &r.State
		s.Tick, s.GUID = tick, guid
		s.Cell = d.id("cell")
		if v, ok := d.raw("origin"); ok {
			s.Origin = vec3("origin", v, d)
		}
		s.Heading = d.float("heading")
		s.Queue = d.integer("queue")
		s.Fail = d.integer("fail")
		s.Contact = d.boolean("contact")
		return r, true
	}
	r.IsEvent = true
	e := &r.Event
	e.Tick, e.GUID = tick, guid
	name := d.str("event")
	for k := KindRoute; int(k) < len(kindNames); k++ {
		if kindNames[k] == name {
			e.Kind = k
		}
	}
	switch e.Kind {
	case 0:
		return r, false
	case KindRoute:
		e.Route = RouteBranch(oneOf(d, "branch", routeNames[:]))
	case KindEnqueue:
		e.Enqueue = EnqueueBranch(oneOf(d, "branch", enqueueNames[:]))
		e.Pruned = d.integer("pruned")
		e.Evicted = d.integer("evicted")
	case KindNodeComplete:
		e.Success = d.boolean("success")
	case KindStallWindow:
		e.Pass = d.boolean("pass")
		e.Cumulative = d.float("cumulative")
		e.ProgressQuantum = d.float("progress_quantum")
	case KindBlip, KindSnap:
		e.From = d.place("from")
		e.To = d.place("to")
		if e.Kind == KindBlip {
			e.Target = BlipTarget(oneOf(d, "target", blipNames[:]))
		}
	case KindContact:
		e.Contact = d.boolean("contact")
	}
	return r, true
}
