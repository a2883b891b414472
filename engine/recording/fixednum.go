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
	"math"
	"math/bits"
	"strconv"
)

// has reports whether b holds s at i.
func has(b []byte, i int, s string) bool {
	return len(b)-i >= len(s) && string(b[i:i+len(s)]) == s
}

// hexValue is a hex digit's value, 0xFF for any other byte.
var hexValue = func() (v [256]byte) {
	for i := range v {
		v[i] = 0xFF
	}
	for c := '0'; c <= '9'; c++ {
		v[c] = byte(c - '0')
	}
	for c := 'a'; c <= 'f'; c++ {
		v[c] = byte(c-'a') + 10
		v[c-'a'+'A'] = byte(c-'a') + 10
	}
	return
}()

// fixedID reads the 8 hex digits and closing quote of an id at b[i:] (the
// opening quote and "0x" read by the caller): uppercase 8 bytes at a time
// (swarHex, appendID's spelling), any other case through the digit table.
// The general decoder's id reads the same digits to the same value.
func fixedID(b []byte, i int) (uint32, int, bool) {
	if len(b)-i < 9 || b[i+8] != '"' {
		return 0, i, false
	}
	if v, ok := swarHex(binary.LittleEndian.Uint64(b[i:])); ok {
		return v, i + 9, true
	}
	var v uint32
	var bad byte
	for _, c := range b[i : i+8 : i+8] {
		h := hexValue[c]
		bad |= h
		v = v<<4 | uint32(h&0xF)
	}
	return v, i + 9, bad&0xF0 == 0
}

// swarHex reads the 8 bytes of x (little-endian: the first byte is the
// highest digit) as uppercase hex digits. Each byte's value is its low
// nibble, plus 9 when bit 6 is set (a letter); the bytes are valid exactly
// when no value exceeds 15 and encoding the values back ('0' + n, and 7
// more past 9) gives x. The eight 4-bit values are then packed by pairs.
func swarHex(x uint64) (uint32, bool) {
	const ones = 0x0101010101010101
	n := x&(0x0F*ones) + (x&(0x40*ones))>>6*9
	over9 := (n + 0x76*ones) & (0x80 * ones) >> 7
	over15 := (n + 0x70*ones) & (0x80 * ones)
	if over15 != 0 || n+0x30*ones+over9*7 != x {
		return 0, false
	}
	v := (n<<4 | n>>8) & 0x00FF00FF00FF00FF
	v = (v<<8 | v>>16) & 0x0000FFFF0000FFFF
	v = (v<<16 | v>>32) & 0xFFFFFFFF
	return uint32(v), true
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
// left on the line (swarCount, swarValue), then byte by byte. Past 19
// digits m has overflowed; callers refuse so long a run.
func fixedDigits(b []byte, i int, m uint64) (uint64, int) {
	start := i
	for len(b)-i >= 8 {
		chunk := binary.LittleEndian.Uint64(b[i:])
		n := swarCount(chunk)
		m = m*pow10u64[n] + swarValue(chunk, n)
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
		n1 := swarCount(c1)
		if n1 > 0 && n1 < 8 && (n1 == 1 || b[i] != '0') {
			m = swarValue(c1, n1)
			if b[i+n1] != '.' {
				return m, n1, 0, i + n1, true
			}
			c2 := binary.LittleEndian.Uint64(b[i+n1+1:])
			n2 := swarCount(c2)
			if n2 > 0 && n2 < 8 {
				return m*pow10u64[n2] + swarValue(c2, n2), n1, n2, i + n1 + 1 + n2, true
			}
			// 8 fraction digits and more (a rotation's often are): a
			// third read.
			if j := i + n1 + 9; n2 == 8 && len(b)-j >= 8 {
				c3 := binary.LittleEndian.Uint64(b[j:])
				if n3 := swarCount(c3); n3 < 8 {
					m = (m*1e8+swarValue(c2, 8))*pow10u64[n3] + swarValue(c3, n3)
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
// tie (fixedFinish), are refused too.
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
	return fixedFinish(m, frac, neg, end)
}

// swarCount is the number of leading ASCII digits in the 8 bytes of chunk
// (little-endian: the first byte is the lowest). A byte is a digit when
// its xor with '0' is below 10; adding 0x76 to its low 7 bits sets the top
// bit exactly when it is not (no carry reaches the next byte).
func swarCount(chunk uint64) int {
	x := chunk ^ 0x3030303030303030
	notDigit := (x&0x7F7F7F7F7F7F7F7F + 0x7676767676767676 | x) & 0x8080808080808080
	return bits.TrailingZeros64(notDigit) >> 3
}

// swarValue is the value of the first n (0 to 8) digits of chunk: shifted
// to the top so the bytes after them fall off and zeros lead, then paired
// up 1+1, 2+2 and 4+4 digits with one multiply each.
func swarValue(chunk uint64, n int) uint64 {
	v := (chunk ^ 0x3030303030303030) << (64 - 8*uint(n))
	v = (v & 0x0F0F0F0F0F0F0F0F) * (10<<8 + 1) >> 8
	v = (v & 0x00FF00FF00FF00FF) * (100<<16 + 1) >> 16
	return (v & 0x0000FFFF0000FFFF) * (10000<<32 + 1) >> 32
}

// fixedFinish makes the float32 of at most 15 digits m: m / 10^frac,
// correctly rounded to float64 and then to float32, refusing a float64
// that lies exactly halfway between two float32s (double rounding can err
// only there; a whole number is exact in float64, so its one rounding is
// correct even on a tie, as strconv's is). With at most 15 digits, m and
// 10^frac are exact in float64 and the quotient is below float32's
// overflow, so strconv.ParseFloat(token, 32) — and float32At's Clinger
// step, where it applies — give this float32.
//
// The division is the slow step, so it is first done as a multiply by
// 10^-frac: that product is within 2 float64 ulps of m / 10^frac (each of
// 10^-frac and the product is rounded once). Rounding to float32 depends
// only on which side of a float32 midpoint the value lies, and in the
// float64 bits of a float32 normal a midpoint is the dropped 29 bits equal
// to 1<<28; when the product's dropped bits are more than 64 ulps from
// that, the exact quotient — and its float64 rounding — lies on the same
// side, and rounds to the same float32. Closer than that, and below
// float32's normals, the exact division decides.
func fixedFinish(m uint64, frac int, neg bool, i int) (float32, int, bool) {
	v := float64(m)
	if frac > 0 {
		v *= pow10inv[frac]
		if d := int64(math.Float64bits(v)&(1<<29-1)) - 1<<28; d <= 64 && d >= -64 || v < 0x1p-126 {
			v = float64(m) / pow10f64[frac]
			if v >= 0x1p-126 {
				if math.Float64bits(v)&(1<<29-1) == 1<<28 {
					return 0, i, false
				}
			} else if v != 0 && float32Tie(v) {
				return 0, i, false
			}
		}
	}
	f := float32(v)
	if neg {
		f = -f
	}
	return f, i, true
}

// float32Tie reports whether v, below float32's normals, lies exactly
// halfway between two float32s.
func float32Tie(v float64) bool {
	f := float32(v)
	if float64(f) == v {
		return false
	}
	toward := float32(math.Inf(1))
	if float64(f) > v {
		toward = float32(math.Inf(-1))
	}
	return (float64(f)+float64(math.Nextafter32(f, toward)))/2 == v
}

// pow10inv are the float64s nearest 10^-k.
var pow10inv = func() (p [16]float64) {
	for k := range p {
		p[k] = 1 / pow10f64[k]
	}
	return
}()

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
