// Package overlay draws a run's state at the cursor through a draw.Canvas:
// bodies, the server-truth ghost, received positions, the interpolation
// queue, blips, stall windows, the stage vectors, trails, the distance
// rings and the observer (DESIGN.md "The viewer"). One file per kind of
// visual. Each overlay reads a model.Snapshot and the run's History and
// Index and only describes what to draw, so every overlay is tested with a
// draw.Recorder and no display. Drawing allocates nothing in steady state.
package overlay
