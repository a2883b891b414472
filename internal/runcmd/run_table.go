// The text report of `viewer run`: one table, a row per object (engine.
// Report.WriteTable), or with -long the table per object it printed before
// (report.Report.WriteText).

package runcmd

import (
	"io"

	"glidepath/engine/report"
)

// WriteReport writes r as text: the one table, or the long form.
func WriteReport(w io.Writer, r *report.Report, long bool) error {
	if long {
		return r.WriteText(w)
	}
	return r.WriteTable(w)
}
