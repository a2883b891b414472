// Rows: the typed form of a trace's header, state rows and event rows
// (Trace v1, "State row" and "Event rows").

package trace

import (
	"strconv"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/engine/eventlog"
	"glidepath/physics"
)

// Format and version a trace's header names.
const (
	FormatName = "glidepath-trace"
	Version    = 1
)

// Header is a trace's first line.
type Header struct {
	// TickRate is physics ticks per second.
	TickRate int
	// Reading names the interp.Reading preset the run used ("seed", "ace"…).
	Reading string
	// Input names the recording or scenario the run replayed.
	Input string
}

// State is one object's state after a tick.
type State struct {
	Tick int
	GUID uint32
	// Cell and Origin are the committed body position, m_position.
	Cell   uint32
	Origin mgl32.Vec3
	// Heading is in degrees clockwise from north.
	Heading float32
	// Queue is the number of nodes in the InterpolationManager queue.
	Queue int
	// Fail is node_fail_counter.
	Fail int
	// Contact is transient_state & 1.
	Contact bool
}

// Place is a position as event rows carry it: cell and origin.
type Place struct {
	Cell   uint32
	Origin mgl32.Vec3
}

// PlaceOf returns the cell and origin of p.
func PlaceOf(p *physics.Position) Place {
	return Place{Cell: p.Cell, Origin: p.Frame.Origin}
}

// EventKind is an event row's kind: the event log's kinds are the one list
// (eventlog.EventRoute through eventlog.EventContact are Trace v1's seven
// rows, and the transition's wall, step, cell and land rows follow; the
// others — motion, vector, create, delete, note, and the glide judgments
// pop, hitch, sprint, snapback and lag — are not rows, so adding one
// changes no trace and no trace hash). String is its name in the trace.
type EventKind = eventlog.EventKind

// RouteBranch is the branch MoveOrTeleport (and the checks before it) took.
type RouteBranch uint8

// Route branches.
const (
	RouteTeleport RouteBranch = iota + 1
	RouteInterpolate
	RouteSlide
	RouteAirborne
	RouteStalePosition
	RouteStaleTeleport
	RouteWrongInstance
)

var routeNames = [...]string{
	RouteTeleport: "teleport", RouteInterpolate: "interpolate", RouteSlide: "slide",
	RouteAirborne: "airborne", RouteStalePosition: "stale_position",
	RouteStaleTeleport: "stale_teleport", RouteWrongInstance: "wrong_instance",
}

func (b RouteBranch) String() string { return enumName(routeNames[:], int(b), "RouteBranch") }

// EnqueueBranch is the InterpolateTo branch (seed 000 §3).
type EnqueueBranch uint8

// Enqueue branches.
const (
	EnqueueFar EnqueueBranch = iota + 1
	EnqueueArrived
	EnqueueNear
)

var enqueueNames = [...]string{EnqueueFar: "far", EnqueueArrived: "arrived", EnqueueNear: "near"}

func (b EnqueueBranch) String() string { return enumName(enqueueNames[:], int(b), "EnqueueBranch") }

// BlipTarget is where UseTime snapped the body to.
type BlipTarget uint8

// Blip targets.
const (
	BlipTail BlipTarget = iota + 1
	BlipLastPositionNode
	BlipBliptoPosition
)

var blipNames = [...]string{BlipTail: "tail", BlipLastPositionNode: "last_position_node", BlipBliptoPosition: "blipto_position"}

func (t BlipTarget) String() string { return enumName(blipNames[:], int(t), "BlipTarget") }

func enumName(names []string, v int, typ string) string {
	if v > 0 && v < len(names) {
		return names[v]
	}
	return typ + "(" + strconv.Itoa(v) + ")"
}

// Event is one event row. Kind says which payload fields are meaningful.
type Event struct {
	Tick int
	GUID uint32
	Kind EventKind
	// Route is the branch of a route row.
	Route RouteBranch
	// Enqueue is the branch of an enqueue row; Pruned counts tail nodes
	// removed, Evicted head nodes dropped for the cap of 20.
	Enqueue EnqueueBranch
	Pruned  int
	Evicted int
	// Success is the argument of a node_complete row.
	Success bool
	// Pass, Cumulative and ProgressQuantum describe a stall_window row.
	Pass            bool
	Cumulative      float32
	ProgressQuantum float32
	// From and To are the body's place before and after a blip or snap.
	From, To Place
	// Target is what a blip snapped to.
	Target BlipTarget
	// Contact is the new contact bit of a contact row.
	Contact bool
	// Hit is what a wall row's step met (its kind, the CellStruct's or
	// GfxObj's id, the cell, the polygon), Slid whether it slid along it.
	Hit  eventlog.Hit
	Slid bool
	// Height is a step row's step (positive up), Fall a land row's fall,
	// metres.
	Height, Fall float32
}

// Row is one row of a read trace: a state row or an event row.
type Row struct {
	// Line is the 1-based line the row was read from.
	Line    int
	IsEvent bool
	State   State
	Event   Event
}

// Tick is the row's tick.
func (r *Row) Tick() int {
	if r.IsEvent {
		return r.Event.Tick
	}
	return r.State.Tick
}

// GUID is the row's object.
func (r *Row) GUID() uint32 {
	if r.IsEvent {
		return r.Event.GUID
	}
	return r.State.GUID
}
