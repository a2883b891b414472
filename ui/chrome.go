// The window's own colours, for an export's palette (viewer export keeps
// them exact in a GIF, with the overlays').

package ui

import (
	"image/color"

	"glidepath/ui/timeline"
)

// ChromeColors lists the opaque colours the panels, the timeline and the
// status draw with.
func ChromeColors() []color.RGBA {
	out := []color.RGBA{background, noteColor, barColor, hudColor, offColor, scrollbarColor,
		rowSelected, rowHover, textColor, dimColor, headColor, bookmarkColor, edgeColor, linkColor}
	return append(out, timeline.Colors()...)
}
