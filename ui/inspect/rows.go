// Object list rows: each object's name, guid, queue length, fail counter
// and its live glide metrics at the cursor (error to the server truth,
// blips and failed stall windows so far), filtered by a search string.

package inspect

import (
	"fmt"
	"strings"

	"glidepath/engine"
	"glidepath/engine/eventlog"
	"glidepath/engine/hexid"
	"glidepath/engine/recording"
	"glidepath/ui/model"
)

// Row is one object of the list.
type Row struct {
	GUID uint32
	// Name and ID are the row's first line; Stats its second.
	Name, ID, Stats string
}

// Metrics counts an object's events up to the cursor.
type Metrics struct {
	Blips, StallFails, Snaps int
}

// Count counts guid's blips, failed stall windows and snaps up to tick.
func Count(x *model.Index, guid uint32, tick int) Metrics {
	var m Metrics
	if x == nil {
		return m
	}
	for _, id := range x.Of(guid) {
		if int(x.Tick(int(id))) > tick {
			break
		}
		ev := x.Event(int(id))
		e := &ev
		switch e.Mark() {
		case eventlog.MarkBlip:
			m.Blips++
		case eventlog.MarkSnap:
			m.Snaps++
		case eventlog.MarkStallFail:
			m.StallFails++
		}
	}
	return m
}

// MakeRow builds o's row.
func MakeRow(o *engine.ObjectView, m Metrics) Row {
	r := Row{GUID: o.GUID, Name: o.Name, ID: hexid.String(o.GUID)}
	if r.Name == "" {
		r.Name = r.ID
	}
	switch {
	case o.Parent == recording.ObserverTarget:
		r.Stats = "held by the player · not simulated"
		return r
	case o.Parent != 0:
		r.Stats = "held by " + hexid.String(o.Parent) + " · not simulated"
		return r
	case o.Static:
		r.Stats = "static · not simulated"
		return r
	}
	stats := fmt.Sprintf("queue %d · fail %d", len(o.Queue), o.Interp.FailCounter)
	if o.HasTruth {
		stats += fmt.Sprintf(" · err %.2f m", model.Global(&o.Truth).Sub(model.Global(&o.Position)).Len())
	}
	stats += fmt.Sprintf(" · blips %d · stalls %d", m.Blips, m.StallFails)
	if !o.Contact {
		stats += " · airborne"
	}
	r.Stats = stats
	return r
}

// Matches reports whether the row passes the filter: every word of filter
// (case-insensitive) appears in the name or the guid.
func (r *Row) Matches(filter string) bool {
	hay := strings.ToLower(r.Name + " " + r.ID)
	for _, w := range strings.Fields(strings.ToLower(filter)) {
		if !strings.Contains(hay, w) {
			return false
		}
	}
	return true
}
