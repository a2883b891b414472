// YAML values: reading the goccy/go-yaml syntax tree into typed values, each
// failure an *Error at the node's line and column. The scenario is read from
// the tree, not unmarshalled by reflection, so every field — and every
// missing one — can be reported where it was written.
package scenario

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/goccy/go-yaml"
	"github.com/goccy/go-yaml/ast"
	yamlparser "github.com/goccy/go-yaml/parser"
	"github.com/goccy/go-yaml/token"
)

// dec reads one file's tree.
type dec struct {
	file string
}

// parseYAML parses data into its single document's root node. A syntax error
// is reported at the token the parser stopped on.
func (d *dec) parseYAML(data []byte) (root ast.Node, err error) {
	// The parser is third-party code: a panic inside it must still come out
	// as an error, never as a crash of the viewer.
	defer func() {
		if r := recover(); r != nil {
			root, err = nil, &Error{File: d.file, Line: 1, Column: 1, Field: "yaml", Problem: fmt.Sprintf("the YAML parser failed: %v", r)}
		}
	}()
	f, perr := yamlparser.ParseBytes(data, 0)
	if perr != nil {
		return nil, d.syntaxError(perr)
	}
	var docs []*ast.DocumentNode
	for _, doc := range f.Docs {
		if doc != nil && doc.Body != nil {
			docs = append(docs, doc)
		}
	}
	switch len(docs) {
	case 0:
		return nil, &Error{File: d.file, Line: 1, Column: 1, Problem: "empty scenario: want a mapping with duration and remotes"}
	case 1:
		return docs[0].Body, nil
	}
	return nil, d.errAt(docs[1].Body, "", "want one YAML document, got %d", len(docs))
}

// syntaxError turns the parser's error into an *Error.
func (d *dec) syntaxError(err error) *Error {
	var ye yaml.Error
	if errors.As(err, &ye) {
		line, col := 1, 1
		if tk := ye.GetToken(); tk != nil && tk.Position != nil {
			line, col = tk.Position.Line, tk.Position.Column
		}
		return &Error{File: d.file, Line: line, Column: col, Field: "yaml", Problem: ye.GetMessage()}
	}
	return &Error{File: d.file, Line: 1, Column: 1, Field: "yaml", Problem: err.Error()}
}

// where returns the location of node n under field path.
func where(n ast.Node, field string) loc {
	line, col := nodePos(n)
	return loc{line: line, col: col, field: field}
}

// nodePos is the line and column a node starts at. A block mapping's own
// token is its first ':', so its first key is used instead.
func nodePos(n ast.Node) (int, int) {
	if n == nil {
		return 1, 1
	}
	if m, ok := n.(*ast.MappingNode); ok && len(m.Values) > 0 && m.Values[0].Key != nil && !m.IsFlowStyle {
		return nodePos(m.Values[0].Key)
	}
	if mv, ok := n.(*ast.MappingValueNode); ok && mv.Key != nil {
		return nodePos(mv.Key)
	}
	tk := n.GetToken()
	if tk == nil || tk.Position == nil {
		return 1, 1
	}
	return tk.Position.Line, tk.Position.Column
}

// errAt is an *Error at node n.
func (d *dec) errAt(n ast.Node, field, format string, args ...any) *Error {
	return where(n, field).errorf(d.file, format, args...)
}

// join appends a key to a field path.
func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// index appends an element index to a field path.
func index(path string, i int) string { return fmt.Sprintf("%s[%d]", path, i) }

// describe names what a node holds, for "want X, got Y".
func describe(n ast.Node) string {
	switch v := n.(type) {
	case nil, *ast.NullNode:
		return "nothing"
	case *ast.MappingNode, *ast.MappingValueNode:
		return "a mapping"
	case *ast.SequenceNode:
		return "a list"
	case *ast.IntegerNode, *ast.FloatNode:
		return "the number " + v.GetToken().Value
	case *ast.InfinityNode, *ast.NanNode:
		return v.GetToken().Value
	case *ast.BoolNode:
		return v.GetToken().Value
	case *ast.StringNode:
		return strconv.Quote(clip(v.Value))
	case *ast.LiteralNode:
		return "a block of text"
	case *ast.AnchorNode, *ast.AliasNode:
		return "an anchor or alias"
	case *ast.TagNode:
		return "a tagged value"
	}
	return "an unexpected " + n.Type().String()
}

// clip shortens text quoted in an error message.
func clip(s string) string {
	if len(s) > 40 {
		return s[:40] + "…"
	}
	return s
}

