// Tests of the number parsing behind every float field: the fast path for
// short decimals must round exactly as strconv.ParseFloat does.

package recording

import (
	"math"
	"math/rand/v2"
	"strconv"
	"testing"
)

// parseNumber runs s through the scanner and the float accessors.
func parseNumber(t *testing.T, s string) (float32, float64) {
	t.Helper()
	var d decoder
	if p := d.parse([]byte(`{"v":` + s + `}`)); p != "" {
		t.Fatalf("%s: %s", s, p)
	}
	f32, ok := d.float32At(1, "", "v", noIndex)
	if !ok {
		t.Fatalf("%s: %v", s, d.err)
	}
	f64, ok := d.float64At(1, "", "v", noIndex)
	if !ok {
		t.Fatalf("%s: %v", s, d.err)
	}
	return f32, f64
}

func TestFloatFields_RoundLikeParseFloat(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	cases := []string{"0", "-0", "0.0", "-0.000", "90", "90.625", "0.7071068", "191.99998", "16777216", "16777217",
		"0.1", "0.30000001192092896", "123456789012345678", "1234567890123456789", "1e-7", "3.4028235e38", "-1.5e-45",
		"0.0000000001", "0.00000000001", "9007199254740993", "0.03333333333333333"}
	for range 20000 {
		intDigits, fracDigits := rng.IntN(8), rng.IntN(12)
		s := strconv.Itoa(rng.IntN(10))
		for range intDigits {
			if s == "0" {
				s = ""
			}
			s += strconv.Itoa(rng.IntN(10))
		}
		if fracDigits > 0 {
			s += "."
			for range fracDigits {
				s += strconv.Itoa(rng.IntN(10))
			}
		}
		if rng.IntN(2) == 0 {
			s = "-" + s
		}
		cases = append(cases, s)
	}
	for _, s := range cases {
		f32, f64 := parseNumber(t, s)
		w32, _ := strconv.ParseFloat(s, 32)
		w64, _ := strconv.ParseFloat(s, 64)
		if math.Float32bits(f32) != math.Float32bits(float32(w32)) {
			t.Errorf("%s as float32: %v, ParseFloat %v", s, f32, float32(w32))
		}
		if math.Float64bits(f64) != math.Float64bits(w64) {
			t.Errorf("%s as float64: %v, ParseFloat %v", s, f64, w64)
		}
	}
}
