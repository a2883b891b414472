// The runs' names: under -compare the runs are one input's readings and
// are named by reading; with several inputs open they are named by input
// (and reading, when an input is run under several).

package session

import "path/filepath"

// RunName is how the legend, the timeline and the status line name run i.
func (s *Session) RunName(i int) string {
	runs := s.Runs
	r := runs[i]
	if !s.SeveralInputs() {
		return r.Info.Reading
	}
	name := filepath.Base(r.Info.File)
	for k, o := range runs {
		if k != i && o.Info.File == r.Info.File {
			return name + " · " + r.Info.Reading // the same input under another reading too
		}
	}
	return name
}

// SeveralInputs reports whether the runs come from more than one input.
func (s *Session) SeveralInputs() bool {
	for _, r := range s.Runs[1:] {
		if r.Info.File != s.Runs[0].Info.File {
			return true
		}
	}
	return false
}
