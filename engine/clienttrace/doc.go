// Package clienttrace reads Client trace v1 (docs/formats.md): what a client
// under test logged, one row per object per tick it simulated — the body's
// cell and origin, and optionally its heading, its interpolation queue
// length, its Contact bit and the MoveOrTeleport branch it took for an
// UpdatePosition that tick (seed 004 §3).
//
// Three spellings are accepted, told apart by the first line: JSON Lines
// (`{"tick":N,"guid":"0x…","cell":"0x…","origin":[x,y,z]}`, or `"t"` seconds
// instead of `"tick"`), CSV with a header row naming the columns, and a
// Glidepath Trace v1 file (its route event rows give each state row's
// branch), so two readings or two versions of Glidepath can be compared.
//
// The Reader streams: NextTick returns the rows of one tick at a time, in
// file order, so a comparison can step a simulation alongside it. Every
// problem is a *Error, FILE:LINE: FIELD: problem; the reader never panics.
package clienttrace
