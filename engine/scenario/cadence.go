// Send cadence: on which ticks the server sends a remote's UpdatePosition
// (0xF748) — at a fixed interval, or whenever the truth changed — and the
// sequence stamps each one carries (seed 004 §8): the position stamp advances
// by one per sent update (u16, wrapping), the teleport stamp only on
// teleport_to, and the instance stamp is the entity's.

package scenario

import (
	"math"

	"glidepath/engine/recording"
)

// sender decides when one remote's updates go out and stamps them.
type sender struct {
	c cadence
	// next is the index of the next interval send: phase + next × interval.
	next int
	// lastT is when the last update was sent (0: the header, which the
	// client already has); last is the truth it carried.
	lastT        float64
	last         body
	lastGrounded bool
	// force sends at the next sampled tick whatever the cadence
	// (teleport_to and blip_to).
	force bool
	seq   recording.PositionSeq
}

func newSender(c cadence, start body, instance uint16) *sender {
	s := &sender{c: c, last: start, lastGrounded: start.grounded}
	s.seq.Instance = instance
	if !c.onChange && c.phase == 0 {
		s.next = 1 // phase 0: the first send is one interval in, not at t = 0
	}
	return s
}

// due reports whether an update goes out at tick time t for truth b, whose
// IsGrounded flag would be grounded.
func (s *sender) due(t float64, b *body, grounded bool) bool {
	if s.force {
		return true
	}
	if !s.c.onChange {
		return t+dueTolerance >= s.c.phase+float64(s.next)*s.c.interval
	}
	since := t - s.lastT
	if since+dueTolerance < s.c.minInterval {
		return false
	}
	if s.c.heartbeat > 0 && since+dueTolerance >= s.c.heartbeat {
		return true
	}
	moved := math.Hypot(b.x-s.last.x, b.y-s.last.y) > onChangeDistance || math.Abs(b.z-s.last.z) > onChangeDistance
	turned := math.Abs(turnDelta(s.last.heading, b.heading)) > onChangeHeading
	return moved || turned || grounded != s.lastGrounded
}

// sent records an update sent at t with truth b, and returns its stamps: the
// position stamp advanced by one (seed 004 §8, "Generic version of this UP").
func (s *sender) sent(t float64, b *body, grounded bool) recording.PositionSeq {
	s.force = false
	s.lastT, s.last, s.lastGrounded = t, *b, grounded
	if !s.c.onChange {
		// The next due time after t; several passed within one tick count
		// as one send.
		n := int(math.Floor((t+dueTolerance-s.c.phase)/s.c.interval)) + 1
		if n > s.next {
			s.next = n
		}
	}
	s.seq.Position++
	return s.seq
}

// teleported advances the teleport stamp (teleport_to): MoveOrTeleport's
// branch A hard-snaps when it is newer (seed 004 §3, §8). The update that
// carries it goes out at once.
func (s *sender) teleported() {
	s.seq.Teleport++
	s.force = true
}

// blipped sends the blip's update at once, with the same teleport stamp, so
// the client routes it like any other update (seed 004 §3 branch B or C).
func (s *sender) blipped() { s.force = true }
