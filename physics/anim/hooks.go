// Hooks: the hook object a CSequence reports to (retail: its CPhysicsObj,
// through add_anim_hook) and the direction execute_hooks passes
// (seed 002 §3).

package anim

import "fmt"

// HookDirection is the direction argument CSequence::execute_hooks
// (0x00524830) receives for a crossed frame. Seed 002 §3 reads the forward
// branch as passing 0xFFFFFFFF (−1) and the reverse branch as passing 1; the
// constants are named after the branch, not after retail's AnimHookDir enum
// (ACE calls −1 "Backward"; see the package's open questions).
type HookDirection int32

// Hook directions, by update_internal branch (seed 002 §3).
const (
	// HookForwardPlay is what the forward branch (frame_number increasing)
	// passes: −1.
	HookForwardPlay HookDirection = -1
	// HookReversePlay is what the reverse branch (frame_number decreasing)
	// passes: +1.
	HookReversePlay HookDirection = 1
)

// String names the direction.
func (d HookDirection) String() string {
	switch d {
	case HookForwardPlay:
		return "forward(-1)"
	case HookReversePlay:
		return "reverse(+1)"
	}
	return fmt.Sprintf("HookDirection(%d)", int32(d))
}

// HookTarget is a CSequence's hook_obj. Implementations must not change the
// sequence from inside these calls.
type HookTarget interface {
	// ExecuteHooks receives CSequence::execute_hooks(get_part_frame(node,
	// frame), dir) for every frame update_internal crosses (seed 002 §3),
	// in the order crossed. Frames outside the animation are not reported
	// (get_part_frame returns null for them).
	ExecuteHooks(frame *PartFrame, dir HookDirection)
	// AnimDone is CPhysicsObj::add_anim_hook(&anim_done_hook): a node
	// finished while the list's head is not the first cyclic node
	// (seed 002 §3, end of loop).
	AnimDone()
}
