// Actions: the InterpretedMotionState action list an UpdateMotion carries
// and how CMotionInterp plays it (seed 002: DoInterpretedMotion →
// CPartArray PlayAction; ACE MotionInterp.move_to_interpreted_state, which
// the seeds do not detail).

package anim

import "fmt"

// MaxActions is how many actions an interpreted state holds: ACE's
// MotionInterp.DoMotion refuses a sixth pending action with TooManyActions
// (InterpretedState.GetNumActions() >= 6). A recording may list at most
// this many per motion event.
const MaxActions = 6

// Action is one MotionItem of the action list: the command, its 15-bit
// action stamp, its speed and the autonomous flag (the stamp's top bit on
// the wire).
type Action struct {
	Command    Motion
	Stamp      uint16
	Speed      float32
	Autonomous bool
}

// Validate reports an action that is not one: a command that is not an
// action, a stamp over 15 bits or a speed that is not finite.
func (a *Action) Validate() error {
	switch {
	case !a.Command.IsAction():
		return fmt.Errorf("command: %s is not an action", a.Command)
	case a.Stamp > 0x7FFF:
		return fmt.Errorf("stamp: %d does not fit the 15 bits of an action stamp", a.Stamp)
	case !finite(a.Speed):
		return fmt.Errorf("speed: must be finite")
	}
	return nil
}

// actionStampNewer is the comparison in ACE's move_to_interpreted_state:
// 15-bit stamps, the smaller distance decides, so an action stamp is newer
// when it is ahead of the last one played by at most 0x3FFF.
func actionStampNewer(stamp, last uint16) bool {
	cur, srv := int(stamp&0x7FFF), int(last&0x7FFF)
	d := cur - srv
	if d < 0 {
		d = -d
	}
	if d <= 0x3FFF {
		return srv < cur
	}
	return cur < srv
}

// ServerActionStamp is server_action_stamp: the stamp of the last action
// played from the server.
func (m *MotionInterp) ServerActionStamp() uint16 { return m.serverActionStamp }

// PlayActions is the action half of CMotionInterp::move_to_interpreted_state
// (ACE MotionInterp.cs): each action whose stamp is newer than
// server_action_stamp stores its stamp and, through DoInterpretedMotion,
// plays once on pa (CPartArray PlayAction) at its speed. A remote is a
// creature, so the autonomous flag does not gate it. contact_allows_move
// refuses an action while the body is not standing on walkable ground
// (canMove false; "YouCantJumpWhileInTheAir"), though its stamp is still
// taken. It returns how many actions played. pa may be nil.
func (m *MotionInterp) PlayActions(actions []Action, pa *PartArray, canMove bool) (played int, err error) {
	for i := range actions {
		a := &actions[i]
		if err := a.Validate(); err != nil {
			return played, err
		}
		if !actionStampNewer(a.Stamp, m.serverActionStamp) {
			continue
		}
		m.serverActionStamp = a.Stamp
		if !canMove || pa == nil {
			continue
		}
		if err := pa.PlayAction(a.Command, a.Speed); err != nil {
			return played, err
		}
		played++
	}
	return played, nil
}
