//go:build race

package engine

// raceEnabled says the tests run under the race detector, ten times
// slower: the chunked-path matrices then run the combinations that share
// work between goroutines (two cores, several shards, a short and a long
// chunk); the whole matrix runs in make test's second pass, without it.
const raceEnabled = true
