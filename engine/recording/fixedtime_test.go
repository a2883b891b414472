// The fixed layout's times: eiselLemire64 and its table against strconv.

package recording

import (
	"math"
	"math/big"
	"math/rand/v2"
	"strconv"
	"testing"

	"glidepath/internal/goroutines"
)

// TestPow10Neg_MatchesStrconvsTable: entries of strconv's own table
// (internal/strconv pow10tab.go), copied.
func TestPow10Neg_MatchesStrconvsTable(t *testing.T) {
	for _, tc := range []struct {
		k      int
		hi, lo uint64
	}{
		{0, 0x8000000000000000, 0},
		{1, 0xcccccccccccccccc, 0xcccccccccccccccc},
		{2, 0xa3d70a3d70a3d70a, 0x3d70a3d70a3d70a3},
		{17, 0xb877aa3236a4b449, 0x09befeb9fad487c2},
	} {
		if got := pow10neg[tc.k]; got.hi != tc.hi || got.lo != tc.lo {
			t.Errorf("10^-%d: %#x %#x, want %#x %#x", tc.k, got.hi, got.lo, tc.hi, tc.lo)
		}
	}
}

// checkTime fails when eiselLemire64 decides man·10^-k other than strconv.
func checkTime(t *testing.T, man uint64, k int) bool {
	t.Helper()
	got, ok := eiselLemire64(man, k)
	if !ok {
		return false
	}
	tok := strconv.FormatUint(man, 10) + "e-" + strconv.Itoa(k)
	want, err := strconv.ParseFloat(tok, 64)
	if err != nil || math.Float64bits(got) != math.Float64bits(want) {
		t.Fatalf("%s: eiselLemire64 %v, strconv %v %v", tok, got, want, err)
	}
	return true
}

// TestEiselLemire64_AgreesWithStrconv: random mantissas of every length
// and power, and decimals a unit of the 19th digit either side of the
// exact midpoint between two float64s, where the 128-bit product is least
// sure.
func TestEiselLemire64_AgreesWithStrconv(t *testing.T) {
	goroutines.NoneStarted(t)
	rng := rand.New(rand.NewPCG(7, 8))
	decided := 0
	for range 300_000 {
		digits := 1 + rng.IntN(19)
		man := rng.Uint64N(uint64(math.Pow10(digits-1))*9) + uint64(math.Pow10(digits-1))
		if checkTime(t, man, rng.IntN(maxTimeDigits+1)) {
			decided++
		}
	}
	if decided < 290_000 {
		t.Errorf("decided only %d of 300000", decided)
	}
	for range 100_000 {
		f := rng.Float64() * math.Pow(10, float64(rng.IntN(8)-3))
		mid := new(big.Float).SetPrec(200).SetFloat64(f)
		mid.Add(mid, new(big.Float).SetFloat64((math.Nextafter(f, 2*f+1)-f)/2))
		// mid as 19 significant digits: man·10^-k.
		e := int(math.Floor(math.Log10(f)))
		k := 18 - e
		if k < 0 || k > maxTimeDigits {
			continue
		}
		scaled := new(big.Float).SetPrec(200).Mul(mid, new(big.Float).SetPrec(200).SetInt(new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(k)), nil)))
		n, _ := scaled.Int(nil)
		for _, d := range []int64{-1, 0, 1} {
			m := new(big.Int).Add(n, big.NewInt(d))
			if m.Sign() > 0 && m.IsUint64() {
				checkTime(t, m.Uint64(), k)
			}
		}
	}
}
