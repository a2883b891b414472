// The states writer's pages: each page's values encoded (colenc.go) and
// compressed, on any of the writer's goroutines (statespages.go), from the
// rows and the dictionary indices the writer gave them in order; then
// appended to their columns' chunks, in order, with what the footer says
// of them (statesfooter.go).

package tables

import (
	"encoding/binary"
	"math"
	"slices"

	"github.com/parquet-go/parquet-go/format"
)

// chunk is one column's pages in the current row group, and what the footer
// says of them. The pages are written as they were encoded, from their
// jobs' buffers (parts), never copied into one buffer per column.
type chunk struct {
	parts [][]byte
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

func (c *chunk) reset() {
	clear(c.parts)
	*c = chunk{parts: c.parts[:0]}
}

// segRun is a segment's rows within a page.
type segRun struct {
	seg   *stateSegment
	count int
}

// pageCols are a page's values, column by column, gathered from its rows
// in one pass: the six doubles x…heading already in BYTE_STREAM_SPLIT
// (body, with their bounds lo and hi), contact's bits, and error's
// definition levels and values.
type pageCols struct {
	body    [6][]byte
	lo, hi  [6]float64
	contact []byte
	defs    []uint32
	errs    []float64
	// blk holds the doubles of up to eight rows until they are split.
	blk [6][8]float64
	// nonzero are each double column's values' bits ORed: its byte k is
	// zero when stream k of the body is all zeros. Streams 0 to 2 of a
	// body are kept zero between pages (splitBlockHigh leaves them as they
	// are): dirty says a page wrote them, laid the page size the bodies
	// were last laid out for.
	nonzero [6]uint64
	dirty   [6]bool
	laid    int
}

// size makes every column n values long (errs empty).
func (p *pageCols) size(n int) {
	if cap(p.defs) < n {
		n2 := max(n, 4096)
		for k := range p.body {
			p.body[k] = make([]byte, 8*n2)
		}
		p.defs, p.contact = make([]uint32, n2), make([]byte, (n2+7)/8)
		p.dirty, p.laid = [6]bool{}, n
	}
	for k := range p.body {
		p.body[k] = p.body[k][:8*n]
		if p.dirty[k] || p.laid != n {
			clear(p.body[k][:3*n])
			p.dirty[k] = false
		}
		p.nonzero[k] = 0
		p.lo[k], p.hi[k] = math.Inf(1), math.Inf(-1)
	}
	p.laid = n
	p.defs = p.defs[:n]
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
			or := splitBlockHigh(p.body[k], n, i, &p.blk[k])
			p.nonzero[k] |= or
			if or&0xFFFFFF != 0 {
				p.dirty[k] = true
			}
			continue
		}
		for j, x := range v {
			u := math.Float64bits(x)
			p.nonzero[k] |= u
			if u&0xFFFFFF != 0 {
				p.dirty[k] = true
			}
			for b := range 8 {
				p.body[k][b*n+i+j] = byte(u >> (8 * b))
			}
		}
	}
}

// splitRows puts the doubles of eight engine-filled rows (the page's values
// i…i+7 of n) in the bodies, straight from the rows: no staging in blk.
func (p *pageCols) splitRows(n, i int, r *[8]StateValues) {
	p.split8(0, n, i, float64(r[0].X), float64(r[1].X), float64(r[2].X), float64(r[3].X),
		float64(r[4].X), float64(r[5].X), float64(r[6].X), float64(r[7].X))
	p.split8(1, n, i, float64(r[0].Y), float64(r[1].Y), float64(r[2].Y), float64(r[3].Y),
		float64(r[4].Y), float64(r[5].Y), float64(r[6].Y), float64(r[7].Y))
	p.split8(2, n, i, float64(r[0].Z), float64(r[1].Z), float64(r[2].Z), float64(r[3].Z),
		float64(r[4].Z), float64(r[5].Z), float64(r[6].Z), float64(r[7].Z))
	p.split8(3, n, i, globalX(&r[0]), globalX(&r[1]), globalX(&r[2]), globalX(&r[3]),
		globalX(&r[4]), globalX(&r[5]), globalX(&r[6]), globalX(&r[7]))
	p.split8(4, n, i, globalY(&r[0]), globalY(&r[1]), globalY(&r[2]), globalY(&r[3]),
		globalY(&r[4]), globalY(&r[5]), globalY(&r[6]), globalY(&r[7]))
	p.split8(5, n, i, float64(r[0].Heading), float64(r[1].Heading), float64(r[2].Heading), float64(r[3].Heading),
		float64(r[4].Heading), float64(r[5].Heading), float64(r[6].Heading), float64(r[7].Heading))
}

