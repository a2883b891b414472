// BF16: a float32 rounded to its top 16 bits (bfloat16: the sign, the
// whole 8-bit exponent, 7 bits of significand — about 0.4 % relative
// precision, float32's range, NaN kept). The history's plotted distances
// are held this way: a plot a few hundred pixels high cannot show finer
// than that, and an object-tick's sample shrinks from 24 to 20 bytes.

package store

import "math"

// BF16 is a bfloat16.
type BF16 uint16

// ToBF16 rounds f to the nearest bfloat16 (ties to even); NaN stays NaN.
func ToBF16(f float32) BF16 {
	b := math.Float32bits(f)
	if f != f {
		return BF16(b>>16 | 0x40) // a quiet NaN whatever the payload
	}
	b += 0x7FFF + (b>>16)&1
	return BF16(b >> 16)
}

// Float32 is the value.
func (h BF16) Float32() float32 { return math.Float32frombits(uint32(h) << 16) }
