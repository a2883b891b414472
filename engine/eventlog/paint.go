// Mark colours: how the viewer's timeline draws each kind's events (the
// kinds table's Color and Paint), one colour per retail decision.

package eventlog

import (
	"image/color"

	"glidepath/interp"
	"glidepath/physics"
)

// Mark colours.
var (
	ColorPass     = color.RGBA{0x06, 0xd6, 0xa0, 0xff}
	ColorFail     = color.RGBA{0xff, 0x4d, 0x4d, 0xff}
	ColorQueue    = color.RGBA{0xff, 0xd1, 0x66, 0xff}
	ColorBlip     = color.RGBA{0xf1, 0x5b, 0xb5, 0xff}
	ColorSnap     = color.RGBA{0xff, 0x8c, 0x42, 0xff}
	ColorNote     = color.RGBA{0xff, 0xd2, 0x3c, 0xff}
	ColorContact  = color.RGBA{0xe8, 0xe8, 0xe8, 0xff}
	ColorAirborne = color.RGBA{0x00, 0xbb, 0xf9, 0xff}
	ColorMuted    = color.RGBA{0x80, 0x86, 0x8c, 0xff}
	ColorPop      = color.RGBA{0xc7, 0x7d, 0xff, 0xff}
	ColorHitch    = color.RGBA{0x9a, 0xd1, 0xff, 0xff}
	ColorSprint   = color.RGBA{0xff, 0xa6, 0x2b, 0xff}
	ColorSnapback = color.RGBA{0xe0, 0x40, 0x80, 0xff}
	ColorLag      = color.RGBA{0x6c, 0x8e, 0xff, 0xff}
	ColorWall     = color.RGBA{0xd9, 0x48, 0x2b, 0xff}
	ColorStep     = color.RGBA{0x9b, 0xe5, 0x64, 0xff}
	ColorCell     = color.RGBA{0x4c, 0xc9, 0xf0, 0xff}
	ColorLand     = color.RGBA{0xf7, 0xf3, 0x8a, 0xff}
)

// RouteColors colour update marks by MoveOrTeleport's branch (seed 004 §3).
var RouteColors = map[physics.Route]color.RGBA{
	physics.RouteInterpolate:   {0x2e, 0xc4, 0xb6, 0xff},
	physics.RouteTeleport:      {0xff, 0x4d, 0x4d, 0xff},
	physics.RouteSlide:         {0xff, 0x8c, 0x42, 0xff},
	physics.RouteAirborne:      {0x00, 0xbb, 0xf9, 0xff},
	physics.RouteStalePosition: {0x80, 0x86, 0x8c, 0xff},
	physics.RouteStaleTeleport: {0x80, 0x86, 0x8c, 0xff},
	physics.RouteWrongInstance: {0x55, 0x5a, 0x60, 0xff},
}

// Paint is how one event is drawn: its colour, and a priority that decides
// which of several events sharing a pixel column shows (the kind's Paint,
// else its Color at priority 1; a kind with no lane is muted).
func (e *Viewed) Paint() (color.RGBA, int) {
	k := e.Kind.Info()
	if k.Paint != nil {
		return k.Paint(e)
	}
	if k.Lane == "" {
		return ColorMuted, 0
	}
	return k.Color, 1
}

// paintRoute colours an update by its branch.
func paintRoute(e *Viewed) (color.RGBA, int) {
	if c, ok := RouteColors[e.Route]; ok {
		return c, int(e.Route)
	}
	return ColorMuted, 0
}

// paintEnqueue: a far branch (blip next UseTime) outranks pruning or
// eviction, which outranks a plain enqueue or an arrival.
func paintEnqueue(e *Viewed) (color.RGBA, int) {
	switch e.Branch {
	case interp.BranchFar:
		return ColorBlip, 3
	case interp.BranchArrived:
		return ColorPass, 1
	}
	if e.Pruned > 0 || e.Evicted {
		return ColorSnap, 2
	}
	return ColorQueue, 1
}

// paintVerdict: a failed stall window or node completion outranks a
// passed one.
func paintVerdict(e *Viewed) (color.RGBA, int) {
	if e.Success || e.Pass {
		return ColorPass, 1
	}
	return ColorFail, 2
}

// paintContact: leaving the ground outranks landing.
func paintContact(e *Viewed) (color.RGBA, int) {
	if e.Contact {
		return ColorContact, 1
	}
	return ColorAirborne, 2
}
