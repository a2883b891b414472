// JSON scanning: a small parser that turns one JSON Lines line into a flat,
// reused array of nodes (no reflection, no allocation in steady state),
// classifying strings and bare tokens as it goes so later passes need not
// look at their bytes again (Recording v1, "Encoding").

package recording

import "fmt"

type nodeKind uint8

const (
	nodeObject nodeKind = iota + 1
	nodeArray
	nodeString
	// nodeLiteral is any bare token: a number, true, false, null, or a word
	// such as NaN that checkLeaves rejects with a field name.
	nodeLiteral
)

// litClass classifies a bare token while it is scanned, so later passes
// need not look at its bytes again.
type litClass uint8

const (
	litInt   litClass = iota + 1 // JSON number without fraction or exponent
	litFrac                      // JSON number with a fraction, no exponent
	litExp                       // JSON number with an exponent
	litTrue                      // true
	litFalse                     // false
	litNull                      // null
	litOther                     // anything else: rejected by checkLeaves
)

// String flags, gathered while a string is scanned.
const (
	strEsc  = 1 << iota // holds a backslash escape
	strHigh             // holds a byte >= 0x80 (UTF-8 to check)
	strCtl              // holds a control character (an error)
)

// node is one JSON value. Children of a container are linked through first
// and next, in document order.
type node struct {
	kind nodeKind
	lit  litClass // bare tokens only
	// flags and keyFlags are the string flags of a string value and of the
	// member key.
	flags, keyFlags uint8
	// start, end: a string's contents between the quotes, a literal's
	// bytes, a container's brackets (end exclusive).
	start, end int32
	// keyStart, keyEnd: the member key's contents, or -1 outside objects.
	keyStart, keyEnd int32
	parent           int32
	first, next      int32
	count            int32 // number of children
	index            int32 // position among its siblings
}

// maxDepth bounds nesting, so no line can exhaust the stack.
const maxDepth = 64

// doc is one parsed line. Node 0 is the top-level object.
type doc struct {
	line   []byte
	nodes  []node
	keyBuf []byte
}

// parse parses line, which must hold exactly one JSON object. It returns
// "" or a description of the first syntax error.
func (d *doc) parse(line []byte) string {
	d.line = line
	d.nodes = d.nodes[:0]
	i := skipSpace(line, 0)
	if i >= len(line) {
		return "empty line"
	}
	if line[i] != '{' {
		return fmt.Sprintf("want a JSON object, got %s at column %d", describeByte(line[i]), i+1)
	}
	end, problem := d.value(i, -1, 0, -1, -1, 0, 0)
	if problem != "" {
		return problem
	}
	if j := skipSpace(line, end); j < len(line) {
		return fmt.Sprintf("unexpected %s at column %d after the object", describeByte(line[j]), j+1)
	}
	return ""
}

// endOfLine is the problem of a line that ends (its newline aside) where
// the value still wanted what want says.
func (d *doc) endOfLine(want string) string {
	end := len(d.line)
	for end > 0 && (d.line[end-1] == '\n' || d.line[end-1] == '\r') {
		end--
	}
	return fmt.Sprintf("unexpected end of line at column %d: want %s", end+1, want)
}

