// Package eventlog holds the event log's types: Event, one flat value per
// decision of the pipeline, and EventKind with its table (kinds.go): one
// declaration per kind — its trace name and columns (the first seven are
// Trace v1's event rows, the transition's wall, step, cell and land four
// more; engine/trace uses this list), its packed payload,
// its filter fields, mark and verdict, its docs/pipeline.md section, its
// timeline lane and colour, its words (Text, the details line Detail, a
// glide or transition event's cause chain) — from which every reader of the log takes
// what it says about a kind. Also Place, Mark, Filter, Note, MotionGate,
// Viewed (an event as the viewer reads it, engine/store's Event) and the
// packed form the event store keeps a recording's events in. It imports
// physics, interp, engine/hexid and engine/recording (whose events it
// packs) only, so every reader of a log (the viewer, the store, the cause
// chains, the trace writer) shares the types without importing the engine.
package eventlog
