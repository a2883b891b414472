// Line checking: the rules that span lines (Recording v1, "Events"): t never
// decreases, and every guid names an object that exists. The reader runs
// every line through it, and so does the writer before it writes a line, so
// whatever the writer writes the reader accepts.

package recording

import (
	"fmt"
	"strings"

	"glidepath/engine/hexid"
)

// roster tracks which objects exist: header entities, then creates and
// deletes in file order.
type roster struct {
	live    map[uint32]int // guid -> line it was created on (1: header)
	deleted map[uint32]int // guid -> line it was deleted on, until re-created
	// parent is each live held item's holder (entity parent).
	parent map[uint32]uint32
}

func (r *roster) reset(entities []Entity) {
	r.live = make(map[uint32]int, len(entities))
	r.deleted = make(map[uint32]int)
	r.parent = make(map[uint32]uint32)
	for i := range entities {
		r.live[entities[i].GUID] = 1
		if entities[i].Parent != 0 {
			r.parent[entities[i].GUID] = entities[i].Parent
		}
	}
}

// parentCycle returns "" unless guid's chain of live holders (entity
// parent) comes back to guid — objects holding each other — and then the
// chain. The chains of the other live objects hold no cycle (each was
// checked when it came), so the walk ends within len(parent) steps.
func (r *roster) parentCycle(guid uint32) string {
	chain := []string{hexid.String(guid)}
	for at, n := guid, 0; n <= len(r.parent); n++ {
		p, ok := r.parent[at]
		if !ok {
			return ""
		}
		chain = append(chain, hexid.String(p))
		if p == guid {
			return "the holders form a cycle: " + strings.Join(chain, " held by ")
		}
		at = p
	}
	return ""
}

// mustExist returns "" when guid is live, else why not.
func (r *roster) mustExist(guid uint32) string {
	if _, ok := r.live[guid]; ok {
		return ""
	}
	if line, ok := r.deleted[guid]; ok {
		return fmt.Sprintf("entity %s was deleted on line %d", hexid.String(guid), line)
	}
	return "no entity " + hexid.String(guid)
}

// checker holds the state the cross-line rules need.
type checker struct {
	dec       decoder
	roster    roster
	lastT     float64
	lastTLine int
	counter   counter
	// observer says whether the header or an earlier event placed the
	// observer, which a move-to toward "observer" needs.
	observer bool
}

var typeFields = []string{"type"}

func (c *checker) errorf(line int, field, format string, args ...any) *Error {
	return &Error{File: c.dec.file, Line: line, Field: field, Problem: fmt.Sprintf(format, args...)}
}

// header checks line as the header (line 1) and resets the state.
func (c *checker) header(line []byte) (Header, error) {
	d := &c.dec
	d.err, d.lineNo = nil, 1
	if p := d.parse(line); p != "" {
		return Header{}, c.errorf(1, "json", "%s", p)
	}
	if bad, p := d.checkLeaves(); bad >= 0 {
		return Header{}, c.errorf(1, d.path(bad), "%s", p)
	}
	h, ok := d.decodeHeader()
	if !ok {
		return Header{}, d.err
	}
	c.roster.reset(h.Entities)
	for i := range h.Entities {
		if p := c.roster.parentCycle(h.Entities[i].GUID); p != "" {
			return Header{}, c.errorf(1, fmt.Sprintf("entities[%d].parent", i), "%s", p)
		}
	}
	c.observer = h.HasObserver
	c.lastT, c.lastTLine = 0, 0
	c.counter = newCounter()
	return h, nil
}

// event checks line as event line number lineNo. For an event type it does
// not know it returns an event of kind 0 and the type's name, and changes no
// state.
func (c *checker) event(line []byte, lineNo int) (ev Event, unknown string, err error) {
	d := &c.dec
	d.err, d.lineNo = nil, lineNo
	if !useFixed || !d.decodeFixed(line, &ev) {
		if ev, unknown, err = d.decodeLine(line); err != nil || ev.Kind == 0 {
			return Event{}, unknown, err
		}
	}
	k := ev.Kind
	prefix := k.String()
	if ev.T < c.lastT {
		return Event{}, "", c.errorf(lineNo, prefix+".t", "%s is less than the previous event's t %s (line %d)",
			formatT(ev.T), formatT(c.lastT), c.lastTLine)
	}
	if p := c.applyRoster(&ev); p != "" {
		field := prefix + ".guid"
		switch {
		case k == KindCreate:
			field = "create.entity.guid"
		case ev.Raw && !d.rawHadGUID:
			field = "position.raw"
		}
		return Event{}, "", c.errorf(lineNo, field, "%s", p)
	}
	if k == KindCreate && ev.Entity != nil && ev.Entity.Parent != 0 {
		if p := c.roster.parentCycle(ev.GUID); p != "" {
			return Event{}, "", c.errorf(lineNo, "create.entity.parent", "%s", p)
		}
	}
	// A MoveToObject or TurnToObject names another live object.
	if k == KindMotion && ev.Motion.MovementType.NeedsTarget() {
		if ev.Motion.Target == ObserverTarget {
			if !c.observer {
				return Event{}, "", c.errorf(lineNo, "motion.target", "the observer has no position yet (no header observer, no earlier observer event)")
			}
		} else if p := c.roster.mustExist(ev.Motion.Target); p != "" {
			return Event{}, "", c.errorf(lineNo, "motion.target", "%s", p)
		}
	}
	// A stick_to names another live object, or the observer.
	if k == KindMotion && ev.Motion.StickTo != 0 {
		if ev.Motion.StickTo == ev.GUID {
			return Event{}, "", c.errorf(lineNo, "motion.stick_to", "an object cannot stick to itself")
		}
		if ev.Motion.StickTo == ObserverTarget {
			if !c.observer {
				return Event{}, "", c.errorf(lineNo, "motion.stick_to", "the observer has no position yet (no header observer, no earlier observer event)")
			}
		} else if p := c.roster.mustExist(ev.Motion.StickTo); p != "" {
			return Event{}, "", c.errorf(lineNo, "motion.stick_to", "%s", p)
		}
	}
	if k == KindObserver {
		c.observer = true
	}
	if err := c.counter.count(c.dec.file, lineNo, &ev); err != nil {
		return Event{}, "", err
	}
	c.lastT, c.lastTLine = ev.T, lineNo
	return ev, "", nil
}

