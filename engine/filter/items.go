// Items from what Glidepath already has: the pipeline's events, cause
// chains, input messages, events-table rows and objects. Each fills the
// fields it knows and leaves the rest unset.

package filter

import (
	"sort"
	"strconv"

	"glidepath/engine/eventlog"
	"glidepath/engine/explain"
	"glidepath/engine/hexid"
	"glidepath/engine/recording"
	"glidepath/engine/report"
	"glidepath/engine/tables"
	"glidepath/interp"
	"glidepath/physics"
)

// Opcodes of the messages Recording v1's kinds stand for (ACE
// GameMessageOpcode; engine/capture reads them).
const (
	OpcodeCreateObject   = 0xF745
	OpcodeDeleteObject   = 0xF747
	OpcodeUpdatePosition = 0xF748
	OpcodeUpdateMotion   = 0xF74C
	OpcodeVectorUpdate   = 0xF74E
)

// Kinds is the vocabulary of bare words Glidepath's own items carry: the
// pipeline's event kinds, the route and enqueue branches, and the input
// messages' kinds, in that order, each once. Callers that add kinds of
// their own append to it.
func Kinds() []string {
	var out []string
	add := func(s string) {
		for _, o := range out {
			if o == s {
				return
			}
		}
		out = append(out, s)
	}
	for k := eventlog.EventRoute; k.String() != "EventKind("+strconv.Itoa(int(k))+")"; k++ {
		add(k.String())
	}
	for r := physics.RouteTeleport; r <= physics.RouteWrongInstance; r++ {
		add(r.String())
	}
	for b := interp.BranchFar; b <= interp.BranchNear; b++ {
		add(b.String())
	}
	for k := recording.KindPosition; k <= recording.KindNote; k++ {
		add(k.String())
	}
	return out
}

// Event is the item of a pipeline event of a run at rate ticks a second.
// A route event's branch, an enqueue's branch and a snap's route are its
// tags; distance is a pop's or route's, or how far a blip or snap moved the
// body; queue and fail are the InterpolationManager's.
func Event(e *eventlog.Event, rate int) Item {
	it := Item{Kind: e.Kind.String(), GUID: e.GUID, HasGUID: true}
	it.Set(FieldTick, float64(e.Tick))
	if rate > 0 {
		it.Set(FieldTime, float64(e.Tick)/float64(rate))
	}
	k := e.Kind.Info()
	if b := e.BranchName(); b != "" {
		it.Tags = []string{b}
	}
	switch {
	case k.Filters&eventlog.FilterDistance != 0:
		it.Set(FieldDistance, float64(e.Distance))
	case k.Filters&eventlog.FilterMoved != 0:
		it.Set(FieldDistance, float64(e.From.Origin.Sub(e.To.Origin).Len()))
	}
	if k.Filters&eventlog.FilterFail != 0 {
		it.Set(FieldFail, float64(e.Fail))
	}
	if k.Filters&eventlog.FilterQueue != 0 {
		it.Set(FieldQueue, float64(e.Queue))
	}
	return it
}

// Cause is the item of a cause chain (`viewer run -explain`): its kind,
// object, tick and the distance the body jumped; a snap's route is a tag.
func Cause(c *explain.Cause, rate int) Item {
	it := Item{Kind: c.Kind.String(), GUID: c.GUID, HasGUID: true}
	if c.Route != 0 {
		it.Tags = []string{c.Route.String()}
	}
	it.Set(FieldTick, float64(c.Tick))
	if rate > 0 {
		it.Set(FieldTime, float64(c.Tick)/float64(rate))
	}
	it.Set(FieldDistance, float64(c.Distance))
	return it
}

// ReportCause is the item of a cause chain as a report gives it.
func ReportCause(guid uint32, c *report.ReportCause, rate int) Item {
	it := Item{Kind: c.Kind, GUID: guid, HasGUID: true}
	if c.Route != "" {
		it.Tags = []string{c.Route}
	}
	it.Set(FieldTick, float64(c.Tick))
	if rate > 0 {
		it.Set(FieldTime, float64(c.Tick)/float64(rate))
	}
	it.Set(FieldDistance, c.Distance)
	return it
}

// TableEvent is the item of an events-table row (Tables v1) of a run at
// rate ticks a second: its branch is a tag.
func TableEvent(r *tables.Event, rate int) Item {
	it := Item{Kind: r.Event}
	if g, ok := ParseGUID(r.GUID); ok {
		it.GUID, it.HasGUID = g, true
	}
	if r.Branch != nil {
		it.Tags = []string{*r.Branch}
	}
	it.Set(FieldTick, float64(r.Tick))
	if rate > 0 {
		it.Set(FieldTime, float64(r.Tick)/float64(rate))
	}
	if r.Distance != nil {
		it.Set(FieldDistance, *r.Distance)
	}
	return it
}

// Message is the item of an input message (a Recording v1 event) delivered
// in tick: its kind (position, motion…), object, opcode, the movement type
// of an UpdateMotion, and its speed (an UpdateMotion's forward speed, a
// VectorUpdate's velocity).
func Message(e *recording.Event, tick int) Item {
	it := Item{Kind: e.Kind.String(), GUID: e.GUID, HasGUID: e.HasGUID}
	it.Set(FieldTick, float64(tick))
	it.Set(FieldTime, e.T)
	switch e.Kind {
	case recording.KindPosition:
		it.Opcode, it.HasOpcode = OpcodeUpdatePosition, true
	case recording.KindMotion:
		it.Opcode, it.HasOpcode = OpcodeUpdateMotion, true
		it.Movement = e.Motion.MovementType.String()
		it.Set(FieldSpeed, float64(e.Motion.ForwardSpeed))
	case recording.KindVector:
		it.Opcode, it.HasOpcode = OpcodeVectorUpdate, true
		it.Set(FieldSpeed, float64(e.Vector.Velocity.Len()))
	case recording.KindCreate:
		it.Opcode, it.HasOpcode = OpcodeCreateObject, true
	case recording.KindDelete:
		it.Opcode, it.HasOpcode = OpcodeDeleteObject, true
	}
	return it
}

// Object is the item of an object as a whole, for the object list: its
// guid, the kinds of every event it had as tags (so `blip` keeps the
// objects that blipped), its position error against the server truth
// (the report's maximum, metres, when measured) and its longest queue.
// An object list keeps an object when Object or any of its events' items
// matches (Expr.MatchAny).
func Object(o *report.ReportObject, run int) Item {
	it := Item{Kind: "object"}
	if g, ok := ParseGUID(o.GUID); ok {
		it.GUID, it.HasGUID = g, true
	}
	if run < 0 || run >= len(o.Runs) {
		return it
	}
	r := &o.Runs[run]
	for _, k := range []struct {
		name string
		n    int
	}{{"blip", r.Blips}, {"snap", r.Snaps}, {"pop", r.Pops}, {"hitch", r.Hitches}} {
		if k.n > 0 {
			it.Tags = append(it.Tags, k.name)
		}
	}
	for _, name := range sortedKeys(r.Routes) {
		if r.Routes[name] > 0 {
			it.Tags = append(it.Tags, name)
		}
	}
	if r.Error != nil {
		it.Set(FieldError, r.Error.Max)
	}
	it.Set(FieldQueue, float64(r.MaxQueue))
	return it
}

// ParseGUID reads "0x80000A01" (hexid.Parse's rule: 0x optional, 1–8
// hex digits).
func ParseGUID(s string) (uint32, bool) {
	v, err := hexid.Parse(s)
	return v, err == nil
}

func sortedKeys(m map[string]int) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
