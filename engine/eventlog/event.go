// Event log: what the pipeline did, one flat value per decision — every
// routing branch (seed 004 §0–§3), enqueue, node completion, stall window and
// blip the InterpolationManager reports (seed 000 §3–§6), every snap and
// contact change, and what the transition did (wall, step, cell, land) —
// stamped with its tick and object. The kinds table (kinds.go) says which
// are trace-v1's event rows (spec/trace-v1.md, and the transition's four
// docs/formats.md adds); the rest (motion, vector, create, delete, note,
// and the pops, hitches and glide events the glide metrics flag) are for
// the viewer's timeline and the cause chains (engine/explain) and are not
// written to traces.

package eventlog

import (
	"strconv"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/interp"
	"glidepath/physics"
)

// EventKind says what an Event reports; its declaration is its entry in
// the kinds table (Info). String gives the trace-v1 event name for the
// trace kinds.
type EventKind uint8

// Event kinds. EventRoute through EventContact are trace-v1's event rows.
const (
	// EventRoute: an UpdatePosition was handled; Route is the branch.
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
	// EventContact: the Contact bit changed; Contact is the new value.
	EventContact
	// EventMotion: an UpdateMotion was applied (not a trace row).
	EventMotion
	// EventVector: a VectorUpdate was handled; Applied says whether its
	// stamps let it set the velocity and omega (not a trace row).
	EventVector
	// EventCreate: an object was created (not a trace row).
	EventCreate
	// EventDelete: an object was deleted (not a trace row).
	EventDelete
	// EventNote: an annotation; its text is the recording event's, at
	// Source (not a trace row). GUID is 0 unless the note names an object.
	EventNote
	// EventPop: the glide metrics flagged the tick as a pop (ObjectMetrics.
	// Pops); From, To, Stage, Distance, Contact (not a trace row; logged
	// only when Options.Metrics is on too).
	EventPop
	// EventHitch: the glide metrics flagged the tick before this one as a
	// hitch (ObjectMetrics.Hitches): it is recorded in the tick that
	// confirms it, the tick after the still one; From, Queue, Contact
	// describe the still tick (not a trace row; logged only with
	// Options.Metrics).
	EventHitch
	// EventSprint: the glide metrics saw the body move at catch-up speed
	// for a span of ticks, Since to this one (engine/glide.go); From, To, Distance,
	// Speed, Rate, Ref, CauseTick, CauseDist, Queue (not a trace row;
	// logged only with Options.Metrics).
	EventSprint
	// EventSnapback: the body moved back, Since to this tick, toward a
	// node queued while it was stuck or older than the newest update
	// (engine/glide.go); From, To, Distance, Speed, Rate, CauseTick, Stuck,
	// StuckSince, Released (not a trace row; Options.Metrics).
	EventSnapback
	// EventLag: from Since to this tick each UpdatePosition landed farther
	// ahead of the body than the one before (engine/glide.go); From, To (the
	// first and last update), Distance (the last gap), CauseDist (the
	// first), Speed, Rate, Ref, RunRate, NoRunRate, Gliding, Fail and
	// Queue (the queue at the first and last update) (not a trace row;
	// Options.Metrics).
	EventLag
	// EventWall: the tick's transition stopped or slid the body at a
	// polygon or an object it had not met the tick before; Hit names it,
	// Slid says it slid along, From and To are the body before and after
	// (a trace row; engine/transit.go).
	EventWall
	// EventStep: the transition's step_up or step_down changed the body's
	// height by more than the ground it stood on explains; Distance is the
	// step (positive up), From and To the body before and after (a trace
	// row).
	EventStep
	// EventCell: the transition carried the body across a portal or an
	// outdoor cell line; From and To carry the cells (a trace row).
	EventCell
	// EventLand: the transition landed a falling body on walkable ground;
	// From is the highest place of the fall, To where it landed, Distance
	// the height fallen (a trace row).
	EventLand
	// NumEventKinds bounds the kinds, for readers of the log that keep
	// something per kind (the viewer's index, its filters and density
	// lanes): every kind is below it.
	NumEventKinds
)

// String names the kind (its Name in the kinds table: trace-v1's name for
// the trace kinds).
func (k EventKind) String() string {
	if n := k.Info().Name; n != "" {
		return n
	}
	return "EventKind(" + strconv.Itoa(int(k)) + ")"
}

// InTrace reports whether the kind is a trace-v1 event row.
func (k EventKind) InTrace() bool { return k.Info().Trace }

// Place is a position as events carry it: cell and origin (the heading is in
// the object's state).
type Place struct {
	Cell   uint32
	Origin mgl32.Vec3
}

// PlaceOf returns the cell and origin of p.
func PlaceOf(p *physics.Position) Place { return Place{Cell: p.Cell, Origin: p.Frame.Origin} }

// Position returns the place as a position with the identity rotation.
func (p Place) Position() physics.Position {
	return physics.Position{Cell: p.Cell, Frame: physics.NewFrame(p.Origin, mgl32.QuatIdent())}
}

