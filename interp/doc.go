// Package interp ports the retail position managers: InterpolationManager
// (the queue of server positions a remote glides through, seed 000),
// PositionManager, ConstraintManager and StickyManager (seed 003 §10, seed 004
// §0), MoveToManager (which the seeds name but do not describe: ACE's
// MoveToManager.cs, docs/readings.md), and the Reading policy whose presets
// capture where public readings of the retail binary disagree (READINGS.md).
//
// engine creates one PositionManager per object with NewPositionManager(body,
// reading) and hands it to the physics object, which calls AdjustOffset on
// the tick's local offset frame and UseTime at the end of the tick
// (physics.PositionManager). Every decision the InterpolationManager takes —
// enqueue branch, node completed, stall window, blip — is reported to an
// optional Sink as an Event whose names are trace-v1's. InterpolationState,
// Nodes, ConstraintState and StickyState are read-only views for traces and
// the viewer; Snapshot, Restore and Clone copy the whole state, and
// AppendState and LoadState write and read it as flat words for the
// engine's checkpoints.
//
// The files follow the retail functions: queue.go (InterpolationNode and the
// position_queue), interpolate_to.go (seed 000 §3), adjust_offset.go and
// stall.go (§4), node_completed.go (§5), blip.go (§6), constraint.go,
// sticky.go, position_manager.go, moveto.go and moveto_params.go,
// reading.go and presets.go, event.go, snapshot.go and state.go (copies of
// a manager's state), constants.go.
//
// interp may import physics, mathgl and the standard library. It reaches the
// physics object through the Body interface it declares.
package interp
