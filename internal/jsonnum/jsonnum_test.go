package jsonnum

import (
	"encoding/binary"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"glidepath/engine/hexid"
)

func TestSwar_CountsAndValues(t *testing.T) {
	for _, s := range []string{"00000000", "12345678", "1234567.", "1.345678", ".2345678", "9/:09:/9", "0000000\xb0", "\x00\x00\x00\x00\x00\x00\x00\x00"} {
		chunk := binary.LittleEndian.Uint64([]byte(s))
		n := 0
		for n < 8 && s[n] >= '0' && s[n] <= '9' {
			n++
		}
		if got := SwarCount(chunk); got != n {
			t.Errorf("%q: SwarCount %d, want %d", s, got, n)
		}
		want, _ := strconv.ParseUint("0"+s[:n], 10, 64)
		if got := SwarValue(chunk, n); got != want {
			t.Errorf("%q: SwarValue %d, want %d", s, got, want)
		}
	}
}

// TestID_AgreesWithParseUint: every byte in every position of an 8-digit
// id is read as strconv reads hex, or refused when strconv refuses.
func TestID_AgreesWithParseUint(t *testing.T) {
	base := []byte(`80000A01"`)
	for pos := range 8 {
		for c := range 256 {
			b := append([]byte(nil), base...)
			b[pos] = byte(c)
			got, end, ok := ID(b, 0)
			want, err := strconv.ParseUint(string(b[:8]), 16, 32)
			if ok != (err == nil) || ok && (uint64(got) != want || end != 9) {
				t.Fatalf("%q: ID %x %t, strconv %x %v", b, got, ok, want, err)
			}
		}
	}
	if _, _, ok := ID([]byte(`80000A0"`), 0); ok {
		t.Error("7 digits taken")
	}
}

// TestID_AgreesWithHexid: the fixed-layout fast path reads an 8-digit id
// as engine/hexid, the one reader of ids, reads the same digits — every
// byte in every position, as above.
func TestID_AgreesWithHexid(t *testing.T) {
	base := []byte(`a9B4001f"`)
	for pos := range 8 {
		for c := range 256 {
			b := append([]byte(nil), base...)
			b[pos] = byte(c)
			got, _, ok := ID(b, 0)
			want, wok := hexid.ParseBytes(b[:8])
			if ok != wok || ok && got != want {
				t.Fatalf("%q: ID %x %t, hexid %x %t", b, got, ok, want, wok)
			}
		}
	}
}

// TestSwarHex_AgreesWithParseUint: SwarHex takes exactly the uppercase hex
// ids, to strconv's value, over random and edge bytes.
func TestSwarHex_AgreesWithParseUint(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	alphabet := "0123456789ABCDEFabcdefGgXx:@/`\x00\xff\x30\x46\x47\x40\x3a"
	check := func(s string) {
		v, ok := SwarHex(binary.LittleEndian.Uint64([]byte(s)))
		want, err := strconv.ParseUint(s, 16, 32)
		upper := strings.ToUpper(s) == s
		switch {
		case ok && (err != nil || uint64(v) != want):
			t.Fatalf("%q: SwarHex %08x, strconv %08x %v", s, v, want, err)
		case !ok && err == nil && upper:
			t.Fatalf("%q: SwarHex refused an uppercase id", s)
		}
	}
	for _, s := range []string{"00000000", "FFFFFFFF", "80400001", "A9B4001C", "0000000G", "G0000000", "a9b4001c", "9999999:", "@AAAAAAA"} {
		check(s)
	}
	for range 200_000 {
		var b [8]byte
		for i := range b {
			if rng.IntN(4) == 0 {
				b[i] = alphabet[rng.IntN(len(alphabet))]
			} else {
				b[i] = "0123456789ABCDEF"[rng.IntN(16)]
			}
		}
		check(string(b[:]))
	}
	for c := range 256 {
		check(strings.Repeat("0", 7) + string([]byte{byte(c)}))
		check(string([]byte{byte(c)}) + strings.Repeat("7", 7))
	}
}

// Float32Tie's bit test agrees with the midpoint of the two float32s
// around v, for random values, exact ties and the values next to them.
func TestFloat32Tie_AgreesWithMidpoint(t *testing.T) {
	midpoint := func(v float64) bool {
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
	rng := rand.New(rand.NewPCG(5, 6))
	ties := 0
	for range 200000 {
		f := math.Float32frombits(rng.Uint32() & 0x7F7FFFFF)
		tie := (float64(f) + float64(math.Nextafter32(f, float32(math.Inf(1))))) / 2
		for _, v := range []float64{rng.Float64() * 1e6, float64(f), tie, math.Nextafter(tie, 0), math.Nextafter(tie, math.Inf(1))} {
			want := midpoint(v)
			if got := Float32Tie(v); got != want {
				t.Fatalf("%v (%#x): got %v, midpoint %v", v, math.Float64bits(v), got, want)
			}
			if want {
				ties++
			}
		}
	}
	if ties < 100000 {
		t.Fatalf("only %d ties among the values: the test does not reach the tie", ties)
	}
}

// Float32 gives strconv's float32 of the decimal whenever it takes it, and
// refuses only float32 ties of the float64 quotient: random decimals of up
// to 15 digits, and the decimals nearest float32 midpoints.
func TestFloat32_AgreesWithStrconv(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	check := func(m uint64, frac int, neg bool) {
		tok := strconv.FormatUint(m, 10)
		for len(tok) <= frac {
			tok = "0" + tok
		}
		if frac > 0 {
			tok = tok[:len(tok)-frac] + "." + tok[len(tok)-frac:]
		}
		if neg {
			tok = "-" + tok
		}
		got, ok := Float32(m, frac, neg)
		want, err := strconv.ParseFloat(tok, 32)
		if err != nil {
			t.Fatalf("%q: %v", tok, err)
		}
		if !ok {
			if q := float64(m) / pow10[frac]; !Float32Tie(q) {
				t.Fatalf("%q refused, but its quotient %v is no float32 tie", tok, q)
			}
			return
		}
		if math.Float32bits(got) != math.Float32bits(float32(want)) {
			t.Fatalf("%q: Float32 %v, strconv %v", tok, got, float32(want))
		}
	}
	for range 300_000 {
		digits := 1 + rng.IntN(15)
		m := rng.Uint64N(uint64(pow10[digits]))
		check(m, rng.IntN(digits+1), rng.IntN(2) == 0)
	}
	// Decimals of 9 significant digits around float32 midpoints.
	for range 100_000 {
		f := math.Float32frombits(rng.Uint32()&0x3FFFFFFF | 0x30000000)
		mid := (float64(f) + float64(math.Nextafter32(f, float32(math.Inf(1))))) / 2
		s := strconv.FormatFloat(mid, 'f', -1, 64)
		if i := strings.IndexByte(s, '.'); i >= 0 && len(s) <= 16 {
			m, err := strconv.ParseUint(strings.Replace(s, ".", "", 1), 10, 64)
			if err == nil {
				check(m, len(s)-i-1, false)
			}
		}
	}
}
