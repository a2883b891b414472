// The kinds table: one declaration per event kind, from which every reader
// of the log takes what it says about a kind — the trace writer its name
// and columns (spec/trace-v1.md), the packed log its payload, the viewer's
// timeline its lane, colour and details line, the cause chains whether it
// is a glide event and its words, the filters its fields, and
// docs/pipeline.md's section. Adding a kind is one entry here, its
// detector, and its tests (DEVELOPERS.md, "Adding an event kind").

package eventlog

import (
	"image/color"

	"glidepath/interp"
	"glidepath/physics"
)

// Kind declares one event kind.
type Kind struct {
	// Name is the kind's name in traces, tables and JSON (trace-v1's event
	// name for the trace kinds); the timeline's details line names it too.
	Name string
	// Trace: the kind is a trace-v1 event row (spec/trace-v1.md), written
	// with Columns after tick, guid and event.
	Trace bool
	// Columns are the kind's fields in a trace row and the events table's
	// detail column, in the order they are written.
	Columns []Column
	// Payload is what the packed log (engine/log.go) keeps of the event
	// beyond its common fields.
	Payload Payload
	// Filters are the fields an event of the kind gives a filter
	// expression (engine/filter) beyond tick, time and object.
	Filters Filters
	// Mark is the category the timeline steps between; FailMark, when not
	// 0, is the category of an event whose Verdict says it failed.
	Mark, FailMark Mark
	// Verdict says which flag, when false, makes an event of the kind a
	// failure (the "failures only" filters).
	Verdict Verdict
	// Doc is the docs/pipeline.md section that explains the kind.
	Doc string
	// Lane is the label of the timeline lane that shows the kind, "" when
	// the strip does not show it; Color is its marks' colour, and the
	// lane's when it aggregates (Paint, when set, colours one event).
	Lane  string
	Color color.RGBA
	Paint func(*Viewed) (color.RGBA, int)
	// Glide: a glide event (engine/glide.go) spanning Since to Until.
	// Explain, when set, is the cause chain's what and why (the glide
	// events' and the transition's).
	Glide   bool
	Explain func(*Event) (what, why string)
	// Text is the short phrase of an event (the pipeline panel, diff, the
	// cause chains); nil gives the name with spaces.
	Text func(*Event) string
	// Detail is the timeline's details line of a viewed event; note is its
	// note when it has one. nil gives the name.
	Detail func(e *Viewed, note *Note) string
}

// Column is a field of a trace row (spec/trace-v1.md).
type Column uint8

// Columns. ColRoute and ColEnqueue are both written as "branch".
const (
	ColRoute Column = iota + 1
	ColEnqueue
	ColPruned
	ColEvicted
	ColSuccess
	ColPass
	ColCumulative
	ColProgressQuantum
	ColFrom
	ColTo
	ColTarget
	ColContact
	// The transition's rows (EventWall, EventStep, EventCell, EventLand).
	ColHit
	ColHitID
	ColHitCell
	ColPolygon
	ColSlid
	ColHeight
	ColFall
)

var columnNames = [...]string{
	ColRoute: "branch", ColEnqueue: "branch", ColPruned: "pruned", ColEvicted: "evicted",
	ColSuccess: "success", ColPass: "pass", ColCumulative: "cumulative",
	ColProgressQuantum: "progress_quantum", ColFrom: "from", ColTo: "to",
	ColTarget: "target", ColContact: "contact",
	ColHit: "hit", ColHitID: "id", ColHitCell: "cell", ColPolygon: "polygon", ColSlid: "slid",
	ColHeight: "height", ColFall: "fall",
}

// String is the column's JSON field name.
func (c Column) String() string {
	if int(c) < len(columnNames) && c != 0 {
		return columnNames[c]
	}
	return "column?"
}

// IsBranch reports whether the column is a row's branch (written right
// after the event name).
func (c Column) IsBranch() bool { return c == ColRoute || c == ColEnqueue }

// BranchColumn is the kind's branch column (ColRoute or ColEnqueue), 0
// when it has none.
func (k *Kind) BranchColumn() Column {
	for _, c := range k.Columns {
		if c.IsBranch() {
			return c
		}
	}
	return 0
}

// BranchName is the branch of a route or enqueue event (its kind's branch
// column), "" for other kinds: a filter's tag.
func (e *Event) BranchName() string { return branchName(e.Kind, e.Route, e.Branch) }

// BranchName is the viewed event's branch, as Event.BranchName.
func (e *Viewed) BranchName() string { return branchName(e.Kind, e.Route, e.Branch) }

