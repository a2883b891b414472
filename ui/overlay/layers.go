// Layers: the toggleable overlays, their keys, colours and legend lines.

package overlay

import (
	"image/color"
)

// Layer is one toggleable overlay.
type Layer uint8

// Layers, in the legend's order.
const (
	Ghost Layer = iota
	Received
	Queue
	Blips
	Stall
	RootMotion
	Offset
	PhysicsStep
	Trails
	Rings
	Observer
	Labels
	// Client is the client trace's track (viewer -against).
	Client
	// Leash is the ConstraintManager's leash and the StickyManager's pull.
	Leash
	// Spheres, ContactPlane and SlidingNormal are the transition seen:
	// the selected body's collision spheres, its contact plane and its
	// sliding normal (collision.go). They are off by default (Default).
	Spheres
	ContactPlane
	SlidingNormal
	// Walls is the dats' geometry near the view (cells.go): drawn only
	// where a dat world has EnvCells or buildings.
	Walls
	NumLayers
)

// Set is a set of layers: bit l is Layer l.
type Set uint32

// All is every layer.
const All Set = 1<<NumLayers - 1

// Default is the layers a new view starts with: every layer but the
// transition's, which a view turns on with their keys (5, 6, 7), so the
// pictures of inputs made before them are unchanged.
const Default = All &^ (1<<Spheres | 1<<ContactPlane | 1<<SlidingNormal)

// Has reports whether l is on.
func (s Set) Has(l Layer) bool { return s&(1<<l) != 0 }

// Toggle flips l.
func (s Set) Toggle(l Layer) Set { return s ^ 1<<l }

// Entry is one line of the legend.
type Entry struct {
	Layer Layer
	// Key toggles the layer.
	Key string
	// Name is the legend's label; Color the overlay's colour.
	Name  string
	Color color.RGBA
	// Help says what the overlay shows, for the help overlay and the docs.
	Help string
}

// Legend lists the layers in order.
func Legend() []Entry {
	return []Entry{
		{Ghost, "G", "server truth", GhostColor, "the latest server-side truth, a translucent body"},
		{Received, "R", "received", ReceivedColor, "the positions of the last 8 UpdatePositions received, fading with age"},
		{Queue, "Q", "queue", QueueColor, "the interpolation queue: body → head (diamond) → … → tail, numbered for the selection"},
		{Blips, "B", "blips", BlipColor, "a blip's from → to arrow, flashing for a second; crosses and rings stay at both ends"},
		{Stall, "S", "stall window", StallPassColor, "a ring filling over the 5-frame window, green on track, amber short, red without progress; a burst when a window fails"},
		{RootMotion, "M", "root motion", RootMotionColor, "CPartArray::Update's root motion this tick, drawn × tick rate (the speed it implies over 1 s)"},
		{Offset, "O", "interp offset", OffsetColor, "the offset adjust_offset left this tick (what Frame::combine added), × tick rate"},
		{PhysicsStep, "Y", "physics step", PhysicsStepColor, "what UpdatePhysicsInternal added this tick, × tick rate"},
		{Trails, "T", "trails", TrailColor, "where each body was over the last 5 s"},
		{Rings, "I", "rings", RingColor, "96 m around the observer (MoveOrTeleport's bubble); 100 m and 20 m blip distances around the selection"},
		{Observer, "W", "observer", ObserverColor, "the local player, whose distance picks the routing branch"},
		{Labels, "N", "labels", LabelColor, "names of the selection and the body under the cursor; queue numbers"},
		{Client, "U", "client trace", ClientColor, "with -against: your client's body, its trail, and a line from retail's body to it"},
		{Leash, "J", "leash & sticky", LeashColor, "ConstraintManager: constraint_pos (diamond), rings at its start and max distances, a line to the body fading as the offset scale falls; StickyManager: the standoff ring around the target and an arrow for the distance still to pull"},
		{Spheres, "5", "spheres", SphereColor, "the selected body's collision spheres, the Setup's (else derived from its radius and height) as the transition sweeps them: three great circles each"},
		{ContactPlane, "6", "contact plane", ContactPlaneColor, "the plane the selected body stands on (contact_plane, while in contact): a 1.5 m square in it under the body and its normal"},
		{SlidingNormal, "7", "sliding normal", SlidingNormalColor, "the normal of the wall or slope the selected body slid along (sliding_normal, while sliding): an arrow from its middle"},
		{Walls, "8", "walls & floors", WallEdge, "with dat files: the EnvCell floors (sand) and walls (slate) and the building shells (brick) near the selection or the view, translucent; top-down, what lies wholly above the selected body's head is cut away"},
	}
}
