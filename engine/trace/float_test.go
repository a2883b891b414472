package trace

import (
	"math"
	"math/rand/v2"
	"os"
	"strconv"
	"testing"
)

// checkShortest compares appendShortest32 with strconv for v.
func checkShortest(t *testing.T, v float32, buf []byte) []byte {
	buf = appendShortest32(buf[:0], v)
	if want := strconv.FormatFloat(float64(v), 'g', -1, 32); string(buf) != want {
		t.Fatalf("%#x (%v): %q, strconv %q", math.Float32bits(v), v, buf, want)
	}
	return buf
}

// TestAppendShortest_AsStrconv: the hand-written float32 form is
// strconv.AppendFloat(float64(v), 'g', -1, 32)'s byte for byte on random
// bit patterns (every exponent, both signs), on every float32 of a
// sample of exponents in the fast path's range taken at a stride, on the
// ends of that range and on the values a trace holds (coordinates,
// headings, small integers, tenths).
func TestAppendShortest_AsStrconv(t *testing.T) {
	var buf []byte
	r := rand.New(rand.NewPCG(1, 2))
	for range 1 << 20 {
		v := math.Float32frombits(r.Uint32())
		if math.IsNaN(float64(v)) || math.IsInf(float64(v), 0) {
			continue
		}
		buf = checkShortest(t, v, buf)
	}
	// Every 97th float32 of magnitude 2^-15 to 2^24, both signs.
	for u := math.Float32bits(1.0 / 32768); u < math.Float32bits(1<<24); u += 97 {
		buf = checkShortest(t, math.Float32frombits(u), buf)
		buf = checkShortest(t, -math.Float32frombits(u), buf)
	}
	for _, v := range []float32{0, float32(math.Copysign(0, -1)), 1, -1, 0.5, 0.1, 0.2, 0.3, 1e-4, 9.999999e-5, 1.0000001e-4,
		999999.94, 1e6, 999999.9, 8388607.5, 8388608, 16777215, 0.00012207031, 6.1035156e-05,
		90, 271.5, 359.99997, 138, 52.999996, 77.403885, 26.864977, 113.06543, 175.7523, 192, 0.041666668} {
		buf = checkShortest(t, v, buf)
		buf = checkShortest(t, -v, buf)
	}
	for i := range 100000 {
		buf = checkShortest(t, float32(i)/10, buf)
		buf = checkShortest(t, float32(i)*0.001, buf)
	}
}

// TestAppendShortest_Exhaustive compares every float32 of the fast path's
// magnitudes (2^-15 to 2^24, 318 M values, a minute or more) with strconv
// when GLIDEPATH_FLOAT_EXHAUSTIVE=1.
func TestAppendShortest_Exhaustive(t *testing.T) {
	if os.Getenv("GLIDEPATH_FLOAT_EXHAUSTIVE") != "1" {
		t.Skip("set GLIDEPATH_FLOAT_EXHAUSTIVE=1")
	}
	var buf []byte
	for u := math.Float32bits(1.0 / 32768); u < math.Float32bits(1<<24); u++ {
		buf = checkShortest(t, math.Float32frombits(u), buf)
	}
}

func BenchmarkAppendShortest(b *testing.B) {
	vals := make([]float32, 1024)
	for i := range vals {
		vals[i] = float32(i)*0.7071 + 39.07007
	}
	buf := make([]byte, 0, 64)
	b.Run("hand", func(b *testing.B) {
		for i := 0; b.Loop(); i++ {
			buf = appendShortest32(buf[:0], vals[i&1023])
		}
	})
	b.Run("strconv", func(b *testing.B) {
		for i := 0; b.Loop(); i++ {
			buf = strconv.AppendFloat(buf[:0], float64(vals[i&1023]), 'g', -1, 32)
		}
	})
}

// decimalLen counts the digits of d on both sides of every power of ten
// a uint64 holds, as strconv's text of d does.
func TestDecimalLen_AtPowersOfTen(t *testing.T) {
	for _, p := range pow10u {
		for _, d := range []uint64{p - 1, p, p + 1} {
			if d == 0 {
				continue
			}
			if got, want := decimalLen(d), len(strconv.FormatUint(d, 10)); got != want {
				t.Errorf("decimalLen(%d) = %d, want %d", d, got, want)
			}
		}
	}
	if got := decimalLen(math.MaxUint64); got != 20 {
		t.Errorf("decimalLen(MaxUint64) = %d, want 20", got)
	}
}
