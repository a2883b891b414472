// The behaviours the conformance kit checks: one entry each — an id, a
// one-line description, where it comes from (seed section or retail
// function), the Trace v1 event row that marks the ticks where it shows,
// and, for the ones the prior port got wrong, the seed's words for that
// bug. Adding a behaviour is one entry here and its id in a corpus input's
// list (corpus.go).

package conformcmd

import (
	"glidepath/engine"
	"glidepath/engine/eventlog"
	"glidepath/interp"
	"glidepath/physics"
	"glidepath/physics/anim"
)

// Behaviour is one retail behaviour a client either has or has not.
type Behaviour struct {
	// ID names it in the manifest, the table, JUnit and Markdown.
	ID string
	// Description is one line; Source the seed section or retail
	// function it comes from.
	Description, Source string
	// Event is the Trace v1 event row logged at each tick where it shows
	// (the manifest's "event").
	Event EventSpec
	// Shows reports that e (an event of the object at its tick) is this
	// behaviour; st is the object's state after that tick.
	Shows func(e *eventlog.Event, v *engine.ObjectView) bool
	// PriorPortBug, when set, is the seeds' account of how the prior port
	// (the legacy reading) gets this behaviour wrong.
	PriorPortBug string
}

// EventSpec names a Trace v1 event row: its "event" and the values of the
// fields given (spec/trace-v1.md, "Event rows").
type EventSpec struct {
	Event   string `json:"event"`
	Branch  string `json:"branch,omitempty"`
	Target  string `json:"target,omitempty"`
	Success *bool  `json:"success,omitempty"`
	Pass    *bool  `json:"pass,omitempty"`
	Contact *bool  `json:"contact,omitempty"`
}

var yes, no = true, false

func route(r physics.Route) (EventSpec, func(*eventlog.Event, *engine.ObjectView) bool) {
	return EventSpec{Event: "route", Branch: r.String()}, func(e *eventlog.Event, _ *engine.ObjectView) bool {
		return e.Kind == eventlog.EventRoute && e.Route == r
	}
}

func routeBehaviour(id, desc, source string, r physics.Route) Behaviour {
	ev, shows := route(r)
	return Behaviour{ID: id, Description: desc, Source: source, Event: ev, Shows: shows}
}

// onNearEnqueue is b shown by an enqueue on InterpolateTo's near branch
// for which when holds too.
func onNearEnqueue(b Behaviour, when func(*eventlog.Event, *engine.ObjectView) bool) Behaviour {
	b.Event = EventSpec{Event: "enqueue", Branch: "near"}
	b.Shows = func(e *eventlog.Event, v *engine.ObjectView) bool {
		return e.Kind == eventlog.EventEnqueue && e.Branch == interp.BranchNear && when(e, v)
	}
	return b
}

