// YAML scalars: the typed values a scenario's fields hold — numbers (finite,
// in range), ids (guid and cell), text, booleans, lists, points and words —
// each failure an *Error at the value's line and column.

package scenario

import (
	"errors"
	"math"
	"strconv"
	"strings"

	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/token"

	"glidepath/engine/hexid"
)

// number reads a finite number. An unquoted scalar that YAML leaves as a
// string but Go parses as a number (1e3) is a number too.
func (d *dec) number(n ast.Node, field string) (float64, error) {
	if err := d.checkPlain(n, field); err != nil {
		return 0, err
	}
	switch v := n.(type) {
	case *ast.IntegerNode:
		switch x := v.Value.(type) {
		case int64:
			return float64(x), nil
		case uint64:
			return float64(x), nil
		}
	case *ast.FloatNode:
		if !math.IsInf(v.Value, 0) && !math.IsNaN(v.Value) {
			return v.Value, nil
		}
		if math.IsInf(v.Value, 0) {
			// 1e400: a number, too large for any field.
			return 0, d.errAt(n, field, "out of range: want a finite number within ±1.8e308, got %s", describe(n))
		}
	case *ast.InfinityNode, *ast.NanNode:
		return 0, d.errAt(n, field, "want a finite number, got %s", describe(n))
	case *ast.StringNode:
		if tk := v.GetToken(); tk != nil && tk.Type == token.StringType {
			x, err := strconv.ParseFloat(v.Value, 64)
			if err == nil && !math.IsInf(x, 0) && !math.IsNaN(x) {
				return x, nil
			}
			if errors.Is(err, strconv.ErrRange) {
				return 0, d.errAt(n, field, "out of range: want a finite number within ±1.8e308, got %s", describe(n))
			}
		}
	}
	return 0, d.errAt(n, field, "want a number, got %s", describe(n))
}

// numberIn reads a number in [lo, hi].
func (d *dec) numberIn(n ast.Node, field string, lo, hi float64, unit string) (float64, error) {
	x, err := d.number(n, field)
	if err != nil {
		return 0, err
	}
	if x < lo || x > hi {
		return 0, d.errAt(n, field, "%v%s is outside [%v, %v]%s", x, unit, lo, hi, unit)
	}
	return x, nil
}

// positive reads a number in (0, hi].
func (d *dec) positive(n ast.Node, field string, hi float64, unit string) (float64, error) {
	x, err := d.number(n, field)
	if err != nil {
		return 0, err
	}
	if x <= 0 || x > hi {
		return 0, d.errAt(n, field, "want a number above 0 and at most %v%s, got %v", hi, unit, x)
	}
	return x, nil
}

// integer reads a whole number in [lo, hi].
func (d *dec) integer(n ast.Node, field string, lo, hi int64) (int64, error) {
	x, err := d.number(n, field)
	if err != nil {
		return 0, err
	}
	if x != math.Trunc(x) || x < float64(lo) || x > float64(hi) {
		return 0, d.errAt(n, field, "want a whole number in [%d, %d], got %s", lo, hi, describe(n))
	}
	return int64(x), nil
}

// id reads a guid or cell: an integer in [0, 2^32) (YAML reads 0x80000A01 as
// one) or a string "0x" + 1–8 hex digits, as the recording format writes them.
func (d *dec) id(n ast.Node, field string) (uint32, error) {
	if err := d.checkPlain(n, field); err != nil {
		return 0, err
	}
	switch v := n.(type) {
	case *ast.IntegerNode:
		switch x := v.Value.(type) {
		case uint64:
			if x <= math.MaxUint32 {
				return uint32(x), nil
			}
		case int64:
			if x >= 0 && x <= math.MaxUint32 {
				return uint32(x), nil
			}
		}
		return 0, d.errAt(n, field, "want an id in [0, 0xFFFFFFFF], got %s", v.GetToken().Value)
	case *ast.StringNode:
		if x, err := hexid.Parse(v.Value); err == nil {
			return x, nil
		}
	}
	return 0, d.errAt(n, field, "want an id such as 0x80000A01, got %s", describe(n))
}

// text reads a string (plain, quoted or a block scalar) of at most
// MaxTextLength bytes.
func (d *dec) text(n ast.Node, field string) (string, error) {
	if err := d.checkPlain(n, field); err != nil {
		return "", err
	}
	var s string
	switch v := n.(type) {
	case *ast.StringNode:
		s = v.Value
	case *ast.LiteralNode:
		if v.Value == nil {
			return "", d.errAt(n, field, "want text")
		}
		s = v.Value.Value
	default:
		return "", d.errAt(n, field, "want text, got %s (quote it)", describe(n))
	}
	if len(s) > MaxTextLength {
		return "", d.errAt(n, field, "%d bytes is longer than the %d-byte limit", len(s), MaxTextLength)
	}
	return strings.TrimRight(s, "\n"), nil
}

// boolean reads true or false.
func (d *dec) boolean(n ast.Node, field string) (bool, error) {
	if err := d.checkPlain(n, field); err != nil {
		return false, err
	}
	if b, ok := n.(*ast.BoolNode); ok {
		return b.Value, nil
	}
	return false, d.errAt(n, field, "want true or false, got %s", describe(n))
}

// list reads a sequence of at most max elements.
func (d *dec) list(n ast.Node, field string, max int) ([]ast.Node, error) {
	if err := d.checkPlain(n, field); err != nil {
		return nil, err
	}
	s, ok := n.(*ast.SequenceNode)
	if !ok {
		return nil, d.errAt(n, field, "want a list, got %s", describe(n))
	}
	if len(s.Values) > max {
		return nil, d.errAt(n, field, "%d elements is more than the limit of %d", len(s.Values), max)
	}
	return s.Values, nil
}

// point reads [x, y]: metres east and north of the scenario landblock's
// south-west corner. z is not given: the ground decides it.
func (d *dec) point(n ast.Node, field string) (point, error) {
	els, err := d.list(n, field, 3)
	if err != nil {
		return point{}, d.errAt(n, field, "want [x, y], got %s", describe(n))
	}
	if len(els) != 2 {
		return point{}, d.errAt(n, field, "want [x, y] (2 numbers; z follows the terrain), got %d numbers", len(els))
	}
	var xy [2]float64
	for i, el := range els {
		v, err := d.numberIn(el, index(field, i), -maxCoordinate, maxCoordinate, " m")
		if err != nil {
			return point{}, err
		}
		xy[i] = v
	}
	return point{x: xy[0], y: xy[1]}, nil
}

// word reads a plain string that must be one of choices.
func (d *dec) word(n ast.Node, field string, choices ...string) (string, error) {
	s, err := d.text(n, field)
	if err != nil {
		return "", d.errAt(n, field, "want one of %s, got %s", strings.Join(choices, ", "), describe(n))
	}
	for _, c := range choices {
		if s == c {
			return s, nil
		}
	}
	return "", d.errAt(n, field, "want one of %s, got %q", strings.Join(choices, ", "), clip(s))
}
