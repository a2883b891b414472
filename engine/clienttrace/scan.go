// Scanning: the small, allocation-free JSON reading a client trace needs —
// walk one object's members, read strings without escapes, numbers, booleans
// and arrays of numbers, and skip any other value — so a trace of millions
// of rows reads at the speed of the simulation it is compared with.

package clienttrace

import (
	"errors"
	"math"
	"strconv"

	"glidepath/engine/hexid"
	"glidepath/internal/jsonnum"
)

// scanner walks one JSON line. The first problem is kept in field/problem
// and every later call returns at once.
type scanner struct {
	b       []byte
	i       int
	field   string
	problem string
}

func (s *scanner) fail(field, problem string) {
	if s.problem == "" {
		s.field, s.problem = field, problem
	}
}

func (s *scanner) failed() bool { return s.problem != "" }

// ws skips whitespace. Written rows mostly have none, so the first byte is
// checked inline and only whitespace goes to the loop.
func (s *scanner) ws() {
	if s.i < len(s.b) && s.b[s.i] > ' ' {
		return
	}
	s.wsLoop()
}

func (s *scanner) wsLoop() {
	for s.i < len(s.b) {
		switch s.b[s.i] {
		case ' ', '\t', '\r', '\n':
			s.i++
		default:
			return
		}
	}
}

// expect consumes c or fails.
func (s *scanner) expect(c byte) bool {
	s.ws()
	if s.i < len(s.b) && s.b[s.i] == c {
		s.i++
		return true
	}
	s.fail("json", "want "+strconv.QuoteRune(rune(c))+" at byte "+strconv.Itoa(s.i+1)+s.found())
	return false
}

func (s *scanner) found() string {
	if s.i >= len(s.b) {
		return ", found the end of the line"
	}
	return ", found " + strconv.QuoteRune(rune(s.b[s.i]))
}

// object calls member for each member of the object the line holds, with
// the scanner positioned at the value; member must consume the value. It
// then checks nothing but whitespace follows.
func (s *scanner) object(member func(key []byte)) {
	if !s.expect('{') {
		return
	}
	s.ws()
	if s.i < len(s.b) && s.b[s.i] == '}' {
		s.i++
	} else {
		for !s.failed() {
			s.ws()
			key, ok := s.knownKey()
			if !ok {
				if key, ok = s.rawString("json"); !ok || !s.expect(':') {
					return
				}
			}
			s.ws()
			member(key)
			if s.failed() {
				return
			}
			s.ws()
			if s.i < len(s.b) && s.b[s.i] == ',' {
				s.i++
				continue
			}
			if !s.expect('}') {
				return
			}
			break
		}
	}
	s.ws()
	if !s.failed() && s.i < len(s.b) {
		s.fail("json", "unexpected "+strconv.QuoteRune(rune(s.b[s.i]))+" after the object")
	}
}

// knownKeys are the members a row usually has, each as written with its
// colon, by the key's first letter.
var knownKeys = func() (k [256][]string) {
	for _, name := range []string{"tick", "t", "guid", "cell", "origin", "heading", "queue", "fail", "contact", "branch", "event"} {
		k[name[0]] = append(k[name[0]], `"`+name+`":`)
	}
	return
}()

// knownKey consumes a key of knownKeys and its colon when the line has it
// exactly so, and returns the key; any other spelling is left to rawString.
// It saves the byte-by-byte string scan on the members every row has.
func (s *scanner) knownKey() ([]byte, bool) {
	if s.i+1 >= len(s.b) || s.b[s.i] != '"' {
		return nil, false
	}
	rest := s.b[s.i:]
	for _, k := range knownKeys[rest[1]] {
		if len(rest) >= len(k) && string(rest[:len(k)]) == k {
			key := rest[1 : len(k)-2]
			s.i += len(k)
			return key, true
		}
	}
	return nil, false
}