// split8 is split for eight values of column k given as arguments, in
// registers: the bounds widened by them in order, their bits ORed into
// nonzero, and their streams stored (splitWordsHigh).
func (p *pageCols) split8(k, n, i int, v0, v1, v2, v3, v4, v5, v6, v7 float64) {
	lo, hi := p.lo[k], p.hi[k]
	lo, hi = widen(lo, hi, v0)
	lo, hi = widen(lo, hi, v1)
	lo, hi = widen(lo, hi, v2)
	lo, hi = widen(lo, hi, v3)
	lo, hi = widen(lo, hi, v4)
	lo, hi = widen(lo, hi, v5)
	lo, hi = widen(lo, hi, v6)
	lo, hi = widen(lo, hi, v7)
	p.lo[k], p.hi[k] = lo, hi
	or := splitWordsHigh(p.body[k], n, i, math.Float64bits(v0), math.Float64bits(v1), math.Float64bits(v2), math.Float64bits(v3),
		math.Float64bits(v4), math.Float64bits(v5), math.Float64bits(v6), math.Float64bits(v7))
	p.nonzero[k] |= or
	if or&0xFFFFFF != 0 {
		p.dirty[k] = true
	}
}

// widen widens the bounds lo and hi by x: the first least and greatest
// value (NaN fails both comparisons and bounds nothing).
func widen(lo, hi, x float64) (float64, float64) {
	if x < lo {
		lo = x
	}
	if x > hi {
		hi = x
	}
	return lo, hi
}

// stage puts a row's doubles in blk at m (a block of eight that spans
// runs of rows, or a page's last values).
func (p *pageCols) stage(m int, r *StateValues) {
	p.blk[0][m], p.blk[1][m], p.blk[2][m] = float64(r.X), float64(r.Y), float64(r.Z)
	p.blk[3][m], p.blk[4][m] = r.Global()
	p.blk[5][m] = float64(r.Heading)
}

// gather fills the page's double, contact and error columns from its rows;
// it returns whether any row is in contact and whether any is not. The
// doubles are the rows' float32 values widened and their gx, gy
// (StateValues.Global), or their full values where the batch keeps them
// (rows given as State values). Blocks of eight rows within one run of
// rows are split straight from the rows (splitRows), their contact bits and
// error levels taken in the same pass (flags8: each engine-filled row is
// read once, the batch's rows being written by other cores); a block that
// spans two runs, and the page's last values, wait in blk.
func (p *pageCols) gather(job *pageJob) (anyTrue, anyFalse bool) {
	lo, hi := job.lo, job.hi
	n := hi - lo
	p.size(n)
	m := 0 // doubles waiting in p.blk
	wide := job.b.wide
	// contact ORs the contact bits seen, notContact their complements.
	var contact, notContact uint8
	job.b.eachRows(lo, hi, func(at int, rows []StateValues) {
		k := at - lo
		if wide != nil {
			for i := range rows {
				r := &rows[i]
				c := p.flag(k+i, r, wide[at+i].err)
				contact |= c
				notContact |= c ^ 1
			}
			for i := range rows {
				w := &wide[at+i]
				p.blk[0][m], p.blk[1][m], p.blk[2][m] = w.x, w.y, w.z
				p.blk[3][m], p.blk[4][m], p.blk[5][m] = w.gx, w.gy, w.heading
				if m++; m == 8 {
					p.split(n, k+i-7, 8)
					m = 0
				}
			}
			return
		}
		// The engine's rows: each row read once, its flags taken with its
		// doubles.
		i := 0
		for ; i < len(rows) && m > 0; i++ {
			r := &rows[i]
			c := p.flag(k+i, r, float64(r.Error))
			contact |= c
			notContact |= c ^ 1
			p.stage(m, r)
			if m++; m == 8 {
				p.split(n, k+i-7, 8)
				m = 0
			}
		}
		for ; i+8 <= len(rows); i += 8 {
			r8 := (*[8]StateValues)(rows[i : i+8])
			c := p.flags8(k+i, r8)
			contact |= c
			notContact |= ^c
			p.splitRows(n, k+i, r8)
		}
		for ; i < len(rows); i++ {
			r := &rows[i]
			c := p.flag(k+i, r, float64(r.Error))
			contact |= c
			notContact |= c ^ 1
			p.stage(m, r)
			m++
		}
	})
	if m > 0 {
		p.split(n, n-m, m)
	}
	return contact != 0, notContact != 0
}

