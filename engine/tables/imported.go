// The imported-events table of Tables v1 (docs/formats.md): one row per
// event viewer import wrote to its recording(s), so a capture's traffic is
// queryable beside the tables of the runs made from it.

package tables

import "strconv"

// Imported is one event of an imported capture.
type Imported struct {
	// Input is the capture's file name; Recording the name of the
	// recording file the event was written to (a long capture is written
	// in pieces).
	Input     string `parquet:"input,dict"`
	Recording string `parquet:"recording,dict"`
	// T is the event's time in that recording, seconds; Tick the tick it
	// is delivered at there (Recording v1: the first tick k ≥ 1 with
	// t ≤ k / tick_rate).
	T    float64 `parquet:"t"`
	Tick int64   `parquet:"tick,delta"`
	// GUID is the event's object, 0x%08X; nil for an event of no object
	// (observer, a note without one).
	GUID *string `parquet:"guid,optional,dict"`
	// Event is the Recording v1 type (position, vector, create, …).
	Event string `parquet:"event,dict"`
	// Detail is the event's Recording v1 line, a JSON object.
	Detail string `parquet:"detail"`
}

func (*Imported) csvHeader() []string {
	return []string{"input", "recording", "t", "tick", "guid", "event", "detail"}
}

func (r *Imported) appendCSV(b []byte) []byte {
	b = csvString(b, r.Input)
	b = csvString(append(b, ','), r.Recording)
	b = csvFloat(append(b, ','), r.T)
	b = strconv.AppendInt(append(b, ','), r.Tick, 10)
	b = csvStringPtr(append(b, ','), r.GUID)
	b = csvString(append(b, ','), r.Event)
	return csvString(append(b, ','), r.Detail)
}
