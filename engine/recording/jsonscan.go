// JSON scanning: a small parser that turns one JSON Lines line into a flat,
// reused array of nodes (no reflection, no allocation in steady state), then
// checks every leaf so that a bad string or a non-finite number anywhere in
// the line is reported with the path of the field that holds it (Recording
// v1, "Encoding": numbers must be finite however they are spelled).

package recording

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

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

const problemEOL = "unexpected end of line"

func (d *doc) value(i int, parent, index, ks, ke int32, kflags uint8, depth int) (int, string) {
	line := d.line
	if i >= len(line) {
		return i, problemEOL
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
					return i, problemEOL
				}
				if line[i] != '"' {
					return i, fmt.Sprintf("want a field name at column %d", i+1)
				}
				s, e, flags, next, ok := scanString(line, i)
				if !ok {
					return next, problemEOL
				}
				cks, cke, ckflags = int32(s), int32(e), flags
				i = skipSpace(line, next)
				if i >= len(line) {
					return i, problemEOL
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
				return i, problemEOL
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
			return next, problemEOL
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

// checkLeaves checks every string, key and bare token of the parsed line:
// escapes, control characters and UTF-8 in strings; JSON number grammar and
// finiteness in tokens. It returns the first bad node in document order, and
// the problem, or -1.
func (d *doc) checkLeaves() (int32, string) {
	for i := range d.nodes {
		n := &d.nodes[i]
		if n.keyFlags != 0 {
			if p := checkString(d.line[n.keyStart:n.keyEnd], n.keyFlags&strEsc != 0); p != "" {
				return int32(i), "field name: " + p
			}
		}
		switch n.kind {
		case nodeString:
			if n.flags != 0 {
				if p := checkString(d.line[n.start:n.end], n.flags&strEsc != 0); p != "" {
					return int32(i), p
				}
			}
		case nodeLiteral:
			if p := checkLiteral(n.lit, d.line[n.start:n.end]); p != "" {
				return int32(i), p
			}
		}
	}
	return -1, ""
}

func checkString(b []byte, esc bool) string {
	for i := 0; i < len(b); i++ {
		c := b[i]
		if c < 0x20 {
			return fmt.Sprintf("control character 0x%02X in a string", c)
		}
		if c != '\\' || !esc {
			continue
		}
		i++
		if i >= len(b) {
			return "bad escape at the end of a string"
		}
		switch b[i] {
		case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
		case 'u':
			if len(b)-i-1 < 4 {
				return "bad \\u escape in a string"
			}
			for k := 1; k <= 4; k++ {
				if !isHex(b[i+k]) {
					return "bad \\u escape in a string"
				}
			}
			i += 4
		default:
			return fmt.Sprintf("bad escape \\%s in a string", snippet(b[i:i+1]))
		}
	}
	if !utf8.Valid(b) {
		return "invalid UTF-8 in a string"
	}
	return ""
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// checkLiteral accepts true, false, null and JSON numbers that are finite
// as float64. NaN and infinities, in any spelling, and numbers too large for
// a float64 are "not a finite number".
func checkLiteral(class litClass, b []byte) string {
	switch class {
	case litTrue, litFalse, litNull:
		return ""
	case litInt, litFrac, litExp:
		if class == litExp || len(b) > 300 {
			f, _ := strconv.ParseFloat(string(b), 64)
			if math.IsInf(f, 0) {
				return "not a finite number: " + snippet(b)
			}
		}
		return ""
	}
	word := strings.ToLower(strings.TrimLeft(string(b), "+-"))
	if strings.HasPrefix(word, "nan") || strings.HasPrefix(word, "inf") {
		return "not a finite number: " + snippet(b)
	}
	return "invalid value " + snippet(b)
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// snippet quotes a token for a message, cut to a readable length.
func snippet(b []byte) string {
	const maxLen = 40
	s := string(b)
	if len(s) > maxLen {
		s = s[:maxLen] + "…"
	}
	s = strings.ToValidUTF8(s, "\uFFFD")
	if strconv.CanBackquote(s) && !strings.ContainsAny(s, "`") {
		return s
	}
	return strconv.Quote(s)
}

// appendUnescaped appends the decoded contents of a checked JSON string. A
// lone surrogate becomes U+FFFD, as encoding/json does.
func appendUnescaped(dst, b []byte) []byte {
	for i := 0; i < len(b); i++ {
		c := b[i]
		if c != '\\' {
			dst = append(dst, c)
			continue
		}
		i++
		switch b[i] {
		case 'b':
			dst = append(dst, '\b')
		case 'f':
			dst = append(dst, '\f')
		case 'n':
			dst = append(dst, '\n')
		case 'r':
			dst = append(dst, '\r')
		case 't':
			dst = append(dst, '\t')
		case 'u':
			r := rune(hex4(b[i+1:]))
			i += 4
			if utf16.IsSurrogate(r) {
				if i+2 < len(b) && b[i+1] == '\\' && b[i+2] == 'u' {
					r2 := rune(hex4(b[i+3:]))
					if pair := utf16.DecodeRune(r, r2); pair != utf8.RuneError {
						dst = utf8.AppendRune(dst, pair)
						i += 6
						continue
					}
				}
				r = utf8.RuneError
			}
			dst = utf8.AppendRune(dst, r)
		default: // '"', '\\', '/'
			dst = append(dst, b[i])
		}
	}
	return dst
}

func hex4(b []byte) uint32 {
	var v uint32
	for _, c := range b[:4] {
		v <<= 4
		switch {
		case c >= '0' && c <= '9':
			v |= uint32(c - '0')
		case c >= 'a' && c <= 'f':
			v |= uint32(c-'a') + 10
		default:
			v |= uint32(c-'A') + 10
		}
	}
	return v
}

// key returns the member key of node n, unescaped. The result is valid
// until the next call.
func (d *doc) key(n int32) []byte {
	nd := &d.nodes[n]
	raw := d.line[nd.keyStart:nd.keyEnd]
	if nd.keyFlags&strEsc == 0 {
		return raw
	}
	d.keyBuf = appendUnescaped(d.keyBuf[:0], raw)
	return d.keyBuf
}

// isNull reports whether node n is the literal null.
func (d *doc) isNull(n int32) bool {
	return d.nodes[n].lit == litNull
}

// fields finds the members of object obj named in names: slots[i] is the
// node of names[i], or -1. A member whose value is null counts as absent;
// unknown members are ignored. It returns the name of a known field given
// twice, or "".
func (d *doc) fields(obj int32, names []string, slots []int32) string {
	for i := range slots {
		slots[i] = -1
	}
	for c := d.nodes[obj].first; c >= 0; c = d.nodes[c].next {
		k := d.key(c)
		for i, name := range names {
			if string(k) != name {
				continue
			}
			if slots[i] >= 0 {
				return name
			}
			if !d.isNull(c) {
				slots[i] = c
			}
			break
		}
	}
	return ""
}

// path names node n as a field path below the top-level object, such as
// "entities[2].position.origin[1]".
func (d *doc) path(n int32) string {
	var chain []int32
	for c := n; c > 0; c = d.nodes[c].parent {
		chain = append(chain, c)
	}
	var b strings.Builder
	for i := len(chain) - 1; i >= 0; i-- {
		c := chain[i]
		if d.nodes[d.nodes[c].parent].kind == nodeArray {
			fmt.Fprintf(&b, "[%d]", d.nodes[c].index)
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('.')
		}
		nd := &d.nodes[c]
		raw := d.line[nd.keyStart:nd.keyEnd]
		if len(raw) == 0 || checkString(raw, nd.keyFlags&strEsc != 0) != "" {
			b.WriteString(strconv.Quote(string(raw)))
			continue
		}
		b.Write(appendUnescaped(nil, raw))
	}
	return b.String()
}
