// Rows and errors: one object at one tick as the client logged it, and the
// one error type every problem with a client trace is reported as.

package clienttrace

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/engine/recording"
	"glidepath/physics"
)

// Limits of a client trace, checked as each line is read.
const (
	// MaxSeconds bounds "t": 48 hours, the longest run the engine accepts
	// (recording.MaxSeconds).
	MaxSeconds = recording.MaxSeconds
	// MaxTick bounds "tick": 48 hours at the highest tick rate
	// (recording.MaxTickRate, 240 Hz).
	MaxTick = MaxSeconds * recording.MaxTickRate
	// MaxLineBytes bounds one line.
	MaxLineBytes = 1 << 20
	// MaxQueue bounds "queue" (retail caps the queue at 20 nodes; a client
	// may not, but a larger count is surely not a queue length).
	MaxQueue = 1 << 20
)

// Row is one object at one tick, as the client reported it. The Has fields
// say which optional values the client gave; only those are compared. (The
// fields are ordered to fit a 64-byte cache line: a comparison reads
// millions of rows another goroutine wrote.)
type Row struct {
	// Line is the line of the file the row came from.
	Line int
	// Tick is the tick (given, or mapped from T).
	Tick int
	// T is the time in seconds when the row gave "t" (HasT).
	T float64

	GUID   uint32
	Cell   uint32
	Origin mgl32.Vec3

	Heading float32
	Queue   int

	HasT       bool
	HasHeading bool
	HasQueue   bool
	Contact    bool
	HasContact bool
	// Branch is the MoveOrTeleport outcome of an UpdatePosition the client
	// handled this tick, named as Trace v1's route events name it.
	Branch    physics.Route
	HasBranch bool
}

// Global returns the row's position in global coordinates: the landblock's
// corner (landblock x and y times 192 m) plus the local origin.
func (r *Row) Global() [3]float64 {
	return Global(r.Cell, r.Origin)
}

// Global is a cell and local origin in global coordinates, metres: landblock
// XX × 192 + x, YY × 192 + y, z (DESIGN.md, "Coordinates").
func Global(cell uint32, origin mgl32.Vec3) [3]float64 {
	return [3]float64{
		float64(cell>>24)*physics.LandblockLength + float64(origin[0]),
		float64(cell>>16&0xFF)*physics.LandblockLength + float64(origin[1]),
		float64(origin[2]),
	}
}

// Error is a problem with one line of a client trace: FILE:LINE: FIELD:
// problem. Field is a column or key ("tick", "guid", "origin[1]", "x"), or
// "json", "csv", "header" or "read" for problems not about one field.
type Error struct {
	File    string
	Line    int
	Field   string
	Problem string
}

func (e *Error) Error() string {
	return fmt.Sprintf("%s:%d: %s: %s", e.File, e.Line, e.Field, e.Problem)
}
