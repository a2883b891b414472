// The states writer's pages, column chunks and footer: each page's values
// encoded (colenc.go) and compressed into its column's chunk, the chunks
// written with their dictionaries when the row group is full, and the
// footer (FileMetaData) when the table is closed.

package tables

import (
	"encoding/binary"
	"math"

	"github.com/parquet-go/parquet-go/format"
)

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
		w.addPage(col, nil, w.splitBounded(col, f), n, 0, format.ByteStreamSplit)
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
	levels := appendHybrid(nil, defs, 1)
	w.addPage(colError, levels, w.splitBounded(colError, vals), n, n-len(vals), format.ByteStreamSplit)
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
	w.addPage(colT, nil, w.splitBounded(colT, f), n, 0, format.ByteStreamSplit)
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

// splitBounded is vals in BYTE_STREAM_SPLIT (in the writer's scratch), the
// bounds of col's chunk widened by them.
func (w *statesWriter) splitBounded(col int, vals []float64) []byte {
	c := &w.chunks[col]
	lo, hi := math.Inf(1), math.Inf(-1)
	if c.seen {
		lo, hi = c.fmin, c.fmax
	}
	body, lo, hi := appendSplitBounded(w.scratch[:0], vals, lo, hi)
	if lo <= hi {
		c.fmin, c.fmax, c.seen = lo, hi, true
	}
	return body
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
