// The report as one table: a row per object (per reading under -compare), a
// column per metric — what `viewer run` prints unless -long asks for
// WriteText's table per object. A capture of a hundred objects fits a
// screen or two rather than thousands of lines.

package report

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"glidepath/engine/tables"
	"glidepath/internal/plural"
)

// reportColumns are the table's headings, one per reportRows entry, in
// its order.
var reportColumns = []string{
	"updates", "interp", "teleport", "slide", "airborne", "stale_pos", "stale_tp", "wrong_inst",
	"near", "far", "arrived", "stall_fail/win", "blips", "snaps", "pops", "hitches",
	"first_blip/snap/pop/hitch", "error_m(mean/p95/max)", "longest_q_s", "max_q", "final_q",
}

// summarizedGUIDs is how many guids the line of objects without updates
// names before it counts the rest.
const summarizedGUIDs = 8

// WriteTable writes the report as one table: a row per object and reading,
// a column per metric. A column that is zero in every row is left out and
// named in a line below it; objects that had no updates under any reading
// are summarized in one line; a value the readings differ on is marked *.
// The cause chains and the expectations follow as in WriteText.
func (r *Report) WriteTable(w io.Writer) error {
	if _, err := fmt.Fprintf(w, "%s: %s at %d Hz, %s\n", r.Input, plural.Count(r.Ticks, "tick"), r.TickRate, plural.Count(len(r.Objects), "object")); err != nil {
		return err
	}
	if line := r.leftOutLine(); line != "" {
		if _, err := fmt.Fprintln(w, line); err != nil {
			return err
		}
	}
	var shown []*ReportObject
	var shownLabels, idle []string
	labels := r.lifeLabels()
	for i := range r.Objects {
		o := &r.Objects[i]
		if objectIdle(o) {
			g := labels[i]
			if o.Static {
				g += " (static)"
			}
			idle = append(idle, g)
			continue
		}
		shown = append(shown, o)
		shownLabels = append(shownLabels, labels[i])
	}
	// A column is kept when some shown row has a value other than zero,
	// or when some rows say 0 and others "-" (not measured: the error of
	// an object with no truth), so that neither is said of the other. A
	// column no row measured is named apart from the zeros: an error that
	// was never measured is not an error of 0.
	keep := make([]bool, len(reportRows))
	unmeasured := make([]bool, len(reportRows))
	keep[0] = true
	for k := range reportRows {
		dash, zero := false, false
		for _, o := range shown {
			for i := range o.Runs {
				switch v := reportRows[k].value(&o.Runs[i]); {
				case v == "-":
					dash = true
				case zeroCell(v):
					zero = true
				default:
					keep[k] = true
				}
			}
		}
		if dash && zero {
			keep[k] = true
		}
		unmeasured[k] = !keep[k] && dash
	}
	many := len(r.Readings) > 1
	anyDiffers := false
	if len(shown) > 0 {
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		head := []string{"guid", "name"}
		if many {
			head = append(head, "reading")
		}
		for k, col := range reportColumns {
			if keep[k] {
				head = append(head, col)
			}
		}
		fmt.Fprintf(tw, "\n%s\n", strings.Join(head, "\t"))
		for j, o := range shown {
			name := objectTitle(o)
			for i := range o.Runs {
				run := &o.Runs[i]
				cells := []string{shownLabels[j], name}
				if many {
					cells = append(cells, run.Reading)
				}
				for k := range reportRows {
					if !keep[k] {
						continue
					}
					mark := ""
					if len(reportRows[k].differs(o.Runs)) > 0 {
						mark, anyDiffers = "*", true
					}
					cells = append(cells, reportRows[k].value(run)+mark)
				}
				fmt.Fprintln(tw, strings.Join(cells, "\t"))
			}
		}
		if err := tw.Flush(); err != nil {
			return err
		}
	}
	var zero, none []string
	for k, col := range reportColumns {
		switch {
		case unmeasured[k]:
			none = append(none, col)
		case !keep[k]:
			zero = append(zero, col)
		}
	}
	if len(zero) > 0 && len(shown) > 0 {
		if _, err := fmt.Fprintf(w, "0 in every row: %s\n", strings.Join(zero, ", ")); err != nil {
			return err
		}
	}
	if len(none) > 0 && len(shown) > 0 {
		if _, err := fmt.Fprintf(w, "not measured in any row (no truth in the input for these objects): %s\n", strings.Join(none, ", ")); err != nil {
			return err
		}
	}
	if len(idle) > 0 {
		if _, err := fmt.Fprintf(w, "%s\n", idleLine(idle)); err != nil {
			return err
		}
	}
	if anyDiffers {
		if _, err := fmt.Fprintln(w, "* the readings differ in this value"); err != nil {
			return err
		}
	}
	return r.writeAfterObjects(w)
}

