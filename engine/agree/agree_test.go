package agree

import (
	"math"
	"testing"
)

// The heading is compared the short way round, within HeadingTolerance;
// a heading that is not a number never agrees.
func TestHeadingDiffers(t *testing.T) {
	cases := []struct {
		a, b float32
		want bool
	}{
		{90, 90, false},
		{90, 91, false},     // at the tolerance
		{90, 91.01, true},   // past it
		{359.5, 0.2, false}, // 0.7° the short way round
		{0.2, 359.5, false},
		{0, 180, true},
		{10, 370, false}, // the same heading written past 360
		{float32(math.NaN()), 0, true},
		{0, float32(math.Inf(1)), true},
	}
	for _, c := range cases {
		if got := HeadingDiffers(c.a, c.b); got != c.want {
			t.Errorf("HeadingDiffers(%v, %v) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
}

// A cell differs only where one of the two is indoors (an EnvCell's id has
// a low word of 0x0100 or more); two outdoor cells are judged by position.
func TestCellDiffers(t *testing.T) {
	cases := []struct {
		a, b uint32
		want bool
	}{
		{0xA9B40105, 0xA9B40105, false},
		{0xA9B40105, 0xA9B40106, true}, // another room
		{0xA9B4001C, 0xA9B40105, true}, // outdoors against indoors
		{0xA9B4001C, 0xA9B4001D, false},
		{0xA9B4001C, 0xA9B5001A, false}, // over a landblock's edge
	}
	for _, c := range cases {
		if got := CellDiffers(c.a, c.b); got != c.want {
			t.Errorf("CellDiffers(%#x, %#x) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
}
