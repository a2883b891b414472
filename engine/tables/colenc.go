// Column encoders of the Parquet format, for the states table's own column
// writer (states.go): the RLE/bit-packing hybrid (dictionary indices,
// definition levels), DELTA_BINARY_PACKED (int64), BYTE_STREAM_SPLIT
// (double) and PLAIN (dictionary pages). Each appends to dst and
// returns it; the layouts are those of the Parquet format's Encodings.md.

package tables

import (
	"encoding/binary"
	"math"
	"math/bits"
	"slices"
)

// indexWidth is the bit width of dictionary indices below n entries. It is
// never 0: some readers refuse a zero width even for a one-entry dictionary.
func indexWidth(n int) int {
	if n <= 2 {
		return 1
	}
	return bits.Len32(uint32(n - 1))
}

// appendHybrid appends vals in the RLE/bit-packing hybrid at width w,
// without a length prefix: a run of eight or more equal values becomes one
// RLE run, the rest bit-packed groups of eight (the last group padded with
// zeros; the page's value count tells the reader where it ends).
func appendHybrid(dst []byte, vals []uint32, w int) []byte {
	n := len(vals)
	for i := 0; i < n; {
		if r := runLen(vals, i); r >= 8 {
			dst = binary.AppendUvarint(dst, uint64(r)<<1)
			v := vals[i]
			for b := 0; b < (w+7)/8; b++ {
				dst = append(dst, byte(v>>(8*b)))
			}
			i += r
			continue
		}
		// Bit-packed groups until one starts a run of eight.
		start := i
		i += 8
		for i < n && !run8(vals, i) {
			i += 8
		}
		groups := (i - start) / 8
		dst = binary.AppendUvarint(dst, uint64(groups)<<1|1)
		dst = appendPacked(dst, vals[start:min(i, n)], w, groups*8)
	}
	return dst
}

// runLen is the number of values equal to vals[i] from i on.
func runLen(vals []uint32, i int) int {
	v, j := vals[i], i+1
	for j < len(vals) && vals[j] == v {
		j++
	}
	return j - i
}

// run8 reports whether vals[i:i+8] are all equal.
func run8(vals []uint32, i int) bool {
	if i+8 > len(vals) {
		return false
	}
	v := vals[i]
	for _, x := range vals[i+1 : i+8] {
		if x != v {
			return false
		}
	}
	return true
}

// appendPacked bit-packs vals at width w, least significant bit first,
// padded with zero values to count values.
func appendPacked(dst []byte, vals []uint32, w, count int) []byte {
	if w <= 16 {
		// Whole groups of eight values, the group's 8w bits (w bytes) as
		// two words of four values each, laid side by side in two words
		// (at width 16 the shifts by 64 give 0 and the second word is b),
		// stored whole over room grown once and cut to w bytes.
		full := min(len(vals), count) &^ 7
		at := len(dst)
		dst = slices.Grow(dst, full/8*w+16)[:at+full/8*w+16]
		le := binary.LittleEndian
		uw := uint(w)
		for i := 0; i < full; i += 8 {
			v := vals[i : i+8 : i+8]
			a := uint64(v[0]) | uint64(v[1])<<uw | uint64(v[2])<<(2*uw) | uint64(v[3])<<(3*uw)
			b := uint64(v[4]) | uint64(v[5])<<uw | uint64(v[6])<<(2*uw) | uint64(v[7])<<(3*uw)
			le.PutUint64(dst[at:], a|b<<(4*uw))
			le.PutUint64(dst[at+8:], b>>(64-4*uw))
			at += w
		}
		dst = dst[:at]
		vals, count = vals[full:], count-full
	}
	var acc uint64
	nb := 0 // bits waiting in acc: fewer than 32 between values
	for i := range count {
		var v uint32
		if i < len(vals) {
			v = vals[i]
		}
		acc |= uint64(v) << nb
		nb += w
		if nb >= 32 {
			dst = binary.LittleEndian.AppendUint32(dst, uint32(acc))
			acc >>= 32
			nb -= 32
		}
	}
	for ; nb > 0; nb -= 8 {
		dst = append(dst, byte(acc))
		acc >>= 8
	}
	return dst
}

// DELTA_BINARY_PACKED layout: blocks of deltaBlock values in deltaMinis
// miniblocks.
const (
	deltaBlock = 128
	deltaMinis = 4
	deltaMini  = deltaBlock / deltaMinis
)

// appendDeltaInt64 appends vals in DELTA_BINARY_PACKED. A block whose
// deltas are all equal (a tick's rows, where the tick stays the same) costs
// its header alone.
func appendDeltaInt64(dst []byte, vals []int64) []byte {
	dst = appendDeltaHeader(dst, vals[:min(len(vals), 1)], len(vals))
	for i := 1; i < len(vals); i += deltaBlock {
		dst = appendDeltaBlock(dst, vals[i-1:min(i+deltaBlock, len(vals))])
	}
	return dst
}

