// Package anim ports the retail animation pieces the motion pipeline runs:
// CSequence and AnimSequenceNode (root motion from velocity, omega and baked
// pos_frames), CPartArray::Update, motion tables (MotionData) and the part of
// CMotionInterp that gives speeds. Specified by seed 002 and seed 003 §3, §11.
//
// anim may import physics, mathgl and the standard library.
//
// # Using it
//
// A motion table is parsed once from its file bytes (ParseMotionTable) and
// shared. Each object gets a PartArray (its CPartArray: the sequence and the
// motion-table state), which satisfies physics.PartArray, and a
// MotionInterp, which satisfies physics.MotionInterpreter. A recording's
// motion event becomes an InterpretedState applied with
// MotionInterp.ApplyInterpreted. Both types hold plain values and pointers
// to the immutable table only, so Clone and CopyFrom make deep copies, and
// AppendState and LoadState write and read their state as flat words (an
// animation by reference) for the engine's checkpoints.
//
// # Readings this package takes
//
// Seed 002 §3 reconstructs update_internal from x87 code; where it cannot be
// taken literally, or where ACE's Sequence.cs reads retail differently,
// Glidepath makes a choice and docs/readings.md names it:
//
//   - Going forward, a crossed frame's pos_frame is subtract1'd from the
//     offset and combined going backward (seed 002 §3, §9). ACE combines
//     going forward and subtracts going backward, so a baked lunge moves the
//     body the other way there (Reading.PosFramesCombineForward).
//   - execute_hooks gets −1 from the forward branch and +1 from the reverse
//     branch (seed 002 §3). In ACE's AnimationHookDir −1 is Backward.
//   - The crossing loop's bounds as printed do not terminate; Glidepath
//     crosses each frame once, in play order, so that one node's velocity
//     sums to velocity × node duration (seed 002 §9). See updateInternal.
//   - The node end is Glidepath's, not the seed's: seed 002 §3 ends a node
//     when frame_number > high_frame; Glidepath when it is > high_frame+1
//     (ACE: floor(frame_number) > high_frame), so the last frame plays
//     whole. Going backward the node ends below low_frame.
//   - The leftover time carried into the next node is the overshoot divided
//     by the framerate, as in ACE; the seed's reconstruction computes
//     (end − floor(start)) / framerate instead.
//   - Playing backward the first frame crossed is floor(start) − 1; the
//     seed and ACE cross floor(start) first. The count of crossed frames is
//     the same, so only reversed pos_frames would differ.
//   - Sidestep and turn are layered on the forward cycle with combine_motion
//     (physics only); retail can also make them the cycle when standing.
package anim
