// The selection: the object the user picked, the one under the mouse, and
// whether the camera follows the pick. Only these methods change it; the
// app reacts to a change (stage stepping starts over).

package session

import "glidepath/ui/model"

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

// MostEventful is the guid of the track of h with the most blips and snaps
// (the events a user comes to explain; x counted them as it indexed the
// log), ties going to the first track; 0 when there are no tracks. The
// first view selects it when nothing is selected.
func MostEventful(h *model.History, x *model.Index) uint32 {
	var best uint32
	bestN := -1
	for _, t := range h.Tracks() {
		if n := x.Blips(t.GUID); n > bestN {
			best, bestN = t.GUID, n
		}
	}
	return best
}
