package jsonnum

import "encoding/binary"

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

// ID reads the 8 hex digits and the closing quote of an id at b[i:] (the
// opening quote and "0x" read by the caller) and returns its value and the
// index after the quote: uppercase 8 bytes at a time (SwarHex, the
// writers' spelling), any other case through a digit table. strconv's
// ParseUint(digits, 16, 32) reads the same digits to the same value.
func ID(b []byte, i int) (uint32, int, bool) {
	if len(b)-i < 9 || b[i+8] != '"' {
		return 0, i, false
	}
	if v, ok := SwarHex(binary.LittleEndian.Uint64(b[i:])); ok {
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

// SwarHex reads the 8 bytes of x (little-endian: the first byte is the
// highest digit) as uppercase hex digits. Each byte's value is its low
// nibble, plus 9 when bit 6 is set (a letter); the bytes are valid exactly
// when no value exceeds 15 and encoding the values back ('0' + n, and 7
// more past 9) gives x. The eight 4-bit values are then packed by pairs.
func SwarHex(x uint64) (uint32, bool) {
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
