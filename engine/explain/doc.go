// Package explain builds cause chains from an event log: why each blip,
// snap, pop, hitch, sprint, snap-back and lag happened, one Cause per jump,
// and what the transition did (wall, step, cell, land) (DESIGN.md, "Explanations are data"). An Explainer takes a run's events
// tick by tick (the engine runs one with Options.Explain); Explain takes a
// whole log.
package explain