func (d *doc) value(i int, parent, index, ks, ke int32, kflags uint8, depth int) (int, string) {
	line := d.line
	if i >= len(line) {
		return i, d.endOfLine("a value")
	}
	n := node{
		start: int32(i), keyStart: ks, keyEnd: ke, keyFlags: kflags,
		parent: parent, first: -1, next: -1, index: index,
	}
	switch c := line[i]; c {
	case '{', '[':
		if depth >= maxDepth {
			return i, fmt.Sprintf("nested deeper than %d levels at column %d", maxDepth, i+1)
		}
		n.kind = nodeObject
		closer := byte('}')
		if c == '[' {
			n.kind, closer = nodeArray, ']'
		}
		idx := int32(len(d.nodes))
		d.nodes = append(d.nodes, n)
		i = skipSpace(line, i+1)
		if i < len(line) && line[i] == closer {
			d.nodes[idx].end = int32(i + 1)
			return i + 1, ""
		}
		prev, count := int32(-1), int32(0)
		for {
			cks, cke, ckflags := int32(-1), int32(-1), uint8(0)
			if n.kind == nodeObject {
				if i >= len(line) {
					return i, d.endOfLine("a field name")
				}
				if line[i] != '"' {
					return i, fmt.Sprintf("want a field name at column %d", i+1)
				}
				s, e, flags, next, ok := scanString(line, i)
				if !ok {
					return next, d.endOfLine(fmt.Sprintf("the closing '\"' of the field name at column %d", i+1))
				}
				cks, cke, ckflags = int32(s), int32(e), flags
				i = skipSpace(line, next)
				if i >= len(line) {
					return i, d.endOfLine("':'")
				}
				if line[i] != ':' {
					return i, fmt.Sprintf("want ':' at column %d", i+1)
				}
				i = skipSpace(line, i+1)
			}
			child := int32(len(d.nodes))
			j, problem := d.value(i, idx, count, cks, cke, ckflags, depth+1)
			if problem != "" {
				return j, problem
			}
			if prev >= 0 {
				d.nodes[prev].next = child
			} else {
				d.nodes[idx].first = child
			}
			prev = child
			count++
			i = skipSpace(line, j)
			if i >= len(line) {
				what := "array"
				if n.kind == nodeObject {
					what = "object"
				}
				return i, d.endOfLine(fmt.Sprintf("',' or '%c' (the %s opened at column %d)", closer, what, n.start+1))
			}
			switch line[i] {
			case ',':
				i = skipSpace(line, i+1)
				continue
			case closer:
				d.nodes[idx].end = int32(i + 1)
				d.nodes[idx].count = count
				return i + 1, ""
			}
			return i, fmt.Sprintf("want ',' or '%c' at column %d", closer, i+1)
		}
	case '"':
		s, e, flags, next, ok := scanString(line, i)
		if !ok {
			return next, d.endOfLine(fmt.Sprintf("the closing '\"' of the string at column %d", i+1))
		}
		n.kind, n.start, n.end, n.flags = nodeString, int32(s), int32(e), flags
		d.nodes = append(d.nodes, n)
		return next, ""
	default:
		j, class := scanLiteral(line, i)
		if j == i {
			return i, fmt.Sprintf("want a value, got %s at column %d", describeByte(c), i+1)
		}
		n.kind, n.end, n.lit = nodeLiteral, int32(j), class
		d.nodes = append(d.nodes, n)
		return j, ""
	}
}

// scanLiteral finds the end of the bare token at i and classifies it,
// checking the JSON number grammar
// -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)? on the way.
func scanLiteral(line []byte, i int) (int, litClass) {
	j, n := i, len(line)
	class := litInt
	if j < n && line[j] == '-' {
		j++
	}
	switch {
	case j < n && line[j] == '0':
		j++
	case j < n && line[j] >= '1' && line[j] <= '9':
		for j < n && isDigit(line[j]) {
			j++
		}
	default:
		class = litOther
	}
	if class == litInt && j < n && line[j] == '.' {
		j++
		class = litFrac
		if j >= n || !isDigit(line[j]) {
			class = litOther
		}
		for j < n && isDigit(line[j]) {
			j++
		}
	}
	if class != litOther && j < n && (line[j] == 'e' || line[j] == 'E') {
		j++
		class = litExp
		if j < n && (line[j] == '+' || line[j] == '-') {
			j++
		}
		if j >= n || !isDigit(line[j]) {
			class = litOther
		}
		for j < n && isDigit(line[j]) {
			j++
		}
	}
	end := j
	for end < n && isLiteralByte(line[end]) {
		end++
	}
	if end == j && class != litOther {
		return end, class
	}
	switch string(line[i:end]) {
	case "true":
		return end, litTrue
	case "false":
		return end, litFalse
	case "null":
		return end, litNull
	}
	return end, litOther
}

// scanString finds the end of the string whose opening quote is at i. It
// returns the contents' span, its string flags, the index after the closing
// quote, and false when the line ends first. Flagged strings are checked
// later by checkString; plain ASCII needs no second look.
func scanString(line []byte, i int) (start, end int, flags uint8, next int, ok bool) {
	j := i + 1
	for j < len(line) {
		c := line[j]
		switch {
		case c == '"':
			return i + 1, j, flags, j + 1, true
		case c == '\\':
			flags |= strEsc
			j += 2
			continue
		case c >= 0x80:
			flags |= strHigh
		case c < 0x20:
			flags |= strCtl
		}
		j++
	}
	return 0, 0, 0, len(line), false
}

func skipSpace(b []byte, i int) int {
	for i < len(b) {
		switch b[i] {
		case ' ', '\t', '\r', '\n':
			i++
		default:
			return i
		}
	}
	return i
}

func isLiteralByte(c byte) bool {
	switch c {
	case ',', ':', '[', ']', '{', '}', '"', ' ', '\t', '\r', '\n':
		return false
	}
	return true
}

func describeByte(c byte) string {
	if c >= 0x20 && c < 0x7F {
		return fmt.Sprintf("'%c'", c)
	}
	return fmt.Sprintf("byte 0x%02X", c)
}
