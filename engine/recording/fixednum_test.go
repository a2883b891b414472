// The fixed layout's numbers and ids against strconv and the general
// decoder's readers (fixednum.go).

package recording

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"glidepath/internal/goroutines"
)

// checkFloat fails when fixedFloat takes tok (followed by a delimiter, on
// a short and a long line) and reads another float32 than strconv does.
// It reports whether it was taken.
func checkFloat(t *testing.T, tok string) bool {
	t.Helper()
	took := false
	for _, line := range []string{tok + "]", tok + `,"rotation":[1,0,0,0]}`} {
		got, end, ok := fixedFloat([]byte(line), 0)
		if !ok || end != len(tok) {
			continue
		}
		took = true
		want, err := strconv.ParseFloat(tok, 32)
		if err != nil || math.Float32bits(got) != math.Float32bits(float32(want)) {
			t.Fatalf("%q: fixed %v (%08x), strconv %v (%08x) %v", tok, got, math.Float32bits(got), float32(want), math.Float32bits(float32(want)), err)
		}
	}
	return took
}

func TestFixedFloat_AgreesWithStrconv(t *testing.T) {
	for _, tok := range []string{"0", "-0", "1", "90", "90.041664", "-91.25", "0.5", "191.99998", "0.70710677",
		"-0.70710677", "1234567", "12345678", "123456789", "0.1234567", "0.12345678", "16777217", "0.000001",
		"99999.99", "999999999999999", "0.00000000000001", "1.4e-45", "1e-45", "0.000000000000001"} {
		checkFloat(t, tok)
	}
	for _, tok := range []string{"01", "1.", ".5", "-", "--1", "1e5", "1234567890123456", "0.1234567890123456", "+1", "1.2.3"} {
		if checkFloat(t, tok) {
			t.Errorf("%q: taken", tok)
		}
	}
}

// TestFixedFloat_RandomDecimals: float32s as the writer prints them and
// random digit strings of every length the fixed layout takes read as
// strconv reads them (or are left to it).
func TestFixedFloat_RandomDecimals(t *testing.T) {
	goroutines.NoneStarted(t)
	rng := rand.New(rand.NewPCG(1, 2))
	n := 400_000
	if testing.Short() {
		n = 50_000
	}
	taken := 0
	for k := range n {
		var tok string
		if k%2 == 0 {
			f := math.Float32frombits(rng.Uint32())
			if math.IsNaN(float64(f)) || math.IsInf(float64(f), 0) {
				continue
			}
			if k%4 == 0 {
				f = float32(rng.Float64()*400 - 200)
			}
			tok = strconv.FormatFloat(float64(f), 'g', -1, 32)
		} else {
			intDigits, fracDigits := 1+rng.IntN(9), rng.IntN(10)
			tok = strconv.FormatUint(rng.Uint64N(uint64(pow10f64[intDigits])), 10)
			if fracDigits > 0 {
				tok += "." + fmt.Sprintf("%0*d", fracDigits, rng.Uint64N(uint64(pow10f64[fracDigits])))
			}
		}
		if checkFloat(t, tok) {
			taken++
		}
	}
	if taken < n/2 {
		t.Errorf("the fixed layout took only %d of %d numbers", taken, n)
	}
}

// TestFixedFloat_NearMidpoints: decimals a hair from a midpoint between two
// float32s — where a float64 rounding error would change the float32 —
// read as strconv reads them. (A float32 subnormal needs more than the 15
// digits the fixed layout takes.)
func TestFixedFloat_NearMidpoints(t *testing.T) {
	goroutines.NoneStarted(t)
	rng := rand.New(rand.NewPCG(3, 4))
	for k := range 100_000 {
		f := float32(rng.Float64() * math.Pow(10, float64(k%12-6)))
		mid := (float64(f) + float64(math.Nextafter32(f, float32(math.Inf(1))))) / 2
		for _, digits := range []int{9, 12, 14, 15} {
			tok := strconv.FormatFloat(mid, 'f', -1, 64)
			if len(strings.TrimLeft(strings.Replace(tok, ".", "", 1), "0")) > digits {
				tok = strconv.FormatFloat(mid, 'g', digits, 64)
			}
			if !strings.ContainsAny(tok, "e") {
				checkFloat(t, tok)
			}
		}
	}
}

// TestFixedTime_AgreesWithFloat64At: t read by the fixed layout is the
// float64 strconv reads, for the writer's shortest float64s and for
// random decimals.
func TestFixedTime_AgreesWithFloat64At(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	taken := 0
	for k := range 200_000 {
		v := rng.Float64() * 600
		switch k % 4 {
		case 1:
			v = float64(rng.IntN(1 << 20))
		case 2:
			v = math.Round(v*30) / 30
		case 3:
			v = rng.ExpFloat64() * 1e6
		}
		tok := strconv.FormatFloat(v, 'g', -1, 64)
		line := []byte(tok + `,"type":"position"`)
		got, end, ok := fixedTime(line, 0)
		if !ok || end != len(tok) {
			continue
		}
		taken++
		want, err := strconv.ParseFloat(tok, 64)
		if err != nil || math.Float64bits(got) != math.Float64bits(want) {
			t.Fatalf("%q: fixed %v, strconv %v %v", tok, got, want, err)
		}
	}
	if taken < 150_000 {
		t.Errorf("the fixed layout took only %d times", taken)
	}
	for _, tok := range []string{"-1", "-0", "01", "1.", "1e3", "12345678901234567890", ""} {
		if _, end, ok := fixedTime([]byte(tok+","), 0); ok && end == len(tok) {
			t.Errorf("%q: taken", tok)
		}
	}
}

func TestFixedUint_JSONIntegersOnly(t *testing.T) {
	for _, tc := range []struct {
		tok  string
		max  uint64
		want uint64
		ok   bool
	}{
		{"0", 0xFFFF, 0, true}, {"65535", 0xFFFF, 65535, true}, {"65536", 0xFFFF, 0, false},
		{"4294967295", 0xFFFFFFFF, 4294967295, true}, {"4294967296", 0xFFFFFFFF, 0, false},
		{"99999999999", 0xFFFFFFFF, 0, false}, {"01", 0xFFFF, 0, false}, {"00", 0xFFFF, 0, false},
		{"-1", 0xFFFF, 0, false}, {"", 0xFFFF, 0, false},
	} {
		got, _, ok := fixedUint([]byte(tc.tok+"}"), 0, tc.max)
		if ok != tc.ok || ok && got != tc.want {
			t.Errorf("%q: %d %t, want %d %t", tc.tok, got, ok, tc.want, tc.ok)
		}
	}
}
