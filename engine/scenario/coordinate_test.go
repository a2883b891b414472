package scenario

import (
	"fmt"
	"strings"
	"testing"

	"glidepath/assets"
)

// A point's coordinates are bounded by the width of the landblock map
// (mapSize, which onMap checks global positions against too): up to it is
// taken, a metre past it either way is refused naming the bound.
func TestParse_CoordinatesBoundedByTheMapsWidth(t *testing.T) {
	src := func(x int) []byte {
		return fmt.Appendf(nil, "duration: 1\nremotes:\n  - guid: 0x80000001\n    position: [%d, 10]\n", x)
	}
	for _, x := range []int{mapSize, -mapSize} {
		if _, err := Parse("p.yaml", src(x), assets.FS()); err != nil {
			t.Errorf("position [%d, 10]: %v", x, err)
		}
	}
	bound := fmt.Sprintf("is outside [-%d, %d] m", mapSize, mapSize)
	for _, x := range []int{mapSize + 1, -mapSize - 1} {
		if _, err := Parse("p.yaml", src(x), assets.FS()); err == nil || !strings.Contains(err.Error(), bound) {
			t.Errorf("position [%d, 10]: %v, want an error %q", x, err, bound)
		}
	}
}