// Event is one entry of the event log. It is a plain value (132 bytes), so the
// log is one flat slice the viewer can bin for its timeline. Kind says which
// payload fields mean something:
//
//	EventRoute:        Route
//	EventEnqueue:      Branch, Pruned, Evicted
//	EventNodeComplete: Success
//	EventStallWindow:  Pass, Cumulative, ProgressQuantum
//	EventRoute:        Route, Distance (player_distance when routed)
//	EventEnqueue:      Branch, Pruned, Evicted, Fail, Queue
//	EventNodeComplete: Success, Fail, Queue
//	EventStallWindow:  Pass, Cumulative, ProgressQuantum, Fail, Queue
//	EventBlip:         From, To, Target, Fail, Queue
//	EventSnap:         From, To
//	EventContact:      Contact
//	EventVector:       Applied
//	EventMotion:       Gate, Stored
//	EventPop:          From, To, Stage, Distance, Contact
//	EventHitch:        From, Queue, Contact
//	EventSprint:       Since, Until, From, To, Distance, Speed, Rate, Ref, CauseTick, CauseDist, Queue
//	EventSnapback:     Since, Until, From, To, Distance, Speed, Rate, CauseTick, Stuck, StuckSince, Released
//	EventLag:          Since, Until, From, To, Distance, CauseDist, Speed, Rate, Ref, RunRate, NoRunRate, Gliding, Fail, Queue
//	EventWall:         From, To, Hit, Slid
//	EventStep:         From, To, Distance (the step, up positive)
//	EventCell:         From, To (their cells differ)
//	EventLand:         From (the fall's top), To, Distance (the fall)
//
// Fail and Queue are node_fail_counter and the queue length right after an
// InterpolationManager decision (for a blip, the values that triggered it;
// for a stall window, before the failure is counted), capped at 255.
type Event struct {
	// Tick is the tick the event happened in (delivery and update of tick k
	// both count as k).
	Tick int32
	// GUID is the object.
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
	Fail    uint8
	Queue   uint8
	// Stage is the stage that moved the body most in a pop's tick
	// (physics.NumStages when stage records were off).
	Stage physics.Stage

	Cumulative      float32
	ProgressQuantum float32
	From, To        Place
	// Distance: a route's player_distance when it was routed; a pop's
	// displacement by Stage; a sprint's or snap-back's path length; a
	// lag's last gap.
	Distance float32

	// Sticky: the StickyManager held a target in a pop's tick, so its
	// adjust_offset stage was the sticky pull; for a snap-back, the
	// StickyManager let go at its 1 s timeout (Queue then counts the
	// nodes queued while it held).
	Sticky bool

	// The span kinds' payload (EventSprint, EventSnapback, EventLag;
	// engine/glide.go says what each holds). Since and Until are the span's first
	// and last ticks (the event is logged once it is over);
	// Speed the body's mean speed over it, Rate the catch-up speed, Ref the
	// run speed (sprint) or the server's speed (lag), m/s; CauseTick and
	// CauseDist the update behind it and how far from the body it landed;
	// Stuck, StuckSince and Released the sticky target a snap-back's node
	// was queued under, when StickTo ran and when the StickyManager let
	// go; RunRate my_run_rate, NoRunRate that no UpdateMotion gave one,
	// Gliding that the forward command was Ready (no run cycle).
	Since      int32
	Until      int32
	Speed      float32
	Rate       float32
	Ref        float32
	CauseTick  int32
	CauseDist  float32
	Stuck      uint32
	StuckSince int32
	Released   int32
	RunRate    float32
	NoRunRate  bool
	Gliding    bool

	// Gate is a motion's stamp verdict, and Stored the instance, movement
	// and server-control stamps the object had stored when it arrived
	// (MotionStampNames order; meaningful when Gate is not MotionUngated).
	Gate   MotionGate
	Stored [3]uint16

	// Hit is what a wall event's step met, and Slid whether it slid along
	// it (EventWall).
	Hit  Hit
	Slid bool

	// Source is the index in the recording's Events of the event being
	// delivered when this happened, or −1 when it happened during the tick's
	// UpdateObjectInternal pass. For a route event it is the UpdatePosition.
	Source int32
}

// Mark is a set of event categories, the things a person steps between on
// the timeline ("next blip", "previous stall failure").
type Mark uint32

// Marks. A stall window is MarkStallPass or MarkStallFail by its verdict.
const (
	MarkUpdate Mark = 1 << iota
	MarkEnqueue
	MarkNodeComplete
	MarkStallPass
	MarkStallFail
	MarkBlip
	MarkSnap
	MarkContact
	MarkMotion
	MarkVector
	MarkCreate
	MarkDelete
	MarkNote
	MarkPop
	MarkHitch
	MarkSprint
	MarkSnapback
	MarkLag
	MarkWall
	MarkStep
	MarkCell
	MarkLand
)

// Mark returns the event's category: its kind's Mark, or FailMark when
// the kind has one and the event's verdict failed.
func (e *Event) Mark() Mark {
	k := e.Kind.Info()
	if k.FailMark != 0 && k.Verdict.Failed(e.Pass, e.Success) {
		return k.FailMark
	}
	return k.Mark
}

// Mark returns the viewed event's category, as Event.Mark.
func (e *Viewed) Mark() Mark {
	k := e.Kind.Info()
	if k.FailMark != 0 && k.Verdict.Failed(e.Pass, e.Success) {
		return k.FailMark
	}
	return k.Mark
}

// Filter selects events for NextEvent and PrevEvent. The zero Filter matches
// every event of every object.
type Filter struct {
	// Marks are the categories to match; 0 matches all.
	Marks Mark
	// OneObject restricts the match to GUID's events.
	OneObject bool
	GUID      uint32
}

// Match reports whether e passes the filter.
func (f Filter) Match(e *Event) bool {
	if f.Marks != 0 && f.Marks&e.Mark() == 0 {
		return false
	}
	return !f.OneObject || e.GUID == f.GUID
}

// Note is an annotation of the recording, for the timeline.
type Note struct {
	// Tick is the tick the note is delivered in.
	Tick int
	// T is its time in the recording, seconds.
	T float64
	// GUID is the object it talks about, when HasGUID.
	GUID    uint32
	HasGUID bool
	Text    string
}
