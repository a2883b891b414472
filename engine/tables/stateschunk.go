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

// pageCols are a page's values, column by column, gathered from its rows
// in one pass: the six doubles x…heading already in BYTE_STREAM_SPLIT
// (body, with their bounds lo and hi), the guid, cell, queue and fail
// dictionary indices, contact's bits, and error's definition levels and
// values.
type pageCols struct {
	body                    [6][]byte
	lo, hi                  [6]float64
	guid, cell, queue, fail []uint32
	contact                 []byte
	defs                    []uint32
	errs                    []float64
	// blk holds the doubles of up to eight rows until they are split.
	blk [6][8]float64
}

// size makes every column n values long (errs empty).
func (p *pageCols) size(n int) {
	if cap(p.guid) < n {
		n2 := max(n, 4096)
		for k := range p.body {
			p.body[k] = make([]byte, 8*n2)
		}
		p.guid, p.cell, p.queue, p.fail = make([]uint32, n2), make([]uint32, n2), make([]uint32, n2), make([]uint32, n2)
		p.defs, p.contact = make([]uint32, n2), make([]byte, (n2+7)/8)
	}
	for k := range p.body {
		p.body[k] = p.body[k][:8*n]
		p.lo[k], p.hi[k] = math.Inf(1), math.Inf(-1)
	}
	p.guid, p.cell, p.queue, p.fail, p.defs = p.guid[:n], p.cell[:n], p.queue[:n], p.fail[:n], p.defs[:n]
	p.contact = p.contact[:(n+7)/8]
	clear(p.contact)
	p.errs = p.errs[:0]
}

// split puts the first m doubles of each column waiting in blk in the
// bodies at value i (of n), and widens the bounds by them (NaN bounds
// nothing).
func (p *pageCols) split(n, i, m int) {
	for k := range p.blk {
		v := p.blk[k][:m]
		lo, hi := p.lo[k], p.hi[k]
		for _, x := range v {
			if x < lo {
				lo = x
			}
			if x > hi {
				hi = x
			}
		}
		p.lo[k], p.hi[k] = lo, hi
		if m == 8 {
			splitBlock(p.body[k], n, i, v)
			continue
		}
		for j, x := range v {
			u := math.Float64bits(x)
			for b := range 8 {
				p.body[k][b*n+i+j] = byte(u >> (8 * b))
			}
		}
	}
}

// gather fills the page's columns from rows lo…hi of b, dictionary
// indices taken in row order.
func (w *statesWriter) gather(b *StateBatch, lo, hi int) {
	p := &w.cols
	n := hi - lo
	p.size(n)
	var anyTrue, anyFalse bool
	m := 0 // doubles waiting in p.blk
	b.eachRows(lo, hi, func(at int, rows []StateValues) {
		k := at - lo
		for i := range rows {
			r := &rows[i]
			j := k + i
			if b.guids != nil {
				p.guid[j], p.cell[j] = w.guids.id(b.guids[at+i]), w.cells.id(b.cells[at+i])
			} else {
				p.guid[j], p.cell[j] = w.objectIDs(r)
			}
			p.blk[0][m], p.blk[1][m], p.blk[2][m] = r.X, r.Y, r.Z
			p.blk[3][m], p.blk[4][m], p.blk[5][m] = r.GX, r.GY, r.Heading
			if m++; m == 8 {
				p.split(n, j-7, 8)
				m = 0
			}
			p.queue[j], p.fail[j] = w.queues.id(r.Queue), w.fails.id(r.Fail)
			if r.Contact {
				p.contact[j>>3] |= 1 << (j & 7)
				anyTrue = true
			} else {
				anyFalse = true
			}
			p.defs[j] = 0
			if r.HasError {
				p.defs[j] = 1
				p.errs = append(p.errs, r.Error)
			}
		}
	})
	if m > 0 {
		p.split(n, n-m, m)
	}
	c := &w.chunks[colContact]
	c.anyTrue, c.anyFalse = c.anyTrue || anyTrue, c.anyFalse || anyFalse
}

// encodePage encodes rows lo…hi of b as one data page of every column.
func (w *statesWriter) encodePage(b *StateBatch, lo, hi int) {
	n := hi - lo
	if n == 0 {
		return
	}
	var runs []segRun
	for i := range b.segs {
		s := &b.segs[i]
		end := b.Len()
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
	w.gather(b, lo, hi)
	p := &w.cols
	// guid and cell: the object's cached indices (or the strings' own).
	w.indexPage(colGUID, p.guid, len(w.guids.vals))
	w.indexPage(colCell, p.cell, len(w.cells.vals))
	scratch := w.scratch
	for k, col := range [...]int{colX, colY, colZ, colGX, colGY, colHeading} {
		c := &w.chunks[col]
		if p.lo[k] <= p.hi[k] {
			if c.seen {
				p.lo[k], p.hi[k] = min(p.lo[k], c.fmin), max(p.hi[k], c.fmax)
			}
			c.fmin, c.fmax, c.seen = p.lo[k], p.hi[k], true
		}
		w.addPage(col, nil, p.body[k], n, 0, format.ByteStreamSplit)
	}
	w.scratch = scratch // (addPage takes a body for the writer's scratch)
	w.indexPage(colQueue, p.queue, len(w.queues.vals))
	w.indexPage(colFail, p.fail, len(w.fails.vals))
	w.addPage(colContact, nil, append(w.scratch[:0], p.contact...), n, 0, format.Plain)
	// error: definition levels, then the values that are there.
	levels := appendHybrid(nil, p.defs, 1)
	w.addPage(colError, levels, w.splitBounded(colError, p.errs), n, n-len(p.errs), format.ByteStreamSplit)
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
