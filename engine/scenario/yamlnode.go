// YAML tree: parsing a scenario file with goccy/go-yaml and walking its
// syntax tree — documents, mappings and their keys — with every failure an
// *Error at the node's line and column. The scenario is read from the tree,
// not unmarshalled by reflection, so every field — and every missing one — can
// be reported where it was written. Scalars are read in yamlvalue.go.

package scenario

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/goccy/go-yaml"
	"github.com/goccy/go-yaml/ast"
	yamlparser "github.com/goccy/go-yaml/parser"
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
		return nil, &Error{File: d.file, Line: 1, Column: 1, Field: "yaml", Problem: "empty scenario: want a mapping with duration and remotes"}
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

// errAt is an *Error at node n. A problem with the document itself — not
// one mapping, a second document, an anchor on the root — has no field of
// its own and is reported under "yaml", like a syntax error.
func (d *dec) errAt(n ast.Node, field, format string, args ...any) *Error {
	if field == "" {
		field = "yaml"
	}
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
			return nil, d.errAt(mv.Key, join(path, "<<"), "merge keys are not supported; write the fields out")
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
