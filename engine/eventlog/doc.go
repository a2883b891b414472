// Package eventlog holds the event log's types: Event, one flat value per
// decision of the pipeline, and EventKind, the one list of kinds (the first
// seven are Trace v1's event rows; engine/trace uses this list); Place,
// Mark, Filter, Note and MotionGate; the words that describe an event and
// the links into docs/pipeline.md; and the packed form the event store
// keeps a recording's events in. It imports physics and interp only, so
// every reader of a log (the viewer, the store, the cause chains, the
// trace writer) shares the types without importing the engine.
package eventlog
