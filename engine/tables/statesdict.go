// The states writer's dictionaries — of strings (input, reading, guid,
// cell), of small integers (queue, fail) and of t, which falls back to
// plain pages when full — and its page compressor.

package tables

import (
	"math"
	"slices"

	"github.com/klauspost/compress/s2"
	"github.com/klauspost/compress/zstd"
	"github.com/parquet-go/parquet-go/format"
)

// strDict is a string column's dictionary in the current row group.
type strDict struct {
	vals  []string
	index map[string]uint32
	// last is the most recent lookup, which input and reading repeat.
	last   string
	lastID uint32
	ok     bool
}

func (d *strDict) init() { d.index = map[string]uint32{} }

// id is s's index, added if new.
func (d *strDict) id(s string) uint32 {
	if d.ok && s == d.last {
		return d.lastID
	}
	i, found := d.index[s]
	if !found {
		i = uint32(len(d.vals))
		d.vals = append(d.vals, s)
		d.index[s] = i
	}
	d.last, d.lastID, d.ok = s, i, true
	return i
}

func (d *strDict) reset() {
	d.vals = d.vals[:0]
	clear(d.index)
	d.ok = false
}

// intDict is a small-integer column's dictionary (queue, fail).
type intDict struct {
	vals []int32
	// small holds index+1 of the values 0…63, 0 when absent; others are in big.
	small [64]uint32
	big   map[int32]uint32
}

func (d *intDict) init() { d.big = map[int32]uint32{} }

func (d *intDict) id(v int32) uint32 {
	if uint32(v) < uint32(len(d.small)) {
		if i := d.small[v]; i != 0 {
			return i - 1
		}
		d.vals = append(d.vals, v)
		d.small[v] = uint32(len(d.vals))
		return uint32(len(d.vals) - 1)
	}
	i, found := d.big[v]
	if !found {
		i = uint32(len(d.vals))
		d.vals = append(d.vals, v)
		d.big[v] = i
	}
	return i
}

func (d *intDict) reset() {
	d.vals = d.vals[:0]
	d.small = [64]uint32{}
	clear(d.big)
}

// maxTimeDict bounds the t column's dictionary in a row group: past it,
// the column's further pages are BYTE_STREAM_SPLIT (the fallback Parquet
// writers use when a dictionary grows too large).
const maxTimeDict = 1 << 15

// timeDict is the t column's dictionary in the current row group.
type timeDict struct {
	vals  []float64
	index map[uint64]uint32 // by bits: NaN finds itself
	// plain: the dictionary is full, the pages from now on are plain.
	plain bool
	// max is the entries allowed (maxTimeDict; less in tests).
	max    int
	last   uint64
	lastID uint32
	ok     bool
}

func (d *timeDict) init() { d.index, d.max = map[uint64]uint32{}, maxTimeDict }

func (d *timeDict) id(t float64) uint32 {
	b := math.Float64bits(t)
	if d.ok && b == d.last {
		return d.lastID
	}
	if d.plain {
		return 0
	}
	i, found := d.index[b]
	if !found {
		if len(d.vals) >= d.max {
			d.plain = true
			return 0
		}
		i = uint32(len(d.vals))
		d.vals = append(d.vals, t)
		d.index[b] = i
	}
	d.last, d.lastID, d.ok = b, i, true
	return i
}

func (d *timeDict) reset() {
	d.vals = d.vals[:0]
	clear(d.index)
	d.plain, d.ok = false, false
}

// pageCodec compresses page bodies.
type pageCodec struct {
	kind format.CompressionCodec
	z    *zstd.Encoder
}

func newPageCodec(c Codec) (pageCodec, error) {
	if c == Snappy {
		return pageCodec{kind: format.Snappy}, nil
	}
	// zstd at its fastest level: the byte streams of the states table
	// compress to about a byte per row even so.
	z, err := zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedFastest), zstd.WithEncoderConcurrency(1),
		zstd.WithZeroFrames(true), zstd.WithEncoderCRC(false))
	return pageCodec{kind: format.Zstd, z: z}, err
}

// appendEncoded appends src compressed to dst.
func (c *pageCodec) appendEncoded(dst, src []byte) []byte {
	if c.kind == format.Snappy {
		need := s2.MaxEncodedLen(len(src))
		dst = slices.Grow(dst, need)
		z := s2.EncodeSnappy(dst[len(dst):len(dst)+need], src)
		return dst[:len(dst)+len(z)]
	}
	return c.z.EncodeAll(src, dst)
}

func (c *pageCodec) encode(dst, src []byte) []byte {
	if c.kind == format.Snappy {
		need := s2.MaxEncodedLen(len(src))
		if cap(dst) < need {
			dst = make([]byte, need)
		}
		return s2.EncodeSnappy(dst[:need], src)
	}
	return c.z.EncodeAll(src, dst[:0])
}
