// Float formatting: Trace v1 writes every float as Go's shortest float32
// round-trip form, strconv.AppendFloat(float64(v), 'g', -1, 32). Four
// floats a state row made strconv three quarters of the cost of encoding
// a row (docs/benchmarks.md, "The trace"), most of it around the digits
// rather than in finding them, so the common case — a normal float32 of
// magnitude 1e-4 to 1e6, printed without an exponent — is written here
// directly, with exact integer arithmetic; every other value, and a value
// exactly half-way between two shortest candidates, goes to strconv. The
// result is byte for byte strconv's (TestAppendShortest_*).
//
// The shortest form of v is the decimal with the fewest significant digits
// inside v's rounding interval — the values that read back as v, its ends
// included when v's mantissa is even — and, of those, the one nearest v
// (Steele & White's free-format rule, which strconv's Dragonbox keeps). For
// v = m·2^e the ends are (2m ∓ 1)·2^(e−1): with K = 1 − e, a decimal D/10^t
// lies inside when (2m−1)·10^t ≤ D·2^K ≤ (2m+1)·10^t, so the candidates at
// each t are a shift of a 128-bit product away, and the fewest digits are
// those of the smallest t that has one.

package trace

import (
	"math"
	"math/bits"
	"slices"
	"strconv"
)

// pow10u are the powers of ten a uint64 holds.
var pow10u = [...]uint64{1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10,
	1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19}

// digitPairs are "00" to "99".
const digitPairs = "00010203040506070809" +
	"10111213141516171819" +
	"20212223242526272829" +
	"30313233343536373839" +
	"40414243444546474849" +
	"50515253545556575859" +
	"60616263646566676869" +
	"70717273747576777879" +
	"80818283848586878889" +
	"90919293949596979899"

// appendShortest32 appends v, finite, as strconv.AppendFloat(float64(v),
// 'g', -1, 32) does.
func appendShortest32(b []byte, v float32) []byte {
	u := math.Float32bits(v)
	if u&0x7FFFFFFF == 0 {
		if u != 0 {
			b = append(b, '-')
		}
		return append(b, '0')
	}
	biased := int(u >> 23 & 0xFF)
	frac := uint64(u & (1<<23 - 1))
	e := biased - 150 // v = m·2^e, m of 24 bits
	// Subnormals, and a mantissa that is a power of two (whose interval
	// is closer below than above), are strconv's; so are magnitudes past
	// 2^23 (printed with an exponent) and below 2^-14 (fewer than 1e-4).
	if biased == 0 || frac == 0 || e > -1 || e < -37 {
		return strconv.AppendFloat(b, float64(v), 'g', -1, 32)
	}
	m := frac | 1<<23
	k := uint(1 - e)
	mask := uint64(1)<<k - 1
	lo, mid, hi := 2*m-1, 2*m, 2*m+1
	inclusive := m&1 == 0
	// At t = tStart[k], 10^−t is below the interval's width 2^−(k−1): it
	// holds a candidate. Fewer digits are tried from there while the
	// candidates include a multiple of ten (a candidate at t−1).
	t := int(tStart[k])
	p := pow10u[t]
	h, l := bits.Mul64(lo, p)
	low := h<<(64-k) | l>>k
	if l&mask != 0 || !inclusive {
		low++
	}
	h, l = bits.Mul64(hi, p)
	high := h<<(64-k) | l>>k
	if l&mask == 0 && !inclusive {
		high--
	}
	for t > 0 {
		l10, h10 := (low+9)/10, high/10
		if l10 > h10 {
			break
		}
		low, high, t = l10, h10, t-1
	}
	// The candidate nearest v.
	h, l = bits.Mul64(mid, pow10u[t])
	d := h<<(64-k) | l>>k
	switch r, half := l&mask, uint64(1)<<(k-1); {
	case r > half:
		d++
	case r == half:
		return strconv.AppendFloat(b, float64(v), 'g', -1, 32)
	}
	d = min(max(d, low), high)
	return appendDecimal(b, u>>31 != 0, d, t, v)
}

// tStart[k] is the fewest decimals t with 10^t ≥ 2^(k−1).
var tStart = func() (ts [40]uint8) {
	for k := 1; k < len(ts); k++ {
		for pow10u[ts[k]] < 1<<(k-1) {
			ts[k]++
		}
	}
	return ts
}()

// appendDecimal appends d/10^t, d > 0, in %g's fixed form (v, whose
// shortest digits these are, goes to strconv when %g would use an
// exponent). The text's length is known before a digit is written, so
// the digits go straight to their places in b, two at a time from the
// right, the point between them (no buffer of digits copied in after).
func appendDecimal(b []byte, neg bool, d uint64, t int, v float32) []byte {
	// d's digits, trailing zeros dropped (only at t = 0 can there be any).
	zeros := 0
	for d%10 == 0 {
		d /= 10
		zeros++
	}
	nd := decimalLen(d)
	dp := nd + zeros - t // the decimal point's place after the first digit
	if exp := dp - 1; exp < -4 || exp >= 6 {
		return strconv.AppendFloat(b, float64(v), 'g', -1, 32)
	}
	if neg {
		b = append(b, '-')
	}
	switch {
	case dp <= 0:
		// 0.000ddd: at most 4 zeros after the point, 9 digits.
		n := 2 - dp + nd
		b, out := grow(b, n)
		out[0], out[1] = '0', '.'
		for i := 2; i < 2-dp; i++ {
			out[i] = '0'
		}
		putDigits(out[2-dp:], d)
		return b
	case dp >= nd:
		// ddd000: the digits, then zeros up to the point.
		b, out := grow(b, dp)
		putDigits(out[:nd], d)
		for i := nd; i < dp; i++ {
			out[i] = '0'
		}
		return b
	}
	// dd.ddd: the digits after the point, the point, the digits before.
	after := nd - dp
	hi, lo := d/pow10u[after], d%pow10u[after]
	b, out := grow(b, nd+1)
	putDigits(out[:dp], hi)
	out[dp] = '.'
	putDigits(out[dp+1:], lo)
	return b
}

// grow appends n bytes to b and returns b and the n bytes appended, to be
// written.
func grow(b []byte, n int) ([]byte, []byte) {
	at := len(b)
	b = slices.Grow(b, n)[:at+n]
	return b, b[at:]
}

// putDigits writes d's last len(out) decimal digits to out, leading zeros
// included (out is the whole of d's digits, or the digits after a point).
func putDigits(out []byte, d uint64) {
	i := len(out)
	for i >= 2 {
		q := d / 100
		r := d - q*100
		i -= 2
		out[i], out[i+1] = digitPairs[2*r], digitPairs[2*r+1]
		d = q
	}
	if i == 1 {
		out[0] = byte('0' + d%10)
	}
}

// decimalLen is the number of decimal digits of d > 0.
func decimalLen(d uint64) int {
	// log10(2) ≈ 1233/4096: n is the digits of 2^bits.Len64(d), or one
	// fewer.
	n := bits.Len64(d) * 1233 >> 12
	if d >= pow10u[n] {
		n++
	}
	return n
}
