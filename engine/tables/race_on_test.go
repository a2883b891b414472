//go:build race

package tables

// raceEnabled says the tests run under the race detector, ten times
// slower: the writer's sweeps then run the writes that share work between
// goroutines (one encoding goroutine and three), and the first trials of
// the random round trip; every worker count and trial runs in make test's
// second pass, without it (Makefile RACE_LIGHT).
const raceEnabled = true
