package jsonnum

import "encoding/binary"

// digits reads the run of digits at b[i:] into m (as more digits of
// m) and returns it and the run's length: 8 bytes at a time while 8 are
// left on the line (SwarCount, SwarValue), then byte by byte. Past 19
// digits m has overflowed; callers refuse so long a run.
func digits(b []byte, i int, m uint64) (uint64, int) {
	start := i
	for len(b)-i >= 8 {
		chunk := binary.LittleEndian.Uint64(b[i:])
		n := SwarCount(chunk)
		m = m*pow10u64[n] + SwarValue(chunk, n)
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

// Decimal reads a plain decimal without sign at b[i:] — JSON's
// digits, an optional point and digits, no exponent — as the integer m of
// its digits and the counts of digits before and after the point, and
// stops at the first other byte, which the caller checks is the delimiter
// it wants. A leading zero before more digits, or a point without digits
// after it, is refused; so are more than 19 digits.
func Decimal(b []byte, i int) (m uint64, intDigits, frac, end int, ok bool) {
	start := i
	if len(b)-i >= 16 {
		// The usual number, fewer than 8 digits either side of the point,
		// in two 8-byte reads.
		c1 := binary.LittleEndian.Uint64(b[i:])
		n1 := SwarCount(c1)
		if n1 > 0 && n1 < 8 && (n1 == 1 || b[i] != '0') {
			m = SwarValue(c1, n1)
			if b[i+n1] != '.' {
				return m, n1, 0, i + n1, true
			}
			c2 := binary.LittleEndian.Uint64(b[i+n1+1:])
			n2 := SwarCount(c2)
			if n2 > 0 && n2 < 8 {
				return m*pow10u64[n2] + SwarValue(c2, n2), n1, n2, i + n1 + 1 + n2, true
			}
			// 8 fraction digits and more (a rotation's often are): a
			// third read.
			if j := i + n1 + 9; n2 == 8 && len(b)-j >= 8 {
				c3 := binary.LittleEndian.Uint64(b[j:])
				if n3 := SwarCount(c3); n3 < 8 {
					m = (m*1e8+SwarValue(c2, 8))*pow10u64[n3] + SwarValue(c3, n3)
					return m, n1, 8 + n3, j + n3, n1+8+n3 <= 19
				}
			}
		}
	}
	m, intDigits = digits(b, i, 0)
	i += intDigits
	if intDigits == 0 || intDigits > 1 && b[start] == '0' {
		return 0, 0, 0, i, false
	}
	if i < len(b) && b[i] == '.' {
		if m, frac = digits(b, i+1, m); frac == 0 {
			return 0, 0, 0, i, false
		}
		i += 1 + frac
	}
	return m, intDigits, frac, i, intDigits+frac <= 19
}

// Float32At reads a plain decimal at b[i:], with an optional '-', as
// Decimal does, and returns its float32 and the index after it. The value is strconv's float32 of the token, or ok
// is false: more than 15 digits, or a float64 quotient lying on a float32
// tie (Float32), are refused too.
func Float32At(b []byte, i int) (float32, int, bool) {
	neg := false
	if i < len(b) && b[i] == '-' {
		neg = true
		i++
	}
	m, intDigits, frac, end, ok := Decimal(b, i)
	if !ok || intDigits+frac > 15 {
		return 0, end, false
	}
	f, ok := Float32(m, frac, neg)
	return f, end, ok
}