func branchName(k EventKind, r physics.Route, b interp.EnqueueBranch) string {
	switch k.Info().BranchColumn() {
	case ColRoute:
		return r.String()
	case ColEnqueue:
		return b.String()
	}
	return ""
}

// Payload is the shape of an event's packed payload.
type Payload uint8

// Payloads.
const (
	// PayloadWindow: Cumulative and ProgressQuantum (a stall window's;
	// zero for the other kinds with no payload of their own).
	PayloadWindow Payload = iota
	// PayloadDistance: Distance.
	PayloadDistance
	// PayloadPlaces: From, To and Distance.
	PayloadPlaces
	// PayloadSpan: From, To, Distance and the span fields (glide events).
	PayloadSpan
	// PayloadStamps: Gate and Stored (a motion's stamp verdict).
	PayloadStamps
	// PayloadTransit: From, To, Distance, Hit and Slid (the transition's
	// events).
	PayloadTransit
)

// Filters is a set of fields an event gives a filter expression.
type Filters uint8

// Filter fields.
const (
	// FilterDistance: distance is Distance.
	FilterDistance Filters = 1 << iota
	// FilterMoved: distance is how far the event moved the body (From to
	// To).
	FilterMoved
	// FilterFail: fail is node_fail_counter.
	FilterFail
	// FilterQueue: queue is the queue length.
	FilterQueue
)

// Verdict names the flag whose false value makes an event a failure.
type Verdict uint8

// Verdicts.
const (
	VerdictNone Verdict = iota
	VerdictPass
	VerdictSuccess
)

// Failed reports whether an event with verdicts pass and success failed:
// never for a kind with no verdict.
func (v Verdict) Failed(pass, success bool) bool {
	switch v {
	case VerdictPass:
		return !pass
	case VerdictSuccess:
		return !success
	}
	return false
}