// rawString reads a string and returns its bytes between the quotes,
// escapes left as they are.
func (s *scanner) rawString(field string) ([]byte, bool) {
	if s.i >= len(s.b) || s.b[s.i] != '"' {
		s.fail(field, "want a string"+s.found())
		return nil, false
	}
	start := s.i + 1
	for j := start; j < len(s.b); j++ {
		c := s.b[j]
		if plainStringByte[c] {
			continue
		}
		switch {
		case c == '\\':
			j++
		case c == '"':
			s.i = j + 1
			return s.b[start:j], true
		default:
			s.fail(field, "control character in a string")
			return nil, false
		}
	}
	s.fail(field, "unterminated string: want the closing '\"' of the string at byte "+strconv.Itoa(start)+", found the end of the line")
	return nil, false
}

// literal reads a bare token (number, true, false, null).
func (s *scanner) literal() []byte {
	start, i := s.i, s.i
	for i < len(s.b) && !literalEnd[s.b[i]] {
		i++
	}
	s.i = i
	return s.b[start:i]
}

// plainStringByte: a byte that is part of a string as it stands (not a
// quote, a backslash or a control character); literalEnd: a byte that ends
// a bare token. Table lookups keep the per-byte loops to one load and one
// branch.
var plainStringByte, literalEnd = func() (plain, end [256]bool) {
	for c := 0x20; c < 256; c++ {
		plain[c] = c != '"' && c != '\\'
	}
	for _, c := range []byte(",}] \t\r\n") {
		end[c] = true
	}
	return
}()

// isNull consumes a null and reports whether there was one.
func (s *scanner) isNull() bool {
	if len(s.b)-s.i >= 4 && s.b[s.i] == 'n' && string(s.b[s.i:s.i+4]) == "null" {
		s.i += 4
		return true
	}
	return false
}

// skip consumes any value.
func (s *scanner) skip(field string) {
	s.ws()
	if s.i >= len(s.b) {
		s.fail(field, "missing value")
		return
	}
	switch s.b[s.i] {
	case '"':
		s.rawString(field)
	case '{', '[':
		open, close := s.b[s.i], byte('}')
		if open == '[' {
			close = ']'
		}
		s.i++
		s.ws()
		if s.i < len(s.b) && s.b[s.i] == close {
			s.i++
			return
		}
		for !s.failed() {
			if open == '{' {
				s.ws()
				if _, ok := s.rawString(field); !ok || !s.expect(':') {
					return
				}
			}
			s.skip(field)
			s.ws()
			if s.i < len(s.b) && s.b[s.i] == ',' {
				s.i++
				continue
			}
			s.expect(close)
			return
		}
	default:
		if len(s.literal()) == 0 {
			s.fail(field, "want a value"+s.found())
		}
	}
}

// number reads a finite JSON number as float64 (and its float32 rounding).
func (s *scanner) number(field string) (float64, bool) {
	tok := s.literal()
	v, ok := parseNumber(tok)
	if !ok {
		s.fail(field, notANumber(tok, 64))
	}
	return v, ok
}

// notANumber is the complaint about tok, a value that did not read as a
// number: a number too large for its field (1e40 as a float32) is said to
// be one, out of range, not "want a number".
func notANumber(tok []byte, bits int) string {
	switch string(tok) {
	case `"NaN"`, `"+Inf"`, `"-Inf"`:
		// Trace v1's spelling of a float that was not finite (the writer's
		// bug made visible): said as what it is, not as a string where a
		// number was wanted.
		return "not a finite number: " + string(tok) + " (how a trace writes a NaN or infinite float); positions and headings compare only when finite"
	}
	if numberBytes(tok) {
		if _, err := strconv.ParseFloat(string(tok), bits); errors.Is(err, strconv.ErrRange) {
			limit := "3.4e38"
			if bits == 64 {
				limit = "1.8e308"
			}
			return "out of range: want a number within ±" + limit + ", got " + quoteToken(tok)
		}
	}
	return "want a number, got " + quoteToken(tok)
}

