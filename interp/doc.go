// Package interp ports the retail position managers: InterpolationManager
// (the queue of server positions a remote glides through, seed 000),
// PositionManager, ConstraintManager and StickyManager (seed 003 §10, seed 004
// §0), and the Reading policy whose presets capture where public readings of
// the retail binary disagree (READINGS.md).
//
// interp may import physics, mathgl and the standard library. It reaches the
// physics object through the Body interface it declares.
package interp
