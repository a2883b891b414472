//go:build race

package clientdiff

// raceEnabled says the tests run under the race detector, ten times
// slower: the runs-of-ticks matrix then runs the combination that shares
// work between goroutines (two cores, three shards); the whole matrix runs
// in make test's second pass, without it.
const raceEnabled = true
