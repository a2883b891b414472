// Source: the run as the viewer queries it. The viewer moves a Source's
// cursor with Step and Seek and reads the state there with Snapshot; it
// never changes the run otherwise (STYLE.md points 3 and 4).

package model

import (
	"context"

	"glidepath/engine/eventlog"

	"glidepath/physics"
)

// Info is what does not change while a run is scrubbed.
type Info struct {
	// File names the input: a path, or the built-in scenario's name.
	File string
	// Reading is the name of the interp.Reading the run uses.
	Reading string
	// TickRate is ticks per second.
	TickRate int
	// LastTick is the run's last tick; tick 0 is the initial state.
	LastTick int
	// Objects is how many objects the run ever has (0: not known).
	Objects int
	// World is the collision world (terrain and obstacles); nil is flat
	// ground at z = 0.
	World *physics.World
	// WorldLine says which world the run is in: "illustrative (no dat
	// files; see docs/world.md)" or the dat files and their iterations
	// (engine.Query.WorldDescription); "" when not known.
	WorldLine string
	// Notes are the recording's notes, in tick order (each shown as a
	// caption at its tick).
	Notes []eventlog.Note
}

// Source is one run of a recording under one reading.
type Source interface {
	// Info describes the run.
	Info() *Info
	// Tick is the cursor: the tick the state is at.
	Tick() int
	// Step runs the next tick.
	Step()
	// Seek moves the cursor to tick, in [0, LastTick].
	Seek(tick int) error
	// Snapshot fills s with the state at the cursor.
	Snapshot(s *Snapshot)
	// Events is the event log of every tick simulated so far (the whole run
	// after Prerun), in the order the events happened. Read-only; valid
	// until the next Step or Seek.
	Events() EventLog
}

// Growing is a Source whose input is still being read: a large file shown
// from its first frame while the rest is read, or a file being written
// (viewer -follow). Its Info grows as the input is read; the run may be
// stepped only up to Readable — beyond it, stepping waits for the reading.
type Growing interface {
	// Readable is the last tick whose events are all read, and whether
	// the whole input is read (then Info is final).
	Readable() (tick int, complete bool)
	// WaitReadable blocks until tick is readable, the input is all read,
	// or ctx is done (its error).
	WaitReadable(ctx context.Context, tick int) error
	// Refresh brings Info up to what has been read (LastTick, Objects,
	// Notes) and reports whether it changed. Call it on the goroutine
	// that uses the Source.
	Refresh() bool
	// ReadProgress is how far the reading has got: bytes read, the
	// input's size (0: not known), and the problem that stopped it
	// (FILE:LINE: FIELD: problem), if one did.
	ReadProgress() (read, size int64, err error)
	// ExpectedTicks estimates the run's length from the share of the
	// input read (0: not known), for sizing what grows with it.
	ExpectedTicks() int
	// StopReading ends the reading; what was read stays.
	StopReading()
}
