// The client's values beside retail's (viewer -against): the inspector's
// last section gives, for the selection, what the client trace logged at the
// cursor — its position and the error to retail's body, its cell where
// either is indoors, and its heading, queue length and Contact bit where
// it gave them, each next to retail's.

package inspect

import (
	"fmt"

	"glidepath/engine"
	"glidepath/engine/agree"
	"glidepath/physics"
	"glidepath/ui/model"
)

// ClientValues is the client trace's row for the selection at the cursor
// (or its last row before it, at Tick).
type ClientValues struct {
	Tick int
	Pos  model.Vec3
	// Cell is the client's cell (0: not known).
	Cell       uint32
	Heading    float32
	HasHeading bool
	Queue      int
	HasQueue   bool
	Contact    bool
	HasContact bool
}

// Client returns the inspector's client section for o at tick.
func Client(o *engine.ObjectView, tick int, c *ClientValues) []Line {
	var ls []Line
	field := func(l, format string, args ...any) {
		ls = append(ls, Line{Label: l, Value: fmt.Sprintf(format, args...)})
	}
	ls = append(ls, Line{Heading: true, Label: "Client trace (-against)"})
	loc := model.Local(o.Position.Cell, c.Pos)
	at := ""
	if c.Tick != tick {
		at = fmt.Sprintf(" (its row of tick %d)", c.Tick)
	}
	field("position", "(%.2f, %.2f, %.2f)%s", loc[0], loc[1], loc[2], at)
	field("error to retail", "%.3f m", c.Pos.Sub(model.Global(&o.Position)).Len())
	// The cell where it says more than the position: either of them
	// indoors (agree.CellDiffers), as viewer diff judges it.
	if c.Cell != 0 && (physics.IsIndoorCell(c.Cell) || physics.IsIndoorCell(o.Position.Cell)) {
		mark := ""
		if agree.CellDiffers(o.Position.Cell, c.Cell) {
			mark = "  ≠"
		}
		field("cell", "0x%08X · retail 0x%08X%s", c.Cell, o.Position.Cell, mark)
	}
	if c.HasHeading {
		mark := ""
		if agree.HeadingDiffers(o.Heading, c.Heading) {
			mark = "  ≠"
		}
		field("heading", "%.1f° · retail %.1f°%s", c.Heading, float64(o.Heading), mark)
	}
	if c.HasQueue {
		mark := ""
		if c.Queue != o.Interp.QueueLen {
			mark = "  ≠"
		}
		field("position_queue", "%d · retail %d%s", c.Queue, o.Interp.QueueLen, mark)
	}
	if c.HasContact {
		mark := ""
		if c.Contact != o.Contact {
			mark = "  ≠"
		}
		field("Contact", "%v · retail %v%s", c.Contact, o.Contact, mark)
	}
	return ls
}