// KeepCauses keeps the cause chains keep accepts and drops the rest; what
// describes the filter for the text forms ("-filter 'blip'"), which say
// that no chain matched it rather than that nothing jumped.
func (r *Report) KeepCauses(keep func(obj *ReportObject, c *ReportCause) bool, what string) {
	r.causeFilter = what
	for i := range r.Objects {
		obj := &r.Objects[i]
		for j := range obj.Runs {
			run := &obj.Runs[j]
			var kept []ReportCause
			for k := range run.Causes {
				if keep(obj, &run.Causes[k]) {
					kept = append(kept, run.Causes[k])
				}
			}
			run.Causes = kept
		}
	}
}

// objectIdle reports whether an object's row would be all zeros under
// every reading, nothing differing between them: no updates and nothing
// measured either. An object with no updates that still has a value — an
// error against truth that arrived without UpdatePositions, a pop — keeps
// its row, or the line of objects without updates and the "0 in every row"
// line would hide it.
func objectIdle(o *ReportObject) bool {
	if len(o.Differs) > 0 || len(o.Runs) == 0 {
		return false
	}
	for i := range o.Runs {
		for k := range reportRows {
			if !zeroCell(reportRows[k].value(&o.Runs[i])) {
				return false
			}
		}
	}
	return true
}

// idleLine is the one line that summarizes the objects without updates.
func idleLine(guids []string) string {
	list := guids
	more := ""
	if len(list) > summarizedGUIDs {
		list = list[:summarizedGUIDs]
		more = fmt.Sprintf(" and %d more", len(guids)-summarizedGUIDs)
	}
	return fmt.Sprintf("%s with no updates: %s%s", plural.Count(len(guids), "object"), strings.Join(list, ", "), more)
}

// zeroCell reports whether a table cell says zero (or nothing measured).
func zeroCell(s string) bool {
	return strings.Trim(s, "0./-") == ""
}

// MetricsRows flattens a report into rows of the metrics table: one per
// object per reading, objects in creation order, readings in the report's
// order. input is the input column (the report's own Input when "").
func MetricsRows(r *Report, input string) []tables.Metrics {
	if input == "" {
		input = r.Input
	}
	var rows []tables.Metrics
	for _, obj := range r.Objects {
		for i := range obj.Runs {
			run := &obj.Runs[i]
			m := tables.Metrics{
				Input: input, Reading: run.Reading, GUID: obj.GUID, Name: obj.Name,
				TickRate: int32(r.TickRate), Ticks: int64(r.Ticks), Updates: int64(run.Updates),

				RoutesTeleport:      int64(run.Routes["teleport"]),
				RoutesInterpolate:   int64(run.Routes["interpolate"]),
				RoutesSlide:         int64(run.Routes["slide"]),
				RoutesAirborne:      int64(run.Routes["airborne"]),
				RoutesStalePosition: int64(run.Routes["stale_position"]),
				RoutesStaleTeleport: int64(run.Routes["stale_teleport"]),
				RoutesWrongInstance: int64(run.Routes["wrong_instance"]),
				EnqueuesFar:         int64(run.Enqueues["far"]),
				EnqueuesArrived:     int64(run.Enqueues["arrived"]),
				EnqueuesNear:        int64(run.Enqueues["near"]),

				StallWindows: int64(run.StallWindows), StallFailures: int64(run.StallFailures),
				Blips: int64(run.Blips), Snaps: int64(run.Snaps), Pops: int64(run.Pops), Hitches: int64(run.Hitches),

				LongestQueueS: run.LongestQueue, MaxQueue: int64(run.MaxQueue), FinalQueue: int64(run.FinalQueue),
			}
			firsts := [...]**int64{&m.FirstBlip, &m.FirstSnap, &m.FirstPop, &m.FirstHitch}
			for k, kind := range firstKinds {
				if tick, ok := run.First[kind]; ok {
					v := int64(tick)
					*firsts[k] = &v
				}
			}
			if e := run.Error; e != nil {
				n, mean, p95, mx := int64(e.Ticks), e.Mean, e.P95, e.Max
				m.ErrorTicks, m.ErrorMean, m.ErrorP95, m.ErrorMax = &n, &mean, &p95, &mx
			}
			// A recreated guid's rows are told apart by their created
			// tick.
			m.Created = int64(obj.created)
			if obj.deleted >= 0 {
				d := int64(obj.deleted)
				m.Deleted = &d
			}
			rows = append(rows, m)
		}
	}
	return rows
}
