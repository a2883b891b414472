// The overlays' colours, chosen to stay apart from each other and from the
// terrain's greens and browns. Colours are premultiplied (color.RGBA).

package overlay

import "image/color"

// Overlay colours.
var (
	BodyColor         = color.RGBA{0x5a, 0xa9, 0xe6, 0xff}
	SelectedColor     = color.RGBA{0xff, 0xff, 0xff, 0xff}
	GhostColor        = color.RGBA{0x59, 0x59, 0x59, 0x59} // white at 35 %
	ReceivedColor     = color.RGBA{0x2e, 0xc4, 0xb6, 0xff}
	QueueColor        = color.RGBA{0xff, 0xd1, 0x66, 0xff}
	HeadColor         = color.RGBA{0xff, 0x9f, 0x1c, 0xff}
	VelocityNodeColor = color.RGBA{0xe0, 0x7a, 0x5f, 0xff}
	BlipColor         = color.RGBA{0xf1, 0x5b, 0xb5, 0xff}
	StallPassColor    = color.RGBA{0x06, 0xd6, 0xa0, 0xff}
	StallShortColor   = color.RGBA{0xff, 0xc4, 0x3d, 0xff}
	StallFailColor    = color.RGBA{0xff, 0x4d, 0x4d, 0xff}
	RootMotionColor   = color.RGBA{0x9b, 0xe5, 0x64, 0xff}
	OffsetColor       = color.RGBA{0x00, 0xbb, 0xf9, 0xff}
	PhysicsStepColor  = color.RGBA{0xff, 0x8c, 0x42, 0xff}
	TrailColor        = color.RGBA{0xb8, 0xc4, 0xd0, 0xff}
	RingColor         = color.RGBA{0xe9, 0xe3, 0xa6, 0xff}
	ObserverColor     = color.RGBA{0xff, 0xd2, 0x3c, 0xff}
	LabelColor        = color.RGBA{0xf0, 0xf0, 0xf0, 0xff}
	StageColor        = color.RGBA{0xcc, 0xcc, 0xcc, 0xcc} // white at 80 %
	// The transition's layers (collision.go); not in Colors, so the
	// palette of a GIF exported without them is unchanged.
	SphereColor        = color.RGBA{0x7f, 0xff, 0xd4, 0xff}
	ContactPlaneColor  = color.RGBA{0xd4, 0xa0, 0xff, 0xff}
	SlidingNormalColor = color.RGBA{0xff, 0x30, 0x90, 0xff}
	// The dats' geometry (cells.go), translucent: floors sand, walls
	// slate, building shells brick; their edges a little stronger.
	FloorFill = color.RGBA{0x4a, 0x40, 0x2c, 0x66} // #BAA070 at 40 %
	FloorEdge = color.RGBA{0x8b, 0x78, 0x54, 0xbf} // #BAA070 at 75 %
	WallFill  = color.RGBA{0x3b, 0x46, 0x52, 0x59} // #A9C6E6 at 35 %
	WallEdge  = color.RGBA{0x7f, 0x94, 0xac, 0xbf} // #A9C6E6 at 75 %
	ShellFill = color.RGBA{0x4d, 0x2f, 0x2a, 0x59} // #DC8878 at 35 %
	ShellEdge = color.RGBA{0xa5, 0x66, 0x5a, 0xbf} // #DC8878 at 75 %
)

// ReadingColors colour the bodies of compared readings, in -compare order.
var ReadingColors = [...]color.RGBA{
	{0x5a, 0xa9, 0xe6, 0xff}, // blue
	{0xf4, 0xa2, 0x59, 0xff}, // orange
	{0x8a, 0xc9, 0x26, 0xff}, // green
	{0xc7, 0x7d, 0xff, 0xff}, // purple
	{0xef, 0x47, 0x6f, 0xff}, // red
	{0x11, 0x8a, 0xb2, 0xff}, // teal
}

// ReadingColor is the colour of the i-th compared reading.
func ReadingColor(i int) color.RGBA { return ReadingColors[i%len(ReadingColors)] }

// Colors is every opaque colour the overlays draw with, and the compared
// readings' colours: what an exported GIF's palette keeps exact.
func Colors() []color.RGBA {
	out := []color.RGBA{
		BodyColor, SelectedColor, ReceivedColor, QueueColor, HeadColor,
		VelocityNodeColor, BlipColor, StallPassColor, StallShortColor,
		StallFailColor, RootMotionColor, OffsetColor, PhysicsStepColor,
		TrailColor, RingColor, ObserverColor, LabelColor,
	}
	return append(out, ReadingColors[:]...)
}
