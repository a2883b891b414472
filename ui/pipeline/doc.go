// Package pipeline is the teaching panel's content: for one object at one
// tick, the stages of CPhysicsObj::UpdateObjectInternal in retail order
// (seed 003 §1, §12) with their retail names and addresses, what each
// produced, and a line saying why — "window 5/5, cumulative 0.42 m ≥
// 0.20 m: pass" — worked out from the object's stage record, its
// InterpolationManager state (seed 000) and the tick's events. Stepper walks
// the stages one at a time for sub-tick stepping. No Ebitengine: the rows
// are plain strings, tested without a display.
package pipeline
