// Client: the user's client's track from a client trace (`viewer -against`),
// drawn beside retail's — its body at the cursor in its own colour, its trail
// over the last seconds, and a line from retail's body to it when they part.

package overlay

import (
	"image/color"
	"math"
	"sort"

	"glidepath/ui/draw"
)

// ClientColor colours the client's bodies and trails.
var ClientColor = color.RGBA{0xff, 0x70, 0x1e, 0xff}

// ClientTrack is a client trace held for drawing: each object's positions
// by tick, in global metres. The map is only looked up, never iterated.
type ClientTrack struct {
	objs map[uint32]*clientObject
}

type clientObject struct {
	ticks   []int32
	pos     []draw.Vec3
	heading []float32 // NaN where the client gave none
}

// NewClientTrack returns an empty track.
func NewClientTrack() *ClientTrack { return &ClientTrack{objs: make(map[uint32]*clientObject)} }

// Add records guid at tick; rows must come in tick order per object.
func (t *ClientTrack) Add(guid uint32, tick int, pos draw.Vec3, heading float32, hasHeading bool) {
	o := t.objs[guid]
	if o == nil {
		o = &clientObject{}
		t.objs[guid] = o
	}
	if !hasHeading {
		heading = float32(math.NaN())
	}
	o.ticks = append(o.ticks, int32(tick))
	o.pos = append(o.pos, pos)
	o.heading = append(o.heading, heading)
}

// At returns guid's client position at tick: its row of that tick, or, when
// the client skipped the tick, its last row before it. ok is false before
// the object's first row.
func (t *ClientTrack) At(guid uint32, tick int) (pos draw.Vec3, heading float32, hasHeading, ok bool) {
	o := t.objs[guid]
	if o == nil {
		return pos, 0, false, false
	}
	i := sort.Search(len(o.ticks), func(i int) bool { return int(o.ticks[i]) > tick }) - 1
	if i < 0 {
		return pos, 0, false, false
	}
	h := o.heading[i]
	return o.pos[i], h, !math.IsNaN(float64(h)), true
}

// Trail appends guid's client positions from tick from to tick to, every
// step ticks, to dst.
func (t *ClientTrack) Trail(guid uint32, from, to, step int, dst []draw.Vec3) []draw.Vec3 {
	o := t.objs[guid]
	if o == nil {
		return dst
	}
	i := sort.Search(len(o.ticks), func(i int) bool { return int(o.ticks[i]) >= from })
	next := from
	for ; i < len(o.ticks) && int(o.ticks[i]) <= to; i++ {
		if int(o.ticks[i]) >= next {
			dst = append(dst, o.pos[i])
			next = int(o.ticks[i]) + step
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
		pos, heading, hasHeading, ok := t.At(o.GUID, sc.Snap.Tick)
		if !ok {
			continue
		}
		h := o.Heading
		if hasHeading {
			h = float64(heading)
		}
		d.pts = t.Trail(o.GUID, sc.Snap.Tick-ticks, sc.Snap.Tick, step, d.pts[:0])
		if len(d.pts) >= 2 {
			c.Polyline(d.pts, trail)
		}
		c.Body(draw.Body{Pos: pos, Radius: o.Radius, Height: o.Height, Heading: h,
			Shape: draw.Capsule, Color: draw.Fade(ClientColor, 0.6)})
		if pos.Sub(o.Pos).Len() > clientLineMin {
			c.Line(o.Pos, pos, draw.Stroke{Width: 1, Color: ClientColor})
		}
	}
}
