package tables

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/encoding/bytestreamsplit"
	"github.com/parquet-go/parquet-go/encoding/delta"
	"github.com/parquet-go/parquet-go/encoding/rle"
	"github.com/parquet-go/parquet-go/encoding/thrift"
	"github.com/parquet-go/parquet-go/format"

	"glidepath/engine/hexid"
)

// randomRuns is n values below limit, in runs of random length (as
// dictionary indices and levels come), seeded.
func randomRuns(r *rand.Rand, n int, limit uint32) []uint32 {
	vals := make([]uint32, 0, n)
	for len(vals) < n {
		v, k := r.Uint32N(limit), 1+r.IntN(20)
		if r.IntN(3) == 0 {
			k = 1
		}
		for ; k > 0 && len(vals) < n; k-- {
			vals = append(vals, v)
		}
	}
	return vals
}

// The column encoders, property-tested: random values round-trip through
// the Parquet library's own decoders.
func TestColumnEncoders_RoundTripThroughTheLibrarysDecoders(t *testing.T) {
	r := rand.New(rand.NewPCG(20, 1))
	for trial := range 300 {
		n := r.IntN(2000)
		if trial < 20 {
			n = trial // the edges: empty, one value, partial groups
		}
		// RLE/bit-packing hybrid at every width.
		w := 1 + r.IntN(32)
		limit := uint32(1<<w - 1)
		if w == 32 {
			limit = math.MaxUint32
		}
		idx := randomRuns(r, n, max(limit, 1))
		enc := appendHybrid(nil, idx, w)
		got, err := (&rle.Encoding{BitWidth: w}).DecodeInt32(nil, enc)
		if err != nil || len(got) < n {
			t.Fatalf("hybrid width %d, %d values: %d decoded, %v", w, n, len(got), err)
		}
		for i := range idx {
			if uint32(got[i]) != idx[i] {
				t.Fatalf("hybrid width %d: value %d = %d, want %d", w, i, uint32(got[i]), idx[i])
			}
		}
		// DELTA_BINARY_PACKED: runs (ticks), steps back (a new input), and
		// the extremes of int64.
		ticks := make([]int64, n)
		var tick int64
		for i := range ticks {
			switch r.IntN(10) {
			case 0:
				tick += int64(r.IntN(5))
			case 1:
				tick = r.Int64() - math.MaxInt64/2*int64(r.IntN(3))
			case 2:
				tick = -tick
			}
			ticks[i] = tick
		}
		denc := appendDeltaInt64(nil, ticks)
		gotTicks, err := (&delta.BinaryPackedEncoding{}).DecodeInt64(nil, denc)
		if err != nil || !reflect.DeepEqual(gotTicks[:len(gotTicks):len(gotTicks)], ticks[:n:n]) && !(n == 0 && len(gotTicks) == 0) {
			t.Fatalf("delta, %d values: got %v, %v\nwant %v", n, gotTicks, err, ticks)
		}
		// BYTE_STREAM_SPLIT doubles, NaN and infinities included.
		dbl := make([]float64, n)
		for i := range dbl {
			switch r.IntN(8) {
			case 0:
				dbl[i] = math.Inf(1 - 2*r.IntN(2))
			case 1:
				dbl[i] = math.NaN()
			default:
				dbl[i] = float64(float32(r.NormFloat64() * 1e3))
			}
		}
		benc := appendSplitDoubles(nil, dbl)
		gotDbl, err := (&bytestreamsplit.Encoding{}).DecodeDouble(nil, benc)
		if err != nil || len(gotDbl) != n {
			t.Fatalf("byte stream split, %d values: %d decoded, %v", n, len(gotDbl), err)
		}
		for i := range dbl {
			if math.Float64bits(gotDbl[i]) != math.Float64bits(dbl[i]) {
				t.Fatalf("byte stream split: value %d = %v, want %v", i, gotDbl[i], dbl[i])
			}
		}
	}
}

