// Stamps: what a motion event carries of the message it came from besides
// the motion — the stamps, the autonomous flag and the stick-to target
// (docs/formats.md "Motion stamps and stick-to").

package capture

import "glidepath/engine/recording"

// motionFields sets a motion event's stamps and autonomous flag (every
// UpdateMotion and CreateObject movement carries them: aclogview
// CM_Physics.cs notes the client gates on MOVEMENT_TS and
// SERVER_CONTROLLED_MOVE_TS) and its stick-to target: an interpreted
// state's StickToObject guid (ACE sets it on every melee swing,
// Monster_Melee.cs, Player_Melee.cs). A stick-to the recording cannot name
// — the object itself, an object the capture never showed, the player
// before the player's first position — is dropped from the event and
// counted in motion_commands_not_carried; the motion is kept.
func (w *world) motionFields(m *recording.Motion, guid uint32, mv *movement) {
	st := &mv.stamps
	m.Seq = recording.MotionSeq{Instance: st.instance, Movement: st.movement, ServerControl: st.serverControl}
	m.HasSeq = true
	m.Autonomous = st.autonomous
	if !mv.hasSticky {
		return
	}
	switch g := mv.sticky; {
	case g == 0:
		w.r.sum.commands["stick_to 0 (dropped)"]++
	case g == guid:
		w.r.sum.commands["stick_to the object itself (dropped)"]++
	case w.isPlayer(g) && !w.hasObserver:
		w.r.sum.commands["stick_to the player before the player's first position (dropped)"]++
	case w.isPlayer(g):
		m.StickTo = recording.ObserverTarget
	case !w.exists(g):
		w.r.sum.commands["stick_to an object not in the recording (dropped)"]++
	default:
		m.StickTo = g
	}
}