// kinds is the table, one entry per kind, in EventKind order.
var kinds = [NumEventKinds]Kind{
	EventRoute: {
		Name: "route", Trace: true, Columns: []Column{ColRoute},
		Payload: PayloadDistance, Filters: FilterDistance,
		Mark: MarkUpdate, Doc: "docs/pipeline.md#move-or-teleport",
		Lane: "updates", Color: RouteColors[physics.RouteInterpolate], Paint: paintRoute,
		Text: routeText, Detail: routeDetail,
	},
	EventEnqueue: {
		Name: "enqueue", Trace: true, Columns: []Column{ColEnqueue, ColPruned, ColEvicted},
		Filters: FilterFail | FilterQueue,
		Mark:    MarkEnqueue, Doc: "docs/pipeline.md#interpolate-to",
		Lane: "enqueues", Color: ColorQueue, Paint: paintEnqueue,
		Text: enqueueText, Detail: enqueueDetail,
	},
	EventNodeComplete: {
		Name: "node_complete", Trace: true, Columns: []Column{ColSuccess},
		Filters: FilterFail | FilterQueue,
		Mark:    MarkNodeComplete, Verdict: VerdictSuccess, Doc: "docs/pipeline.md#node-completed",
		Lane: "completions", Color: ColorPass, Paint: paintVerdict,
		Text: nodeCompleteText, Detail: nodeCompleteDetail,
	},
	EventStallWindow: {
		Name: "stall_window", Trace: true, Columns: []Column{ColPass, ColCumulative, ColProgressQuantum},
		Filters: FilterFail | FilterQueue,
		Mark:    MarkStallPass, FailMark: MarkStallFail, Verdict: VerdictPass, Doc: "docs/pipeline.md#stall-window",
		Lane: "stall windows", Color: ColorPass, Paint: paintVerdict,
		Text: stallWindowText, Detail: stallWindowDetail,
	},
	EventBlip: {
		Name: "blip", Trace: true, Columns: []Column{ColFrom, ColTo, ColTarget},
		Payload: PayloadPlaces, Filters: FilterMoved | FilterFail | FilterQueue,
		Mark: MarkBlip, Doc: "docs/pipeline.md#blip",
		Lane: "blips", Color: ColorBlip,
		Text: blipText, Detail: blipDetail,
	},
	EventSnap: {
		Name: "snap", Trace: true, Columns: []Column{ColFrom, ColTo},
		Payload: PayloadPlaces, Filters: FilterMoved,
		Mark: MarkSnap, Doc: "docs/pipeline.md#move-or-teleport",
		Lane: "snaps", Color: ColorSnap,
		Text: snapText, Detail: snapDetail,
	},
	EventContact: {
		Name: "contact", Trace: true, Columns: []Column{ColContact},
		Mark: MarkContact, Doc: "docs/pipeline.md#contact-gate",
		Lane: "contact", Color: ColorContact, Paint: paintContact,
		Text: contactText, Detail: contactDetail,
	},
	EventMotion: {
		Name: "motion", Payload: PayloadStamps,
		Mark: MarkMotion, Doc: "docs/pipeline.md#motion-stamps",
		Text: motionText, Detail: motionDetail,
	},
	EventVector: {
		Name: "vector",
		Mark: MarkVector, Doc: DeliverDoc,
		Text: vectorText, Detail: vectorDetail,
	},
	EventCreate: {Name: "create", Mark: MarkCreate, Doc: DeliverDoc},
	EventDelete: {Name: "delete", Mark: MarkDelete, Doc: DeliverDoc},
	EventNote: {
		Name: "note", Mark: MarkNote, Doc: DeliverDoc,
		Lane: "notes", Color: ColorNote, Detail: noteDetail,
	},
	EventPop: {
		Name: "pop", Payload: PayloadPlaces, Filters: FilterDistance,
		Mark: MarkPop, Doc: "docs/pipeline.md#blip",
		Lane: "pops", Color: ColorPop,
		Text: popText, Detail: popDetail,
	},
	EventHitch: {
		Name: "hitch", Payload: PayloadPlaces, Filters: FilterQueue,
		Mark: MarkHitch, Doc: "docs/pipeline.md#hitch",
		Lane: "hitches", Color: ColorHitch,
		Text: hitchText, Detail: hitchDetail,
	},
	EventSprint: {
		Name: "sprint", Payload: PayloadSpan,
		Mark: MarkSprint, Doc: "docs/pipeline.md#glide-events",
		Lane: "sprints", Color: ColorSprint,
		Glide: true, Explain: sprintCause, Detail: sprintDetail,
	},
	EventSnapback: {
		Name: "snapback", Payload: PayloadSpan,
		Mark: MarkSnapback, Doc: "docs/pipeline.md#glide-events",
		Lane: "snap-backs", Color: ColorSnapback,
		Glide: true, Explain: snapbackCause, Detail: snapbackDetail,
	},
	EventLag: {
		Name: "lag", Payload: PayloadSpan,
		Mark: MarkLag, Doc: "docs/pipeline.md#glide-events",
		Lane: "lags", Color: ColorLag,
		Glide: true, Explain: lagCause, Detail: lagDetail,
	},
	EventWall: {
		Name: "wall", Trace: true, Columns: []Column{ColHit, ColHitID, ColHitCell, ColPolygon, ColSlid, ColFrom, ColTo},
		Payload: PayloadTransit, Filters: FilterMoved,
		Mark: MarkWall, Doc: "docs/pipeline.md#transition-events",
		Lane: "transition", Color: ColorWall,
		Explain: wallCause, Text: wallText, Detail: wallDetail,
	},
	EventStep: {
		Name: "step", Trace: true, Columns: []Column{ColHeight, ColFrom, ColTo},
		Payload: PayloadTransit, Filters: FilterDistance,
		Mark: MarkStep, Doc: "docs/pipeline.md#transition-events",
		Lane: "transition", Color: ColorStep,
		Explain: stepCause, Text: stepText, Detail: stepDetail,
	},
	EventCell: {
		Name: "cell", Trace: true, Columns: []Column{ColFrom, ColTo},
		Payload: PayloadTransit, Filters: FilterMoved,
		Mark: MarkCell, Doc: "docs/pipeline.md#transition-events",
		Lane: "transition", Color: ColorCell,
		Explain: cellCause, Text: cellText, Detail: cellDetail,
	},
	EventLand: {
		Name: "land", Trace: true, Columns: []Column{ColFall, ColFrom, ColTo},
		Payload: PayloadTransit, Filters: FilterDistance,
		Mark: MarkLand, Doc: "docs/pipeline.md#transition-events",
		Lane: "transition", Color: ColorLand,
		Explain: landCause, Text: landText, Detail: landDetail,
	},
}

// unknownKind is what Info gives for a kind outside the table.
var unknownKind = Kind{Doc: DeliverDoc}

// Info is the kind's declaration; for a kind outside the table, one with
// no name, no lane and no payload of its own.
func (k EventKind) Info() *Kind {
	if k >= EventRoute && k < NumEventKinds {
		return &kinds[k]
	}
	return &unknownKind
}

// Kinds are every kind, in order.
func Kinds() []EventKind {
	out := make([]EventKind, 0, NumEventKinds-1)
	for k := EventRoute; k < NumEventKinds; k++ {
		out = append(out, k)
	}
	return out
}