// flag puts row j's contact bit and error level in the page, and its
// error value e when it has one; it returns the contact bit.
func (p *pageCols) flag(j int, r *StateValues, e float64) uint8 {
	c := bit(r.Contact)
	p.contact[j>>3] |= c << (j & 7)
	p.defs[j] = uint32(bit(r.HasError))
	if r.HasError {
		p.errs = append(p.errs, e)
	}
	return c
}

// flags8 is flag for eight engine-filled rows, rows j…j+7 of the page, j
// a multiple of eight (a block of eight starts where the page's rows before
// it fill whole blocks): their contact bits are the page's byte j/8
// (returned), their error levels set at once, their error values in order.
func (p *pageCols) flags8(j int, r *[8]StateValues) uint8 {
	c := bit(r[0].Contact) | bit(r[1].Contact)<<1 | bit(r[2].Contact)<<2 | bit(r[3].Contact)<<3 |
		bit(r[4].Contact)<<4 | bit(r[5].Contact)<<5 | bit(r[6].Contact)<<6 | bit(r[7].Contact)<<7
	p.contact[j>>3] = c
	d := (*[8]uint32)(p.defs[j : j+8])
	h0, h1, h2, h3 := uint32(bit(r[0].HasError)), uint32(bit(r[1].HasError)), uint32(bit(r[2].HasError)), uint32(bit(r[3].HasError))
	h4, h5, h6, h7 := uint32(bit(r[4].HasError)), uint32(bit(r[5].HasError)), uint32(bit(r[6].HasError)), uint32(bit(r[7].HasError))
	d[0], d[1], d[2], d[3], d[4], d[5], d[6], d[7] = h0, h1, h2, h3, h4, h5, h6, h7
	if h0|h1|h2|h3|h4|h5|h6|h7 != 0 {
		for t := range r {
			if r[t].HasError {
				p.errs = append(p.errs, float64(r[t].Error))
			}
		}
	}
	return c
}

// bit is b as 0 or 1.
func bit(b bool) uint8 {
	if b {
		return 1
	}
	return 0
}

