// Package engine holds objects in a world and drives them: the deterministic
// tick driver, checkpoints and seeking, the event store and the event log,
// stage traces, table output and glide metrics. It wires physics,
// physics/anim and interp together. Its subpackages hold the formats, the
// inputs and what is built on a run: eventlog (the event types, their text
// and the packed form of a recording's events), loader (opening an input by
// path), recording (Recording v1 and the PositionPack codec), trace (Trace
// v1, and RunWriter, which writes a run's ticks), tables (Tables v1: the
// states, events and metrics tables), scenario (YAML scenarios compiled
// into recordings), capture (network captures read as recordings), explain
// (cause chains), report (the per-object report, the first difference
// between readings, the tour), terrainjson (the terrain and obstacle JSON)
// and wordpack (the checkpoints' byte form).
//
// # Running
//
// loader.Load reads a recording or a capture, or compiles a scenario; New makes a Sim of it under
// a reading, at tick 0. Step runs one tick (recording-v1 "Delivery
// semantics"): deliver the events due, routing each UpdatePosition at once
// (seed 004 §0–§4), then UpdateObjectInternal for every live object (seed 003
// §1, §12). The Sim never reads the wall clock, never iterates a map on the
// tick path and holds no globals, so the same input and reading give the same
// bits: a trace.RunWriter prints them as Trace v1.
//
// # Reading the state
//
// The viewer queries the state at the current tick through Sim.Query —
// Objects, Object, Nodes, Observer, Events, Notes, Metrics — and draws it
// (query.go says what is there and what stays on Sim); the engine never calls
// back. Objects are named by guid, so a Seek, which rebuilds the state from
// the nearest checkpoint, never invalidates a selection. RunAll pre-runs the
// whole recording once, keeping the checkpoints and the complete event log
// for the timeline; NextEvent and PrevEvent find the ticks to jump to.
// Compare runs several readings side by side.
//
// # Files
//
//	sim.go, deliver.go          the tick driver and event delivery
//	parallel.go,                the UpdateObjectInternal pass split over
//	parallel_pool.go,           cores; runs of ticks stepped in chunks of
//	parallel_ticks.go           objects
//	parallel_rows.go            a trace's and a states table's rows made
//	                            per chunk as the chunks step
//	stream.go                   a Sim fed from a stream
//	object.go, moveto.go        one object and its collaborators
//	                            (movement, held items and statics)
//	stamps.go                   the stamp checks of every message
//	world.go, worlddata.go,     terrain, motion tables, dat files, run
//	options.go                  options; recorded positions far from the
//	                            dat ground (world.go)
//	eventstore.go               the recording's events, packed, and growing
//	log.go                      the event log: recording, storing, searching
//	query.go, staterow.go       the query API (Query): read-only views,
//	                            the state hash, state rows (a trace's too)
//	checkpoint.go               checkpoints, Seek, RunAll, object words,
//	                            a pop's stage found again on demand
//	metrics.go, glide.go        glide metrics and the glide judgments
//	expect.go                   a scenario's expectations checked per tick
//	compare.go                  readings side by side
//	tables.go                   the states and events tables (a TickSink)
//
// engine may import physics, physics/anim, interp and the standard library
// (plus a YAML decoder); never Ebitengine or ebitenui, so everything here
// builds and tests with no display.
package engine
