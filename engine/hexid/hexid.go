// Package hexid writes a guid or a cell id as Glidepath's formats and the
// window spell them: "0x" and eight upper-case hex digits (0x80000A01), the
// way retail's tools print object ids. One formatter for every writer:
// recordings, traces, tables, the diff's report and the viewer's lists;
// and one reader (Parse) for every id read from text: flags, filters,
// settings, scenario and recording fields.
package hexid

import "strconv"

const digits = "0123456789ABCDEF"

// Append writes v as 0xXXXXXXXX.
func Append(b []byte, v uint32) []byte {
	b = append(b, '0', 'x')
	for shift := 28; shift >= 0; shift -= 4 {
		b = append(b, digits[(v>>uint(shift))&0xF])
	}
	return b
}

// AppendQuoted writes v as a JSON string, "0xXXXXXXXX".
func AppendQuoted(b []byte, v uint32) []byte {
	return append(Append(append(b, '"'), v), '"')
}

// String is v as 0xXXXXXXXX.
func String(v uint32) string {
	var b [10]byte
	return string(Append(b[:0], v))
}

// AppendLandblock writes landblock XXYY (a cell id's high half) as 0xXXYY:
// four digits, the way terrain files, obstacles and fallbacks name one.
func AppendLandblock(b []byte, lb uint16) []byte {
	return append(b, '0', 'x', digits[lb>>12], digits[lb>>8&0xF], digits[lb>>4&0xF], digits[lb&0xF])
}

// Landblock is landblock XXYY as 0xXXYY.
func Landblock(lb uint16) string {
	var b [6]byte
	return string(AppendLandblock(b[:0], lb))
}

// MaxDigits is the most hex digits Parse reads (a 32-bit id).
const MaxDigits = 8

// Parse reads a guid or cell id written as text, by the one rule every
// reader of an id shares: an optional "0x" or "0X", then 1 to 8 hex digits
// of either case, and nothing else (no sign, space or underscore). Anything
// else is an error naming the text.
func Parse(s string) (uint32, error) {
	v, ok := parse(s)
	if !ok {
		return 0, &Error{Text: s}
	}
	return v, nil
}

// ParseBytes is Parse over bytes, for the file formats' byte readers
// (Recording v1, Client trace v1), which check their own spelling's "0x"
// first and word their own errors: ok is false where Parse fails.
func ParseBytes(b []byte) (v uint32, ok bool) { return parse(b) }

// parse is the one reading of an id's text, shared by Parse and ParseBytes.
func parse[T string | []byte](s T) (uint32, bool) {
	h := s
	if len(h) >= 2 && h[0] == '0' && (h[1] == 'x' || h[1] == 'X') {
		h = h[2:]
	}
	if len(h) == 0 || len(h) > MaxDigits {
		return 0, false
	}
	var v uint32
	for i := 0; i < len(h); i++ {
		c := h[i]
		switch {
		case c >= '0' && c <= '9':
			c -= '0'
		case c >= 'a' && c <= 'f':
			c -= 'a' - 10
		case c >= 'A' && c <= 'F':
			c -= 'A' - 10
		default:
			return 0, false
		}
		v = v<<4 | uint32(c)
	}
	return v, true
}

// Error is Parse's error: the text that is not an id.
type Error struct{ Text string }

func (e *Error) Error() string {
	return strconv.Quote(e.Text) + ": want an id of 1–8 hex digits, 0x optional (0x80000A01)"
}
