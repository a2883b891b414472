// Cause chains: "why did it pop". Every blip, snap and teleport, and every
// pop and hitch the glide metrics flag, gets one line saying what the
// pipeline did to bring it about, built once, here, from the event log of
// the ticks up to it (DESIGN.md, "Explanations are data"). The viewer, `run
// -explain` and `diff` only print Cause values.
//
// The chains follow the retail logic: a blip is UseTime's BLIP_BRANCH once
// node_fail_counter exceeds 3 or the queue emptied with failures counted
// (seed 000 §6) — the counter raised by failed 5-frame stall windows (§4) or
// pre-armed to 4 by InterpolateTo's far branch (§3); a snap is
// MoveOrTeleport's branch A (a newer teleport stamp, or no cell) or branch C
// (grounded at player_distance ≥ 96 m) (seed 004 §3).

package explain

import (
	"fmt"
	"strconv"
	"strings"

	"glidepath/engine/eventlog"
	"glidepath/interp"
	"glidepath/physics"
)

// GroundMismatch is how far, metres, a recorded position may lie from the
// dat ground before a chain names it ("more than a few metres"; the
// report's world_mismatch uses the same bound).
const GroundMismatch = 5

// Cause is the explanation of one jump or stall of one object.
type Cause struct {
	// Tick is the tick it happened in (for a hitch, the still tick; for a
	// sprint, snap-back or lag, the span's first tick).
	Tick int
	// Until is a sprint's, snap-back's or lag's last tick (0 for the
	// others).
	Until int
	GUID  uint32
	// Kind is EventBlip, EventSnap, EventPop, EventHitch, EventSprint,
	// EventSnapback, EventLag, or one of the transition's EventWall,
	// EventStep, EventCell and EventLand.
	Kind eventlog.EventKind
	// Route is the branch that made a snap (teleport or slide).
	Route physics.Route
	// Distance is how far the body jumped, metres (0 for a hitch).
	Distance float32
	// What names the jump ("blip 3.9 m to the tail"), Why the chain that
	// led to it.
	What, Why string
}

// String is the one-line cause chain: "tick 312: blip 3.9 m to the tail —
// 4 stall windows failed in a row …"; a span's is "ticks 30–81: …".
func (c *Cause) String() string {
	if c.Until > c.Tick {
		return "ticks " + strconv.Itoa(c.Tick) + "–" + strconv.Itoa(c.Until) + ": " + c.What + " — " + c.Why
	}
	return "tick " + strconv.Itoa(c.Tick) + ": " + c.What + " — " + c.Why
}

// Explain returns the cause chains of a whole event log (Query.AllEvents), in
// the order the jumps happened.
func Explain(log []eventlog.Event) []Cause {
	var x Explainer
	for start := 0; start < len(log); {
		end := start
		for end < len(log) && log[end].Tick == log[start].Tick {
			end++
		}
		x.TickEvents(int(log[start].Tick), log[start:end])
		start = end
	}
	return x.Causes
}

// Explainer builds cause chains tick by tick, as an TickSink: give it each
// tick's events in order and it appends to Causes. It keeps a few facts per
// object (its updates, contact, what raised its fail counter), never the
// log.
type Explainer struct {
	Causes []Cause
	// OnCause, when set, is handed each new cause as it is found instead
	// of Causes keeping it (so a long run keeps none).
	OnCause func(c *Cause)
	// RecordedGround, when set (a run with dat files), says how far the
	// object's last UpdatePosition lay below the dat ground (negative:
	// above it) and when it was delivered; false where it was not compared
	// (indoors, a landblock the dats lack). One more than GroundMismatch
	// metres off the ground is named in a blip's or snap's chain: an input
	// recorded in another world gives jumps the pipeline is not to blame
	// for (docs/world.md).
	RecordedGround func(guid uint32) (below float32, tick int32, ok bool)

	objs map[uint32]*explained
}

