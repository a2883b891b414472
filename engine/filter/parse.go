// The grammar (docs/viewer.md, "Filters"):
//
//	expr  = term { " " term }            terms are ANDed
//	term  = word                          a kind: blip, snap, teleport…
//	      | field op value
//	field = kind | guid | opcode | movement | tick | t | error | distance | speed | queue | fail
//	op    = "=" | ">" | ">=" | "<" | "<=" | "~" | "≈"
//	value = item { "," item }             for kind, guid, opcode, movement (OR)
//	      | number [unit]                 for the numeric fields
//	      | [number [unit]] ".." [number [unit]]   an inclusive range (after =)
//	      | number [unit] ["±" | "+-" number [unit]]   after ~ or ≈: within a tolerance

package filter

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"glidepath/engine/hexid"
)

// Tolerances a ~ (≈) term uses when it names none: `tick~500` is ticks
// 495 to 505.
var defaultTolerance = [numFields]float64{
	FieldTick:     5,
	FieldTime:     0.25,
	FieldError:    0.01,
	FieldDistance: 0.01,
	FieldSpeed:    0.1,
	FieldQueue:    1,
	FieldFail:     1,
}

// MovementNames are the movement type names a movement= term accepts (ACE's
// MovementType names; engine/recording.MovementType).
var MovementNames = []string{"InterpretedCommand", "MoveToObject", "MoveToPosition", "TurnToObject", "TurnToHeading"}

// Error is a bad expression: the expression, the 1-based column (in
// characters) where the fault is, and what is wrong.
type Error struct {
	Expr   string
	Column int
	Msg    string
}

func (e *Error) Error() string {
	return fmt.Sprintf("filter: %q: at column %d: %s", e.Expr, e.Column, e.Msg)
}

// Parse parses a filter expression. kinds is the vocabulary of bare words
// and kind= values (compared case-insensitively); nil accepts any word, so
// kinds added later need no change here. An empty or blank text is the
// empty Expr, which matches everything.
func Parse(src string, kinds []string) (*Expr, error) {
	p := parser{src: src, kinds: kinds}
	e := &Expr{src: src}
	i := 0
	for i < len(src) {
		if src[i] == ' ' || src[i] == '\t' {
			i++
			continue
		}
		j := i
		for j < len(src) && src[j] != ' ' && src[j] != '\t' {
			j++
		}
		t, err := p.term(i, src[i:j])
		if err != nil {
			return nil, err
		}
		e.terms = append(e.terms, t)
		i = j
	}
	return e, nil
}

// MustParse is Parse for expressions fixed in code; it panics on a bad one.
func MustParse(src string, kinds []string) *Expr {
	e, err := Parse(src, kinds)
	if err != nil {
		panic(err)
	}
	return e
}

type parser struct {
	src   string
	kinds []string
}

// fail is the error at byte offset off of the source.
func (p *parser) fail(off int, format string, args ...any) error {
	if off > len(p.src) {
		off = len(p.src)
	}
	return &Error{Expr: p.src, Column: utf8.RuneCountInString(p.src[:off]) + 1, Msg: fmt.Sprintf(format, args...)}
}

// term parses the term s, which starts at byte offset at.
func (p *parser) term(at int, s string) (term, error) {
	n := 0
	for n < len(s) && isWordByte(s[n]) {
		n++
	}
	if n == 0 {
		r, _ := utf8.DecodeRuneInString(s)
		return term{}, p.fail(at, "want a kind or a field name (%s), got %q", strings.Join(FieldNames(), ", "), r)
	}
	word := s[:n]
	if n == len(s) {
		if f := fieldByName(word); f != 0 {
			return term{}, p.fail(at+n, "%s wants an operator and a value (%s=…)", word, word)
		}
		if err := p.checkKind(at, word); err != nil {
			return term{}, err
		}
		return term{field: FieldKind, words: []string{strings.ToLower(word)}}, nil
	}
	f := fieldByName(word)
	if f == 0 {
		return term{}, p.fail(at, "unknown field %q (fields: %s)", word, strings.Join(FieldNames(), ", "))
	}
	opAt := at + n
	op, opLen := operator(s[n:])
	if op == "" {
		r, _ := utf8.DecodeRuneInString(s[n:])
		return term{}, p.fail(opAt, "after %s want one of = > >= < <= ~, got %q", word, r)
	}
	valAt := opAt + opLen
	val := s[n+opLen:]
	if val == "" {
		return term{}, p.fail(valAt, "%s%s wants a value", word, op)
	}
	if !f.numeric() {
		if op != "=" {
			return term{}, p.fail(opAt, "%s takes = only (a value or a comma-separated list), not %s", word, op)
		}
		return p.listTerm(f, valAt, val)
	}
	return p.numTerm(f, op, valAt, val)
}

func isWordByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

func fieldByName(s string) Field {
	for f := FieldKind; f < numFields; f++ {
		if strings.EqualFold(fieldNames[f], s) {
			return f
		}
	}
	return 0
}

// operator returns the operator s starts with and its length in bytes.
func operator(s string) (string, int) {
	for _, op := range []string{">=", "<=", "=", ">", "<", "~"} {
		if strings.HasPrefix(s, op) {
			return op, len(op)
		}
	}
	if strings.HasPrefix(s, "≈") {
		return "~", len("≈")
	}
	return "", 0
}

