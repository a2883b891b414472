// Package recording reads and writes Glidepath recordings, the Recording v1
// format (docs/formats.md): a JSON Lines header naming the objects that exist
// at t = 0, then timed events — what one client received about remote
// objects (UpdatePosition, UpdateMotion, VectorUpdate, CreateObject,
// DeleteObject), plus observer moves, server-side truth and notes.
//
// A Reader streams events and checks every rule of the format, reporting the
// first problem as FILE:LINE: FIELD: problem (*Error). ReadFile and Read load
// a whole recording. A Writer writes files the Reader accepts, with floats
// formatted so that read→write→read is exact. DecodeUpdatePosition and
// AppendUpdatePosition are the PositionPack codec (seed 004 §2) for the raw
// form of a position event.
//
// Events are plain value structs (Event, with a Kind and per-kind payload
// fields), so the tick driver can keep them in a slice and walk it without
// allocation.
package recording
