// Package model is what the viewer knows about a run, as plain data: the
// state at the cursor tick (Snapshot), the event log (Event), the notes, and
// a Source that moves the cursor — Rerun style (STYLE.md point 4): each
// frame the viewer asks a Source for the state at the cursor and draws it;
// scrubbing is moving the cursor, playing is stepping it.
//
// The viewer's records of a run are the engine's store's (engine/store),
// named here as the viewer uses them: the per-tick History of every object
// (trails, the timeline's plots, the object list's live metrics), filled
// once by Prerun, and the Index of the event log by object and kind
// (received positions, blips, next and previous event).
//
// model imports no Ebitengine and keeps no copy of an engine type: a
// snapshot's objects are engine.ObjectViews as the Sim fills them, a note
// is an eventlog.Note, and an event's kind is eventlog.EventKind (the one list
// of kinds). The engine is adapted to Source in ui/simsource, and overlay,
// timeline and panel logic is tested against hand-built snapshots
// (modeltest).
package model
