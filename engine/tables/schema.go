// The three tables of Tables v1 (docs/formats.md): their rows, with the
// Parquet column names and types in the struct tags and the CSV columns in
// the same order. Column names are a contract: add columns, never rename.

package tables

import "strconv"

// State is one object's state after one tick under one reading.
type State struct {
	// Input is the input's file name; Reading the reading's name.
	Input   string `parquet:"input,dict"`
	Reading string `parquet:"reading,dict"`
	Tick    int64  `parquet:"tick,delta"`
	// T is the tick's time, seconds: tick / tick_rate.
	T float64 `parquet:"t"`
	// GUID and Cell are written 0x%08X.
	GUID string `parquet:"guid,dict"`
	Cell string `parquet:"cell,dict"`
	// X, Y, Z are the landblock-local origin (Trace v1 origin); GX, GY the
	// global coordinates (landblock × 192 + local).
	X  float64 `parquet:"x"`
	Y  float64 `parquet:"y"`
	Z  float64 `parquet:"z"`
	GX float64 `parquet:"gx"`
	GY float64 `parquet:"gy"`
	// Heading is in degrees clockwise from north.
	Heading float64 `parquet:"heading"`
	Queue   int32   `parquet:"queue"`
	Fail    int32   `parquet:"fail"`
	Contact bool    `parquet:"contact"`
	// Error is the distance to the latest server truth, metres; nil where
	// no truth had arrived.
	Error *float64 `parquet:"error,optional"`
}

// Event is one Trace v1 event row.
type Event struct {
	Input   string `parquet:"input,dict"`
	Reading string `parquet:"reading,dict"`
	Tick    int64  `parquet:"tick,delta"`
	GUID    string `parquet:"guid,dict"`
	// Event is the Trace v1 kind (route, enqueue, blip…).
	Event string `parquet:"event,dict"`
	// Branch is the route or enqueue branch; nil for other kinds.
	Branch *string `parquet:"branch,optional,dict"`
	// Distance is the metres a blip or snap moved the body; nil otherwise.
	Distance *float64 `parquet:"distance,optional"`
	// Detail is the event's remaining Trace v1 fields as a JSON object.
	Detail string `parquet:"detail"`
	// Cause is the cause chain that explains the event, when one is known.
	Cause *string `parquet:"cause,optional"`
}

// Metrics is one object's glide metrics under one reading: every field of
// `viewer run -json`'s per-run metrics, nested maps flattened with "_".
type Metrics struct {
	Input   string `parquet:"input,dict"`
	Reading string `parquet:"reading,dict"`
	GUID    string `parquet:"guid"`
	Name    string `parquet:"name"`
	// TickRate and Ticks are the run's (the report's tick_rate and ticks).
	TickRate int32 `parquet:"tick_rate"`
	Ticks    int64 `parquet:"ticks"`
	Updates  int64 `parquet:"updates"`

	RoutesTeleport      int64 `parquet:"routes_teleport"`
	RoutesInterpolate   int64 `parquet:"routes_interpolate"`
	RoutesSlide         int64 `parquet:"routes_slide"`
	RoutesAirborne      int64 `parquet:"routes_airborne"`
	RoutesStalePosition int64 `parquet:"routes_stale_position"`
	RoutesStaleTeleport int64 `parquet:"routes_stale_teleport"`
	RoutesWrongInstance int64 `parquet:"routes_wrong_instance"`

	EnqueuesFar     int64 `parquet:"enqueues_far"`
	EnqueuesArrived int64 `parquet:"enqueues_arrived"`
	EnqueuesNear    int64 `parquet:"enqueues_near"`

	StallWindows  int64 `parquet:"stall_windows"`
	StallFailures int64 `parquet:"stall_failures"`
	Blips         int64 `parquet:"blips"`
	Snaps         int64 `parquet:"snaps"`
	Pops          int64 `parquet:"pops"`
	Hitches       int64 `parquet:"hitches"`

	// The error statistics are nil when the input has no truth for the
	// object (the JSON report omits "error").
	ErrorTicks *int64   `parquet:"error_ticks,optional"`
	ErrorMean  *float64 `parquet:"error_mean,optional"`
	ErrorP95   *float64 `parquet:"error_p95,optional"`
	ErrorMax   *float64 `parquet:"error_max,optional"`

	LongestQueueS float64 `parquet:"longest_queue_s"`
	MaxQueue      int64   `parquet:"max_queue"`
	FinalQueue    int64   `parquet:"final_queue"`

	// The ticks of the object's first blip, snap, pop and hitch (the JSON
	// report's "first"); nil when it had none of that kind.
	FirstBlip  *int64 `parquet:"first_blip,optional"`
	FirstSnap  *int64 `parquet:"first_snap,optional"`
	FirstPop   *int64 `parquet:"first_pop,optional"`
	FirstHitch *int64 `parquet:"first_hitch,optional"`

	// Created and Deleted are the ticks the object was created and
	// deleted on (Deleted nil while it is alive at the end): a guid
	// deleted and created again is two objects, two rows, told apart by
	// Created (the JSON report's "life").
	Created int64  `parquet:"created"`
	Deleted *int64 `parquet:"deleted,optional"`
}

