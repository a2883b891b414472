//go:build race

package atomicfile

// raceEnabled says the tests run under the race detector, about twenty
// times slower on a Stream's blocks: the Stream's sweeps over file lengths
// then run the lengths that hand blocks to the writing goroutine (past a
// block, several blocks and a tail); every length runs in make test's
// second pass, without it (Makefile RACE_LIGHT).
const raceEnabled = true