// explained is what the Explainer remembers of one object.
type explained struct {
	// updates counts UpdatePositions routed; route is the last one.
	updates   int
	route     eventlog.Event
	routeN    int
	hasRoute  bool
	contact   bool
	contactAt int32
	// knowsContact: a contact change has been seen.
	knowsContact bool
	// raised are what raised node_fail_counter since it was last 0.
	raised []eventlog.Event
	// completed is the tick of the last node completion; completedOK
	// says it was a success (the reach test), not a failed stall window's
	// give-up, and completedFail is node_fail_counter after it.
	completed     int32
	hasCompleted  bool
	completedOK   bool
	completedFail uint8
}

// TickEvents reads one tick's events.
func (x *Explainer) TickEvents(tick int, events []eventlog.Event) {
	if x.objs == nil {
		x.objs = make(map[uint32]*explained)
	}
	for i := range events {
		e := &events[i]
		if e.Kind == eventlog.EventNote || e.Kind == eventlog.EventMotion || e.Kind == eventlog.EventVector {
			continue
		}
		o := x.objs[e.GUID]
		if o == nil || e.Kind == eventlog.EventCreate {
			o = &explained{}
			x.objs[e.GUID] = o
		}
		x.event(o, e)
	}
}

func (x *Explainer) event(o *explained, e *eventlog.Event) {
	switch e.Kind {
	case eventlog.EventRoute:
		o.updates++
		o.route, o.routeN, o.hasRoute = *e, o.updates, true
	case eventlog.EventContact:
		o.contact, o.contactAt, o.knowsContact = e.Contact, e.Tick, true
	case eventlog.EventEnqueue:
		if e.Branch == interp.BranchFar && e.Fail > 0 { // pre-armed (READINGS.md item 4)
			o.raised = append(o.raised[:0], *e)
		} else if e.Fail == 0 {
			o.raised = o.raised[:0]
		}
	case eventlog.EventStallWindow:
		if !e.Pass {
			o.raised = append(o.raised, *e)
		}
	case eventlog.EventNodeComplete:
		o.completed, o.hasCompleted, o.completedOK, o.completedFail = e.Tick, true, e.Success, e.Fail
		if e.Fail == 0 {
			o.raised = o.raised[:0]
		}
	case eventlog.EventBlip:
		x.add(Cause{Tick: int(e.Tick), GUID: e.GUID, Kind: eventlog.EventBlip, Distance: eventlog.PlaceDistance(&e.From, &e.To),
			What: fmt.Sprintf("blip %s m to the %s", eventlog.MetresText(eventlog.PlaceDistance(&e.From, &e.To)), eventlog.BlipTargetText(e)),
			Why:  o.whyBlip(e) + x.groundText(e.GUID, true)})
		o.raised = o.raised[:0]
	case eventlog.EventSnap:
		d := eventlog.PlaceDistance(&e.From, &e.To)
		c := Cause{Tick: int(e.Tick), GUID: e.GUID, Kind: eventlog.EventSnap, Distance: d}
		if o.hasRoute && o.route.Tick == e.Tick {
			c.Route = o.route.Route
		}
		c.What, c.Why = o.whySnap(&c, e)
		c.Why += x.groundText(e.GUID, false)
		x.add(c)
		o.raised = o.raised[:0]
	case eventlog.EventPop:
		d := eventlog.PlaceDistance(&e.From, &e.To)
		x.add(Cause{Tick: int(e.Tick), GUID: e.GUID, Kind: eventlog.EventPop, Distance: d,
			What: "pop " + eventlog.MetresText(d) + " m with no blip or snap",
			Why:  o.whyPop(e)})
	case eventlog.EventHitch:
		x.add(Cause{Tick: int(e.Tick) - 1, GUID: e.GUID, Kind: eventlog.EventHitch,
			What: "hitch (still for a tick between moving ticks)",
			Why:  o.whyHitch(e)})
	default:
		if k := e.Kind.Info(); k.Explain != nil {
			// A glide event spans Since to Until; the transition's
			// (wall, step, cell, land) happen in their tick.
			c := Cause{Tick: int(e.Tick), GUID: e.GUID, Kind: e.Kind, Distance: e.Distance}
			if k.Glide {
				c.Tick, c.Until = int(e.Since), int(e.Until)
			}
			c.What, c.Why = k.Explain(e)
			x.add(c)
		}
	}
}

