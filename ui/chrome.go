// The window's own colours, for an export's palette (viewer export keeps
// them exact in a GIF, with the overlays').

package ui

import (
	"image/color"

	"glidepath/ui/panel"
	"glidepath/ui/timeline"
)

// ChromeColors lists the opaque colours the panels, the timeline and the
// status draw with.
func ChromeColors() []color.RGBA {
	out := []color.RGBA{background, panel.NoteColor, panel.BarColor, panel.HUDColor, panel.OffColor, panel.ScrollbarColor,
		panel.RowSelected, panel.RowHover, panel.TextColor, panel.DimColor, panel.HeadColor, bookmarkColor, edgeColor, panel.LinkColor}
	return append(out, timeline.Colors()...)
}