// Row is a row of one of the three tables.
type Row interface {
	State | Event | Metrics | Imported
}

// csvRow is what the CSV writer needs of a row: its columns, in the Parquet
// order, and its record.
type csvRow interface {
	csvHeader() []string
	appendCSV(b []byte) []byte
}

func (*State) csvHeader() []string {
	return []string{"input", "reading", "tick", "t", "guid", "cell", "x", "y", "z", "gx", "gy", "heading", "queue", "fail", "contact", "error"}
}

func (r *State) appendCSV(b []byte) []byte {
	b = csvString(b, r.Input)
	b = csvString(append(b, ','), r.Reading)
	b = strconv.AppendInt(append(b, ','), r.Tick, 10)
	b = csvFloat(append(b, ','), r.T)
	b = csvString(append(b, ','), r.GUID)
	b = csvString(append(b, ','), r.Cell)
	for _, v := range [...]float64{r.X, r.Y, r.Z, r.GX, r.GY, r.Heading} {
		b = csvFloat(append(b, ','), v)
	}
	b = strconv.AppendInt(append(b, ','), int64(r.Queue), 10)
	b = strconv.AppendInt(append(b, ','), int64(r.Fail), 10)
	b = strconv.AppendBool(append(b, ','), r.Contact)
	return csvFloatPtr(append(b, ','), r.Error)
}

func (*Event) csvHeader() []string {
	return []string{"input", "reading", "tick", "guid", "event", "branch", "distance", "detail", "cause"}
}

func (r *Event) appendCSV(b []byte) []byte {
	b = csvString(b, r.Input)
	b = csvString(append(b, ','), r.Reading)
	b = strconv.AppendInt(append(b, ','), r.Tick, 10)
	b = csvString(append(b, ','), r.GUID)
	b = csvString(append(b, ','), r.Event)
	b = csvStringPtr(append(b, ','), r.Branch)
	b = csvFloatPtr(append(b, ','), r.Distance)
	b = csvString(append(b, ','), r.Detail)
	return csvStringPtr(append(b, ','), r.Cause)
}

func (*Metrics) csvHeader() []string {
	return []string{"input", "reading", "guid", "name", "tick_rate", "ticks", "updates",
		"routes_teleport", "routes_interpolate", "routes_slide", "routes_airborne",
		"routes_stale_position", "routes_stale_teleport", "routes_wrong_instance",
		"enqueues_far", "enqueues_arrived", "enqueues_near",
		"stall_windows", "stall_failures", "blips", "snaps", "pops", "hitches",
		"error_ticks", "error_mean", "error_p95", "error_max",
		"longest_queue_s", "max_queue", "final_queue",
		"first_blip", "first_snap", "first_pop", "first_hitch", "created", "deleted"}
}

func (r *Metrics) appendCSV(b []byte) []byte {
	b = csvString(b, r.Input)
	b = csvString(append(b, ','), r.Reading)
	b = csvString(append(b, ','), r.GUID)
	b = csvString(append(b, ','), r.Name)
	b = strconv.AppendInt(append(b, ','), int64(r.TickRate), 10)
	for _, v := range [...]int64{r.Ticks, r.Updates,
		r.RoutesTeleport, r.RoutesInterpolate, r.RoutesSlide, r.RoutesAirborne,
		r.RoutesStalePosition, r.RoutesStaleTeleport, r.RoutesWrongInstance,
		r.EnqueuesFar, r.EnqueuesArrived, r.EnqueuesNear,
		r.StallWindows, r.StallFailures, r.Blips, r.Snaps, r.Pops, r.Hitches} {
		b = strconv.AppendInt(append(b, ','), v, 10)
	}
	b = append(b, ',')
	if r.ErrorTicks != nil {
		b = strconv.AppendInt(b, *r.ErrorTicks, 10)
	}
	b = csvFloatPtr(append(b, ','), r.ErrorMean)
	b = csvFloatPtr(append(b, ','), r.ErrorP95)
	b = csvFloatPtr(append(b, ','), r.ErrorMax)
	b = csvFloat(append(b, ','), r.LongestQueueS)
	b = strconv.AppendInt(append(b, ','), r.MaxQueue, 10)
	b = strconv.AppendInt(append(b, ','), r.FinalQueue, 10)
	for _, v := range [...]*int64{r.FirstBlip, r.FirstSnap, r.FirstPop, r.FirstHitch} {
		b = append(b, ',')
		if v != nil {
			b = strconv.AppendInt(b, *v, 10)
		}
	}
	b = strconv.AppendInt(append(b, ','), r.Created, 10)
	b = append(b, ',')
	if r.Deleted != nil {
		b = strconv.AppendInt(b, *r.Deleted, 10)
	}
	return b
}