// Behaviours is every behaviour the kit checks, in the order the table,
// JUnit and Markdown list them.
var Behaviours = []Behaviour{
	routeBehaviour("route.teleport", "an UpdatePosition with a newer teleport stamp places the body at once (branch A)",
		"seed 004 §3, CPhysicsObj::MoveOrTeleport 0x00516330", physics.RouteTeleport),
	routeBehaviour("route.interpolate", "a grounded UpdatePosition within the 96 m bubble is queued for interpolation",
		"seed 004 §3, CPhysicsObj::MoveOrTeleport 0x00516330", physics.RouteInterpolate),
	routeBehaviour("route.slide", "a grounded UpdatePosition at player_distance ≥ 96 m snaps the body (SetPositionSimple)",
		"seed 004 §3, MoveOrTeleport line 284343", physics.RouteSlide),
	routeBehaviour("route.airborne", "an UpdatePosition without IsGrounded is ignored by MoveOrTeleport",
		"seed 004 §3, CPhysicsObj::MoveOrTeleport 0x00516330", physics.RouteAirborne),
	routeBehaviour("stamp.stale_position", "an UpdatePosition whose position stamp is not newer is dropped",
		"seed 004 §0, SmartBox::HandleReceivedPosition 0x00453FD0 (newer_event)", physics.RouteStalePosition),
	routeBehaviour("stamp.stale_teleport", "an UpdatePosition whose teleport stamp is older is ignored",
		"seed 004 §3, CPhysicsObj::MoveOrTeleport 0x00516330", physics.RouteStaleTeleport),
	routeBehaviour("stamp.wrong_instance", "an UpdatePosition of another instance of the object is dropped",
		"seed 004 §2, SmartBox::UnpackPositionEvent 0x004542C0", physics.RouteWrongInstance),
	onNearEnqueue(Behaviour{ID: "enqueue.near", Description: "InterpolateTo's near branch appends a node the body then glides to",
		Source: "seed 000 §3, InterpolationManager::InterpolateTo 0x00555B20"},
		func(e *eventlog.Event, _ *engine.ObjectView) bool { return e.Pruned == 0 && !e.Evicted }),
	{ID: "enqueue.arrived", Description: "an update where the body already stands (within 0.05 m) stops interpolating",
		Source: "seed 000 §3, InterpolateTo (DESIRED_DISTANCE)",
		Event:  EventSpec{Event: "enqueue", Branch: "arrived"},
		Shows: func(e *eventlog.Event, _ *engine.ObjectView) bool {
			return e.Kind == eventlog.EventEnqueue && e.Branch == interp.BranchArrived
		}},
	onNearEnqueue(Behaviour{ID: "enqueue.tail_prune", Description: "a new node within 0.05 m of the tail node replaces it",
		Source: "seed 000 §3, InterpolateTo line 352977 (one stale tail; seed 000 §7: the prior port matched)"},
		func(e *eventlog.Event, _ *engine.ObjectView) bool { return e.Pruned == 1 }),
	{ID: "enqueue.cap_eviction", Description: "a node enqueued onto 20 queued nodes evicts the head",
		Source: "seed 000 §3, InterpolateTo lines 353012–353017 (seed 000 §7 #6)",
		Event:  EventSpec{Event: "enqueue", Branch: "near"},
		Shows: func(e *eventlog.Event, _ *engine.ObjectView) bool {
			return e.Kind == eventlog.EventEnqueue && e.Evicted
		}},
	{ID: "stall.window_pass", Description: "a 5-frame window with progress passes and the glide goes on",
		Source: "seed 000 §4, InterpolationManager::adjust_offset 0x00555D30",
		Event:  EventSpec{Event: "stall_window", Pass: &yes},
		Shows: func(e *eventlog.Event, _ *engine.ObjectView) bool {
			return e.Kind == eventlog.EventStallWindow && e.Pass
		}},
	{ID: "catchup.arrival", Description: "the body glides at catch-up speed (2 × max speed, else 7.5 m/s) and completes the head node within 0.05 m",
		Source: "seed 000 §4, adjust_offset lines 353089–353137; NodeCompleted(1)",
		Event:  EventSpec{Event: "node_complete", Success: &yes},
		Shows: func(e *eventlog.Event, _ *engine.ObjectView) bool {
			return e.Kind == eventlog.EventNodeComplete && e.Success
		}},
	{ID: "contact.airborne", Description: "a body thrown upward leaves the ground: the Contact bit clears",
		Source: "seed 003 §6, CPhysicsObj::SetPositionInternal (transient_state & 1)",
		Event:  EventSpec{Event: "contact", Contact: &no},
		Shows: func(e *eventlog.Event, _ *engine.ObjectView) bool {
			return e.Kind == eventlog.EventContact && !e.Contact
		}},
	{ID: "contact.landing", Description: "a falling body lands: the Contact bit sets again",
		Source: "seed 003 §4, §6 (gravity, transition onto the walkable plane)",
		Event:  EventSpec{Event: "contact", Contact: &yes},
		Shows: func(e *eventlog.Event, _ *engine.ObjectView) bool {
			return e.Kind == eventlog.EventContact && e.Contact
		}},
	{ID: "enqueue.far_prearm", Description: "an update farther than the autonomy blip distance (100 m) pre-arms node_fail_counter = 4, so the same tick's UseTime blips to it",
		Source: "seed 000 §3, InterpolateTo line 352944; §6 UseTime",
		Event:  EventSpec{Event: "blip", Target: "tail"},
		Shows: func(e *eventlog.Event, _ *engine.ObjectView) bool {
			return e.Kind == eventlog.EventBlip && e.Target == interp.BlipTail
		},
		PriorPortBug: "seed 000 §7 #3: no node_fail_counter = 4 pre-arm; the body drifts toward a far node at catch-up speed (READINGS.md item 4)"},
	onNearEnqueue(Behaviour{ID: "enqueue.prune_loop", Description: "a new node removes every tail node within 0.05 m of it, not only the last",
		Source:       "seed 000 §3, InterpolateTo line 352977 (tail-walking loop)",
		PriorPortBug: "seed 000 §7 #5: the prune compares the last node only (READINGS.md item 5)"},
		func(e *eventlog.Event, _ *engine.ObjectView) bool { return e.Pruned >= 2 }),
	{ID: "stall.fail_pops_head", Description: "a failed 5-frame window counts a failure and NodeCompleted(0) pops the head",
		Source: "seed 000 §4, §5, adjust_offset and InterpolationManager::NodeCompleted",
		Event:  EventSpec{Event: "node_complete", Success: &no},
		Shows: func(e *eventlog.Event, _ *engine.ObjectView) bool {
			return e.Kind == eventlog.EventNodeComplete && !e.Success
		},
		PriorPortBug: "seed 000 §7 \"Stall fail action\" and #1: the head stays and the window's progress_quantum sums step lengths (READINGS.md items 3, 6)"},
	{ID: "stall.blip", Description: "after failed windows UseTime blips the body to the tail (or blipto_position) and stops interpolating",
		Source: "seed 000 §6, InterpolationManager::UseTime line 353282 (SetPositionSimple)",
		Event:  EventSpec{Event: "blip"},
		Shows: func(e *eventlog.Event, _ *engine.ObjectView) bool {
			return e.Kind == eventlog.EventBlip
		},
		PriorPortBug: "seed 000 §7 \"Stall fail action\", \"Blip target on threshold\": the snap happens inside adjust_offset with the failed head still queued (READINGS.md item 6)"},
	onNearEnqueue(Behaviour{ID: "interp.contact_gate", Description: "adjust_offset does nothing while the body has no contact: an airborne remote does not glide to its node",
		Source:       "seed 000 §4 line 353080 (transient_state & 1); seed 003 §6",
		PriorPortBug: "seed 000 §7 \"transient_state & 1 gate\": none; the prior port interpolates in the air (READINGS.md item 9)"},
		func(_ *eventlog.Event, v *engine.ObjectView) bool { return !v.Contact }),
	onNearEnqueue(Behaviour{ID: "constraint.scale", Description: "after an UpdatePosition 10–50 m from the body, ConstrainTo's running offset scales that tick's step by (max − offset)/(max − start)",
		Source: "seed 004 §0 (ConstrainTo after MoveOrTeleport); ConstraintManager::adjust_offset (ACE ConstraintManager.cs)"},
		func(_ *eventlog.Event, v *engine.ObjectView) bool { return v.Constrained && v.Constraint.LastScale < 1 }),
	{ID: "motion.root_motion", Description: "a running remote that is not interpolating moves by its animation's root motion only (CSequence::apply_physics), never by set_velocity",
		Source: "seed 002 §5, seed 003 §3 (CSequence root motion into the offset frame); seed 001 (remotes never call set_velocity)",
		Event:  EventSpec{Event: "route", Branch: "teleport"},
		Shows: func(e *eventlog.Event, v *engine.ObjectView) bool {
			return e.Kind == eventlog.EventRoute && e.Route == physics.RouteTeleport && running(v)
		},
		PriorPortBug: "READINGS.md item 11 (seed 003 §13): the prior port also drives the body with get_state_velocity every tick, so a running remote moves twice"},
	onNearEnqueue(Behaviour{ID: "interp.overwrite_offset", Description: "a tick that interpolates replaces the animation's root motion with the interpolation step",
		Source:       "seed 000 §4, adjust_offset (\"arg2 is MUTATED IN PLACE\")",
		PriorPortBug: "seed 000 §7 (the Vector3 delta the caller added): the interpolation step is added to the root motion (READINGS.md item 7)"},
		func(_ *eventlog.Event, v *engine.ObjectView) bool { return running(v) }),
	onNearEnqueue(Behaviour{ID: "sticky.pull", Description: "a remote stuck to an object is pulled toward it (5 × max speed, stopping 0.3 m short) after the interpolation step",
		Source: "seed 003 §12 (adjust_offset: interpolation, sticky, constraint); StickyManager::adjust_offset (ACE StickyManager.cs)"},
		func(_ *eventlog.Event, v *engine.ObjectView) bool { return v.Stuck }),
	{ID: "moveto.runs", Description: "a MoveToPosition makes the remote turn and run toward the destination (the MoveToManager's RunForward), root motion carrying it",
		Source: "seed 004 §6 (IsMovingTo); MoveToManager::MoveToPosition, HandleMoveToPosition (ACE MoveToManager.cs); seed 002 §5",
		Event:  EventSpec{Event: "route", Branch: "slide"},
		Shows: func(e *eventlog.Event, v *engine.ObjectView) bool {
			return e.Kind == eventlog.EventRoute && e.Route == physics.RouteSlide && v.MoveTo != nil && running(v)
		},
		PriorPortBug: "READINGS.md item 11 (seed 003 §13): the move-to's RunForward also drives the body through get_state_velocity, so it runs twice as far"},
}

// running reports that v's interpreted forward command is RunForward.
func running(v *engine.ObjectView) bool { return v.HasMotion && v.Motion.Forward == anim.RunForward }

// behaviourByID returns the behaviour named id.
func behaviourByID(id string) (*Behaviour, bool) {
	for i := range Behaviours {
		if Behaviours[i].ID == id {
			return &Behaviours[i], true
		}
	}
	return nil, false
}
