// The runs' names: under -compare the runs are one input's readings and
// are named by reading; with several inputs open they are named by input
// (and reading, when an input is run under several).

package ui

import "path/filepath"

// runName is how the legend, the timeline and the status line name run i.
func (a *app) runName(i int) string {
	runs := a.sess.Runs
	r := runs[i]
	if !a.severalInputs() {
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

// severalInputs reports whether the runs come from more than one input.
func (a *app) severalInputs() bool {
	for _, r := range a.sess.Runs[1:] {
		if r.Info.File != a.sess.Runs[0].Info.File {
			return true
		}
	}
	return false
}
