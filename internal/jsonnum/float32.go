package jsonnum

import "math"

// pow10 are 10^0 to 10^15, exact in float64.
var pow10 = [...]float64{1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10,
	1e11, 1e12, 1e13, 1e14, 1e15}

// pow10inv are the float64s nearest 10^-k.
var pow10inv = func() (p [len(pow10)]float64) {
	for k := range p {
		p[k] = 1 / pow10[k]
	}
	return
}()

// Float32 makes the float32 of a plain decimal whose digits, at most 15 of
// them, are the integer m with frac of them after the point (negated when
// neg): m / 10^frac, correctly rounded to float64 and then to float32,
// refusing (ok false) a float64 that lies exactly halfway between two
// float32s (double rounding can err only there; a whole number is exact in
// float64, so its one rounding is correct even on a tie, as strconv's is).
// With at most 15 digits, m and 10^frac are exact in float64 and the
// quotient is below float32's overflow, so strconv.ParseFloat(token, 32)
// gives this float32.
//
// The division is the slow step, so it is first done as a multiply by
// 10^-frac: that product is within 2 float64 ulps of m / 10^frac (each of
// 10^-frac and the product is rounded once). Rounding to float32 depends
// only on which side of a float32 midpoint the value lies, and in the
// float64 bits of a float32 normal a midpoint is the dropped 29 bits equal
// to 1<<28; when the product's dropped bits are more than 64 ulps from
// that, the exact quotient — and its float64 rounding — lies on the same
// side, and rounds to the same float32. Closer than that (about one value
// in four million), and below float32's normals, the exact division
// decides.
func Float32(m uint64, frac int, neg bool) (float32, bool) {
	v := float64(m)
	if frac > 0 {
		v *= pow10inv[frac]
		if d := int64(math.Float64bits(v)&(1<<29-1)) - 1<<28; d <= 64 && d >= -64 || v < 0x1p-126 {
			v = float64(m) / pow10[frac]
			if v != 0 && Float32Tie(v) {
				return 0, false
			}
		}
	}
	f := float32(v)
	if neg {
		f = -f
	}
	return f, true
}

// Float32Tie reports whether v (finite, not negative) lies exactly halfway
// between two float32s. For a normal float32 that is a bit test: v's 52-bit
// mantissa drops 29 bits on the way to float32's 23, and a tie drops exactly
// 1 followed by 28 zeros. Below float32's normals the midpoint is computed.
func Float32Tie(v float64) bool {
	if v >= 0x1p-126 {
		return math.Float64bits(v)&(1<<29-1) == 1<<28
	}
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
