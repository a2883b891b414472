// The cache of the previous tick's parts against decodeFixedAt: whatever
// the cache holds, every line decodes as decodeFixedAt decodes it.

package clienttrace

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

// checkCached decodes line with c and with decodeFixedAt and fails on any
// difference in what was decoded.
func checkCached(t testing.TB, c *fixedCache, line []byte) fixedResult {
	t.Helper()
	var got, want Row
	gk, gn := c.decode(line, &got)
	wk, wn := decodeFixedAt(line, &want)
	if gk != wk || gn != wn {
		t.Fatalf("%q: cached %v, %d; decodeFixedAt %v, %d", line, gk, gn, wk, wn)
	}
	if (wk == fixedState || wk == fixedRoute) && got != want {
		t.Fatalf("%q: cached %+v\ndecodeFixedAt %+v", line, got, want)
	}
	return wk
}

// cacheTrace is some ticks of a few objects whose parts repeat or change
// at random, with the shapes of fixed_test.go and mutated rows among them.
func cacheTrace(rng *rand.Rand, ticks int) []string {
	nums := []string{"0", "1", "-0", "12.25", "113.06543", "175.7523", "0.00012345679", "191.99998", "1234567.5",
		"16777217", "1.0000000000000001", "01", "1.", "-", "359.99997", "52.999996", "1e2"}
	tails := []string{`}`, `,"queue":0,"fail":0,"contact":true}`, `,"queue":3,"fail":2,"contact":false}`,
		`,"queue":1,"contact":true,"branch":"interpolate"}`, `,"branch":"teleport"}`, `,"queue":2}`,
		`,"queue":2,"fail":0,"contact":maybe}`, `,"queue":99999999999}`, `,"queue":1`, `,"branch":"nope"}`, ``}
	ids := []string{"80400001", "80400002", "A8B30028", "a8b30028", "8040000G", "A9B4001A", "804000011"}
	var lines []string
	var o [4][3]string
	for tick := 0; tick < ticks; tick++ {
		for obj := 0; obj < 4; obj++ {
			for k := range o[obj] {
				if o[obj][k] == "" || rng.IntN(4) == 0 {
					o[obj][k] = nums[rng.IntN(len(nums))]
				}
			}
			guid := ids[obj%2]
			if rng.IntN(20) == 0 {
				guid = ids[rng.IntN(len(ids))]
			}
			var b strings.Builder
			b.WriteString(`{"tick":` + strconv.Itoa(tick))
			b.WriteString(`,"guid":"0x` + guid + `"`)
			if rng.IntN(10) == 0 {
				b.WriteString(`,"event":"route","branch":"interpolate"}`)
				lines = append(lines, b.String())
				continue
			}
			b.WriteString(`,"cell":"0x` + ids[2+rng.IntN(2)*(1+rng.IntN(4))%5] + `"`)
			b.WriteString(`,"origin":[` + o[obj][0] + "," + o[obj][1] + "," + o[obj][2] + "]")
			if rng.IntN(3) > 0 {
				b.WriteString(`,"heading":` + nums[rng.IntN(4)])
			}
			b.WriteString(tails[rng.IntN(3)*rng.IntN(len(tails))%len(tails)])
			line := b.String()
			switch rng.IntN(8) {
			case 0: // cut short
				line = line[:rng.IntN(len(line)+1)]
			case 1: // one byte changed
				if len(line) > 0 {
					k := rng.IntN(len(line))
					line = line[:k] + string(rune(' '+rng.IntN(94))) + line[k+1:]
				}
			}
			lines = append(lines, line)
		}
	}
	return lines
}

func TestFixedCache_AgreesWithDecodeFixedAt(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 1))
	var c fixedCache
	kinds := map[fixedResult]int{}
	for round := 0; round < 200; round++ {
		for _, line := range cacheTrace(rng, 20) {
			kinds[checkCached(t, &c, []byte(line))]++
		}
		for _, line := range fixedShapes {
			checkCached(t, &c, []byte(line))
		}
	}
	if kinds[fixedState] < 1000 || kinds[fixedNo] < 1000 || kinds[fixedRoute] < 100 {
		t.Fatalf("too few of some kind of row: %v", kinds)
	}
}

// The cache must stand for a part only when it is spelled byte for byte as
// before: a row that repeats the previous tick's but for one digit, a
// closing byte or a member decodes as decodeFixedAt decodes it.
func TestFixedCache_OneByteOff(t *testing.T) {
	base := `{"tick":7,"guid":"0x80400001","cell":"0xA8B30028","origin":[113.06543,175.7523,0],"heading":326,"queue":0,"fail":0,"contact":true}`
	for k := 0; k < len(base); k++ {
		for _, ch := range []byte("0189.,]}\"-eA") {
			var c fixedCache
			next := strings.Replace(base, `"tick":7`, `"tick":8`, 1)
			checkCached(t, &c, []byte(base))
			checkCached(t, &c, []byte(next))
			next = strings.Replace(next, `"tick":8`, `"tick":9`, 1)
			if k >= len(next) {
				continue
			}
			off := []byte(next)
			off[k] = ch
			checkCached(t, &c, off)
			checkCached(t, &c, off[:k])
		}
	}
}

// FuzzFixedCache decodes three lines in a row, each with what the ones
// before left in the cache, and each as decodeFixedAt does.
func FuzzFixedCache(f *testing.F) {
	rng := rand.New(rand.NewPCG(13, 2))
	lines := cacheTrace(rng, 8)
	for i := 0; i+2 < len(lines); i += 3 {
		f.Add([]byte(lines[i]), []byte(lines[i+1]), []byte(lines[i+2]))
	}
	f.Fuzz(func(t *testing.T, a, b, c []byte) {
		var fc fixedCache
		for _, line := range [][]byte{a, b, c, a, b, c} {
			checkCached(t, &fc, line)
		}
	})
}
