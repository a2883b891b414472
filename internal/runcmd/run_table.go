// The text report of `viewer run`: one table, a row per object (engine.
// Report.WriteTable), or with -long the table per object it printed before
// (engine.Report.WriteText).

package runcmd

import (
	"io"

	"glidepath/engine"
)

// WriteReport writes r as text: the one table, or the long form.
func WriteReport(w io.Writer, r *engine.Report, long bool) error {
	if long {
		return r.WriteText(w)
	}
	return r.WriteTable(w)
}
