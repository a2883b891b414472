// Lanes: the rows of the strip, one per kind of event the pipeline reports
// (seed 004 §0–§3 routing, seed 000 §3–§6 the InterpolationManager's
// decisions), each with the filter that selects its events and the colour
// of each mark.

package timeline

import (
	"image/color"

	"glidepath/engine/eventlog"
	"glidepath/physics"
	"glidepath/ui/model"
)

// Lane is one row of event marks.
type Lane uint8

// Lanes, top to bottom.
const (
	LaneUpdates Lane = iota
	LaneEnqueues
	LaneCompletions
	LaneStall
	LaneBlips
	LaneSnaps
	LanePops
	LaneHitches
	LaneContact
	LaneNotes
	// LaneDivergence marks the ticks the selection diverges from the
	// client trace (viewer -against); it has no event kind.
	LaneDivergence
	// LaneStamps marks each delivered UpdatePosition by its stamp verdict
	// (seed 004 §2–§3): passed, dropped as stale, or dropped for its
	// instance. It shows the route events the updates lane shows, coloured
	// by the stamps rather than the branch, and each UpdateMotion that
	// carried stamps by its gate's verdict (CPhysics::SetObjectMovement,
	// engine/stamps.go).
	LaneStamps
	// LaneSprints, LaneSnapbacks and LaneLags span the glide events
	// (engine/glide.go) from their first tick to their last.
	LaneSprints
	LaneSnapbacks
	LaneLags
	// LaneTransition marks the transition's events — wall, step, cell,
	// land (engine/transit.go) — each in its kind's colour.
	LaneTransition
	NumLanes
)

// laneNames label the lanes that show no one kind; a kind's lane takes
// its label from the kinds table.
var laneNames = [NumLanes]string{
	LaneDivergence: "divergence",
	LaneStamps:     "stamps",
}

// String is the lane's label.
func (l Lane) String() string {
	if l < NumLanes {
		if laneNames[l] != "" {
			return laneNames[l]
		}
		return laneKinds[l].Info().Lane
	}
	return "lane?"
}

// laneKinds are the event kinds each lane shows.
var laneKinds = [NumLanes]eventlog.EventKind{
	LaneUpdates:     eventlog.EventRoute,
	LaneEnqueues:    eventlog.EventEnqueue,
	LaneCompletions: eventlog.EventNodeComplete,
	LaneStall:       eventlog.EventStallWindow,
	LaneBlips:       eventlog.EventBlip,
	LaneSnaps:       eventlog.EventSnap,
	LanePops:        eventlog.EventPop,
	LaneHitches:     eventlog.EventHitch,
	LaneContact:     eventlog.EventContact,
	LaneNotes:       eventlog.EventNote,
	LaneStamps:      eventlog.EventRoute,
	LaneSprints:     eventlog.EventSprint,
	LaneSnapbacks:   eventlog.EventSnapback,
	LaneLags:        eventlog.EventLag,
	LaneTransition:  eventlog.EventWall,
}

// laneAlso are the kinds a lane shows beside its laneKinds one.
var laneAlso = [NumLanes][]eventlog.EventKind{
	LaneTransition: {eventlog.EventStep, eventlog.EventCell, eventlog.EventLand},
}

// LaneOf is the lane an event kind is drawn in; ok is false for kinds the
// strip does not show (motion, vector, create, delete).
func LaneOf(k eventlog.EventKind) (Lane, bool) {
	for l, lk := range laneKinds {
		if lk == k && lk != 0 {
			return Lane(l), true
		}
		for _, a := range laneAlso[l] {
			if a == k {
				return Lane(l), true
			}
		}
	}
	return 0, false
}

// Filter is what , and . step between in lane l: its events — for the
// stall lane only failed windows, since one is judged every 5 frames — of
// the selection, or of every object when guid is 0.
func (l Lane) Filter(guid uint32) model.Filter {
	f := model.Filter{Kinds: model.KindSet(append([]eventlog.EventKind{laneKinds[l%NumLanes]}, laneAlso[l%NumLanes]...)...), OneObject: guid != 0, GUID: guid}
	if l == LaneStall {
		f.FailOnly = true
	}
	if l == LaneNotes {
		f.OneObject = false // notes mostly name no object
	}
	return f
}

// Mark colours (the kinds table's palette).
var (
	ColorPass     = eventlog.ColorPass
	ColorFail     = eventlog.ColorFail
	ColorQueue    = eventlog.ColorQueue
	ColorBlip     = eventlog.ColorBlip
	ColorSnap     = eventlog.ColorSnap
	ColorNote     = eventlog.ColorNote
	ColorContact  = eventlog.ColorContact
	ColorAirborne = eventlog.ColorAirborne
	ColorMuted    = eventlog.ColorMuted
	ColorPop      = eventlog.ColorPop
	ColorHitch    = eventlog.ColorHitch
	ColorSprint   = eventlog.ColorSprint
	ColorSnapback = eventlog.ColorSnapback
	ColorLag      = eventlog.ColorLag
)

// RouteColors colour update marks by MoveOrTeleport's branch (seed 004 §3).
var RouteColors = eventlog.RouteColors

// mark is how one event is drawn: its colour, and a priority that decides
// which of several events sharing a pixel column shows (the kinds table's
// paint).
func mark(e *model.Event) (color.RGBA, int) { return e.Paint() }

// Stamp lane colours: passed, passed with a newer teleport stamp (so
// MoveOrTeleport teleported), dropped as stale (the position stamp not
// newer; amber when it is exactly 0x8000 away, neither newer nor older),
// dropped for the instance.
var (
	ColorStampPass     = color.RGBA{0x06, 0xd6, 0xa0, 0xff}
	ColorStampTeleport = color.RGBA{0xff, 0x8c, 0x42, 0xff}
	ColorStampStale    = color.RGBA{0xff, 0x4d, 0x4d, 0xff}
	ColorStampHalfway  = color.RGBA{0xff, 0xc4, 0x3d, 0xff}
	ColorStampInstance = color.RGBA{0xb0, 0x3a, 0x3a, 0xff}
)

// stampMark is how a route or motion event is drawn in the stamps lane; a
// dropped update outranks a passed one in a shared column.
func stampMark(e *model.Event) (color.RGBA, int) {
	if e.Kind == eventlog.EventMotion {
		switch {
		case e.Applied:
			return ColorStampPass, 1
		case e.StampsIn[0] != e.StampsStored[0]:
			return ColorStampInstance, 3
		}
		return ColorStampStale, 3
	}
	switch e.Route {
	case physics.RouteWrongInstance:
		return ColorStampInstance, 3
	case physics.RouteStalePosition, physics.RouteStaleTeleport:
		if d := e.StampsIn[1] - e.StampsStored[1]; d == 0x8000 {
			return ColorStampHalfway, 3
		}
		return ColorStampStale, 3
	}
	if physics.StampIsNewer(e.StampsIn[2], e.StampsStored[2]) {
		return ColorStampTeleport, 2
	}
	return ColorStampPass, 1
}
