// Package agree says when a client's row agrees with retail's, in one
// place for every judge of it: viewer diff, diff -vs, conform and live
// (engine/clientdiff) and the window's -against (the divergence lane, D
// and the inspector). It imports physics alone, so the web build holds it
// without the client trace's reader and comparer.
package agree

import (
	"math"

	"glidepath/physics"
)

// DefaultTolerance is the distance, metres, past which a client's
// position diverges from retail's unless told otherwise (`viewer diff
// -tol`): 1 cm.
const DefaultTolerance = 0.01

// HeadingTolerance is the largest difference, degrees, between the
// client's heading and retail's that is not a divergence: a client that
// works the heading out in another precision or order agrees, one that
// turns the body otherwise does not.
const HeadingTolerance = 1.0

// HeadingDiffers reports whether two headings, degrees clockwise from
// north, are more than HeadingTolerance apart the short way round (359.5
// and 0.2 are 0.7° apart); a heading that is not a number differs.
func HeadingDiffers(a, b float32) bool {
	d := math.Mod(math.Abs(float64(a)-float64(b)), 360)
	return !(min(d, 360-d) <= HeadingTolerance)
}

// CellDiffers reports whether two cells of one body differ where the cell
// says more than the position: one of them is indoors (an EnvCell, whose
// room the position alone does not tell, and where the creature blip
// distance is 20 m, not 100 m). Outdoor cells are compared by position
// alone: a body on a 24 m cell line, or past a landblock's edge, is in
// either cell.
func CellDiffers(a, b uint32) bool {
	return a != b && (physics.IsIndoorCell(a) || physics.IsIndoorCell(b))
}