// appendDeltaHeader appends the header of n values in
// DELTA_BINARY_PACKED, first holding the first value (none when n is 0).
func appendDeltaHeader(dst []byte, first []int64, n int) []byte {
	dst = binary.AppendUvarint(dst, deltaBlock)
	dst = binary.AppendUvarint(dst, deltaMinis)
	dst = binary.AppendUvarint(dst, uint64(n))
	if n == 0 {
		return binary.AppendVarint(dst, 0)
	}
	return binary.AppendVarint(dst, first[0])
}

// appendDeltaBlock appends one block of DELTA_BINARY_PACKED: the deltas
// of vals[1:] (at most deltaBlock values), vals[0] being the value before
// them.
func appendDeltaBlock(dst []byte, vals []int64) []byte {
	var deltas [deltaBlock]uint64
	block := vals[1:]
	prev := vals[0]
	minD := int64(math.MaxInt64)
	for j, v := range block {
		d := v - prev
		prev = v
		deltas[j] = uint64(d)
		minD = min(minD, d)
	}
	dst = binary.AppendVarint(dst, minD)
	// The widths of the block's miniblocks, then the miniblocks that
	// hold values (the widths of those that hold none stay zero).
	wpos := len(dst)
	dst = append(dst, make([]byte, deltaMinis)...)
	for m := 0; m*deltaMini < len(block); m++ {
		mini := deltas[m*deltaMini : min((m+1)*deltaMini, len(block))]
		var or uint64
		for j := range mini {
			mini[j] -= uint64(minD)
			or |= mini[j]
		}
		w := bits.Len64(or)
		dst[wpos+m] = byte(w)
		dst = appendPacked64(dst, mini, w, deltaMini)
	}
	return dst
}

// appendPacked64 is appendPacked for 64-bit values.
func appendPacked64(dst []byte, vals []uint64, w, count int) []byte {
	if w == 0 {
		return dst
	}
	var acc uint64
	nb := 0 // bits waiting in acc: fewer than 8 between values
	for i := range count {
		var v uint64
		if i < len(vals) {
			v = vals[i]
		}
		acc |= v << nb
		spill := v >> (64 - nb) // the bits that did not fit (0 when nb is 0)
		nb += w
		if nb >= 64 {
			dst = binary.LittleEndian.AppendUint64(dst, acc)
			acc, nb = spill, nb-64
		}
		for nb >= 8 {
			dst = append(dst, byte(acc))
			acc >>= 8
			nb -= 8
		}
	}
	if nb > 0 {
		dst = append(dst, byte(acc))
	}
	return dst
}

// appendSplitDoubles appends vals in BYTE_STREAM_SPLIT: the first bytes of
// every value, then the second bytes, and so on. The doubles of the states
// table are float32 values widened, so their three low bytes are zero and
// their streams compress to almost nothing. Eight values at a time are
// transposed as an 8×8 byte matrix in registers.
func appendSplitDoubles(dst []byte, vals []float64) []byte {
	dst, _, _ = appendSplitBounded(dst, vals, math.Inf(1), math.Inf(-1))
	return dst
}

// appendSplitBounded is appendSplitDoubles that also widens the bounds lo
// and hi by vals, on the values it has in registers anyway (NaN fails both
// comparisons and bounds nothing).
func appendSplitBounded(dst []byte, vals []float64, lo, hi float64) ([]byte, float64, float64) {
	n := len(vals)
	off := len(dst)
	dst = slices.Grow(dst, 8*n)[:off+8*n]
	out := dst[off:]
	i := 0
	for ; i+8 <= n; i += 8 {
		v := vals[i : i+8 : i+8]
		for _, x := range v {
			if x < lo {
				lo = x
			}
			if x > hi {
				hi = x
			}
		}
		splitBlock(out, n, i, (*[8]float64)(v))
	}
	for ; i < n; i++ {
		x := vals[i]
		if x < lo {
			lo = x
		}
		if x > hi {
			hi = x
		}
		u := math.Float64bits(x)
		for k := range 8 {
			out[k*n+i] = byte(u >> (8 * k))
		}
	}
	return dst, lo, hi
}

// splitBlock stores the eight values v (eight of n, from the i-th on) in a
// BYTE_STREAM_SPLIT body out: their k-th bytes at out[k*n+i:], the 8×8 byte
// matrix transposed in registers.
func splitBlock(out []byte, n, i int, v *[8]float64) {
	splitWords(out, n, i, math.Float64bits(v[0]), math.Float64bits(v[1]), math.Float64bits(v[2]), math.Float64bits(v[3]),
		math.Float64bits(v[4]), math.Float64bits(v[5]), math.Float64bits(v[6]), math.Float64bits(v[7]))
}

