package engine

import (
	"os"
	"slices"
)

// sweepAll says the chunked-path matrices run whole: make sweep sets
// GLIDEPATH_SWEEP=1. Without it, make test's second pass runs a subset
// of each matrix, chosen by what differs rather than by what is cheap:
// every core count, shard count and run length at least once (one shard,
// an odd and an unequal number of shards; runs of one tick, of an odd
// length that ends within a batch, of 64), every input, every interval
// of checkpoints and briefs; docs/testing.md names the one-line bugs the
// subsets were seen to catch.
var sweepAll = os.Getenv("GLIDEPATH_SWEEP") == "1"

// inSweep says whether make test's second pass runs the combination c
// (GOMAXPROCS, shards, ticks a run) of a matrix whose subset is plain:
// always under make sweep.
func inSweep(plain [][3]int, c [3]int) bool {
	return sweepAll || slices.Contains(plain, c)
}
