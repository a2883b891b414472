// The colours and sizes the panels share.

package panel

import "image/color"

var (
	BoxColor  = color.RGBA{0x0c, 0x0e, 0x11, 0xf8}
	NoteColor = color.RGBA{0xff, 0xd2, 0x3c, 0xff}
	BarColor  = color.RGBA{0x5a, 0xa9, 0xe6, 0xff}
)

// LinkColor draws docs/pipeline.md links.
var LinkColor = color.RGBA{0x7c, 0xb8, 0xff, 0xff}

const LineHeight = 16

// Rows of the object list and the legend, pixels.
const (
	LegendRowH = 17
	RowHeight  = 34 // one object in the list: two lines
)

// keyRepeat is when a held key starts repeating and how often, ticks.
const (
	RepeatDelay    = 18
	RepeatInterval = 3
)