// randomStates are n state rows with every column varied: several inputs,
// readings and ticks (going back when the input changes), objects moving
// between cells, nulls, and doubles that are not widened float32s.
func randomStates(r *rand.Rand, n int) []State {
	rows := make([]State, 0, n)
	inputs := []string{"a.jsonl", "b, \"odd\".jsonl", ""}
	readings := []string{"seed", "alt", "ünï"}
	tick := int64(0)
	input, reading := inputs[0], readings[0]
	objects := 1 + r.IntN(40)
	for len(rows) < n {
		switch r.IntN(20) {
		case 0:
			input, tick = inputs[r.IntN(len(inputs))], 0
		case 1:
			reading = readings[r.IntN(len(readings))]
		}
		for o := range objects {
			if len(rows) == n {
				break
			}
			s := State{Input: input, Reading: reading, Tick: tick, T: float64(tick) / 30,
				GUID: hexid.String(0x80000000 + uint32(o)), Cell: hexid.String(0xA9B40000 + uint32(r.IntN(4))),
				X: float64(float32(r.Float64() * 192)), Y: r.Float64() * 192, Z: -r.Float64(),
				GX: r.NormFloat64() * 1e4, GY: math.Inf(1), Heading: float64(float32(r.Float64() * 360)),
				Queue: int32(r.IntN(4)), Fail: int32(r.IntN(3)), Contact: r.IntN(3) > 0}
			if r.IntN(9) == 0 {
				s.Queue = int32(r.Uint32()) // off the small-value table
			}
			if r.IntN(2) == 0 {
				e := r.Float64()
				s.Error = &e
			}
			rows = append(rows, s)
		}
		tick++
	}
	return rows
}

// batchOf is rows as state batches of at most size rows (keys by guid).
func batchOf(rows []State, size int) []*StateBatch {
	return batchesOf(rows, size, func(b *StateBatch, s *State, guid, cell uint32) {
		v := StateValues{Key: int32(guid & 0x3FF), GUID: guid, Cell: cell, Queue: s.Queue, Fail: s.Fail, Contact: s.Contact}
		// The doubles in full (random, not float32): the batch keeps
		// them beside its rows, as for rows given as State values.
		wv := wideValues{x: s.X, y: s.Y, z: s.Z, gx: s.GX, gy: s.GY, heading: s.Heading}
		if s.Error != nil {
			wv.err, v.HasError = *s.Error, true
		}
		b.Rows = append(b.Rows, v)
		b.wide = append(b.wide, wv)
	})
}

// batchesOf is rows as state batches of at most size rows, each segment
// begun where input, reading, tick or time change, with add appending
// each row (its guid and cell parsed) to its batch.
func batchesOf(rows []State, size int, add func(b *StateBatch, s *State, guid, cell uint32)) []*StateBatch {
	var out []*StateBatch
	for len(rows) > 0 {
		b := &StateBatch{}
		for i := range rows[:min(size, len(rows))] {
			s := &rows[i]
			if i == 0 || s.Input != rows[i-1].Input || s.Reading != rows[i-1].Reading || s.Tick != rows[i-1].Tick || s.T != rows[i-1].T {
				b.Begin(s.Input, s.Reading, s.Tick, s.T)
			}
			var guid, cell uint32
			fmt.Sscanf(s.GUID, "0x%X", &guid)
			fmt.Sscanf(s.Cell, "0x%X", &cell)
			add(b, s, guid, cell)
		}
		out = append(out, b)
		rows = rows[min(size, len(rows)):]
	}
	return out
}

// compactBatchOf is rows as state batches of at most size rows as the
// engine fills them: the doubles rounded to float32 (gx, gy then the
// landblock's corner plus x, y: StateValues.Global), keys by guid, cells
// moved to random landblocks and values made odd (±0, NaN, ±Inf, a
// float32 subnormal) now and then.
func compactBatchOf(r *rand.Rand, rows []State, size int) []*StateBatch {
	odd := []float32{float32(math.Copysign(0, -1)), 0, float32(math.NaN()), float32(math.Inf(1)),
		float32(math.Inf(-1)), math.SmallestNonzeroFloat32, -math.MaxFloat32}
	return batchesOf(rows, size, func(b *StateBatch, s *State, guid, cell uint32) {
		if r.IntN(3) == 0 {
			cell = r.Uint32()
		}
		v := StateValues{Key: int32(guid & 0x3FF), GUID: guid, Cell: cell, Queue: s.Queue, Fail: s.Fail, Contact: s.Contact,
			X: float32(s.X), Y: float32(s.Y), Z: float32(s.Z), Heading: float32(s.Heading)}
		if s.Error != nil {
			v.Error, v.HasError = float32(*s.Error), true
		}
		for _, f := range []*float32{&v.X, &v.Y, &v.Z, &v.Heading, &v.Error} {
			if r.IntN(30) == 0 {
				*f = odd[r.IntN(len(odd))]
			}
		}
		b.Rows = append(b.Rows, v)
	})
}

