// JSON numbers: reading numbers as float32, float64 and bounded integers,
// with Clinger's exact fast path for short decimals, so the common case
// needs no strconv call yet rounds exactly as strconv.ParseFloat does.

package recording

import "strconv"

// float64At reads a finite number (checkLeaves has already rejected
// non-finite spellings).
func (d *decoder) float64At(n int32, base, name string, index int) (float64, bool) {
	if !d.isNumber(n) {
		return 0, d.fail(base, name, index, "want a number, got "+d.describe(n))
	}
	if d.nodes[n].lit != litExp {
		if m, k, neg, ok := decimalParts(d.literal(n)); ok && m < 1<<53 && k < len(pow10f64) {
			// Clinger's fast path: both operands are exact, so the one
			// division is correctly rounded, as ParseFloat would round.
			f := float64(m) / pow10f64[k]
			if neg {
				f = -f
			}
			return f, true
		}
	}
	f, err := strconv.ParseFloat(string(d.literal(n)), 64)
	if err != nil {
		return 0, d.fail(base, name, index, "not a finite number: "+snippet(d.literal(n)))
	}
	return f, true
}

// float32At reads a number as the nearest float32; a value beyond the
// float32 range is an error, since it would be infinite.
func (d *decoder) float32At(n int32, base, name string, index int) (float32, bool) {
	if !d.isNumber(n) {
		return 0, d.fail(base, name, index, "want a number, got "+d.describe(n))
	}
	if d.nodes[n].lit != litExp {
		if m, k, neg, ok := decimalParts(d.literal(n)); ok && m < 1<<24 && k < len(pow10f32) {
			// Clinger's fast path in float32: see float64At.
			f := float32(m) / pow10f32[k]
			if neg {
				f = -f
			}
			return f, true
		}
	}
	f, err := strconv.ParseFloat(string(d.literal(n)), 32)
	if err != nil {
		return 0, d.fail(base, name, index, snippet(d.literal(n))+" overflows float32")
	}
	return float32(f), true
}

// Powers of ten that are exact in float32 (5^10 < 2^24) and float64
// (5^22 < 2^53): the operands of Clinger's fast path.
var (
	pow10f32 = [...]float32{1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10}
	pow10f64 = [...]float64{1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10,
		1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22}
)

// decimalParts splits a number without exponent, -?digits(.digits)?, into
// its digits as an integer m and the count k of fraction digits, so the
// value is ±m / 10^k. ok is false when m would pass 10^18.
func decimalParts(b []byte) (m uint64, k int, neg, ok bool) {
	if len(b) > 0 && b[0] == '-' {
		neg, b = true, b[1:]
	}
	frac := false
	digits := 0
	for _, c := range b {
		if c == '.' {
			frac = true
			continue
		}
		if digits++; digits > 18 {
			return 0, 0, neg, false
		}
		m = m*10 + uint64(c-'0')
		if frac {
			k++
		}
	}
	return m, k, neg, true
}

// nonNegative32 reads a float32 that must be >= 0.
func (d *decoder) nonNegative32(n int32, base, name string) (float32, bool) {
	v, ok := d.float32At(n, base, name, noIndex)
	if ok && v < 0 {
		return 0, d.fail(base, name, noIndex, "want a number >= 0, got "+snippet(d.literal(n)))
	}
	return v, ok
}

// integer reads a number written as a JSON integer (no fraction or
// exponent). isInt is false when it is not one; overflow when it does not fit
// an int64.
func (d *decoder) integer(n int32) (v int64, isInt, overflow bool) {
	if d.nodes[n].lit != litInt {
		return 0, false, false
	}
	v, err := strconv.ParseInt(string(d.literal(n)), 10, 64)
	return v, true, err != nil
}

// intRange reads an integer in [lo, hi].
func (d *decoder) intRange(n int32, base, name string, lo, hi int64, want string) (int64, bool) {
	v, isInt, overflow := d.integer(n)
	if !isInt || overflow || v < lo || v > hi {
		got := d.describe(n)
		if d.isNumber(n) {
			got = snippet(d.literal(n))
		}
		return 0, d.fail(base, name, noIndex, "want "+want+", got "+got)
	}
	return v, true
}

// u16 reads a u16 sequence stamp.
func (d *decoder) u16(n int32, base, name string) (uint16, bool) {
	v, ok := d.intRange(n, base, name, 0, 0xFFFF, "an integer in [0, 65535]")
	return uint16(v), ok
}

// u32 reads an integer in [0, 2^32).
func (d *decoder) u32(n int32, base, name string) (uint32, bool) {
	v, ok := d.intRange(n, base, name, 0, 0xFFFFFFFF, "an integer in [0, 2^32)")
	return uint32(v), ok
}
