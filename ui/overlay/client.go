// Client: the user's client's track from a client trace (`viewer -against`),
// drawn beside retail's — its body at the cursor in its own colour, its trail
// over the last seconds, and a line from retail's body to it when they part
// (not while a followed client has not reached the cursor's tick yet).

package overlay

import (
	"image/color"
	"sort"

	"glidepath/physics"
	"glidepath/ui/draw"
	"glidepath/ui/model"
)

// ClientColor colours the client's bodies and trails.
var ClientColor = color.RGBA{0xff, 0x70, 0x1e, 0xff}

// ClientTrack is a client trace held for drawing: each object's rows by
// tick, positions in global metres. The map is only looked up, never
// iterated.
type ClientTrack struct {
	objs map[uint32]*clientObject
	// feed, when set, fills the track while it is drawn (client_follow.go);
	// last is the last tick with a row, complete the last whose rows are
	// all in, as Take last saw them.
	feed           *clientFeed
	last, complete int
}

// ClientRow is one row of the client trace; the Has fields say which
// optional values the client gave.
// The fields are laid out so that the cell takes the room the heading's
// flag left: a row is 56 bytes, a client trace's million rows as many
// megabytes as before the cell.
type ClientRow struct {
	Tick int
	Pos  draw.Vec3
	// Cell is the client's cell (m_position's objcell_id), which the
	// divergence lane compares where it is indoors (agree.CellDiffers).
	Cell    uint32
	Heading float32
	Queue   int
	// HasHeading, HasQueue and HasContact say the client gave Heading,
	// Queue and Contact.
	HasHeading bool
	HasQueue   bool
	Contact    bool
	HasContact bool
	// Branch is how the client routed an UpdatePosition this tick
	// (MoveOrTeleport's outcome), given when HasBranch.
	Branch    physics.Route
	HasBranch bool
}

type clientObject struct {
	rows []ClientRow
}

// NewClientTrack returns an empty track.
func NewClientTrack() *ClientTrack { return &ClientTrack{objs: make(map[uint32]*clientObject)} }

// Add records guid's row; rows must come in tick order per object.
func (t *ClientTrack) Add(guid uint32, row ClientRow) {
	o := t.objs[guid]
	if o == nil {
		o = &clientObject{}
		t.objs[guid] = o
	}
	o.rows = append(o.rows, row)
	t.last = max(t.last, row.Tick)
}

// At returns guid's client row for tick: its row of that tick, or, when the
// client skipped the tick, its last row before it. ok is false before the
// object's first row. Past the last tick a followed track has read, it is
// the client's latest row (Behind says so).
func (t *ClientTrack) At(guid uint32, tick int) (row ClientRow, ok bool) {
	o := t.objs[guid]
	if o == nil {
		return row, false
	}
	i := sort.Search(len(o.rows), func(i int) bool { return o.rows[i].Tick > tick }) - 1
	if i < 0 {
		return row, false
	}
	return o.rows[i], true
}

// Trail appends guid's client positions from tick from to tick to, every
// step ticks, to dst.
func (t *ClientTrack) Trail(guid uint32, from, to, step int, dst []draw.Vec3) []draw.Vec3 {
	o := t.objs[guid]
	if o == nil {
		return dst
	}
	i := sort.Search(len(o.rows), func(i int) bool { return o.rows[i].Tick >= from })
	next := from
	for ; i < len(o.rows) && o.rows[i].Tick <= to; i++ {
		if o.rows[i].Tick >= next {
			dst = append(dst, o.rows[i].Pos)
			next = o.rows[i].Tick + step
		}
	}
	return dst
}

// clientLineMin is the distance, metres, from which a line joins retail's
// body to the client's.
const clientLineMin = 0.01

// client draws the client's track for every object in the snapshot.
func (d *Drawer) client(c draw.Canvas, sc *Scene) {
	t := sc.Client
	ticks := TrailSeconds * max(sc.TickRate, 1)
	step := max((ticks+TrailPoints-1)/TrailPoints, 1)
	trail := draw.Stroke{Width: 1.5, Color: draw.Fade(ClientColor, 0.8), Fade: 1}
	for i := range sc.Snap.Objects {
		o := &sc.Snap.Objects[i]
		row, ok := t.At(o.GUID, sc.Snap.Tick)
		if !ok {
			continue
		}
		// A followed client not at the cursor's tick yet: its body where
		// it last was, with no line to retail's body, which is a tick the
		// client has not logged.
		behind := t.Behind(sc.Snap.Tick)
		pos, h := row.Pos, float64(o.Heading)
		if row.HasHeading {
			h = float64(row.Heading)
		}
		d.pts = t.Trail(o.GUID, sc.Snap.Tick-ticks, sc.Snap.Tick, step, d.pts[:0])
		if len(d.pts) >= 2 {
			c.Polyline(d.pts, trail)
		}
		c.Body(draw.Body{Pos: pos, Radius: float64(o.Radius), Height: float64(o.Height), Heading: h,
			Shape: draw.Capsule, Color: draw.Fade(ClientColor, 0.6)})
		if body := model.Global(&o.Position); !behind && pos.Sub(body).Len() > clientLineMin {
			c.Line(body, pos, draw.Stroke{Width: 1, Color: ClientColor})
		}
	}
}