// groundText is "; the head is 54.7 m below the ground (the dat ground
// under the last UpdatePosition, tick 15; world_mismatch: is this input
// from this world?)" for a blip (head), "; the position it carried is …"
// for a snap, when the object's last UpdatePosition lay more than
// GroundMismatch metres from the dat ground, else "".
func (x *Explainer) groundText(guid uint32, head bool) string {
	if x.RecordedGround == nil {
		return ""
	}
	d, tick, ok := x.RecordedGround(guid)
	if !ok {
		return ""
	}
	dir := "below"
	if d < 0 {
		d, dir = -d, "above"
	}
	if !(d > GroundMismatch) {
		return ""
	}
	what := "the position it carried"
	if head {
		what = "the head"
	}
	return "; " + what + " is " + strconv.FormatFloat(float64(d), 'f', 1, 32) + " m " + dir + " the ground (the dat ground under the last UpdatePosition, tick " +
		strconv.Itoa(int(tick)) + "; world_mismatch: is this input from this world?)"
}

func (x *Explainer) add(c Cause) {
	if x.OnCause != nil {
		x.OnCause(&c)
		return
	}
	x.Causes = append(x.Causes, c)
}

// whyBlip: what raised node_fail_counter, and the contact around it.
func (o *explained) whyBlip(e *eventlog.Event) string {
	var b strings.Builder
	var far *eventlog.Event
	var fails []*eventlog.Event
	for i := range o.raised {
		r := &o.raised[i]
		if r.Kind == eventlog.EventEnqueue {
			far = r
		} else {
			fails = append(fails, r)
		}
	}
	if far != nil {
		// InterpolateTo measures from the queue's tail when it is a
		// position node, else from the body (seed 000 §3): a far node
		// alone in the queue found it empty.
		ref := "the queue's tail"
		if far.Queue <= 1 {
			ref = "the body (the queue was empty)"
		}
		fmt.Fprintf(&b, "InterpolateTo took the far branch at tick %d (%s farther than the autonomy blip distance from %s), which set node_fail_counter to %d",
			far.Tick, o.updateAt(far.Tick), ref, far.Fail)
		if len(fails) > 0 {
			fmt.Fprintf(&b, ", then %s", windowsText(fails))
		}
	} else if len(fails) > 0 {
		b.WriteString(windowsText(fails))
		last := fails[len(fails)-1]
		if last.Cumulative > 0 {
			fmt.Fprintf(&b, "; the last gained only %s m on the head in %s s (under 0.20 m and 30 %%)",
				eventlog.MetresText(last.Cumulative), eventlog.SecondsText(last.ProgressQuantum))
		} else {
			fmt.Fprintf(&b, "; the last made no progress toward the head (%s m)", eventlog.MetresText(last.Cumulative))
		}
	} else {
		fmt.Fprintf(&b, "node_fail_counter was %d", e.Fail)
	}
	switch {
	case far != nil:
		b.WriteString(" (> 3)")
	case e.Fail > 3:
		fmt.Fprintf(&b, " (node_fail_counter %d > 3)", e.Fail)
	case e.Queue == 0:
		fmt.Fprintf(&b, "; the queue emptied with node_fail_counter %d, so UseTime blipped", e.Fail)
	}
	if s := o.contactText(e.Tick); s != "" {
		b.WriteString(", " + s)
	}
	return b.String()
}

// windowsText is "3 stall windows failed in a row since tick 290".
func windowsText(fails []*eventlog.Event) string {
	if len(fails) == 1 {
		return fmt.Sprintf("a stall window failed at tick %d", fails[0].Tick)
	}
	return fmt.Sprintf("%d stall windows failed in a row from tick %d to %d", len(fails), fails[0].Tick, fails[len(fails)-1].Tick)
}

