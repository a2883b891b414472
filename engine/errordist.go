// Error distribution: one object's distances to the server truth, kept in
// bounded memory for the glide metrics' mean, 95th percentile and maximum
// (docs/formats.md, "Metrics", item 23). The mean and maximum are exact. The
// percentile is exact by nearest rank while an object has at most
// ExactErrorTicks measured ticks (every shipped recording and scenario);
// past that the samples are folded into a histogram of float32 values
// whose buckets are 1/64 of a power of two wide, and the percentile is the
// upper edge of the bucket holding the nearest rank (never above the
// maximum): at most 1.6 % above the exact value, never below it. Memory is
// then about 9 KiB an object whatever the length of the run, instead of
// 4 bytes an object-tick.

package engine

import (
	"math"
	"slices"
)

// ExactErrorTicks is how many measured ticks an object's error percentile
// is exact for; past it the percentile comes from the histogram.
const ExactErrorTicks = 4096

// Histogram layout: errors below 2^errMinExp m (a micrometre) share bucket
// 0; from there each power of two up to 2^errMaxExp m (32 km, past any
// distance in a landblock grid a client tracks) has 2^errMantBits buckets;
// larger errors share the last.
const (
	errMinExp   = -20
	errMaxExp   = 15
	errMantBits = 6
	errBuckets  = 1 + (errMaxExp-errMinExp)<<errMantBits + 1
)

// errorDist is one object's error samples.
type errorDist struct {
	n     int
	sum   float64
	max   float32
	exact []float32 // the samples, while n ≤ ExactErrorTicks
	hist  []uint32  // counts by errorBucket, once past it
}

// add records one tick's error.
func (d *errorDist) add(e float32) {
	d.n++
	d.sum += float64(e)
	d.max = max(d.max, e)
	if d.hist == nil {
		if len(d.exact) < ExactErrorTicks {
			d.exact = append(d.exact, e)
			return
		}
		d.hist = make([]uint32, errBuckets)
		for _, x := range d.exact {
			d.hist[errorBucket(x)]++
		}
		d.exact = nil
	}
	d.hist[errorBucket(e)]++
}

// errorBucket is the histogram bucket of a non-negative error: buckets are
// in the order of the values, since a non-negative float32's bits are.
func errorBucket(e float32) int {
	if !(e >= 0x1p-20) {
		return 0
	}
	if e >= 0x1p15 {
		return errBuckets - 1
	}
	b := math.Float32bits(e)
	exp := int(b>>23) - 127
	return 1 + (exp-errMinExp)<<errMantBits + int(b>>(23-errMantBits))&(1<<errMantBits-1)
}

// bucketTop is the upper edge of bucket i: the smallest error of bucket
// i+1 (the last bucket's is unbounded: +Inf).
func bucketTop(i int) float32 {
	switch {
	case i == 0:
		return 0x1p-20
	case i >= errBuckets-1:
		return float32(math.Inf(1))
	}
	i-- // from 2^errMinExp
	exp := errMinExp + i>>errMantBits
	mant := i&(1<<errMantBits-1) + 1
	return float32(math.Ldexp(1+float64(mant)/(1<<errMantBits), exp))
}

// stats summarises the samples.
func (d *errorDist) stats() ErrorStats {
	if d.n == 0 {
		return ErrorStats{}
	}
	rank := max(int(math.Ceil(ErrorPercentile/100.0*float64(d.n))), 1)
	out := ErrorStats{N: d.n, Mean: d.sum / float64(d.n), Max: float64(d.max)}
	if d.hist == nil {
		sorted := slices.Clone(d.exact)
		slices.Sort(sorted)
		out.P95 = float64(sorted[rank-1])
		return out
	}
	seen := 0
	for i, c := range d.hist {
		if seen += int(c); seen >= rank {
			out.P95 = float64(min(bucketTop(i), d.max))
			break
		}
	}
	return out
}
