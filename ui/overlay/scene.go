// The scene the overlays draw and the Drawer that draws it: one pass over
// the snapshot per layer, in a fixed order, with every scratch buffer and
// label string kept between frames.

package overlay

import (
	"image/color"
	"strconv"

	"glidepath/physics"
	"glidepath/ui/draw"
	"glidepath/ui/model"
)

// Compared is another reading's state at the cursor, drawn as bodies only.
type Compared struct {
	Snap  *model.Snapshot
	Color color.RGBA
}

// Scene is what one frame of overlays reads.
type Scene struct {
	// Snap is the selected reading's state at the cursor; History and
	// Index its run's records (either may be nil).
	Snap    *model.Snapshot
	History *model.History
	Index   *model.Index
	// TickRate is the run's ticks per second.
	TickRate int
	// BodyColor colours the selected reading's bodies.
	BodyColor color.RGBA
	// Compared are the other readings (under -compare).
	Compared []Compared
	// Selected and Hovered are object guids, 0 for none.
	Selected, Hovered uint32
	// Stage, when in [0, physics.NumStages), is the stage sub-tick stepping
	// is at: the selection's candidate after it is drawn.
	Stage int
	// MetresPerPixel is the view's scale near the target, for the markers
	// that keep small bodies visible; 0 draws them always.
	MetresPerPixel float64
	// Focus is what the view looks at and FocusRadius how far from it,
	// metres, the view reaches (0: everywhere): in a crowd, only bodies
	// there get their overlays (detail.go).
	Focus       [3]float64
	FocusRadius float64
	// Client is the client trace drawn beside retail (viewer -against);
	// nil for none.
	Client *ClientTrack
	// Geometry is the dats' geometry near the view (nil: none) and
	// TopDown says the view looks straight down (the cut-away, cells.go).
	Geometry *CellGeometry
	TopDown  bool
}

// Overlay tuning (Glidepath's choices, not retail values).
const (
	// ReceivedShown is how many received positions are drawn per object.
	ReceivedShown = 8
	// TrailSeconds is the length of a trail.
	TrailSeconds = 5
	// TrailPoints bounds the points of one trail; longer trails are
	// sampled every few ticks.
	TrailPoints = 40
	// FlashSeconds is how long a blip's arrow and a failed window's burst
	// fade over.
	FlashSeconds = 1.0
	// BlipsKept is how many past blips per object keep their end markers.
	BlipsKept = 4
	// SmallBodyPixels: a body narrower than this on screen also gets a dot,
	// so it stays visible zoomed out.
	SmallBodyPixels = 6.0
	// bodyDotRadius is that dot's radius, pixels.
	bodyDotRadius = 3.0
	// MaxNumbered is how many queue nodes get a number label.
	MaxNumbered = 64
)

// Drawer draws scenes. The zero value is not ready: use NewDrawer.
type Drawer struct {
	pts []draw.Vec3
	// shown are the queue nodes whose numbers are drawn (queue.go).
	shown   []int
	ids     []int32
	detail  []bool // per object of the snapshot: draw its overlays
	numbers [MaxNumbered + 1]string
}

// NewDrawer returns a Drawer with its label strings made.
func NewDrawer() *Drawer {
	d := &Drawer{}
	for i := range d.numbers {
		d.numbers[i] = strconv.Itoa(i)
	}
	return d
}

// Draw draws the scene's layers in on through c.
func (d *Drawer) Draw(c draw.Canvas, sc *Scene, on Set) {
	if sc.Snap == nil {
		return
	}
	d.detailed(sc)
	if on.Has(Walls) {
		d.walls(c, sc)
	}
	if on.Has(Rings) {
		d.rings(c, sc)
	}
	if on.Has(Trails) && sc.History != nil {
		d.trails(c, sc)
	}
	d.bodies(c, sc)
	if on.Has(Ghost) {
		d.ghosts(c, sc)
	}
	if on.Has(Client) && sc.Client != nil {
		d.client(c, sc)
	}
	if on.Has(Received) && sc.Index != nil {
		d.received(c, sc)
	}
	if on.Has(Queue) {
		d.queues(c, sc, on.Has(Labels))
	}
	if on.Has(Blips) && sc.Index != nil {
		d.blips(c, sc)
	}
	if on.Has(Stall) {
		d.stalls(c, sc)
	}
	if on.Has(RootMotion) || on.Has(Offset) || on.Has(PhysicsStep) {
		d.vectors(c, sc, on)
	}
	if on.Has(Leash) {
		d.leashes(c, sc)
	}
	if on.Has(Spheres) || on.Has(ContactPlane) || on.Has(SlidingNormal) {
		d.collision(c, sc, on)
	}
	if on.Has(Observer) && sc.Snap.HasObserver {
		c.Marker(sc.Snap.Observer, draw.Marker{Shape: draw.Diamond, Radius: 7, Color: ObserverColor})
		if on.Has(Labels) {
			c.Text(sc.Snap.Observer, "observer", ObserverColor)
		}
	}
	if sc.Stage >= 0 && sc.Stage < int(physics.NumStages) {
		d.stage(c, sc)
	}
	if on.Has(Labels) {
		d.labels(c, sc)
	}
}

// number is the label of queue node i (1-based on screen).
func (d *Drawer) number(i int) string {
	if i < len(d.numbers) {
		return d.numbers[i]
	}
	return "+"
}

// flashTicks is FlashSeconds in ticks.
func (sc *Scene) flashTicks() int { return max(int(FlashSeconds*float64(max(sc.TickRate, 1))), 1) }

// age is how far through the flash an event at tick is: 0 new, 1 gone.
func (sc *Scene) age(tick int32) float32 {
	return float32(sc.Snap.Tick-int(tick)) / float32(sc.flashTicks())
}
