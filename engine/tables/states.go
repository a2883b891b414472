// The states table's own Parquet writer. The states table is most of what
// a run writes (one row per object per tick), and its schema and data are
// known, so it is written column by column without a generic library's
// per-row path: input and reading are dictionary indices that stay the
// same for a run (RLE runs); t is a dictionary too, constant over a tick's
// rows (falling back to BYTE_STREAM_SPLIT pages in a row group of so few
// objects that its dictionary would grow past maxTimeDict); guid and cell are dictionary indices kept per
// object (no hashing while an object stays in its cell); tick is
// DELTA_BINARY_PACKED (constant over a tick's rows, so a block costs its
// header); the doubles are BYTE_STREAM_SPLIT (float32 values widened: their
// low byte streams are zeros and compress to nothing); queue and fail are
// small-integer dictionaries; contact is PLAIN bits; error's nulls are
// definition levels. Pages are Parquet data pages v2, compressed (zstd or
// snappy) only where that makes them smaller; page headers and the footer
// are the Parquet format's thrift structures (parquet-go's format package).
//
// Memory: one page of each column waits as values, one row group as
// encoded pages; a row group is written every RowGroupRows rows.

package tables

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"sync"

	"glidepath/engine/hexid"
)

// statePageRows bounds the rows of a data page. A page is a batch's rows
// (or a part of them at a row group's end), encoded column by column
// straight from the batch, so a row is never copied into page buffers.
const statePageRows = 1 << 16

// The states table's columns, in schema order.
const (
	colInput = iota
	colReading
	colTick
	colT
	colGUID
	colCell
	colX
	colY
	colZ
	colGX
	colGY
	colHeading
	colQueue
	colFail
	colContact
	colError
	nStateCols
)

// keyCache is what the writer remembers of one object key in the current
// row group: its guid's and its current cell's dictionary indices.
type keyCache struct {
	gen, guid, gidx  uint32
	cgen, cell, cidx uint32
}

// maxKey bounds the keys the writer caches; rows of larger keys are
// looked up every time.
const maxKey = 1 << 22

// statesWriter writes the states table to a stream.
type statesWriter struct {
	out   flushWriter
	off   int64
	codec pageCodec

	groupRows int64 // rows per row group
	pageRows  int
	rows      int64 // rows in the current row group's chunks
	total     int64
	// taken counts the rows of the current row group given their
	// dictionary indices (the rows of the pages on their way included).
	taken int64

	chunks                       [nStateCols]chunk
	input, reading, guids, cells strDict
	queues, fails                intDict
	times                        timeDict
	keys                         []keyCache
	gen                          uint32 // the current row group's number, from 1
	groups                       []rowGroupMeta
	// rowBatch is Write's batch.
	rowBatch StateBatch
	// enc encodes pages on the writer's goroutine when workers is 0;
	// else workers goroutines take them from work, inflight are the
	// pages on their way, oldest first, and freeJobs the jobs done with
	// (statespages.go).
	enc      pageEnc
	workers  int
	work     chan *pageJob
	wg       sync.WaitGroup
	inflight []*pageJob
	freeJobs []*pageJob
	// gate holds the encoding goroutines while the run's stepping has
	// every core (Stepping).
	gate stepGate
	// groupOuts are the encoded pages' buffers of the current row group
	// (its chunks' parts), freeOuts those written since.
	groupOuts, freeOuts [][]byte
	err                 error
}

// flushWriter is the writer's output: buffered, unless dst writes in big
// blocks of its own (atomicfile.Stream), which copy the pages once.
type flushWriter interface {
	io.Writer
	Flush() error
}

// blockWriter is a writer that gathers what it is given in big blocks.
type blockWriter interface{ BlockSize() int }

// unbuffered is a writer written as it is.
type unbuffered struct{ io.Writer }

func (unbuffered) Flush() error { return nil }