// whySnap names the MoveOrTeleport branch and why it was taken.
func (o *explained) whySnap(c *Cause, e *eventlog.Event) (what, why string) {
	d := eventlog.MetresText(c.Distance)
	upd := "an UpdatePosition"
	if o.hasRoute && o.route.Tick == int32(c.Tick) {
		upd = "UpdatePosition #" + strconv.Itoa(o.routeN)
	}
	switch c.Route {
	case physics.RouteTeleport:
		if e.From.Cell == 0 {
			return "teleport " + d + " m", upd + " found the object with no cell, so MoveOrTeleport placed it (branch A, SetPosition)"
		}
		return "teleport " + d + " m", upd + " carried a newer teleport stamp, so MoveOrTeleport hard-snapped it (branch A, SetPosition)"
	case physics.RouteSlide:
		// Concatenated rather than formatted: a long run has a snap in
		// most of its seconds, and diff builds every one.
		return "slide-snap " + d + " m", upd + " arrived with the body " + eventlog.MetresText(o.route.Distance) +
			" m from the player (≥ " + maxPhysicsText + " m, MoveOrTeleport branch C: StopInterpolating and SetPositionSimple instead of InterpolateTo)"
	}
	return "snap " + d + " m", upd + " placed the body"
}

// whyPop names the stage that moved the body.
func (o *explained) whyPop(e *eventlog.Event) string {
	var s string
	m := eventlog.MetresText(e.Distance)
	switch e.Stage {
	case physics.StageRootMotion:
		s = "the animation's root motion (CPartArray::Update) moved it " + m + " m"
	case physics.StageAdjustOffset:
		s = "adjust_offset's offset moved it " + m + " m"
		if e.Sticky {
			s = "the StickyManager's pull moved it " + m + " m (StickyManager::adjust_offset, stuck to its target: toward 0.3 m from the target's cylinder at 5 × max_speed, overriding the interpolation step)"
		}
	case physics.StagePhysics:
		s = "UpdatePhysicsInternal (velocity, gravity) moved it " + m + " m"
	case physics.StageTransition:
		s = "the collision sweep (transition) moved it " + m + " m off its candidate"
	case physics.StageUseTime:
		s = "UseTime moved it " + m + " m"
	default:
		s = "which stage moved it is not recorded in this run (viewer run -explain records it)"
	}
	if c := o.contactText(e.Tick); c != "" {
		s += ", " + c
	}
	return s
}

// whyHitch says why the body stood still.
func (o *explained) whyHitch(e *eventlog.Event) string {
	still := e.Tick - 1
	var s string
	switch {
	case e.Queue == 0:
		s = "the interpolation queue was empty after it"
		if o.hasCompleted && o.completed <= still {
			s += fmt.Sprintf(" (last node completed at tick %d)", o.completed)
		}
		if o.hasRoute && o.route.Tick == e.Tick {
			s += fmt.Sprintf(" until UpdatePosition #%d arrived at tick %d", o.routeN, e.Tick)
		}
	case !e.Contact:
		s = "Contact was clear, so adjust_offset did not move it (the contact gate)"
	case o.hasCompleted && o.completed == still && o.completedOK:
		s = fmt.Sprintf("it spent the tick completing its head node (adjust_offset's reach test returns without a step), %s left", eventlog.NodesText(e.Queue))
	case o.hasCompleted && o.completed == still:
		s = fmt.Sprintf("a stall window failed that tick: NodeCompleted(failure) gave up its head node and adjust_offset returned without a step (node_fail_counter %d), %s left", o.completedFail, eventlog.NodesText(e.Queue))
	default:
		s = fmt.Sprintf("adjust_offset gave no step with %s queued", eventlog.NodesText(e.Queue))
	}
	if c := o.contactText(still); c != "" && e.Contact {
		s += ", " + c
	}
	return s
}

// updateAt names the update routed at tick, if it was the last.
func (o *explained) updateAt(tick int32) string {
	if o.hasRoute && o.route.Tick == tick {
		return "UpdatePosition #" + strconv.Itoa(o.routeN)
	}
	return "an UpdatePosition"
}

// contactText is "in contact since tick 12" or "airborne since tick 40".
func (o *explained) contactText(tick int32) string {
	if !o.knowsContact || o.contactAt > tick {
		return ""
	}
	if o.contact {
		return "in contact since tick " + strconv.Itoa(int(o.contactAt))
	}
	return "Contact clear (airborne) since tick " + strconv.Itoa(int(o.contactAt))
}

// maxPhysicsText is MAX_PHYSICS_DISTANCE as the slide-snap chain prints it.
var maxPhysicsText = fmt.Sprintf("%g", physics.MaxPhysicsDistance)