// applyRoster checks the event's guid against the live objects and applies
// creates and deletes. A note's guid is not checked: a note may speak of an
// object that is gone.
func (c *checker) applyRoster(ev *Event) string {
	r := &c.roster
	switch ev.Kind {
	case KindObserver, KindNote:
		return ""
	case KindCreate:
		if line, ok := r.live[ev.GUID]; ok {
			return fmt.Sprintf("entity %s already exists (created on line %d)", hexid.String(ev.GUID), line)
		}
		delete(r.deleted, ev.GUID)
		r.live[ev.GUID] = ev.Line
		if ev.Entity != nil && ev.Entity.Parent != 0 {
			r.parent[ev.GUID] = ev.Entity.Parent
		}
		return ""
	}
	if p := r.mustExist(ev.GUID); p != "" {
		return p
	}
	if ev.Kind == KindDelete {
		delete(r.live, ev.GUID)
		delete(r.parent, ev.GUID)
		r.deleted[ev.GUID] = ev.Line
	}
	return ""
}

// useFixed turns the fixed layout on; tests turn it off to compare.
var useFixed = true

// decodeLine is the general decoder of one event line: parse, type, leaf
// check and the event's own values (the rules within the line). For an
// event type it does not know it returns an event of kind 0 and the
// type's name.
func (d *decoder) decodeLine(line []byte) (ev Event, unknown string, err error) {
	lineNo := d.lineNo
	if p := d.parse(line); p != "" {
		return ev, "", d.errorf(lineNo, "json", "%s", p)
	}
	var ts [1]int32
	if dup := d.fields(0, typeFields, ts[:]); dup != "" {
		return ev, "", d.errorf(lineNo, "type", "duplicate field")
	}
	n := ts[0]
	switch {
	case n < 0:
		return ev, "", d.errorf(lineNo, "type", "missing")
	case d.nodes[n].kind != nodeString:
		return ev, "", d.errorf(lineNo, "type", "want a string, got %s", d.describe(n))
	}
	if nd := &d.nodes[n]; nd.flags != 0 {
		if p := checkString(d.line[nd.start:nd.end], nd.flags&strEsc != 0); p != "" {
			return ev, "", d.errorf(lineNo, "type", "%s", p)
		}
	}
	typeName := d.stringBytes(n)
	if len(typeName) == 0 {
		return ev, "", d.errorf(lineNo, "type", `want an event type, got ""`)
	}
	k := kindOf(typeName)
	prefix := k.String()
	if k == 0 {
		unknown = string(typeName)
		prefix = unknown
	}
	if bad, p := d.checkLeaves(); bad >= 0 {
		return ev, "", d.errorf(lineNo, joinField(prefix, d.path(bad)), "%s", p)
	}
	if k == 0 {
		return ev, unknown, nil
	}
	ev, ok := d.decodeEvent(k)
	if !ok {
		return Event{}, "", d.err
	}
	return ev, "", nil
}

func (d *decoder) errorf(line int, field, format string, args ...any) *Error {
	return &Error{File: d.file, Line: line, Field: field, Problem: fmt.Sprintf(format, args...)}
}

// Errors: the typed error every reader and writer problem is reported as,
// "FILE:LINE: FIELD: problem" (Recording v1, "Encoding").
// Error is a problem with one line of a recording. Field is the path of the
// offending field, such as "position.origin" or "entities[2].guid"; event
// fields are prefixed with the event type. Two pseudo-fields name problems
// that are not about one field: "json" (the line is not valid JSON) and
// "read" (the bytes could not be read, for example a broken gzip stream;
// Err then holds the cause).
type Error struct {
	File    string
	Line    int
	Field   string
	Problem string
	Err     error
}

func (e *Error) Error() string {
	return fmt.Sprintf("%s:%d: %s: %s", e.File, e.Line, e.Field, e.Problem)
}

// Unwrap returns the underlying I/O error, if any.
func (e *Error) Unwrap() error { return e.Err }