// checkPlain rejects the YAML features the format does not use: anchors,
// aliases and tags would let a short file expand into a huge one, and merge
// keys hide where a value came from.
func (d *dec) checkPlain(n ast.Node, field string) error {
	switch n.(type) {
	case *ast.AnchorNode, *ast.AliasNode:
		return d.errAt(n, field, "anchors and aliases are not supported; write the value out")
	case *ast.TagNode:
		return d.errAt(n, field, "tags are not supported")
	}
	return nil
}

// entry is one key: value of a mapping.
type entry struct {
	key  string
	kn   ast.Node
	val  ast.Node
	used bool
}

// fields is a mapping being read: take each known key, then finish reports
// the first unknown one.
type fields struct {
	d       *dec
	path    string
	node    ast.Node
	entries []entry
}

// mapping reads n as a mapping with plain string keys.
func (d *dec) mapping(n ast.Node, path string) (*fields, error) {
	if err := d.checkPlain(n, path); err != nil {
		return nil, err
	}
	var values []*ast.MappingValueNode
	switch m := n.(type) {
	case *ast.MappingNode:
		values = m.Values
	case *ast.MappingValueNode:
		values = []*ast.MappingValueNode{m}
	default:
		return nil, d.errAt(n, path, "want a mapping, got %s", describe(n))
	}
	f := &fields{d: d, path: path, node: n, entries: make([]entry, 0, len(values))}
	for _, mv := range values {
		if mv == nil || mv.Key == nil {
			return nil, d.errAt(n, path, "malformed mapping entry")
		}
		if _, ok := mv.Key.(*ast.MergeKeyNode); ok {
			return nil, d.errAt(mv.Key, path, "merge keys (<<) are not supported")
		}
		kn, ok := mv.Key.(*ast.StringNode)
		if !ok {
			return nil, d.errAt(mv.Key, path, "want a field name, got %s", describe(mv.Key))
		}
		f.entries = append(f.entries, entry{key: kn.Value, kn: kn, val: mv.Value})
	}
	return f, nil
}

// take returns the value of key and marks it read; nil when absent. A key
// written with no value (key:) counts as absent.
func (f *fields) take(key string) ast.Node {
	for i := range f.entries {
		e := &f.entries[i]
		if e.key == key {
			e.used = true
			if _, null := e.val.(*ast.NullNode); null {
				return nil
			}
			return e.val
		}
	}
	return nil
}

// has reports whether key is present (with or without a value).
func (f *fields) has(key string) bool {
	for i := range f.entries {
		if f.entries[i].key == key {
			return true
		}
	}
	return false
}

// keyNode returns the node of key, for errors about the key itself.
func (f *fields) keyNode(key string) ast.Node {
	for i := range f.entries {
		if f.entries[i].key == key {
			return f.entries[i].kn
		}
	}
	return f.node
}

// field is the path of key in this mapping.
func (f *fields) field(key string) string { return join(f.path, key) }

// missing reports a required key that is absent.
func (f *fields) missing(key string) error {
	return f.d.errAt(f.node, f.field(key), "missing")
}

// known reports the first key that is not one of known. Mappings whose
// fields depend on each other call it first, so that a misspelt key is
// reported as such rather than as the correct key missing.
func (f *fields) known(known ...string) error {
	for i := range f.entries {
		e := &f.entries[i]
		if !slices.Contains(known, e.key) {
			return f.d.errAt(e.kn, f.field(e.key), "unknown field; want one of %s", strings.Join(known, ", "))
		}
	}
	return nil
}

// finish reports the first key no take asked for.
func (f *fields) finish(known ...string) error {
	for i := range f.entries {
		e := &f.entries[i]
		if !e.used {
			return f.d.errAt(e.kn, f.field(e.key), "unknown field; want one of %s", strings.Join(known, ", "))
		}
	}
	return nil
}

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
	case *ast.InfinityNode, *ast.NanNode:
		return 0, d.errAt(n, field, "want a finite number, got %s", describe(n))
	case *ast.StringNode:
		if tk := v.GetToken(); tk != nil && tk.Type == token.StringType {
			x, err := strconv.ParseFloat(v.Value, 64)
			if err == nil && !math.IsInf(x, 0) && !math.IsNaN(x) {
				return x, nil
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
		hex, ok := strings.CutPrefix(v.Value, "0x")
		if !ok {
			hex, ok = strings.CutPrefix(v.Value, "0X")
		}
		if ok && len(hex) >= 1 && len(hex) <= 8 {
			if x, err := strconv.ParseUint(hex, 16, 32); err == nil {
				return uint32(x), nil
			}
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
