// The event log as the viewer reads it: one flat value per decision the
// pipeline took — routing branches (seed 004 §0–§3), enqueues, node
// completions, stall windows and blips (seed 000 §3–§6), snaps, contact
// changes — plus motion, vector, create, delete and note events, each
// stamped with its tick and object. Positions are global metres.

package model

import (
	"strconv"

	"glidepath/interp"
	"glidepath/physics"
)

// EventKind says what an Event reports.
type EventKind uint8

// Event kinds, in the engine's order.
const (
	// EventRoute: an UpdatePosition was handled; Route is its branch and
	// Received the position it carried.
	EventRoute EventKind = iota + 1
	// EventEnqueue: InterpolateTo ran; Branch, Pruned, Evicted.
	EventEnqueue
	// EventNodeComplete: NodeCompleted ran; Success.
	EventNodeComplete
	// EventStallWindow: a 5-frame window was judged; Pass, Cumulative,
	// ProgressQuantum.
	EventStallWindow
	// EventBlip: the body was snapped to a blip target; From, To, Target.
	EventBlip
	// EventSnap: a teleport or slide placed the body; From, To.
	EventSnap
	// EventContact: the Contact bit changed to Contact.
	EventContact
	// EventMotion: an UpdateMotion was applied.
	EventMotion
	// EventVector: a VectorUpdate was handled; Applied.
	EventVector
	// EventCreate: the object was created.
	EventCreate
	// EventDelete: the object was deleted.
	EventDelete
	// EventNote: an annotation; Note indexes the run's notes.
	EventNote
	// EventPop: the glide metrics flagged a pop (a jump with no blip or
	// snap); From, To.
	EventPop
	// EventHitch: the glide metrics flagged the tick before this one as a
	// hitch (still between moving ticks); From.
	EventHitch
	// EventSprint: the body moved at catch-up speed from Since to Until;
	// From, To.
	EventSprint
	// EventSnapback: the body moved back from Since to Until toward a
	// node queued while stuck or older than the newest update; From, To.
	EventSnapback
	// EventLag: each update from Since to Until landed farther ahead of
	// the body; From, To are the first and last update.
	EventLag
	// NumEventKinds bounds the kinds.
	NumEventKinds
)

var eventKindNames = [NumEventKinds]string{
	EventRoute:        "route",
	EventEnqueue:      "enqueue",
	EventNodeComplete: "node_complete",
	EventStallWindow:  "stall_window",
	EventBlip:         "blip",
	EventSnap:         "snap",
	EventContact:      "contact",
	EventMotion:       "motion",
	EventVector:       "vector",
	EventCreate:       "create",
	EventDelete:       "delete",
	EventNote:         "note",
	EventPop:          "pop",
	EventHitch:        "hitch",
	EventSprint:       "sprint",
	EventSnapback:     "snapback",
	EventLag:          "lag",
}

// String is the kind's trace-v1 name (the engine's for the others).
func (k EventKind) String() string {
	if k >= EventRoute && k < NumEventKinds {
		return eventKindNames[k]
	}
	return "EventKind(" + strconv.Itoa(int(k)) + ")"
}

// Event is one entry of the event log. Kind says which payload fields mean
// something (see the kinds).
type Event struct {
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
	From, To Vec3
	// Received is the position a route event's UpdatePosition carried, when
	// HasReceived.
	HasReceived bool
	Received    Vec3
	// StampsIn and StampsStored are a route event's instance, position,
	// teleport and force_position stamps and the ones stored when it
	// arrived, when HasStamps (seed 004 §2–§3); for a motion event, its
	// instance, movement and server_control stamps (the fourth is 0), and
	// Applied says whether the stamp gate let it through.
	HasStamps              bool
	StampsIn, StampsStored [4]uint16
	// Note indexes Info.Notes for EventNote; −1 otherwise.
	Note int32
	// Since and Until are a sprint's, snap-back's or lag's first and last
	// ticks (the event is logged once it is over).
	Since, Until int32
}

// Note is an annotation of the recording, shown as a caption at its tick.
type Note struct {
	Tick    int
	GUID    uint32
	HasGUID bool
	Text    string
}
