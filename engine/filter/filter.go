// Package filter is Glidepath's one filter expression (docs/viewer.md,
// "Filters"): the text a person types to narrow the timeline's lanes, the
// object list, the Messages panel and `viewer run -explain` / `-events` to
// what they look for — `blip guid=0x80000A01`, `kind=snap,pop`,
// `opcode=F74C movement=MoveToObject`, `error>2m`, `tick=400..900`.
//
// An expression is parsed once (Parse) into an Expr, a predicate over Items.
// An Item is the display-free description of one thing to filter: a pipeline
// event, a cause chain, an input message, an events-table row or an object
// (events.go builds them). The package draws nothing and imports no display
// code, so the viewer's panels and the command line share one grammar.
package filter

import (
	"strconv"
	"strings"
)

// Field is a filterable field of an Item.
type Field uint8

// The fields a term can name (the word before its operator).
const (
	FieldKind Field = iota + 1
	FieldGUID
	FieldOpcode
	FieldMovement
	FieldTick
	FieldTime
	// The numeric fields: compared with = > >= < <= and ranges.
	FieldError
	FieldDistance
	FieldSpeed
	FieldQueue
	FieldFail
	numFields
)

var fieldNames = [...]string{
	FieldKind:     "kind",
	FieldGUID:     "guid",
	FieldOpcode:   "opcode",
	FieldMovement: "movement",
	FieldTick:     "tick",
	FieldTime:     "t",
	FieldError:    "error",
	FieldDistance: "distance",
	FieldSpeed:    "speed",
	FieldQueue:    "queue",
	FieldFail:     "fail",
}

// String is the field's name in an expression.
func (f Field) String() string {
	if f >= FieldKind && f < numFields {
		return fieldNames[f]
	}
	return "Field(" + strconv.Itoa(int(f)) + ")"
}

// FieldNames lists the field names an expression accepts, in a fixed order.
func FieldNames() []string {
	out := make([]string, 0, numFields-1)
	for f := FieldKind; f < numFields; f++ {
		out = append(out, fieldNames[f])
	}
	return out
}

// numeric reports whether f is compared as a number (ranges and < > work on
// it; tick and t are numeric too).
func (f Field) numeric() bool { return f >= FieldTick }

// Item is one thing a filter looks at. Fields it does not have are left
// unset (Has false): a term on a field the item lacks does not match it, so
// `error>2m` keeps only items that know their error.
type Item struct {
	// Kind is the event kind (blip, snap, pop, hitch, route…) or the input
	// message's kind (position, motion, vector…).
	Kind string
	// Tags are further words that name the item, matched by a bare word as
	// Kind is: a route's branch (teleport, slide…), an enqueue's branch,
	// or for an object every kind of event it had.
	Tags []string
	// GUID is the object.
	GUID    uint32
	HasGUID bool
	// Opcode is the message's opcode (0xF748 UpdatePosition, 0xF74C
	// UpdateMotion, 0xF74E VectorUpdate…), when HasOpcode.
	Opcode    uint32
	HasOpcode bool
	// Movement is the UpdateMotion's movement type name (InterpretedCommand,
	// MoveToObject, MoveToPosition, TurnToObject, TurnToHeading), "" when
	// the item has none.
	Movement string

	// nums holds the numeric fields set (Set); has says which are.
	nums [numFields]float64
	has  uint16
}

// Set gives the item numeric field f (FieldTick, FieldTime in seconds,
// FieldError and FieldDistance in metres, FieldSpeed in m/s, FieldQueue in
// nodes, FieldFail as a count).
func (it *Item) Set(f Field, v float64) {
	if f.numeric() && f < numFields {
		it.nums[f] = v
		it.has |= 1 << f
	}
}

// Value returns numeric field f and whether the item has it.
func (it *Item) Value(f Field) (float64, bool) {
	if !f.numeric() || f >= numFields || it.has&(1<<f) == 0 {
		return 0, false
	}
	return it.nums[f], true
}

// Expr is a parsed filter expression: the AND of its terms. The zero Expr
// (and the Expr of an empty or all-blank text) matches everything.
type Expr struct {
	src   string
	terms []term
}

// String is the expression's text as given.
func (e *Expr) String() string {
	if e == nil {
		return ""
	}
	return e.src
}

// Empty reports whether the expression has no terms (matches everything).
func (e *Expr) Empty() bool { return e == nil || len(e.terms) == 0 }

// Match reports whether it passes every term.
func (e *Expr) Match(it *Item) bool {
	if e == nil {
		return true
	}
	for i := range e.terms {
		if !e.terms[i].match(it) {
			return false
		}
	}
	return true
}

// MatchAny reports whether any of items passes the whole expression: how
// an object is kept in the object list or a lane shown — an object passes
// `blip tick=400..900` when one of its blips is in those ticks. An empty
// expression matches even an empty list.
func (e *Expr) MatchAny(items []Item) bool {
	if e.Empty() {
		return true
	}
	for i := range items {
		if e.Match(&items[i]) {
			return true
		}
	}
	return false
}

// GUIDs returns the guid lists of the expression's guid= terms, one list
// per term (any of a list may match; every term must), nil when it names
// no guid. A caller that knows the objects of its input uses it to say when
// the expression names only objects the input does not have, so matches
// nothing by construction.
func (e *Expr) GUIDs() [][]uint32 {
	if e == nil {
		return nil
	}
	var out [][]uint32
	for _, t := range e.terms {
		if t.field == FieldGUID {
			out = append(out, append([]uint32(nil), t.ids...))
		}
	}
	return out
}

// Kinds returns the kinds the expression asks for (bare words and kind=
// lists, in the order written, each once), nil when it does not restrict the
// kind. `viewer run -explain` uses it to choose the cause chains to keep.
func (e *Expr) Kinds() []string {
	if e == nil {
		return nil
	}
	var out []string
	for _, t := range e.terms {
		if t.field != FieldKind {
			continue
		}
		for _, w := range t.words {
			dup := false
			for _, o := range out {
				dup = dup || o == w
			}
			if !dup {
				out = append(out, w)
			}
		}
	}
	return out
}

// term is one space-separated part of an expression.
type term struct {
	field Field
	// words: the kinds or movement names (any may match), lower-cased
	// for kinds; ids: the guids or opcodes (any may match).
	words []string
	ids   []uint32
	// A numeric comparison: op is one of = > >= < <= or ".." for the range
	// [lo, hi] (either end may be open, ±Inf).
	op     string
	lo, hi float64
}

func (t *term) match(it *Item) bool {
	switch t.field {
	case FieldKind:
		for _, w := range t.words {
			if strings.EqualFold(it.Kind, w) {
				return true
			}
			for _, tag := range it.Tags {
				if strings.EqualFold(tag, w) {
					return true
				}
			}
		}
		return false
	case FieldMovement:
		for _, w := range t.words {
			if it.Movement != "" && strings.EqualFold(it.Movement, w) {
				return true
			}
		}
		return false
	case FieldGUID:
		return it.HasGUID && containsID(t.ids, it.GUID)
	case FieldOpcode:
		return it.HasOpcode && containsID(t.ids, it.Opcode)
	}
	v, ok := it.Value(t.field)
	if !ok {
		return false
	}
	switch t.op {
	case ">":
		return v > t.lo
	case ">=":
		return v >= t.lo
	case "<":
		return v < t.lo
	case "<=":
		return v <= t.lo
	case "=":
		return v == t.lo
	}
	return v >= t.lo && v <= t.hi
}

func containsID(ids []uint32, id uint32) bool {
	for _, x := range ids {
		if x == id {
			return true
		}
	}
	return false
}
