package clientdiff

import "testing"

// The reader may hand over two runs of ticks of a 1000-object crowd before
// the first is compared (prefetch.go, aheadBatches): the run steps the
// next run on both cores while it reads, and takes a core whenever a run
// is compared without the comparison waiting for it.
func TestPrefetch_HoldsTwoRunsOfACrowd(t *testing.T) {
	if got, want := aheadBatches*batchRows, 2*runTicks*1000; got < want {
		t.Errorf("the reader holds %d rows ahead, want %d: two runs of %d ticks of 1000 objects", got, want, runTicks)
	}
}