// takeIDs gives rows lo…hi of b their dictionary indices, in row order:
// input, reading and t one per segment run, guid, cell, queue and fail one
// per row, and notes the dictionaries' sizes after them (their pages' bit
// widths).
func (w *statesWriter) takeIDs(j *pageJob) {
	b, lo, hi := j.b, j.lo, j.hi
	j.runs = j.runs[:0]
	for i := range b.segs {
		s := &b.segs[i]
		end := b.Len()
		if i+1 < len(b.segs) {
			end = b.segs[i+1].start
		}
		if c := min(end, hi) - max(s.start, lo); c > 0 {
			j.runs = append(j.runs, segRun{s, c})
		}
	}
	j.inputIDs, j.readingIDs, j.timeIDs = j.inputIDs[:0], j.readingIDs[:0], j.timeIDs[:0]
	for _, r := range j.runs {
		j.inputIDs = append(j.inputIDs, w.input.id(r.seg.input))
	}
	for _, r := range j.runs {
		j.readingIDs = append(j.readingIDs, w.reading.id(r.seg.reading))
	}
	for _, r := range j.runs {
		j.timeIDs = append(j.timeIDs, w.times.id(r.seg.t))
	}
	j.inputN, j.readingN = len(w.input.vals), len(w.reading.vals)
	j.timeN, j.timePlain = len(w.times.vals), w.times.plain
	n := hi - lo
	if cap(j.guid) < n {
		n2 := max(n, 4096)
		j.guid, j.cell, j.queue, j.fail = make([]uint32, n2), make([]uint32, n2), make([]uint32, n2), make([]uint32, n2)
	}
	j.guid, j.cell, j.queue, j.fail = j.guid[:n], j.cell[:n], j.queue[:n], j.fail[:n]
	b.eachRows(lo, hi, func(at int, rows []StateValues) {
		k := at - lo
		guid, cell := j.guid[k:k+len(rows)], j.cell[k:k+len(rows)]
		queue, fail := j.queue[k:k+len(rows)], j.fail[k:k+len(rows)]
		gen := w.gen
		for i := range rows {
			r := &rows[i]
			switch {
			case b.guids != nil:
				guid[i], cell[i] = w.guids.id(b.guids[at+i]), w.cells.id(b.cells[at+i])
			case uint32(r.Key) < uint32(len(w.keys)) && w.keys[r.Key].gen == gen && w.keys[r.Key].guid == r.GUID &&
				w.keys[r.Key].cgen == gen && w.keys[r.Key].cell == r.Cell:
				// The object, in its cell, already in the row group (most
				// rows): objectIDs's cache, read here.
				guid[i], cell[i] = w.keys[r.Key].gidx, w.keys[r.Key].cidx
			default:
				guid[i], cell[i] = w.objectIDs(r)
			}
			queue[i], fail[i] = w.queues.id(r.Queue), w.fails.id(r.Fail)
		}
	})
	j.guidN, j.cellN = len(w.guids.vals), len(w.cells.vals)
	j.queueN, j.failN = len(w.queues.vals), len(w.fails.vals)
}

// encode encodes and compresses the job's page of every column into j.out,
// with what its column's chunk is to learn of it. It reads the job and its
// rows only, so pages are encoded on any goroutine.
func (e *pageEnc) encode(j *pageJob) {
	n := j.hi - j.lo
	j.out = j.out[:0]
	runs := j.runs
	// input, reading and t: one dictionary index per segment, as RLE runs.
	e.scratch = appendRuns(e.scratch[:0], runs, j.inputIDs, j.inputN)
	e.add(j, colInput, nil, e.scratch, n, 0, format.RLEDictionary)
	e.scratch = appendRuns(e.scratch[:0], runs, j.readingIDs, j.readingN)
	e.add(j, colReading, nil, e.scratch, n, 0, format.RLEDictionary)
	// tick: one value per segment run, its bounds and its pages from the
	// runs (appendDeltaRuns), not from a value per row.
	j.tickLo, j.tickHi = runs[0].seg.tick, runs[0].seg.tick
	for _, r := range runs {
		j.tickLo, j.tickHi = min(j.tickLo, r.seg.tick), max(j.tickHi, r.seg.tick)
	}
	e.scratch = appendDeltaRuns(e.scratch[:0], runs, n)
	e.add(j, colTick, nil, e.scratch, n, 0, format.DeltaBinaryPacked)
	if !j.timePlain {
		e.scratch = appendRuns(e.scratch[:0], runs, j.timeIDs, j.timeN)
		e.add(j, colT, nil, e.scratch, n, 0, format.RLEDictionary)
	} else {
		// The dictionary is full: the values in BYTE_STREAM_SPLIT.
		f := e.f64[:0]
		for _, r := range runs {
			for range r.count {
				f = append(f, r.seg.t)
			}
		}
		e.f64 = f
		e.scratch, j.tLo, j.tHi = appendSplitBounded(e.scratch[:0], f, math.Inf(1), math.Inf(-1))
		e.add(j, colT, nil, e.scratch, n, 0, format.ByteStreamSplit)
	}
	p := &e.cols
	e.stop()
	j.anyTrue, j.anyFalse = p.gather(j)
	e.stop()
	// guid and cell: the object's cached indices (or the strings' own).
	e.indexPage(j, colGUID, j.guid, j.guidN)
	e.indexPage(j, colCell, j.cell, j.cellN)
	for k, col := range [...]int{colX, colY, colZ, colGX, colGY, colHeading} {
		e.stop()
		e.addSplit(j, col, p.body[k], n, p.nonzero[k])
	}
	j.lo6, j.hi6 = p.lo, p.hi
	e.stop()
	e.indexPage(j, colQueue, j.queue, j.queueN)
	e.indexPage(j, colFail, j.fail, j.failN)
	e.add(j, colContact, nil, p.contact, n, 0, format.Plain)
	// error: definition levels, then the values that are there.
	e.levels = appendHybrid(e.levels[:0], p.defs, 1)
	e.scratch, j.errLo, j.errHi = appendSplitBounded(e.scratch[:0], p.errs, math.Inf(1), math.Inf(-1))
	e.add(j, colError, e.levels, e.scratch, n, n-len(p.errs), format.ByteStreamSplit)
}

