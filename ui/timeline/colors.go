package timeline

import (
	"image/color"

	"glidepath/physics"
)

// Colors lists the strip's opaque colours — backgrounds, text, the cursor,
// the plot and every mark — in a fixed order, for an export's palette.
func Colors() []color.RGBA {
	out := []color.RGBA{stripBackground, laneBackground, laneSelected, textColor, dimText,
		rulerColor, cursorColor, distHeadColor, errTruthColor,
		ColorPass, ColorFail, ColorQueue, ColorBlip, ColorSnap, ColorNote, ColorContact, ColorAirborne, ColorMuted,
		speedColor, queueLenColor, failColor, rangeColor}
	for _, r := range []physics.Route{physics.RouteInterpolate, physics.RouteTeleport, physics.RouteSlide,
		physics.RouteAirborne, physics.RouteStalePosition, physics.RouteStaleTeleport, physics.RouteWrongInstance} {
		out = append(out, RouteColors[r])
	}
	return out
}
