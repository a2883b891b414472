// The selection: the object the user picked, the one under the mouse, and
// whether the camera follows the pick. Only these methods change it; the
// app reacts to a change (stage stepping starts over).

package session

// Selection is what the user has picked.
type Selection struct {
	GUID   uint32 // the selected object, 0 for none
	Hover  uint32 // the body under the mouse, 0 for none
	Follow bool   // the camera follows the selection
}

// Choose selects guid (0 clears), and reports whether that changed it.
func (s *Selection) Choose(guid uint32) bool {
	changed := guid != s.GUID
	s.GUID = guid
	return changed
}

// Clear drops the selection and stops following it.
func (s *Selection) Clear() { s.GUID, s.Follow = 0, false }

// Reset forgets everything (another input was opened).
func (s *Selection) Reset() { *s = Selection{} }

// Hovering notes the body under the mouse (0: none).
func (s *Selection) Hovering(id uint32) { s.Hover = id }

// SetFollow starts or stops following the selection.
func (s *Selection) SetFollow(on bool) { s.Follow = on }
