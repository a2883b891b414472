// Fixed-layout values: the numbers, ids and words of an event line spelled
// as appendEvent spells it, read straight from the bytes for fixed.go. Each
// reader returns ok only for a token the general decoder reads to the same
// value without error, and false for anything it is not sure of, which the
// general decoder then decides: a float is read only when it is a plain
// decimal whose float32 is computed exactly as strconv.ParseFloat's (the
// same digits-and-tie rule as engine/clienttrace's fixed rows), an integer
// only in JSON's own spelling (no leading zero, no sign).

package recording

import (
	"encoding/binary"
	"strconv"

	"glidepath/engine/internal/jsonnum"
)

// has reports whether b holds s at i.
func has(b []byte, i int, s string) bool {
	return len(b)-i >= len(s) && string(b[i:i+len(s)]) == s
}

// fixedUint reads a JSON integer at b[i:] — "0", or 1 to 10 digits without
// a leading zero — of at most max. A sign, a fraction or an exponent stops
// it at a byte the caller then finds is not its delimiter.
func fixedUint(b []byte, i int, max uint64) (uint64, int, bool) {
	start := i
	var n uint64
	for i < len(b) && i-start < 11 {
		c := b[i] - '0'
		if c > 9 {
			break
		}
		n = n*10 + uint64(c)
		i++
	}
	d := i - start
	if d == 0 || d > 10 || d > 1 && b[start] == '0' || n > max {
		return 0, i, false
	}
	return n, i, true
}

// fixedBool reads true or false at b[i:].
func fixedBool(b []byte, i int) (bool, int, bool) {
	switch {
	case has(b, i, "true"):
		return true, i + 4, true
	case has(b, i, "false"):
		return false, i + 5, true
	}
	return false, i, false
}

// fixedWord reads a string without escapes at b[i:] (after its opening
// quote) up to its closing quote, and returns its index in names. A name
// holds no quote, backslash or control byte, so a word that is one of them
// is the string the general decoder unescapes to it.
func fixedWord(b []byte, i int, names []string) (int, int, bool) {
	j := i
	for j < len(b) && j-i <= 16 && b[j] != '"' {
		j++
	}
	if j >= len(b) || b[j] != '"' {
		return 0, i, false
	}
	k := lookupName(names, b[i:j])
	return k, j + 1, k >= 0
}

// fixedDigits reads the run of digits at b[i:] into m (as more digits of
// m) and returns it and the run's length: 8 bytes at a time while 8 are
// left on the line (jsonnum.SwarCount, jsonnum.SwarValue), then byte by byte. Past 19
// digits m has overflowed; callers refuse so long a run.
func fixedDigits(b []byte, i int, m uint64) (uint64, int) {
	start := i
	for len(b)-i >= 8 {
		chunk := binary.LittleEndian.Uint64(b[i:])
		n := jsonnum.SwarCount(chunk)
		m = m*pow10u64[n] + jsonnum.SwarValue(chunk, n)
		i += n
		if n < 8 || i-start > 19 {
			return m, i - start
		}
	}
	for i < len(b) && b[i]-'0' <= 9 {
		m = m*10 + uint64(b[i]-'0')
		i++
	}
	return m, i - start
}

// pow10u64 are 10^0 to 10^8.
var pow10u64 = [...]uint64{1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000}

// fixedDecimal reads a plain decimal without sign at b[i:] — JSON's
// digits, an optional point and digits, no exponent — as the integer m of
// its digits and the counts of digits before and after the point, and
// stops at the first other byte, which the caller checks is the delimiter
// it wants. A leading zero before more digits, or a point without digits
// after it, is refused; so are more than 19 digits.
func fixedDecimal(b []byte, i int) (m uint64, intDigits, frac, end int, ok bool) {
	start := i
	if len(b)-i >= 16 {
		// The usual number, fewer than 8 digits either side of the point,
		// in two 8-byte reads.
		c1 := binary.LittleEndian.Uint64(b[i:])
		n1 := jsonnum.SwarCount(c1)
		if n1 > 0 && n1 < 8 && (n1 == 1 || b[i] != '0') {
			m = jsonnum.SwarValue(c1, n1)
			if b[i+n1] != '.' {
				return m, n1, 0, i + n1, true
			}
			c2 := binary.LittleEndian.Uint64(b[i+n1+1:])
			n2 := jsonnum.SwarCount(c2)
			if n2 > 0 && n2 < 8 {
				return m*pow10u64[n2] + jsonnum.SwarValue(c2, n2), n1, n2, i + n1 + 1 + n2, true
			}
			// 8 fraction digits and more (a rotation's often are): a
			// third read.
			if j := i + n1 + 9; n2 == 8 && len(b)-j >= 8 {
				c3 := binary.LittleEndian.Uint64(b[j:])
				if n3 := jsonnum.SwarCount(c3); n3 < 8 {
					m = (m*1e8+jsonnum.SwarValue(c2, 8))*pow10u64[n3] + jsonnum.SwarValue(c3, n3)
					return m, n1, 8 + n3, j + n3, n1+8+n3 <= 19
				}
			}
		}
	}
	m, intDigits = fixedDigits(b, i, 0)
	i += intDigits
	if intDigits == 0 || intDigits > 1 && b[start] == '0' {
		return 0, 0, 0, i, false
	}
	if i < len(b) && b[i] == '.' {
		if m, frac = fixedDigits(b, i+1, m); frac == 0 {
			return 0, 0, 0, i, false
		}
		i += 1 + frac
	}
	return m, intDigits, frac, i, intDigits+frac <= 19
}

// fixedTime reads an event's t at b[i:]: a plain decimal of at most 19
// digits, no sign (a negative t is an error the general decoder words).
// The value is the correctly rounded float64 of the digits, as strconv's
// and float64At's: by Clinger's exact division when the digits fit 53
// bits (float64At's own step), else by the Eisel–Lemire multiplication
// strconv itself uses (eiselLemire64), else by strconv.
func fixedTime(b []byte, i int) (float64, int, bool) {
	m, _, frac, end, ok := fixedDecimal(b, i)
	if !ok {
		return 0, end, false
	}
	if m < 1<<53 {
		return float64(m) / pow10f64[frac], end, true
	}
	if f, ok := eiselLemire64(m, frac); ok {
		return f, end, true
	}
	f, err := strconv.ParseFloat(string(b[i:end]), 64)
	return f, end, err == nil
}

// fixedFloat reads a plain decimal at b[i:], with an optional '-', as
// fixedDecimal does. The value is strconv's float32 of the token, or ok
// is false: more than 15 digits, or a float64 quotient lying on a float32
// tie (jsonnum.Float32), are refused too.
func fixedFloat(b []byte, i int) (float32, int, bool) {
	neg := false
	if i < len(b) && b[i] == '-' {
		neg = true
		i++
	}
	m, intDigits, frac, end, ok := fixedDecimal(b, i)
	if !ok || intDigits+frac > 15 {
		return 0, end, false
	}
	f, ok := jsonnum.Float32(m, frac, neg)
	return f, end, ok
}

// fixedFloats reads n floats separated by commas and the closing ']' at
// b[i:] (after the '[') into out.
func fixedFloats(b []byte, i int, out []float32) (int, bool) {
	var ok bool
	for k := range out {
		if out[k], i, ok = fixedFloat(b, i); !ok || i >= len(b) {
			return i, false
		}
		want := byte(',')
		if k == len(out)-1 {
			want = ']'
		}
		if b[i] != want {
			return i, false
		}
		i++
	}
	return i, true
}