// stop lets the encoder wait between a page's columns where its gate says
// so (stepGate.pause): none on the writer's own goroutine.
func (e *pageEnc) stop() {
	if e.pause != nil {
		e.pause()
	}
}

// appendDeltaRuns appends the ticks of runs (n values in all) in
// DELTA_BINARY_PACKED: the bytes appendDeltaInt64 appends for the tick of
// each run repeated over its rows. A block within one run — every delta
// zero — is its five zero bytes (the least delta, then four widths of 0);
// a block that spans runs takes its values from them.
func appendDeltaRuns(dst []byte, runs []segRun, n int) []byte {
	var first [1]int64
	if n > 0 {
		first[0] = runs[0].seg.tick
	}
	dst = appendDeltaHeader(dst, first[:], n)
	var vals [deltaBlock + 1]int64
	r, end := -1, 0 // the run of value i-1 and its end, once found
	for i := 1; i < n; i += deltaBlock {
		hi := min(i+deltaBlock, n)
		for end <= i-1 {
			r++
			end += runs[r].count
		}
		if end >= hi {
			dst = append(dst, 0, 0, 0, 0, 0)
			continue
		}
		k, rr, e := 0, r, end
		for p := i - 1; p < hi; p++ {
			for e <= p {
				rr++
				e += runs[rr].count
			}
			vals[k] = runs[rr].seg.tick
			k++
		}
		dst = appendDeltaBlock(dst, vals[:k])
	}
	return dst
}

