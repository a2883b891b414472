// Event details: the line the strip shows for the hovered event, naming
// the retail decision it records (seed 004 §3 routing branches, seed 000
// §3–§6 the InterpolationManager's).

package timeline

import (
	"strconv"

	"glidepath/engine/eventlog"
	"glidepath/engine/hexid"
	"glidepath/engine/recording"
	"glidepath/ui/model"
)

// tickLabel is "tick K · S s".
func tickLabel(tick, rate int) string {
	return "tick " + strconv.Itoa(tick) + " · " + strconv.FormatFloat(float64(tick)/float64(max(rate, 1)), 'f', 2, 64) + " s"
}

// DescribeAt is the details line of the log's event i: for a blip, snap,
// pop or hitch its cause chain as the engine explained it (explain.Cause),
// otherwise Describe's line.
func DescribeAt(i int, d *Data) string {
	e := d.Index.Event(i)
	if tick, why, ok := d.Index.Cause(i); ok {
		return tickLabel(tick, tickRate(d)) + who(&e, d) + " · " + why
	}
	return Describe(&e, d)
}

// tickRate is the input's tick rate (Hz), what the ruler, the plot and the
// details line count seconds by; the recording format's default before an
// input is read.
func tickRate(d *Data) int {
	if d != nil && d.Info != nil && d.Info.TickRate > 0 {
		return d.Info.TickRate
	}
	return recording.DefaultTickRate
}

// Describe is the details line of an event.
func Describe(e *model.Event, d *Data) string {
	return tickLabel(int(e.Tick), tickRate(d)) + who(e, d) + " · " + what(e, d)
}

// who is " · Name · 0x…" for an event of an object, "" otherwise.
func who(e *model.Event, d *Data) string {
	who := ""
	if e.GUID != 0 {
		who = " · " + hexid.String(e.GUID)
		if d != nil && d.History != nil {
			if tr := d.History.Track(e.GUID); tr != nil && tr.Name != "" {
				who = " · " + tr.Name + who
			}
		}
	}
	return who
}

// what is the event's details line (the kinds table's Detail), with its
// note's text when the run has it.
func what(e *model.Event, d *Data) string {
	var note *eventlog.Note
	if d != nil && d.Info != nil && e.Note >= 0 && int(e.Note) < len(d.Info.Notes) {
		note = &d.Info.Notes[e.Note]
	}
	return e.Detail(note)
}