// The states writer, property-tested: random rows, written as rows or as
// batches, with random page and row group sizes and either codec, read back
// by the Parquet library's own reader equal, value by value.
func TestStatesWriter_RandomRowsReadBackEqual(t *testing.T) {
	r := rand.New(rand.NewPCG(20, 2))
	trials := 40
	if raceEnabled {
		trials = 8
	}
	for trial := range trials {
		n := r.IntN(3000)
		rows := randomStates(r, n)
		codec := Codec(r.IntN(2))
		group, page := int64(1+r.IntN(1500)), 1+r.IntN(700)
		var buf bytes.Buffer
		w, err := newStatesWriter(&buf, codec, group, page)
		if err != nil {
			t.Fatal(err)
		}
		if trial%3 == 0 {
			w.times.max = 1 + r.IntN(60) // t's dictionary fills: plain pages follow
		}
		asBatches := trial%2 == 1
		if asBatches {
			for _, b := range batchOf(rows, 1+r.IntN(500)) {
				if err := w.WriteStates(b); err != nil {
					t.Fatal(err)
				}
			}
		} else if err := w.Write(rows); err != nil {
			t.Fatal(err)
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		got := readStates(t, buf.Bytes())
		if len(got) != len(rows) {
			t.Fatalf("trial %d: read %d rows, wrote %d", trial, len(got), len(rows))
		}
		for i := range rows {
			if !sameState(&got[i], &rows[i]) {
				t.Fatalf("trial %d (batches %v, codec %d, group %d, page %d): row %d\n got %+v\nwant %+v",
					trial, asBatches, codec, group, page, i, got[i], rows[i])
			}
		}
	}
}

func readStates(t *testing.T, data []byte) []State {
	t.Helper()
	rd := parquet.NewGenericReader[State](bytes.NewReader(data))
	defer rd.Close()
	out := make([]State, 0, rd.NumRows())
	buf := make([]State, 333)
	for {
		k, err := rd.Read(buf)
		for i := range buf[:k] {
			s := buf[i]
			if s.Error != nil {
				e := *s.Error
				s.Error = &e
			}
			out = append(out, s)
		}
		if err == io.EOF {
			return out
		}
		if err != nil {
			t.Fatal(err)
		}
	}
}

// sameState compares rows bit for bit (NaN equal to NaN).
func sameState(a, b *State) bool {
	fa := []float64{a.T, a.X, a.Y, a.Z, a.GX, a.GY, a.Heading}
	fb := []float64{b.T, b.X, b.Y, b.Z, b.GX, b.GY, b.Heading}
	for i := range fa {
		if math.Float64bits(fa[i]) != math.Float64bits(fb[i]) {
			return false
		}
	}
	if (a.Error == nil) != (b.Error == nil) || a.Error != nil && math.Float64bits(*a.Error) != math.Float64bits(*b.Error) {
		return false
	}
	return a.Input == b.Input && a.Reading == b.Reading && a.Tick == b.Tick && a.GUID == b.GUID && a.Cell == b.Cell &&
		a.Queue == b.Queue && a.Fail == b.Fail && a.Contact == b.Contact
}

// The hand-written page header decodes, with the Parquet library's own
// Thrift decoder, to the PageHeader it stands for.
func TestDataPageHeader_DecodesAsTheFormatsPageHeader(t *testing.T) {
	r := rand.New(rand.NewPCG(20, 3))
	for range 200 {
		h := dataPageV2{uncompressed: r.Int32(), compressed: r.Int32N(1 << 20), values: r.Int32(), nulls: r.Int32N(1000),
			encoding: r.Int32N(10), defLength: r.Int32N(100), compressedFlag: r.IntN(2) == 0}
		var got format.PageHeader
		if err := thrift.Unmarshal(new(thrift.CompactProtocol), appendDataPageV2(nil, &h), &got); err != nil {
			t.Fatal(err)
		}
		want := format.PageHeader{Type: format.DataPageV2, UncompressedPageSize: h.uncompressed, CompressedPageSize: h.compressed,
			DataPageHeaderV2: thrift.New(format.DataPageHeaderV2{NumValues: h.values, NumNulls: h.nulls, NumRows: h.values,
				Encoding: format.Encoding(h.encoding), DefinitionLevelsByteLength: h.defLength,
				IsCompressed: thrift.New(h.compressedFlag), Statistics: format.Statistics{NullCount: int64(h.nulls)}})}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("decoded\n %+v\nwant\n %+v", got, want)
		}
	}
}

