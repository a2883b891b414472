package eventlog

import "testing"

// A wall event's hit in words (docs/pipeline.md, "Transition events"): a
// scenario obstacle by its number and name and its shape, never as a
// GfxObj; the other kinds as before.
func TestHit_Text(t *testing.T) {
	for _, c := range []struct {
		h    Hit
		slid bool
		want string
	}{
		{Hit{Kind: HitObstacle, ID: 0, Poly: 3, Cell: 0xA9B4002C, Name: "wall"}, false, `stopped by wall polygon 3 of obstacle 0 "wall" (a box) in cell 0xA9B4002C`},
		{Hit{Kind: HitObstacle, ID: 1, Index: 1, Cell: 0xA9B4001F, Name: "well"}, true, `slid along obstacle 1 "well" (a cylinder) in cell 0xA9B4001F`},
		{Hit{Kind: HitObstacle, ID: 4, Poly: 0, Cell: 0xA9B4001F}, false, `stopped by wall polygon 0 of obstacle 4 (a box) in cell 0xA9B4001F`},
		{Hit{Kind: HitGfxObj, ID: 0x01000300, Poly: 4, Cell: 0xC0C00024}, false, `stopped by wall polygon 4 of GfxObj 0x01000300 in cell 0xC0C00024`},
		{Hit{Kind: HitCylSphere, Index: 0, Cell: 0xA9B4001F}, true, `slid along cylsphere 0 of an object in cell 0xA9B4001F`},
	} {
		if got := wallWhat(&c.h, c.slid); got != c.want {
			t.Errorf("%+v: %q, want %q", c.h, got, c.want)
		}
	}
	if !HitObstacle.Valid() || HitNone.Valid() || HitKind(HitObstacle+1).Valid() || HitObstacle.String() != "obstacle" {
		t.Errorf("HitObstacle valid %v (%q), HitNone %v, past the last %v", HitObstacle.Valid(), HitObstacle, HitNone.Valid(), HitKind(HitObstacle+1).Valid())
	}
}
