// Package engine holds objects in a world and drives them: the deterministic
// tick driver, message types and the PositionPack codec, recording I/O, the
// scenario compiler and network model, checkpoints and seeking, the event
// log, stage traces, trace output and glide metrics. It wires physics,
// physics/anim and interp together.
//
// engine may import physics, physics/anim, interp and the standard library
// (plus a YAML decoder); never Ebitengine or ebitenui, so everything here
// builds and tests with no display.
package engine
