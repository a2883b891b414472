// JSON leaves: the checks of every string, field name and bare token of a
// parsed line, run after the type is known so that a bad string or a
// non-finite number anywhere on the line is reported with the path of the
// field that holds it (Recording v1, "Encoding": numbers must be finite
// however they are spelled); and the unescaping of checked strings.

package recording

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

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
	if strconv.CanBackquote(s) { // printable, so shown as is
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