func (p *parser) checkKind(at int, w string) error {
	if p.kinds == nil {
		return nil
	}
	for _, k := range p.kinds {
		if strings.EqualFold(k, w) {
			return nil
		}
	}
	return p.fail(at, "unknown kind %q (kinds: %s)", w, strings.Join(p.kinds, ", "))
}

// listTerm parses the comma-separated values of a kind, guid, opcode or
// movement term.
func (p *parser) listTerm(f Field, at int, val string) (term, error) {
	t := term{field: f}
	off := at
	for _, part := range strings.Split(val, ",") {
		if part == "" {
			return term{}, p.fail(off, "%s= has an empty value (two commas, or one at an end)", f)
		}
		switch f {
		case FieldKind:
			for i := 0; i < len(part); i++ {
				if !isWordByte(part[i]) {
					return term{}, p.fail(off+i, "a kind is a word, got %q", part)
				}
			}
			if err := p.checkKind(off, part); err != nil {
				return term{}, err
			}
			t.words = append(t.words, strings.ToLower(part))
		case FieldMovement:
			name := ""
			for _, m := range MovementNames {
				if strings.EqualFold(m, part) {
					name = m
				}
			}
			if name == "" {
				return term{}, p.fail(off, "unknown movement type %q (movement types: %s)", part, strings.Join(MovementNames, ", "))
			}
			t.words = append(t.words, name)
		case FieldGUID, FieldOpcode:
			v, err := hexid.Parse(part)
			if err != nil {
				return term{}, p.fail(off, "%s %q: want a hexadecimal number of at most 8 digits (0x optional)", f, part)
			}
			t.ids = append(t.ids, v)
		}
		off += len(part) + 1
	}
	return t, nil
}

// numTerm parses the value of a numeric term.
func (p *parser) numTerm(f Field, op string, at int, val string) (term, error) {
	t := term{field: f, op: op}
	if op == "~" {
		num, tol, hasTol := val, "", false
		if i := strings.Index(val, "±"); i >= 0 {
			num, tol, hasTol = val[:i], val[i+len("±"):], true
		} else if i := strings.Index(val, "+-"); i >= 0 {
			num, tol, hasTol = val[:i], val[i+2:], true
		}
		v, err := p.number(f, at, num)
		if err != nil {
			return term{}, err
		}
		d := defaultTolerance[f]
		if hasTol {
			tolAt := at + len(val) - len(tol)
			if d, err = p.number(f, tolAt, tol); err != nil {
				return term{}, err
			}
			if d < 0 {
				return term{}, p.fail(tolAt, "a tolerance cannot be negative")
			}
		}
		t.op, t.lo, t.hi = "..", v-d, v+d
		return t, nil
	}
	if i := strings.Index(val, ".."); i >= 0 {
		if op != "=" {
			return term{}, p.fail(at+i, "a range goes after =, not %s (%s=A..B)", op, f)
		}
		t.op, t.lo, t.hi = "..", math.Inf(-1), math.Inf(1)
		var err error
		if lo := val[:i]; lo != "" {
			if t.lo, err = p.number(f, at, lo); err != nil {
				return term{}, err
			}
		}
		if hi := val[i+2:]; hi != "" {
			if t.hi, err = p.number(f, at+i+2, hi); err != nil {
				return term{}, err
			}
		}
		if val == ".." {
			return term{}, p.fail(at, "a range wants at least one end (%s=A..B, A.. or ..B)", f)
		}
		if t.lo > t.hi {
			return term{}, p.fail(at, "the range %s runs backwards (the first end is above the second)", val)
		}
		return t, nil
	}
	v, err := p.number(f, at, val)
	if err != nil {
		return term{}, err
	}
	t.lo = v
	return t, nil
}

// units are the suffixes each numeric field accepts and their factor to
// its base unit; the first is the base unit (the unit of a bare number).
var units = [numFields][]struct {
	name   string
	factor float64
}{
	FieldTime:     {{"s", 1}, {"ms", 0.001}},
	FieldError:    {{"m", 1}, {"cm", 0.01}, {"mm", 0.001}},
	FieldDistance: {{"m", 1}, {"cm", 0.01}, {"mm", 0.001}},
	FieldSpeed:    {{"m/s", 1}},
}

// number parses a number with an optional unit of field f, at byte offset at.
func (p *parser) number(f Field, at int, s string) (float64, error) {
	n := 0
	for n < len(s) && (s[n] >= '0' && s[n] <= '9' || s[n] == '.' || s[n] == '-' || s[n] == '+') {
		n++
	}
	// "1..2" reaches here only split; a trailing dot before a unit is the
	// number's own ("2.m" is not a number: ParseFloat says so).
	num, unit := s[:n], s[n:]
	v, err := strconv.ParseFloat(num, 64)
	if err != nil || num == "" || math.IsInf(v, 0) || math.IsNaN(v) {
		return 0, p.fail(at, "%s: want a number, got %q", f, s)
	}
	if unit == "" {
		if f == FieldTick && v != math.Trunc(v) {
			return 0, p.fail(at, "tick: want a whole number of ticks, got %q", s)
		}
		return v, nil
	}
	for _, u := range units[f] {
		if unit == u.name {
			return v * u.factor, nil
		}
	}
	if len(units[f]) == 0 {
		return 0, p.fail(at+n, "%s takes no unit, got %q", f, unit)
	}
	var names []string
	for _, u := range units[f] {
		names = append(names, u.name)
	}
	return 0, p.fail(at+n, "%s: unknown unit %q (units: %s)", f, unit, strings.Join(names, ", "))
}
