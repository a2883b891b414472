package tables

import (
	"bytes"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/klauspost/compress/s2"
)

// A split body in snappy stream by stream (appendSplitSnappy) is one valid
// snappy block that decodes to the body, whatever streams are zero (snappy's
// format_description.txt: literals, copies of one and two offset bytes,
// overlapping copies of the byte before), for bodies of 1 to 300 values.
func TestAppendSplitSnappy_DecodesToTheBody(t *testing.T) {
	r := rand.New(rand.NewPCG(41, 7))
	for trial := range 600 {
		n := 1 + r.IntN(300)
		if trial%50 == 0 {
			n = 1 + r.IntN(20000)
		}
		body := make([]byte, 8*n)
		var nonzero uint64
		for s := range 8 {
			if r.IntN(2) == 0 {
				continue // a zero stream
			}
			for i := range n {
				switch r.IntN(4) {
				case 0:
					body[s*n+i] = byte(r.Uint32())
				case 1:
					body[s*n+i] = byte(s + 1)
				}
				nonzero |= uint64(body[s*n+i]) << (8 * s)
			}
		}
		if trial%7 == 0 {
			nonzero = ^uint64(0) // streams said live though zero
		}
		// Appended after a prefix, into room it has or not (the live
		// streams are compressed in place, over the bytes before them).
		dst := []byte("prefix")
		if trial%2 == 1 {
			dst = append(make([]byte, 0, r.IntN(20*n)), dst...)
		}
		got := appendSplitSnappy(dst, body, n, nonzero)
		if !bytes.HasPrefix(got, []byte("prefix")) {
			t.Fatalf("trial %d: the prefix is gone", trial)
		}
		dec, err := s2.Decode(nil, got[len("prefix"):])
		if err != nil || !bytes.Equal(dec, body) {
			t.Fatalf("trial %d (%d values, nonzero %016x): decoded %d bytes, %v; want the %d-byte body", trial, n, nonzero, len(dec), err, len(body))
		}
	}
}

// appendZeros and appendCopies, element by element: every length of a zero
// run decodes to that many zeros, and a zero run costs no more than three
// bytes in 64 (snappy's longest copy).
func TestAppendZeros_EveryLength(t *testing.T) {
	for n := range 700 {
		got := appendZeros(appendUvarintLen(nil, n), n)
		dec, err := s2.Decode(nil, got)
		if err != nil || len(dec) != n || bytes.ContainsFunc(dec, func(r rune) bool { return r != 0 }) {
			t.Fatalf("%d zeros: decoded %d bytes, %v", n, len(dec), err)
		}
		if limit := 2 + 3*(n/64+2) + 8; len(got) > limit {
			t.Errorf("%d zeros: %d bytes, want at most %d", n, len(got), limit)
		}
	}
	// Copies at an offset other than 1 (the far one: three bytes).
	src := []byte("abcdefgh")
	for n := 4; n < 300; n++ {
		for _, off := range []int{3, 8} {
			block := appendCopies(appendLiteral8(appendUvarintLen(nil, 8+n), src), off, n)
			dec, err := s2.Decode(nil, block)
			want := append([]byte{}, src...)
			for range n {
				want = append(want, want[len(want)-off])
			}
			if err != nil || !bytes.Equal(dec, want) {
				t.Fatalf("copy of %d at %d: %q, %v; want %q", n, off, dec, err, want)
			}
		}
	}
}

func appendUvarintLen(dst []byte, n int) []byte {
	for n >= 0x80 {
		dst = append(dst, byte(n)|0x80)
		n >>= 7
	}
	return append(dst, byte(n))
}

// appendLiteral8 appends an eight-byte literal element.
func appendLiteral8(dst, lit []byte) []byte { return append(append(dst, 7<<2), lit[:8]...) }