// The footer's bounds and null counts, which engines use to skip row
// groups (a wrong bound loses rows from a query), are each row group's
// own: checked column by column against the rows written.
func TestStatesWriter_FooterBoundsAreTheRowGroups(t *testing.T) {
	r := rand.New(rand.NewPCG(20, 5))
	for trial := range 12 {
		rows := randomStates(r, 1+r.IntN(2500))
		for i := range rows {
			if r.IntN(50) == 0 {
				rows[i].X = math.NaN() // bounds nothing
			}
		}
		group := int64(1 + r.IntN(900))
		var buf bytes.Buffer
		w, err := newStatesWriter(&buf, Codec(trial%2), group, 1+r.IntN(400))
		if err != nil {
			t.Fatal(err)
		}
		if trial%3 == 0 {
			w.times.max = 1 + r.IntN(30)
		}
		for _, b := range batchOf(rows, 1+r.IntN(600)) {
			if err := w.WriteStates(b); err != nil {
				t.Fatal(err)
			}
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		pf, err := parquet.OpenFile(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
		if err != nil {
			t.Fatal(err)
		}
		for g, rg := range pf.Metadata().RowGroups {
			part := rows[int64(g)*group : min(int64(g+1)*group, int64(len(rows)))]
			if rg.NumRows != int64(len(part)) {
				t.Fatalf("trial %d: row group %d has %d rows, want %d", trial, g, rg.NumRows, len(part))
			}
			for c, cc := range rg.Columns {
				st := cc.MetaData.Statistics
				lo, hi, nulls := wantBounds(part, c)
				if !bytes.Equal(st.MinValue, lo) || !bytes.Equal(st.MaxValue, hi) || st.NullCount != nulls {
					t.Fatalf("trial %d, row group %d, %s: min %x max %x nulls %d; want %x %x %d",
						trial, g, stateColumns[c].name, st.MinValue, st.MaxValue, st.NullCount, lo, hi, nulls)
				}
			}
		}
	}
}

// wantBounds are column c's bounds over rows, PLAIN-encoded as a footer
// holds them, and its null count.
func wantBounds(rows []State, c int) (lo, hi []byte, nulls int64) {
	var strs []string
	var dbls []float64
	var ints []int64
	var bools []bool
	for i := range rows {
		s := &rows[i]
		switch c {
		case colInput:
			strs = append(strs, s.Input)
		case colReading:
			strs = append(strs, s.Reading)
		case colGUID:
			strs = append(strs, s.GUID)
		case colCell:
			strs = append(strs, s.Cell)
		case colTick:
			ints = append(ints, s.Tick)
		case colQueue:
			ints = append(ints, int64(s.Queue))
		case colFail:
			ints = append(ints, int64(s.Fail))
		case colContact:
			bools = append(bools, s.Contact)
		case colError:
			if s.Error == nil {
				nulls++
			} else {
				dbls = append(dbls, *s.Error)
			}
		default:
			dbls = append(dbls, []float64{s.T, s.X, s.Y, s.Z, s.GX, s.GY, s.Heading}[map[int]int{colT: 0, colX: 1, colY: 2, colZ: 3, colGX: 4, colGY: 5, colHeading: 6}[c]])
		}
	}
	switch {
	case strs != nil:
		mn, mx := slices.Min(strs), slices.Max(strs)
		return []byte(mn), []byte(mx), 0
	case ints != nil:
		mn, mx := slices.Min(ints), slices.Max(ints)
		if c == colTick {
			return binary.LittleEndian.AppendUint64(nil, uint64(mn)), binary.LittleEndian.AppendUint64(nil, uint64(mx)), 0
		}
		return binary.LittleEndian.AppendUint32(nil, uint32(mn)), binary.LittleEndian.AppendUint32(nil, uint32(mx)), 0
	case bools != nil:
		return []byte{boolByte(!slices.Contains(bools, false))}, []byte{boolByte(slices.Contains(bools, true))}, 0
	}
	mn, mx, seen := 0.0, 0.0, false
	for _, v := range dbls {
		if v != v {
			continue
		}
		if !seen {
			mn, mx, seen = v, v, true
		}
		mn, mx = math.Min(mn, v), math.Max(mx, v)
	}
	if !seen {
		return nil, nil, nulls
	}
	if mn == 0 {
		mn = math.Copysign(0, -1)
	}
	if mx == 0 {
		mx = 0
	}
	return binary.LittleEndian.AppendUint64(nil, math.Float64bits(mn)), binary.LittleEndian.AppendUint64(nil, math.Float64bits(mx)), nulls
}

// Rows as the engine gives them — float32 values, gx and gy its
// landblock's corner plus x and y (StateValues.Global), kept nowhere — are
// written as the same batches with their doubles in full beside them (as
// rows given as State values are) are, byte for byte, at any number of
// encoding goroutines, and read back as those values.
func TestStatesWriter_CompactRowsWriteTheirValues(t *testing.T) {
	r := rand.New(rand.NewPCG(41, 12))
	trials := 12
	if raceEnabled {
		trials = 4
	}
	for trial := range trials {
		n := 1 + r.IntN(4000)
		batches := compactBatchOf(r, randomStates(r, n), 1+r.IntN(900))
		var rows []State
		var wides []*StateBatch
		for _, b := range batches {
			k := len(rows)
			rows = b.AppendStates(rows)
			wb := &StateBatch{segs: b.segs, Rows: b.Rows}
			for i := range rows[k:] {
				s := &rows[k+i]
				wv := wideValues{x: s.X, y: s.Y, z: s.Z, gx: s.GX, gy: s.GY, heading: s.Heading}
				if s.Error != nil {
					wv.err = *s.Error
				}
				wb.wide = append(wb.wide, wv)
			}
			wides = append(wides, wb)
		}
		codec := Codec(trial % 2)
		group, page := int64(1+r.IntN(3000)), 1+r.IntN(900)
		write := func(workers int, batches []*StateBatch) []byte {
			var buf bytes.Buffer
			w, err := newStatesWriter(&buf, codec, group, page)
			if err != nil {
				t.Fatal(err)
			}
			w.setWorkers(workers)
			for _, b := range batches {
				if err := w.WriteStates(b); err != nil {
					t.Fatal(err)
				}
			}
			if err := w.Close(); err != nil {
				t.Fatal(err)
			}
			return buf.Bytes()
		}
		want := write(0, wides)
		for _, workers := range []int{0, 2} {
			if got := write(workers, batches); !bytes.Equal(got, want) {
				t.Fatalf("trial %d (%d rows, codec %d, group %d, page %d, %d workers): the rows' file differs from their values'",
					trial, n, codec, group, page, workers)
			}
		}
		got := readStates(t, want)
		if len(got) != len(rows) {
			t.Fatalf("trial %d: read %d rows, wrote %d", trial, len(got), len(rows))
		}
		for i := range rows {
			if !sameState(&got[i], &rows[i]) {
				t.Fatalf("trial %d: row %d\n got %+v\nwant %+v", trial, i, got[i], rows[i])
			}
		}
	}
}

// A page's ticks in DELTA_BINARY_PACKED from its segment runs are the bytes
// of the same ticks one per row: runs longer and shorter than a block,
// runs of one row, ticks going back (a new input) and int64's extremes.
func TestAppendDeltaRuns_BytesOfTheTicksPerRow(t *testing.T) {
	r := rand.New(rand.NewPCG(41, 23))
	for trial := range 500 {
		var runs []segRun
		var ticks []int64
		tick := int64(r.IntN(100))
		for range 1 + r.IntN(12) {
			switch r.IntN(6) {
			case 0:
				tick = r.Int64() - math.MaxInt64/2*int64(r.IntN(3))
			case 1:
				tick = -tick
			default:
				tick += int64(r.IntN(3))
			}
			count := 1 + r.IntN(3)
			switch r.IntN(3) {
			case 0:
				count = 1 + r.IntN(400)
			case 1:
				count = deltaBlock - 1 + r.IntN(3)
			}
			runs = append(runs, segRun{seg: &stateSegment{tick: tick}, count: count})
			for range count {
				ticks = append(ticks, tick)
			}
		}
		got := appendDeltaRuns(nil, runs, len(ticks))
		if want := appendDeltaInt64(nil, ticks); !bytes.Equal(got, want) {
			t.Fatalf("trial %d (%d runs, %d ticks): % x, want % x", trial, len(runs), len(ticks), got, want)
		}
	}
}
