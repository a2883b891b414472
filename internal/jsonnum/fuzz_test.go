// Fuzzing the readers against strconv on arbitrary bytes: ID takes only
// what strconv.ParseUint(digits, 16, 32) takes, to its value; SwarCount
// and SwarValue count and read the leading digits of any 8 bytes as
// strconv does; Float32 gives strconv.ParseFloat(token, 32)'s float32 of
// any plain decimal of at most 15 digits, refusing only float32 ties.

package jsonnum

import (
	"encoding/binary"
	"math"
	"strconv"
	"testing"
)

func FuzzReaders(f *testing.F) {
	for _, s := range []string{`80000A01"`, `a9b4001c"`, `0000000G"`, `12345678`, `1234.5678`, `-0.000001`,
		`90.00001`, `16777217`, `0.1`, `-123456789012345`, `3.4028235e38`, `1.5`, "\x00\xff\x30\x46\"", `00000000"x`} {
		f.Add([]byte(s), uint8(0))
	}
	f.Fuzz(func(t *testing.T, b []byte, at uint8) {
		i := int(at) % (len(b) + 1)
		// ID at every place it could be asked to read.
		v, end, ok := ID(b, i)
		if len(b)-i >= 9 && b[i+8] == '"' {
			want, err := strconv.ParseUint(string(b[i:i+8]), 16, 32)
			if ok != (err == nil) || ok && (uint64(v) != want || end != i+9) {
				t.Fatalf("ID(%q, %d) = %x, %d, %t; strconv %x, %v", b, i, v, end, ok, want, err)
			}
		} else if ok {
			t.Fatalf("ID(%q, %d) took an id that is not 8 digits and a quote", b, i)
		}
		// The SWAR digit readers on the 8 bytes at i (zero-padded).
		var chunk [8]byte
		copy(chunk[:], b[i:])
		x := binary.LittleEndian.Uint64(chunk[:])
		n := 0
		for n < 8 && chunk[n] >= '0' && chunk[n] <= '9' {
			n++
		}
		if got := SwarCount(x); got != n {
			t.Fatalf("SwarCount(%q) = %d, want %d", chunk, got, n)
		}
		for k := 0; k <= n; k++ {
			want, _ := strconv.ParseUint("0"+string(chunk[:k]), 10, 64)
			if got := SwarValue(x, k); got != want {
				t.Fatalf("SwarValue(%q, %d) = %d, want %d", chunk, k, got, want)
			}
		}
		if h, ok := SwarHex(x); ok {
			want, err := strconv.ParseUint(string(chunk[:]), 16, 32)
			if err != nil || uint64(h) != want {
				t.Fatalf("SwarHex(%q) = %x; strconv %x, %v", chunk, h, want, err)
			}
		}
		// Float32 of the bytes from i when they are a plain decimal.
		m, frac, neg, digits, ok := plainDecimal(b[i:])
		if !ok || digits > 15 {
			return
		}
		got, ok := Float32(m, frac, neg)
		want, err := strconv.ParseFloat(string(b[i:]), 32)
		if err != nil {
			t.Fatalf("%q: strconv: %v", b[i:], err)
		}
		if !ok {
			if q := float64(m) / pow10[frac]; !Float32Tie(q) {
				t.Fatalf("%q refused, but its quotient %v is no float32 tie", b[i:], q)
			}
			return
		}
		if math.Float32bits(got) != math.Float32bits(float32(want)) {
			t.Fatalf("%q: Float32 %v (%#x), strconv %v (%#x)", b[i:], got, math.Float32bits(got), float32(want), math.Float32bits(float32(want)))
		}
	})
}

// plainDecimal reads s as -?D+(.D+)? — the spelling Float32 is given —
// into its digits m, the count frac after the point and the sign.
func plainDecimal(s []byte) (m uint64, frac int, neg bool, digits int, ok bool) {
	if len(s) > 0 && s[0] == '-' {
		neg, s = true, s[1:]
	}
	point := -1
	for k, c := range s {
		switch {
		case c >= '0' && c <= '9':
			if digits++; digits <= 19 {
				m = m*10 + uint64(c-'0')
			}
		case c == '.' && point < 0 && k > 0:
			point = k
		default:
			return 0, 0, false, 0, false
		}
	}
	if digits == 0 || point == len(s)-1 {
		return 0, 0, false, 0, false
	}
	if point >= 0 {
		frac = len(s) - point - 1
	}
	return m, frac, neg, digits, true
}
