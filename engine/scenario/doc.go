// Package scenario compiles scripted remotes into recordings.
//
// A scenario (YAML, documented in docs/scenarios.md) describes the server side
// of a situation: who walks where, how often the server sends UpdatePosition,
// and what the network does to the packets on the way to the client. Compile
// turns it into a Recording v1 (spec/recording-v1.md) — exactly what a client
// capture of that situation would hold — so the engine runs one simulation path
// whatever the source (DESIGN.md, "The one direction data flows").
//
// The compiler has three parts:
//
//   - server truth (mover.go, moves.go, jump.go): each remote's true position
//     per tick, following its script at the motion's speed (anim.RunAnimSpeed
//     × run rate, anim.WalkAnimSpeed × speed, …), turning at the motion
//     table's turn rate and falling under physics.Gravity after a jump. A
//     truth event is written for every remote on every tick; a motion event
//     whenever the interpreted motion changes; a vector event when a jump
//     starts;
//   - the send cadence (cadence.go): UpdatePosition at a fixed interval or on
//     change, with the four sequence stamps of seed 004 §8;
//   - the network model (network.go): latency, jitter, loss, duplication,
//     reordering and scheduled outages, drawn from generators seeded by the
//     scenario's seed (math/rand/v2 PCG), never from a global source.
//
// Compiling is a pure function of the file and the assets tree: the same file
// gives the same recording, byte for byte, on every run. Nothing here reads
// the wall clock or iterates a map.
//
// Errors name the place in the file: FILE:LINE:COLUMN: field: problem
// (*Error). No input panics; inputs that would make the compiler run for long
// (hours of ticks, thousands of remotes, millions of events) are refused with
// an error naming the limit.
package scenario
