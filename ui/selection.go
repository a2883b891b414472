// The selection: the object the user picked, the one under the mouse, and
// whether the camera follows the pick. Only these methods change it; the
// app reacts to a change (stage stepping starts over).

package ui

// selection is what the user has picked.
type selection struct {
	guid   uint32 // the selected object, 0 for none
	hover  uint32 // the body under the mouse, 0 for none
	follow bool   // the camera follows the selection
}

// choose selects guid (0 clears), and reports whether that changed it.
func (s *selection) choose(guid uint32) bool {
	changed := guid != s.guid
	s.guid = guid
	return changed
}

// clear drops the selection and stops following it.
func (s *selection) clear() { s.guid, s.follow = 0, false }

// reset forgets everything (another input was opened).
func (s *selection) reset() { *s = selection{} }

// hovering notes the body under the mouse (0: none).
func (s *selection) hovering(id uint32) { s.hover = id }

// setFollow starts or stops following the selection.
func (s *selection) setFollow(on bool) { s.follow = on }
