// The float64 of a time of 17 significant digits — the shortest decimal the
// writer gives most times (strconv 'g', -1) — without strconv: the
// Eisel–Lemire algorithm, as strconv.ParseFloat runs it (Go's
// internal/strconv atofeisel.go; Nigel Tao, "The Eisel-Lemire ParseFloat
// Algorithm", 2020), over the few powers of ten a fixed-layout time can
// need. It gives the correctly rounded float64 or says it cannot decide,
// and then strconv does.

package recording

import (
	"math"
	"math/big"
	"math/bits"
)

// maxTimeDigits bounds the fraction digits of a fixed-layout time
// (jsonnum.Decimal reads at most 19 digits).
const maxTimeDigits = 19

// pow10neg[k] is 10^-k as a 128-bit mantissa with its top bit set, rounded
// down (the value is hi·2^64+lo times 2^(pow10negExp2(k)-128)), made as
// strconv's table is made (pow10gen.go: exact rationals, truncated).
var pow10neg = func() (t [maxTimeDigits + 1]struct{ hi, lo uint64 }) {
	one, ten := big.NewInt(1), big.NewInt(10)
	for k := range t {
		den := new(big.Int).Exp(ten, big.NewInt(int64(k)), nil)
		// floor(2^(127+L) / 10^k), L the bit length of 10^k, lies in
		// [2^127, 2^128): 10^k is no power of two past k = 0.
		shift := 127 + den.BitLen()
		if k == 0 {
			shift = 127
		}
		q := new(big.Int).Div(new(big.Int).Lsh(one, uint(shift)), den)
		lo := new(big.Int).And(q, new(big.Int).SetUint64(math.MaxUint64))
		t[k].hi, t[k].lo = new(big.Int).Rsh(q, 64).Uint64(), lo.Uint64()
	}
	return
}()

// eiselLemire64 returns the float64 nearest man·10^-k (man > 0,
// k <= maxTimeDigits), or ok false when the 128-bit product cannot decide
// it; strconv's eiselLemire64 step for step.
func eiselLemire64(man uint64, k int) (float64, bool) {
	if man == 0 {
		return 0, true
	}
	pow := pow10neg[k]
	// 10^-k = pow·2^(exp2-128), exp2 = 1 + floor(-k·log2(10)).
	exp2 := 1 + (-k*108853)>>15
	clz := bits.LeadingZeros64(man)
	man <<= uint(clz)
	retExp2 := uint64(exp2+63+1023) - uint64(clz) // 1023: the float64 exponent bias

	xHi, xLo := bits.Mul64(man, pow.hi)
	if xHi&0x1FF == 0x1FF && xLo+man < man {
		yHi, yLo := bits.Mul64(man, pow.lo)
		mergedHi, mergedLo := xHi, xLo+yHi
		if mergedLo < xLo {
			mergedHi++
		}
		if mergedHi&0x1FF == 0x1FF && mergedLo+1 == 0 && yLo+man < man {
			return 0, false
		}
		xHi, xLo = mergedHi, mergedLo
	}
	msb := xHi >> 63
	retMantissa := xHi >> (msb + 9)
	retExp2 -= 1 ^ msb
	if xLo == 0 && xHi&0x1FF == 0 && retMantissa&3 == 1 {
		return 0, false
	}
	retMantissa += retMantissa & 1
	retMantissa >>= 1
	if retMantissa>>53 > 0 {
		retMantissa >>= 1
		retExp2++
	}
	if retExp2-1 >= 0x7FF-1 {
		return 0, false
	}
	return math.Float64frombits(retExp2<<52 | retMantissa&(1<<52-1)), true
}
