// Package engine holds objects in a world and drives them: the deterministic
// tick driver, checkpoints and seeking, the event log, stage traces, trace
// output and glide metrics. It wires physics, physics/anim and interp
// together. Its subpackages hold the formats and inputs: recording (Recording
// v1 and the PositionPack codec), trace (Trace v1), tables (Tables v1: the
// states, events and metrics tables), scenario (YAML scenarios compiled
// into recordings) and capture (network captures read as recordings).
//
// # Running
//
// Load reads a recording or a capture, or compiles a scenario; New makes a Sim of it under
// a reading, at tick 0. Step runs one tick (recording-v1 "Delivery
// semantics"): deliver the events due, routing each UpdatePosition at once
// (seed 004 §0–§4), then UpdateObjectInternal for every live object (seed 003
// §1, §12). The Sim never reads the wall clock, never iterates a map on the
// tick path and holds no globals, so the same input and reading give the same
// bits: a TraceWriter prints them as Trace v1.
//
// # Reading the state
//
// The viewer queries the state at the current tick — Objects, Object, Nodes,
// Observer, Events, Notes, Metrics — and draws it; the engine never calls
// back. Objects are named by guid, so a Seek, which rebuilds the state from
// the nearest checkpoint, never invalidates a selection. RunAll pre-runs the
// whole recording once, keeping the checkpoints and the complete event log
// for the timeline; NextEvent and PrevEvent find the ticks to jump to.
// Compare runs several readings side by side.
//
// # Files
//
//	sim.go, deliver.go          the tick driver and event delivery
//	object.go, movement.go      one object and its collaborators
//	world.go, options.go        terrain, motion tables, run options
//	event.go, log.go, find.go   the event log and searching it
//	view.go, hash.go            read-only views and the state hash
//	checkpoint.go               checkpoints, Seek, RunAll
//	checkpoint_words.go,        an object's state as words, packed against its
//	checkpoint_pack.go,         keyframe's; restoring a checkpoint
//	checkpoint_restore.go
//	metrics.go, report.go       glide metrics and their report
//	compare.go                  readings side by side
//	trace_out.go, load.go       trace output; loading inputs
//	tables_out.go               the states, events and metrics tables
//
// engine may import physics, physics/anim, interp and the standard library
// (plus a YAML decoder); never Ebitengine or ebitenui, so everything here
// builds and tests with no display.
package engine
