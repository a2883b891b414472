//go:build race

package batch

// raceEnabled says the tests run under the race detector, five to ten
// times slower: the batch of every shipped input then runs four of them (on
// one worker and on four, as many inputs as workers), which is what shares
// work between goroutines; every input runs in make test's second pass,
// without it (Makefile RACE_LIGHT).
const raceEnabled = true
