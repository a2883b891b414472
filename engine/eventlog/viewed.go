// The event as the viewer reads it: global positions, stamps and notes
// beside the engine's payload (engine/store converts the packed log to it).

package eventlog

import (
	"github.com/go-gl/mathgl/mgl64"

	"glidepath/interp"
	"glidepath/physics"
)

// Viewed is one entry of the event log as the viewer reads it (the
// store's Event): positions in global metres, a route's received position
// and stamps, a note's place among the run's notes. Kind says which payload
// fields mean something (see the kinds).
type Viewed struct {
	Tick int32
	GUID uint32
	Kind EventKind

	Route   physics.Route
	Branch  interp.EnqueueBranch
	Target  interp.BlipTarget
	Pruned  uint8
	Evicted bool
	Success bool
	Pass    bool
	Contact bool
	Applied bool

	Cumulative      float32
	ProgressQuantum float32
	// From and To are a blip's or snap's ends.
	From, To mgl64.Vec3
	// Received is the position a route event's UpdatePosition carried, when
	// HasReceived.
	HasReceived bool
	Received    mgl64.Vec3
	// StampsIn and StampsStored are a route event's instance, position,
	// teleport and force_position stamps and the ones stored when it
	// arrived, when HasStamps (seed 004 §2–§3); for a motion event, its
	// instance, movement and server_control stamps (the fourth is 0), and
	// Applied says whether the stamp gate let it through.
	HasStamps              bool
	StampsIn, StampsStored [4]uint16
	// Note is a note event's place among the run's notes (the viewer's
	// Info.Notes); −1 otherwise.
	Note int32
	// Since and Until are a sprint's, snap-back's or lag's first and last
	// ticks (the event is logged once it is over).
	Since, Until int32
	// The transition's events: Distance is a step's height or a land's
	// fall, FromCell and ToCell the cells before and after, Hit and Slid
	// what a wall event met.
	Distance         float32
	FromCell, ToCell uint32
	Hit              Hit
	Slid             bool
}