// splitWords is splitBlock for eight values given as their bits.
func splitWords(out []byte, n, i int, a0, a1, a2, a3, a4, a5, a6, a7 uint64) {
	a0, a4 = swapBlocks(a0, a4, 32, 0x00000000FFFFFFFF)
	a1, a5 = swapBlocks(a1, a5, 32, 0x00000000FFFFFFFF)
	a2, a6 = swapBlocks(a2, a6, 32, 0x00000000FFFFFFFF)
	a3, a7 = swapBlocks(a3, a7, 32, 0x00000000FFFFFFFF)
	a0, a2 = swapBlocks(a0, a2, 16, 0x0000FFFF0000FFFF)
	a1, a3 = swapBlocks(a1, a3, 16, 0x0000FFFF0000FFFF)
	a4, a6 = swapBlocks(a4, a6, 16, 0x0000FFFF0000FFFF)
	a5, a7 = swapBlocks(a5, a7, 16, 0x0000FFFF0000FFFF)
	a0, a1 = swapBlocks(a0, a1, 8, 0x00FF00FF00FF00FF)
	a2, a3 = swapBlocks(a2, a3, 8, 0x00FF00FF00FF00FF)
	a4, a5 = swapBlocks(a4, a5, 8, 0x00FF00FF00FF00FF)
	a6, a7 = swapBlocks(a6, a7, 8, 0x00FF00FF00FF00FF)
	le := binary.LittleEndian
	le.PutUint64(out[i:], a0)
	le.PutUint64(out[n+i:], a1)
	le.PutUint64(out[2*n+i:], a2)
	le.PutUint64(out[3*n+i:], a3)
	le.PutUint64(out[4*n+i:], a4)
	le.PutUint64(out[5*n+i:], a5)
	le.PutUint64(out[6*n+i:], a6)
	le.PutUint64(out[7*n+i:], a7)
}

// splitBlockHigh is splitBlock for eight values whose three low bytes may
// be zero — a float32 widened to a double keeps its 23 mantissa bits in the
// double's top 29, so its bytes 0 to 2 are always zero: when they are, it
// stores streams 3 to 7 alone and leaves streams 0 to 2 as they are (the
// caller keeps them zero), else all eight as splitBlock. It returns the
// values' bits ORed: a zero byte k there says their k-th bytes are zero.
func splitBlockHigh(out []byte, n, i int, v *[8]float64) uint64 {
	return splitWordsHigh(out, n, i, math.Float64bits(v[0]), math.Float64bits(v[1]), math.Float64bits(v[2]), math.Float64bits(v[3]),
		math.Float64bits(v[4]), math.Float64bits(v[5]), math.Float64bits(v[6]), math.Float64bits(v[7]))
}

// splitWordsHigh is splitBlockHigh for eight values given as their bits.
func splitWordsHigh(out []byte, n, i int, a0, a1, a2, a3, a4, a5, a6, a7 uint64) uint64 {
	or := a0 | a1 | a2 | a3 | a4 | a5 | a6 | a7
	if or&0xFFFFFF != 0 {
		splitWords(out, n, i, a0, a1, a2, a3, a4, a5, a6, a7)
		return or
	}
	// Byte 3 of each value, then the high halves transposed as a 4×8
	// matrix (splitWords's network less its low half).
	s3 := a0>>24&0xFF | a1>>16&0xFF00 | a2>>8&0xFF0000 | a3&0xFF000000 |
		(a4>>24&0xFF|a5>>16&0xFF00|a6>>8&0xFF0000|a7&0xFF000000)<<32
	h0, h1, h2, h3 := a0>>32|a4&^0xFFFFFFFF, a1>>32|a5&^0xFFFFFFFF, a2>>32|a6&^0xFFFFFFFF, a3>>32|a7&^0xFFFFFFFF
	h0, h2 = swapBlocks(h0, h2, 16, 0x0000FFFF0000FFFF)
	h1, h3 = swapBlocks(h1, h3, 16, 0x0000FFFF0000FFFF)
	h0, h1 = swapBlocks(h0, h1, 8, 0x00FF00FF00FF00FF)
	h2, h3 = swapBlocks(h2, h3, 8, 0x00FF00FF00FF00FF)
	le := binary.LittleEndian
	le.PutUint64(out[3*n+i:], s3)
	le.PutUint64(out[4*n+i:], h0)
	le.PutUint64(out[5*n+i:], h1)
	le.PutUint64(out[6*n+i:], h2)
	le.PutUint64(out[7*n+i:], h3)
	return or
}

// swapBlocks is one step of a byte-matrix transpose: x's high blocks of
// the given width trade places with y's low ones (mask selects the low
// blocks): a delta swap, six operations, where the blocks' bits that
// differ are flipped in both.
func swapBlocks(x, y uint64, width uint, mask uint64) (uint64, uint64) {
	d := (x>>width ^ y) & mask
	return x ^ d<<width, y ^ d
}

// appendPlainStrings appends vals as PLAIN byte arrays: a four-byte length,
// then the bytes.
func appendPlainStrings(dst []byte, vals []string) []byte {
	for _, s := range vals {
		dst = binary.LittleEndian.AppendUint32(dst, uint32(len(s)))
		dst = append(dst, s...)
	}
	return dst
}

// appendPlainInt32s appends vals in PLAIN: four bytes each, little-endian.
func appendPlainInt32s(dst []byte, vals []int32) []byte {
	for _, v := range vals {
		dst = binary.LittleEndian.AppendUint32(dst, uint32(v))
	}
	return dst
}