// appendRuns appends a dictionary page body (the bit width, then the
// hybrid) of one RLE run per segment run, equal neighbours merged.
func appendRuns(body []byte, runs []segRun, ids []uint32, entries int) []byte {
	width := indexWidth(entries)
	body = append(body, byte(width))
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

// indexPage encodes a page of dictionary indices (guid, cell, queue, fail).
func (e *pageEnc) indexPage(j *pageJob, col int, idx []uint32, entries int) {
	width := indexWidth(entries)
	e.scratch = appendHybrid(append(e.scratch[:0], byte(width)), idx, width)
	e.add(j, col, nil, e.scratch, len(idx), 0, format.RLEDictionary)
}

// maxPageHeader bounds a data page header's bytes (appendDataPageV2:
// eight varint fields of at most ten bytes with their tags, and the ends).
const maxPageHeader = 96

// add appends a data page (v2) of col to j.out: its definition levels (nil
// for a required column) and its values' body, compressed only when that
// makes it smaller.
func (e *pageEnc) add(j *pageJob, col int, levels, body []byte, values, nulls int, enc format.Encoding) {
	at := e.open(j, levels)
	tried := len(body) >= 64
	if tried {
		j.out = e.codec.appendEncoded(j.out, body)
	}
	e.close(j, col, at, levels, body, tried, values, nulls, enc)
}

// addSplit is add for a double column's BYTE_STREAM_SPLIT body of n
// values, stream k all zeros where byte k of nonzero is: in snappy its zero
// streams are written by hand, the others compressed (appendSplitSnappy).
func (e *pageEnc) addSplit(j *pageJob, col int, body []byte, n int, nonzero uint64) {
	if e.codec.kind != format.Snappy || len(body) < 64 {
		e.add(j, col, nil, body, n, 0, format.ByteStreamSplit)
		return
	}
	at := e.open(j, nil)
	j.out = appendSplitSnappy(j.out, body, n, nonzero)
	e.close(j, col, at, nil, body, true, n, 0, format.ByteStreamSplit)
}

// open starts a page in j.out: room for its header (written by close,
// once the stored body's length is known), then its levels. The body is
// stored from the offset it returns: compressed straight into j.out, never
// through another buffer.
func (e *pageEnc) open(j *pageJob, levels []byte) int {
	j.out = slices.Grow(j.out, maxPageHeader+len(levels))
	j.out = append(j.out[:len(j.out)+maxPageHeader], levels...)
	return len(j.out)
}

// close ends the page of col opened at bodyAt in j.out: the body stays
// compressed as appended there if compression was tried and made it
// shorter, else it is stored as it is; the page's header goes right before
// its levels (the room open left before them is part of no page).
func (e *pageEnc) close(j *pageJob, col, bodyAt int, levels, body []byte, tried bool, values, nulls int, enc format.Encoding) {
	stored, compressed := len(j.out)-bodyAt, true
	if !tried || stored >= len(body) {
		j.out = append(j.out[:bodyAt], body...)
		stored, compressed = len(body), false
	}
	e.hdr = appendDataPageV2(e.hdr[:0], &dataPageV2{
		uncompressed: int32(len(levels) + len(body)), compressed: int32(len(levels) + stored),
		values: int32(values), nulls: int32(nulls), encoding: int32(enc),
		defLength: int32(len(levels)), compressedFlag: compressed,
	})
	start := bodyAt - len(levels) - len(e.hdr)
	copy(j.out[start:], e.hdr)
	j.pages[col] = encodedPage{start: start, end: len(j.out), uncompressed: int64(len(e.hdr) + len(levels) + len(body)),
		values: values, nulls: nulls, dict: enc == format.RLEDictionary}
}

// finishPage appends the job's pages to their columns' chunks and widens
// the chunks' bounds by its values, as though its page were encoded here:
// the writer's goroutine, page after page in order.
func (w *statesWriter) finishPage(j *pageJob) {
	c := &w.chunks[colTick]
	if !c.seen {
		c.imin, c.imax, c.seen = j.tickLo, j.tickHi, true
	}
	c.imin, c.imax = min(c.imin, j.tickLo), max(c.imax, j.tickHi)
	if j.timePlain {
		w.chunks[colT].widen(j.tLo, j.tHi)
	}
	for k, col := range [...]int{colX, colY, colZ, colGX, colGY, colHeading} {
		c := &w.chunks[col]
		lo, hi := j.lo6[k], j.hi6[k]
		if lo <= hi {
			if c.seen {
				lo, hi = min(lo, c.fmin), max(hi, c.fmax)
			}
			c.fmin, c.fmax, c.seen = lo, hi, true
		}
	}
	c = &w.chunks[colContact]
	c.anyTrue, c.anyFalse = c.anyTrue || j.anyTrue, c.anyFalse || j.anyFalse
	w.chunks[colError].widen(j.errLo, j.errHi)
	for col := range w.chunks {
		c := &w.chunks[col]
		pg := &j.pages[col]
		c.parts = append(c.parts, j.out[pg.start:pg.end:pg.end])
		c.pages++
		if pg.dict {
			c.dictPages++
		}
		c.uncompressed += pg.uncompressed
		c.values += int64(pg.values)
		c.nulls += int64(pg.nulls)
	}
	// The pages are written from j.out when the row group is: the job
	// gets another buffer.
	w.groupOuts = append(w.groupOuts, j.out)
	if k := len(w.freeOuts); k > 0 {
		j.out, w.freeOuts[k-1] = w.freeOuts[k-1], nil
		w.freeOuts = w.freeOuts[:k-1]
	} else {
		// (The first row group's: as large as this page's, not grown
		// from nothing page after page.)
		j.out = make([]byte, 0, cap(j.out))
	}
	n := int64(j.hi - j.lo)
	w.rows += n
	w.total += n
	if j.group != nil {
		w.flushGroup(j.group)
	}
}

// widen widens the chunk's bounds by a page's, lo and hi (the page's
// values' first least and greatest, ±Inf reversed for none): the bounds
// the page's values would give one after the other (chunk.bound).
func (c *chunk) widen(lo, hi float64) {
	clo, chi := math.Inf(1), math.Inf(-1)
	if c.seen {
		clo, chi = c.fmin, c.fmax
	}
	if lo < clo {
		clo = lo
	}
	if hi > chi {
		chi = hi
	}
	if clo <= chi {
		c.fmin, c.fmax, c.seen = clo, chi, true
	}
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
