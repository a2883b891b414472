// The event log as the viewer reads it: one flat value per decision the
// pipeline took — routing branches (seed 004 §0–§3), enqueues, node
// completions, stall windows and blips (seed 000 §3–§6), snaps, contact
// changes — plus motion, vector, create, delete and note events, each
// stamped with its tick and object. Positions are global metres.

package model

import (
	"glidepath/engine"
	"glidepath/interp"
	"glidepath/physics"
)

// Event is one entry of the event log. Kind says which payload fields mean
// something (see the kinds).
type Event struct {
	Tick int32
	GUID uint32
	Kind engine.EventKind

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
	// arrived, when HasStamps (seed 004 §2–§3).
	HasStamps              bool
	StampsIn, StampsStored [4]uint16
	// Note indexes Info.Notes for engine.EventNote; −1 otherwise.
	Note int32
}

// Note is an annotation of the recording, shown as a caption at its tick.
type Note struct {
	Tick    int
	GUID    uint32
	HasGUID bool
	Text    string
}