// parseNumber parses a JSON number; NaN, infinities and Go-only spellings
// (hex, underscores, a leading +) are refused.
func parseNumber(tok []byte) (float64, bool) {
	if !numberBytes(tok) {
		return 0, false
	}
	v, err := strconv.ParseFloat(string(tok), 64)
	if err != nil || math.IsInf(v, 0) || math.IsNaN(v) {
		return 0, false
	}
	return v, true
}

// float32Of parses tok as a float32 exactly as a Trace v1 writer printed it
// (shortest float32 round trip), so a trace read back compares bit for bit.
func float32Of(tok []byte) (float32, bool) {
	if v, ok := fastFloat32(tok); ok {
		return v, true
	}
	if !numberBytes(tok) {
		return 0, false
	}
	v, err := strconv.ParseFloat(string(tok), 32)
	if err != nil || math.IsInf(v, 0) || math.IsNaN(v) {
		return 0, false
	}
	return float32(v), true
}

// numberBytes: tok starts like a JSON number and holds only a number's
// bytes (so Go-only spellings — hex, underscores, Inf, NaN — are refused
// before strconv sees them).
func numberBytes(tok []byte) bool {
	if len(tok) == 0 || !(tok[0] == '-' || tok[0] >= '0' && tok[0] <= '9') {
		return false
	}
	for _, c := range tok {
		if !(c >= '0' && c <= '9' || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E') {
			return false
		}
	}
	return true
}

func quoteToken(tok []byte) string {
	if len(tok) > 40 {
		tok = tok[:40]
	}
	if len(tok) == 0 {
		return "nothing"
	}
	return strconv.Quote(string(tok))
}

// parseID reads "0x" (or "0X") followed by 1 to 8 hex digits of either
// case: the format's spelling, read by hexid.ParseBytes.
func parseID(b []byte) (uint32, bool) {
	if len(b) < 2 || b[0] != '0' || (b[1] != 'x' && b[1] != 'X') {
		return 0, false
	}
	return hexid.ParseBytes(b)
}

// parseTick reads a non-negative integer tick no larger than MaxTick.
func parseTick(tok []byte) (int, bool) {
	if len(tok) == 0 || len(tok) > 10 {
		return 0, false
	}
	n := 0
	for _, c := range tok {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, n <= MaxTick
}

// pow10 are the powers of ten a float64 holds exactly.
var pow10 = [...]float64{1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10,
	1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22}

// fastFloat32 parses the common plain decimal ("-91.25", "90.041664")
// exactly, without strconv; ok is false for anything else (exponents, more
// than 15 digits, malformed), which float32Of then gives to strconv. The
// digits m and the power 10^k are exact in float64, so m / 10^k is the
// correctly rounded float64 of the decimal; rounding that to float32 is the
// correctly rounded float32 unless the float64 lies exactly halfway between
// two float32s (double rounding can only err on a tie), which is refused.
func fastFloat32(tok []byte) (float32, bool) {
	i, neg := 0, false
	if len(tok) > 0 && tok[0] == '-' {
		i, neg = 1, true
	}
	var m uint64
	digits, frac, dot := 0, 0, false
	start := i
	for ; i < len(tok); i++ {
		c := tok[i]
		switch {
		case c >= '0' && c <= '9':
			m = m*10 + uint64(c-'0')
			digits++
			if dot {
				frac++
			}
		case c == '.' && !dot && i > start:
			dot = true
		default:
			return 0, false
		}
	}
	// JSON: no leading zeros ("01"), a digit after the point, at least one
	// digit.
	if digits == 0 || digits > 15 || dot && frac == 0 || tok[start] == '0' && len(tok) > start+1 && tok[start+1] != '.' {
		return 0, false
	}
	return jsonnum.Float32(m, frac, neg)
}
