// Motion application: the free functions that load a MotionData into a
// CSequence — add_motion (assigns velocity and omega, appends the
// animations with the framerate scaled by speed), combine_motion and
// subtract_motion (accumulate physics only) and change_cycle_speed
// (seed 002 §5, §6; ACE MotionTable.cs).

package anim

import "math"

// AddMotion is add_motion (0x005224B0, seed 002 §5): velocity and omega
// become md's times speed (set_velocity / set_omega assign, so earlier
// values are clobbered), then every animation of md is appended with its
// framerate multiplied by speed — a negative speed plays it in reverse. A
// nil md does nothing.
func AddMotion(s *Sequence, md *MotionData, speed float32) {
	if md == nil {
		return
	}
	s.SetVelocity(md.Velocity.Mul(speed))
	s.SetOmega(md.Omega.Mul(speed))
	for _, d := range md.Anims {
		s.AppendAnimation(d.Scaled(speed))
	}
}

// CombineMotion is combine_motion (0x00522580, seed 002 §5): velocity and
// omega += md's times speed (combine_physics). No animation is appended
// (ACE MotionTable.cs combine_motion).
func CombineMotion(s *Sequence, md *MotionData, speed float32) {
	if md == nil {
		return
	}
	s.CombinePhysics(md.Velocity.Mul(speed), md.Omega.Mul(speed))
}

// SubtractMotion is subtract_motion (0x00522600, seed 002 §5): velocity and
// omega −= md's times speed (subtract_physics).
func SubtractMotion(s *Sequence, md *MotionData, speed float32) {
	if md == nil {
		return
	}
	s.SubtractPhysics(md.Velocity.Mul(speed), md.Omega.Mul(speed))
}

// changeCycleSpeed is CMotionTable::change_cycle_speed (ACE
// MotionTable.cs): rescale the cyclic nodes' framerates from speed oldSpeed
// to newSpeed without restarting the cycle; a zero new speed from a zero old
// one freezes it.
func changeCycleSpeed(s *Sequence, oldSpeed, newSpeed float32) {
	switch {
	case math.Abs(float64(oldSpeed)) > FEpsilon:
		s.MultiplyCyclicAnimationFramerate(float32(newSpeed / oldSpeed))
	case math.Abs(float64(newSpeed)) < FEpsilon:
		s.MultiplyCyclicAnimationFramerate(0)
	}
}
