// The states writer's row groups and footer: each column chunk written with
// its dictionary page first, its metadata kept for the footer, and the
// footer (the file's schema, exactly Tables v1's states columns, and every
// row group's chunks with their bounds) written on Close.

package tables

import (
	"encoding/binary"
	"fmt"
	"math"

	"github.com/parquet-go/parquet-go/deprecated"
	"github.com/parquet-go/parquet-go/encoding/thrift"
	"github.com/parquet-go/parquet-go/format"
)

type rowGroupMeta = format.RowGroup

// stateColumn is a column of the states table: its name and Parquet type.
type stateColumn struct {
	name string
	typ  format.Type
	// str marks a string (UTF8) column; optional a nullable one.
	str, optional bool
}

// stateColumns are the states table's columns (Tables v1, docs/formats.md).
var stateColumns = [nStateCols]stateColumn{
	{"input", format.ByteArray, true, false}, {"reading", format.ByteArray, true, false},
	{"tick", format.Int64, false, false}, {"t", format.Double, false, false},
	{"guid", format.ByteArray, true, false}, {"cell", format.ByteArray, true, false},
	{"x", format.Double, false, false}, {"y", format.Double, false, false}, {"z", format.Double, false, false},
	{"gx", format.Double, false, false}, {"gy", format.Double, false, false}, {"heading", format.Double, false, false},
	{"queue", format.Int32, false, false}, {"fail", format.Int32, false, false},
	{"contact", format.Boolean, false, false}, {"error", format.Double, false, true},
}

// stateSchema is the footer's schema: the elements the generic writer of
// the other tables writes for the same Go types, so the states table reads
// the same in every engine.
func stateSchema() []format.SchemaElement {
	s := []format.SchemaElement{{Name: "State", NumChildren: thrift.New(int32(nStateCols))}}
	for _, c := range stateColumns {
		e := format.SchemaElement{Name: c.name, Type: thrift.New(c.typ),
			RepetitionType: thrift.New(format.Required)}
		if c.optional {
			e.RepetitionType = thrift.New(format.Optional)
		}
		switch {
		case c.str:
			e.ConvertedType = thrift.New(deprecated.UTF8)
			e.LogicalType = format.LogicalType{Value: &format.StringType{}}
		case c.typ == format.Int64:
			e.TypeLength = thrift.New(int32(64))
			e.ConvertedType = thrift.New(deprecated.Int64)
			e.LogicalType = format.LogicalType{Value: &format.IntType{BitWidth: 64, IsSigned: true}}
		case c.typ == format.Int32:
			e.TypeLength = thrift.New(int32(32))
			e.ConvertedType = thrift.New(deprecated.Int32)
			e.LogicalType = format.LogicalType{Value: &format.IntType{BitWidth: 32, IsSigned: true}}
		case c.typ == format.Double:
			e.TypeLength = thrift.New(int32(64))
		case c.typ == format.Boolean:
			e.TypeLength = thrift.New(int32(1))
		}
		s = append(s, e)
	}
	return s
}

// endGroup ends the row group whose rows were given dictionary indices so
// far: its dictionaries' pages, for flushGroup, and empty dictionaries for
// the next.
func (w *statesWriter) endGroup() *groupDicts {
	g := &groupDicts{times: append([]float64(nil), w.times.vals...)}
	for col := range g.dicts {
		g.dicts[col] = w.dictPage(col)
	}
	w.taken = 0
	w.gen++
	for _, d := range []*strDict{&w.input, &w.reading, &w.guids, &w.cells} {
		d.reset()
	}
	w.queues.reset()
	w.fails.reset()
	w.times.reset()
	return g
}

// flushGroup writes the row group's column chunks, with g its
// dictionaries.
func (w *statesWriter) flushGroup(g *groupDicts) {
	start := w.off
	rg := format.RowGroup{NumRows: w.rows, FileOffset: start, Ordinal: int16(len(w.groups))}
	for col := range w.chunks {
		c := &w.chunks[col]
		md := format.ColumnMetaData{Type: stateColumns[col].typ, PathInSchema: []string{stateColumns[col].name},
			Codec: w.codec.kind, NumValues: c.values}
		chunkStart := w.off
		var encs []format.Encoding
		var stats format.Statistics
		if dict := g.dicts[col]; dict != nil {
			md.DictionaryPageOffset = w.off
			w.write(dict.page)
			md.TotalUncompressedSize += dict.uncompressed
			md.EncodingStats = append(md.EncodingStats, format.PageEncodingStats{PageType: format.DictionaryPage, Encoding: format.Plain, Count: 1})
			encs = []format.Encoding{format.Plain, format.RLEDictionary}
			stats.MinValue, stats.MaxValue = dict.min, dict.max
		}
		md.DataPageOffset = w.off
		for _, p := range c.parts {
			w.write(p)
		}
		enc := w.dataEncoding(col)
		if col == colT {
			// t's pages: a dictionary's, then (past maxTimeDict) plain ones.
			c.bound(g.times)
			if c.dictPages > 0 {
				md.EncodingStats = append(md.EncodingStats, format.PageEncodingStats{PageType: format.DataPageV2, Encoding: format.RLEDictionary, Count: c.dictPages})
			}
			if c.pages > c.dictPages {
				md.EncodingStats = append(md.EncodingStats, format.PageEncodingStats{PageType: format.DataPageV2, Encoding: format.ByteStreamSplit, Count: c.pages - c.dictPages})
				encs = append(encs, format.ByteStreamSplit)
			}
		} else {
			md.EncodingStats = append(md.EncodingStats, format.PageEncodingStats{PageType: format.DataPageV2, Encoding: enc, Count: c.pages})
		}
		switch col {
		case colTick:
			stats.MinValue = binary.LittleEndian.AppendUint64(nil, uint64(c.imin))
			stats.MaxValue = binary.LittleEndian.AppendUint64(nil, uint64(c.imax))
		case colContact:
			stats.MinValue, stats.MaxValue = []byte{boolByte(!c.anyFalse)}, []byte{boolByte(c.anyTrue)}
		case colError:
			encs = []format.Encoding{format.RLE}
		}
		if c.seen && stateColumns[col].typ == format.Double {
			stats.MinValue, stats.MaxValue = plainDouble(c.fmin, true), plainDouble(c.fmax, false)
		}
		if encs == nil || col == colError {
			// (t's encodings are its dictionary's, and its fallback's.)
			encs = append(encs, enc)
		}
		md.Encoding = encs
		stats.NullCount = c.nulls
		md.Statistics = stats
		md.TotalUncompressedSize += c.uncompressed
		md.TotalCompressedSize = w.off - chunkStart
		rg.Columns = append(rg.Columns, format.ColumnChunk{FileOffset: chunkStart, MetaData: md})
		rg.TotalByteSize += md.TotalUncompressedSize
		c.reset()
	}
	for _, out := range w.groupOuts {
		w.freeOuts = append(w.freeOuts, out[:0])
	}
	clear(w.groupOuts)
	w.groupOuts = w.groupOuts[:0]
	rg.TotalCompressedSize = w.off - start
	w.groups = append(w.groups, rg)
	w.rows = 0
}

