package jsonnum

import "math/bits"

// SwarCount is the number of leading ASCII digits in the 8 bytes of chunk
// (little-endian: the first byte is the lowest). A byte is a digit when
// its xor with '0' is below 10; adding 0x76 to its low 7 bits sets the top
// bit exactly when it is not (no carry reaches the next byte).
func SwarCount(chunk uint64) int {
	x := chunk ^ 0x3030303030303030
	notDigit := (x&0x7F7F7F7F7F7F7F7F + 0x7676767676767676 | x) & 0x8080808080808080
	return bits.TrailingZeros64(notDigit) >> 3
}

// SwarValue is the value of the first n (0 to 8) digits of chunk: shifted
// to the top so the bytes after them fall off and zeros lead, then paired
// up 1+1, 2+2 and 4+4 digits with one multiply each.
func SwarValue(chunk uint64, n int) uint64 {
	v := (chunk ^ 0x3030303030303030) << (64 - 8*uint(n))
	v = (v & 0x0F0F0F0F0F0F0F0F) * (10<<8 + 1) >> 8
	v = (v & 0x00FF00FF00FF00FF) * (100<<16 + 1) >> 16
	return (v & 0x0000FFFF0000FFFF) * (10000<<32 + 1) >> 32
}