// The float32 shortcut of the gather (splitBlockHigh, streams 0 to 2 left
// zero between pages) against the general split: pages of one double
// column that mix float32 values with full doubles — within a block of
// eight, block by block, and page by page (a full double's page, then a
// float32 page of the same and of another size, whose low streams must not
// keep the earlier page's bytes) — are the bodies appendSplitDoubles
// writes, and their zero streams are the ones nonzero says.
func TestPageCols_Float32ShortcutIsTheSplit(t *testing.T) {
	r := rand.New(rand.NewPCG(41, 9))
	var p pageCols
	for trial := range 300 {
		n := 1 + r.IntN(400)
		if trial%3 == 1 {
			n = 64 // the same size as the page before
		}
		mode := r.IntN(4)
		if trial%2 == 1 {
			mode = 0 // float32 alone, after a mixed page
		}
		b := &StateBatch{}
		b.Begin("in", "seed", 1, 0)
		rows := b.Extend(n)
		b.wide = make([]wideValues, n) // full doubles: the values as State rows give them
		cols := make([][]float64, 6)
		for i := range rows {
			v := [6]float64{}
			for k := range v {
				f := float64(float32(r.NormFloat64() * 100))
				switch {
				case mode == 1 && r.IntN(10) == 0, mode == 2 && (i/8)%2 == 1, mode == 3:
					f = r.NormFloat64() * 100 // low bytes set
				}
				if k == 2 && trial%5 == 0 {
					f = 0
				}
				v[k] = f
				cols[k] = append(cols[k], f)
			}
			rows[i] = StateValues{}
			b.wide[i] = wideValues{x: v[0], y: v[1], z: v[2], gx: v[3], gy: v[4], heading: v[5]}
		}
		p.gather(&pageJob{b: b, lo: 0, hi: n})
		for k := range 6 {
			want := appendSplitDoubles(nil, cols[k])
			if !bytes.Equal(p.body[k], want) {
				t.Fatalf("trial %d (mode %d, %d values), column %d: the body differs from the split", trial, mode, n, k)
			}
			for s := range 8 {
				zero := !bytes.ContainsFunc(want[s*n:(s+1)*n], func(r rune) bool { return r != 0 })
				if (byte(p.nonzero[k]>>(8*s)) == 0) != zero {
					t.Fatalf("trial %d, column %d: stream %d all zeros %v, nonzero %016x", trial, k, s, zero, p.nonzero[k])
				}
			}
			var lo, hi = math.Inf(1), math.Inf(-1)
			for _, f := range cols[k] {
				lo, hi = min(lo, f), max(hi, f)
			}
			if p.lo[k] != lo || p.hi[k] != hi {
				t.Fatalf("trial %d, column %d: bounds %v…%v, want %v…%v", trial, k, p.lo[k], p.hi[k], lo, hi)
			}
		}
	}
}