func newStatesWriter(dst io.Writer, codec Codec, groupRows int64, pageRows int) (*statesWriter, error) {
	c, err := newPageCodec(codec)
	if err != nil {
		return nil, err
	}
	var out flushWriter = bufio.NewWriterSize(dst, 1<<20)
	if _, ok := dst.(blockWriter); ok {
		out = unbuffered{dst}
	}
	w := &statesWriter{out: out, codec: c, groupRows: groupRows,
		pageRows: pageRows, gen: 1, enc: pageEnc{codec: c}, workers: pageWorkers()}
	for _, d := range []*strDict{&w.input, &w.reading, &w.guids, &w.cells} {
		d.init()
	}
	w.queues.init()
	w.times.init()
	w.fails.init()
	w.write([]byte("PAR1"))
	return w, w.err
}

// WriteStates writes a batch's rows: a page of each column per batch (at
// most pageRows rows, and split where a row group ends). It returns once
// the writer is done with b (TakeStates returns sooner).
func (w *statesWriter) WriteStates(b *StateBatch) error {
	w.take(b, nil)
	w.drain()
	return w.err
}

// Write writes rows given as State values: the path of tables copied from
// other tables (a batch's spools) and of tests. The rows become batches
// whose guids and cells are strings and whose doubles are kept in full.
func (w *statesWriter) Write(rows []State) error {
	for len(rows) > 0 && w.err == nil {
		k := min(len(rows), 4096)
		b := &w.rowBatch
		b.Reset()
		for i := range rows[:k] {
			r := &rows[i]
			if i == 0 || r.Input != rows[i-1].Input || r.Reading != rows[i-1].Reading || r.Tick != rows[i-1].Tick ||
				math.Float64bits(r.T) != math.Float64bits(rows[i-1].T) {
				b.Begin(r.Input, r.Reading, r.Tick, r.T)
			}
			v := StateValues{Queue: r.Queue, Fail: r.Fail, Contact: r.Contact}
			wv := wideValues{x: r.X, y: r.Y, z: r.Z, gx: r.GX, gy: r.GY, heading: r.Heading}
			if r.Error != nil {
				wv.err, v.HasError = *r.Error, true
			}
			b.Rows = append(b.Rows, v)
			b.guids = append(b.guids, r.GUID)
			b.cells = append(b.cells, r.Cell)
			b.wide = append(b.wide, wv)
		}
		rows = rows[k:]
		if err := w.WriteStates(b); err != nil {
			return err
		}
	}
	return w.err
}

// Close writes the last row group and the footer.
func (w *statesWriter) Close() error {
	w.stopPages()
	if w.err != nil {
		return w.err
	}
	if w.taken > 0 {
		w.flushGroup(w.endGroup())
	}
	w.writeFooter()
	if w.err == nil {
		w.err = w.out.Flush()
	}
	return w.err
}

// write appends b to the file.
func (w *statesWriter) write(b []byte) {
	if w.err != nil {
		return
	}
	n, err := w.out.Write(b)
	w.off += int64(n)
	if err != nil {
		w.err = fmt.Errorf("tables: writing the states table: %w", err)
	}
}

// objectIDs are v's guid and cell dictionary indices, from the key's cache
// while the object stays in its cell.
func (w *statesWriter) objectIDs(v *StateValues) (gi, ci uint32) {
	if uint32(v.Key) >= maxKey {
		return w.guids.id(hexid.String(v.GUID)), w.cells.id(hexid.String(v.Cell))
	}
	if int(v.Key) >= len(w.keys) {
		w.keys = append(w.keys, make([]keyCache, int(v.Key)+1-len(w.keys))...)
	}
	kc := &w.keys[v.Key]
	if kc.gen != w.gen || kc.guid != v.GUID {
		kc.gen, kc.guid, kc.gidx = w.gen, v.GUID, w.guids.id(hexid.String(v.GUID))
		kc.cgen = 0
	}
	if kc.cgen != w.gen || kc.cell != v.Cell {
		kc.cgen, kc.cell, kc.cidx = w.gen, v.Cell, w.cells.id(hexid.String(v.Cell))
	}
	return kc.gidx, kc.cidx
}