// dataEncoding is the encoding of col's data pages.
func (w *statesWriter) dataEncoding(col int) format.Encoding {
	switch col {
	case colTick:
		return format.DeltaBinaryPacked
	case colT:
		return format.RLEDictionary
	case colContact:
		return format.Plain
	case colInput, colReading, colGUID, colCell, colQueue, colFail:
		return format.RLEDictionary
	}
	return format.ByteStreamSplit
}

// encodedDict is a dictionary page ready to write, with the bounds of its
// entries (which are every value of the chunk).
type encodedDict struct {
	page         []byte
	uncompressed int64
	min, max     []byte
}

// dictPage is col's dictionary page, nil for a column without one.
func (w *statesWriter) dictPage(col int) *encodedDict {
	var body, lo, hi []byte
	var n int
	switch col {
	case colInput, colReading, colGUID, colCell:
		d := map[int]*strDict{colInput: &w.input, colReading: &w.reading, colGUID: &w.guids, colCell: &w.cells}[col]
		body = appendPlainStrings(nil, d.vals)
		n = len(d.vals)
		if n > 0 {
			mn, mx := d.vals[0], d.vals[0]
			for _, s := range d.vals {
				mn, mx = min(mn, s), max(mx, s)
			}
			lo, hi = []byte(mn), []byte(mx)
		}
	case colT:
		for _, v := range w.times.vals {
			body = binary.LittleEndian.AppendUint64(body, math.Float64bits(v))
		}
		n = len(w.times.vals)
	case colQueue, colFail:
		d := &w.queues
		if col == colFail {
			d = &w.fails
		}
		body = appendPlainInt32s(nil, d.vals)
		n = len(d.vals)
		if n > 0 {
			mn, mx := d.vals[0], d.vals[0]
			for _, v := range d.vals {
				mn, mx = min(mn, v), max(mx, v)
			}
			lo = binary.LittleEndian.AppendUint32(nil, uint32(mn))
			hi = binary.LittleEndian.AppendUint32(nil, uint32(mx))
		}
	default:
		return nil
	}
	stored := w.codec.encode(nil, body)
	h := format.PageHeader{Type: format.DictionaryPage, UncompressedPageSize: int32(len(body)), CompressedPageSize: int32(len(stored)),
		DictionaryPageHeader: thrift.New(format.DictionaryPageHeader{NumValues: int32(n), Encoding: format.Plain})}
	hdr, err := thrift.Marshal(new(thrift.CompactProtocol), &h)
	if err != nil && w.err == nil {
		w.err = fmt.Errorf("tables: encoding a dictionary page header: %w", err)
	}
	return &encodedDict{page: append(hdr, stored...), uncompressed: int64(len(hdr) + len(body)), min: lo, max: hi}
}

// writeFooter writes the file's metadata and the closing magic.
func (w *statesWriter) writeFooter() {
	orders := make([]format.ColumnOrder, nStateCols)
	for i := range orders {
		orders[i] = format.ColumnOrder{Value: &format.TypeDefinedOrder{}}
	}
	md := format.FileMetaData{Version: 2, Schema: stateSchema(), NumRows: w.total, RowGroups: w.groups,
		CreatedBy: "glidepath version tables-v1", ColumnOrders: orders}
	b, err := thrift.Marshal(new(thrift.CompactProtocol), &md)
	if err != nil {
		if w.err == nil {
			w.err = fmt.Errorf("tables: encoding the footer: %w", err)
		}
		return
	}
	w.write(b)
	w.write(binary.LittleEndian.AppendUint32(nil, uint32(len(b))))
	w.write([]byte("PAR1"))
}

func boolByte(b bool) byte {
	if b {
		return 1
	}
	return 0
}

// plainDouble is a bound in PLAIN; a zero bound is written -0 as a minimum
// and +0 as a maximum, as the format asks.
func plainDouble(v float64, isMin bool) []byte {
	if v == 0 {
		v = math.Copysign(0, map[bool]float64{true: -1, false: 1}[isMin])
	}
	return binary.LittleEndian.AppendUint64(nil, math.Float64bits(v))
}
