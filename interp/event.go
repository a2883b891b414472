// Events: every decision the InterpolationManager takes (seed 000 §3–§6),
// reported through a small sink so engine can write trace-v1 event rows
// (spec/trace-v1.md) and the viewer can draw them. With no sink nothing is
// built, so the decisions cost nothing extra.

package interp

import (
	"fmt"

	"glidepath/physics"
)

// EventKind says which decision an Event reports. Its String is the trace-v1
// "event" value. These are the InterpolationManager's own decisions; the
// glide judgments of its output (pop, hitch, sprint, snapback, lag) are the
// engine's (engine/metrics.go, engine/glide.go), not kinds here.
type EventKind uint8

const (
	// EventEnqueue: InterpolateTo ran (seed 000 §3).
	EventEnqueue EventKind = iota + 1
	// EventNodeComplete: NodeCompleted ran (seed 000 §5).
	EventNodeComplete
	// EventStallWindow: a 5-frame window was judged (seed 000 §4).
	EventStallWindow
	// EventBlip: the body was snapped to a blip target (seed 000 §6; under a
	// reading with StallPopsHead false, inside AdjustOffset).
	EventBlip
)

var eventKindNames = [...]string{
	EventEnqueue:      "enqueue",
	EventNodeComplete: "node_complete",
	EventStallWindow:  "stall_window",
	EventBlip:         "blip",
}

// String is the trace-v1 event name.
func (k EventKind) String() string { return enumName(eventKindNames[:], k, "EventKind") }

// enumName is the name names gives v, as a trace or a setting spells it,
// or kind(v) for a value it names not (0 where the kinds start at 1).
func enumName[T ~uint8](names []string, v T, kind string) string {
	if int(v) < len(names) && names[v] != "" {
		return names[v]
	}
	return fmt.Sprintf("%s(%d)", kind, uint8(v))
}

// EnqueueBranch is the branch InterpolateTo took (seed 000 §3).
type EnqueueBranch uint8

const (
	// BranchFar: farther than GetAutonomyBlipDistance; appended (and, under
	// FarBranchPrearm, node_fail_counter = 4).
	BranchFar EnqueueBranch = iota + 1
	// BranchArrived: the body is already within 0.05 m; heading set unless
	// keep_heading, StopInterpolating, nothing appended.
	BranchArrived
	// BranchNear: tail pruned, cap enforced, appended.
	BranchNear
)

var enqueueBranchNames = [...]string{
	BranchFar:     "far",
	BranchArrived: "arrived",
	BranchNear:    "near",
}

// String is the trace-v1 "branch" value.
func (b EnqueueBranch) String() string { return enumName(enqueueBranchNames[:], b, "EnqueueBranch") }

// BlipTarget says which position a blip went to (seed 000 §6).
type BlipTarget uint8

const (
	// BlipTail: the queue's tail, a position node.
	BlipTail BlipTarget = iota + 1
	// BlipLastPositionNode: the last position node before a velocity-node
	// tail; the tail's velocity is re-applied after the blip.
	BlipLastPositionNode
	// BlipToPosition: blipto_position, the node NodeCompleted(0) last
	// snapshotted (empty queue, or a velocity tail with no position node).
	BlipToPosition
)

var blipTargetNames = [...]string{
	BlipTail:             "tail",
	BlipLastPositionNode: "last_position_node",
	BlipToPosition:       "blipto_position",
}

// String is the trace-v1 "target" value.
func (t BlipTarget) String() string { return enumName(blipTargetNames[:], t, "BlipTarget") }

// Event is one decision. Which fields mean something depends on Kind:
//
//	EventEnqueue:      Branch, Pruned, Evicted
//	EventNodeComplete: Success
//	EventStallWindow:  Pass, Cumulative, ProgressQuantum
//	EventBlip:         From, To, Target
//
// FailCounter and QueueLen are the manager's node_fail_counter and queue
// length right after the decision, for every kind — for a blip, the values
// that triggered it, before the StopInterpolating that follows clears them.
type Event struct {
	Kind EventKind

	Branch  EnqueueBranch
	Pruned  int
	Evicted bool

	Success bool

	Pass            bool
	Cumulative      float32
	ProgressQuantum float32

	From, To physics.Position
	Target   BlipTarget

	FailCounter int32
	QueueLen    int
}

// Sink receives events. Emit is called synchronously, in decision order; the
// Event is passed by value, so emitting allocates nothing.
type Sink interface {
	Emit(e Event)
}
