// The states writer's pages, column chunks and footer: each page's values
// encoded (colenc.go) and compressed into its column's chunk, the chunks
// written with their dictionaries when the row group is full, and the
// footer (FileMetaData) when the table is closed.

package tables

import (
	"encoding/binary"
	"math"

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

// chunk is one column's pages in the current row group, and what the footer
// says of them.
type chunk struct {
	buf   []byte
	pages int32
	// dictPages counts the pages in RLE_DICTIONARY (of t, which may fall
	// back to BYTE_STREAM_SPLIT).
	dictPages    int32
	uncompressed int64
	values       int64
	nulls        int64
	// Bounds: of a double column (fmin, fmax), of tick (imin, imax), of
	// contact (anyTrue, anyFalse).
	fmin, fmax        float64
	seen              bool
	imin, imax        int64
	anyTrue, anyFalse bool
}

func (c *chunk) reset() { *c = chunk{buf: c.buf[:0]} }

// segRun is a segment's rows within a page.
type segRun struct {
	seg   *stateSegment
	count int
}

// encodePage encodes rows lo…hi of b as one data page of every column.
func (w *statesWriter) encodePage(b *StateBatch, lo, hi int) {
	n := hi - lo
	if n == 0 {
		return
	}
	rows := b.Rows[lo:hi]
	var runs []segRun
	for i := range b.segs {
		s := &b.segs[i]
		end := len(b.Rows)
		if i+1 < len(b.segs) {
			end = b.segs[i+1].start
		}
		if c := min(end, hi) - max(s.start, lo); c > 0 {
			runs = append(runs, segRun{s, c})
		}
	}
	// input, reading and t: one dictionary index per segment, as RLE runs.
	w.runPage(colInput, runs, &w.input, func(s *stateSegment) string { return s.input })
	w.runPage(colReading, runs, &w.reading, func(s *stateSegment) string { return s.reading })
	ticks := w.i64[:0]
	for _, r := range runs {
		for range r.count {
			ticks = append(ticks, r.seg.tick)
		}
	}
	w.i64 = ticks
	c := &w.chunks[colTick]
	for _, v := range ticks {
		if !c.seen {
			c.imin, c.imax, c.seen = v, v, true
		}
		c.imin, c.imax = min(c.imin, v), max(c.imax, v)
	}
	w.addPage(colTick, nil, appendDeltaInt64(w.scratch[:0], ticks), n, 0, format.DeltaBinaryPacked)
	w.timePage(runs, n)
	// guid and cell: the object's cached indices (or the strings' own).
	gidx, cidx := w.idxBuf(0, n), w.idxBuf(1, n)
	if b.guids != nil {
		for i := range rows {
			gidx[i], cidx[i] = w.guids.id(b.guids[lo+i]), w.cells.id(b.cells[lo+i])
		}
	} else {
		for i := range rows {
			gidx[i], cidx[i] = w.objectIDs(&rows[i])
		}
	}
	w.indexPage(colGUID, gidx, len(w.guids.vals))
	w.indexPage(colCell, cidx, len(w.cells.vals))
	f := w.floatBuf(n)
	for _, col := range [...]int{colX, colY, colZ, colGX, colGY, colHeading} {
		switch col {
		case colX:
			for i := range rows {
				f[i] = rows[i].X
			}
		case colY:
			for i := range rows {
				f[i] = rows[i].Y
			}
		case colZ:
			for i := range rows {
				f[i] = rows[i].Z
			}
		case colGX:
			for i := range rows {
				f[i] = rows[i].GX
			}
		case colGY:
			for i := range rows {
				f[i] = rows[i].GY
			}
		case colHeading:
			for i := range rows {
				f[i] = rows[i].Heading
			}
		}
		w.chunks[col].bound(f)
		w.addPage(col, nil, appendSplitDoubles(w.scratch[:0], f), n, 0, format.ByteStreamSplit)
	}
	qidx, fidx := w.idxBuf(0, n), w.idxBuf(1, n)
	for i := range rows {
		qidx[i], fidx[i] = w.queues.id(rows[i].Queue), w.fails.id(rows[i].Fail)
	}
	w.indexPage(colQueue, qidx, len(w.queues.vals))
	w.indexPage(colFail, fidx, len(w.fails.vals))
	c = &w.chunks[colContact]
	bits := w.scratch[:0]
	for i := 0; i < n; i += 8 {
		var by byte
		for j, r := range rows[i:min(i+8, n)] {
			if r.Contact {
				by |= 1 << j
				c.anyTrue = true
			} else {
				c.anyFalse = true
			}
		}
		bits = append(bits, by)
	}
	w.addPage(colContact, nil, bits, n, 0, format.Plain)
	// error: definition levels, then the values that are there.
	defs, vals := w.defBuf(n), w.f64[:0]
	for i := range rows {
		defs[i] = 0
		if rows[i].HasError {
			defs[i] = 1
			vals = append(vals, rows[i].Error)
		}
	}
	w.f64 = vals
	w.chunks[colError].bound(vals)
	levels := appendHybrid(nil, defs, 1)
	w.addPage(colError, levels, appendSplitDoubles(w.scratch[:0], vals), n, n-len(vals), format.ByteStreamSplit)
	w.rows += int64(n)
	w.total += int64(n)
}

// runPage writes a page of a string column that is constant over each
// segment: RLE runs of the segments' dictionary indices.
func (w *statesWriter) runPage(col int, runs []segRun, d *strDict, value func(*stateSegment) string) {
	ids := w.idxBuf(0, len(runs))
	for i, r := range runs {
		ids[i] = d.id(value(r.seg))
	}
	w.addPage(col, nil, w.appendRuns(runs, ids, len(d.vals)), sumRuns(runs), 0, format.RLEDictionary)
}

// timePage writes a page of t: RLE runs of its dictionary's indices, or,
// once that dictionary is full, the values in BYTE_STREAM_SPLIT.
func (w *statesWriter) timePage(runs []segRun, n int) {
	ids := w.idxBuf(0, len(runs))
	for i, r := range runs {
		ids[i] = w.times.id(r.seg.t)
	}
	if !w.times.plain {
		w.addPage(colT, nil, w.appendRuns(runs, ids, len(w.times.vals)), n, 0, format.RLEDictionary)
		return
	}
	f := w.floatBuf(n)[:0]
	for _, r := range runs {
		for range r.count {
			f = append(f, r.seg.t)
		}
	}
	w.chunks[colT].bound(f)
	w.addPage(colT, nil, appendSplitDoubles(w.scratch[:0], f), n, 0, format.ByteStreamSplit)
}

// appendRuns is a dictionary page body (the bit width, then the hybrid)
// of one RLE run per segment run, equal neighbours merged.
func (w *statesWriter) appendRuns(runs []segRun, ids []uint32, entries int) []byte {
	width := indexWidth(entries)
	body := append(w.scratch[:0], byte(width))
	for i := 0; i < len(runs); {
		count, j := runs[i].count, i+1
		for j < len(runs) && ids[j] == ids[i] {
			count += runs[j].count
			j++
		}
		body = binary.AppendUvarint(body, uint64(count)<<1)
		for k := 0; k < (width+7)/8; k++ {
			body = append(body, byte(ids[i]>>(8*k)))
		}
		i = j
	}
	return body
}

func sumRuns(runs []segRun) int {
	n := 0
	for _, r := range runs {
		n += r.count
	}
	return n
}

// indexPage writes a page of dictionary indices (guid, cell, queue, fail).
func (w *statesWriter) indexPage(col int, idx []uint32, entries int) {
	width := indexWidth(entries)
	body := appendHybrid(append(w.scratch[:0], byte(width)), idx, width)
	w.addPage(col, nil, body, len(idx), 0, format.RLEDictionary)
}

// idxBuf is the writer's k-th index buffer (of two), n long.
func (w *statesWriter) idxBuf(k, n int) []uint32 {
	if len(w.idx) < 2*n {
		w.idx = make([]uint32, 2*max(n, 4096))
	}
	return w.idx[k*len(w.idx)/2 : k*len(w.idx)/2+n]
}

func (w *statesWriter) floatBuf(n int) []float64 {
	if cap(w.f64) < n {
		w.f64 = make([]float64, n)
	}
	return w.f64[:n]
}

func (w *statesWriter) defBuf(n int) []uint32 {
	if cap(w.defs) < n {
		w.defs = make([]uint32, n)
	}
	return w.defs[:n]
}

// bound widens the chunk's bounds by vals; NaN bounds nothing (it fails
// both comparisons).
func (c *chunk) bound(vals []float64) {
	lo, hi := math.Inf(1), math.Inf(-1)
	if c.seen {
		lo, hi = c.fmin, c.fmax
	}
	for _, v := range vals {
		if v < lo {
			lo = v
		}
		if v > hi {
			hi = v
		}
	}
	if lo <= hi {
		c.fmin, c.fmax, c.seen = lo, hi, true
	}
}

// addPage appends a data page (v2) of col: its definition levels (nil for a
// required column) and its values' body, compressed only when that makes it
// smaller.
func (w *statesWriter) addPage(col int, levels, body []byte, values, nulls int, enc format.Encoding) {
	w.scratch = body[:0]
	stored, compressed := body, false
	if len(body) >= 64 {
		w.zbuf = w.codec.encode(w.zbuf, body)
		if len(w.zbuf) < len(body) {
			stored, compressed = w.zbuf, true
		}
	}
	c := &w.chunks[col]
	w.hdr = appendDataPageV2(w.hdr[:0], &dataPageV2{
		uncompressed: int32(len(levels) + len(body)), compressed: int32(len(levels) + len(stored)),
		values: int32(values), nulls: int32(nulls), encoding: int32(enc),
		defLength: int32(len(levels)), compressedFlag: compressed,
	})
	hdr := w.hdr
	c.buf = append(append(append(c.buf, hdr...), levels...), stored...)
	c.pages++
	if enc == format.RLEDictionary {
		c.dictPages++
	}
	c.uncompressed += int64(len(hdr) + len(levels) + len(body))
	c.values += int64(values)
	c.nulls += int64(nulls)
}