// The gather of rows the engine filled (float32 values, gx and gy
// StateValues.Global) gives the page the gather of the same values in full
// gives — bodies, zero streams, bounds, contact bits, error levels and
// values — for pages of any length, after a page of full doubles (whose
// low streams must not stay) or of another length.
func TestPageCols_CompactRowsGatherAsTheirValues(t *testing.T) {
	r := rand.New(rand.NewPCG(41, 13))
	var p, q pageCols
	for trial := range 200 {
		n := 1 + r.IntN(300)
		if trial%4 == 1 {
			// A page of full doubles first, in the same columns.
			full := compactBatchOf(r, randomStates(r, n), n)[0]
			full.wide = make([]wideValues, n)
			for i := range full.wide {
				full.wide[i] = wideValues{x: r.NormFloat64(), y: r.NormFloat64(), z: r.NormFloat64(), gx: r.NormFloat64(),
					gy: r.NormFloat64(), heading: r.NormFloat64()}
			}
			p.gather(&pageJob{b: full, lo: 0, hi: n})
		}
		if trial%3 == 2 {
			n = 64 + r.IntN(2)*8
		}
		b := compactBatchOf(r, randomStates(r, n), n)[0]
		rows := b.AppendStates(nil)
		w := &StateBatch{segs: b.segs, Rows: b.Rows, wide: make([]wideValues, n)}
		for i := range rows {
			s := &rows[i]
			w.wide[i] = wideValues{x: s.X, y: s.Y, z: s.Z, gx: s.GX, gy: s.GY, heading: s.Heading}
			if s.Error != nil {
				w.wide[i].err = *s.Error
			}
		}
		t1, f1 := p.gather(&pageJob{b: b, lo: 0, hi: n})
		t2, f2 := q.gather(&pageJob{b: w, lo: 0, hi: n})
		if t1 != t2 || f1 != f2 || !bytes.Equal(p.contact, q.contact) || !slices.Equal(p.defs, q.defs) {
			t.Fatalf("trial %d: contact or error levels differ", trial)
		}
		if len(p.errs) != len(q.errs) {
			t.Fatalf("trial %d: %d error values, want %d", trial, len(p.errs), len(q.errs))
		}
		for i := range p.errs {
			if math.Float64bits(p.errs[i]) != math.Float64bits(q.errs[i]) {
				t.Fatalf("trial %d: error value %d = %v, want %v", trial, i, p.errs[i], q.errs[i])
			}
		}
		for k := range 6 {
			if !bytes.Equal(p.body[k], q.body[k]) || p.nonzero[k] != q.nonzero[k] {
				t.Fatalf("trial %d (%d rows), column %d: the body or its zero streams differ (%016x, want %016x)",
					trial, n, k, p.nonzero[k], q.nonzero[k])
			}
			if math.Float64bits(p.lo[k]) != math.Float64bits(q.lo[k]) || math.Float64bits(p.hi[k]) != math.Float64bits(q.hi[k]) {
				t.Fatalf("trial %d, column %d: bounds %v…%v, want %v…%v", trial, k, p.lo[k], p.hi[k], q.lo[k], q.hi[k])
			}
		}
	}
}

// The gather splits blocks of eight rows straight from a run of rows and
// stages the blocks that span two runs: rows shared in runs of any length
// (as the chunks of a run of ticks hand them over), a page from any row of
// the batch, give the page the same rows in one run give — bodies, zero
// streams, bounds bit for bit (NaN, ±0, infinities, subnormals among the
// values), contact bits, error levels and values.
func TestPageCols_SharedRunsGatherAsOneRun(t *testing.T) {
	r := rand.New(rand.NewPCG(41, 17))
	var p, q pageCols
	for trial := range 200 {
		n := 1 + r.IntN(300)
		one := compactBatchOf(r, randomStates(r, n), n)[0]
		parts := &StateBatch{segs: one.segs}
		for at := 0; at < n; {
			k := min(n-at, 1+r.IntN(20))
			if trial%5 == 0 {
				k = min(n-at, 63) // a chunk of 63 objects a tick
			}
			parts.Share(one.Rows[at : at+k])
			at += k
		}
		lo := r.IntN(n)
		hi := lo + 1 + r.IntN(n-lo)
		t1, f1 := p.gather(&pageJob{b: one, lo: lo, hi: hi})
		t2, f2 := q.gather(&pageJob{b: parts, lo: lo, hi: hi})
		if t1 != t2 || f1 != f2 || !bytes.Equal(p.contact, q.contact) || !slices.Equal(p.defs, q.defs) {
			t.Fatalf("trial %d: contact or error levels differ", trial)
		}
		if !slices.EqualFunc(p.errs, q.errs, func(a, b float64) bool { return math.Float64bits(a) == math.Float64bits(b) }) {
			t.Fatalf("trial %d: error values differ", trial)
		}
		for k := range 6 {
			if !bytes.Equal(p.body[k], q.body[k]) || p.nonzero[k] != q.nonzero[k] {
				t.Fatalf("trial %d (rows %d…%d), column %d: the body or its zero streams differ", trial, lo, hi, k)
			}
			if math.Float64bits(p.lo[k]) != math.Float64bits(q.lo[k]) || math.Float64bits(p.hi[k]) != math.Float64bits(q.hi[k]) {
				t.Fatalf("trial %d, column %d: bounds %v…%v, want %v…%v", trial, k, q.lo[k], q.hi[k], p.lo[k], p.hi[k])
			}
		}
	}
}
