// Package clientdiff compares a client's own per-tick log (a Client trace
// v1, package clienttrace) with the retail pipeline run on the same input:
// where does the client stop doing what retail does, and why?
//
// A Comparer is an engine.TickSink: the Sim hands it each tick's events,
// and Run steps the Sim and reads the client trace in lock step, comparing
// every (tick, guid) row the client gave in global coordinates, so neither
// the run nor the trace is ever held whole in memory. Per object it keeps
// the rows compared, the largest and mean error, and the first diverging
// tick with what retail did there (the tick's routing, enqueue, stall and
// blip decisions and its cause chains) beside what the client reported, and
// a few ticks of context before it.
package clientdiff
