// State batches: the states table's rows column by column as the engine
// has them — numbers, with the guid and cell as integers and the input,
// reading and tick said once for the rows they share — so writing a row
// formats, hashes and boxes nothing (states.go).

package tables

import "glidepath/engine/hexid"

// StateValues are one state row's values, other than those its segment of
// the batch shares (input, reading, tick, t).
//
// The engine's state is float32, so a row keeps it as float32 (the
// columns, doubles, hold it widened) and the global coordinates gx and gy
// are not kept at all: they are the landblock's corner plus the local
// coordinate (StateValues.Global), computed as the pages are gathered. A
// row packs into 44 bytes: a 10-minute run of 1000 objects writes 18 M of
// them and the encoder reads each back twice, so a row's size is memory
// traffic. Rows given as State values, whose doubles may be any, keep
// them in full beside the rows (StateBatch's wide).
type StateValues struct {
	// Key names the object among the writer's rows: the same small
	// non-negative number on every row of one object (the engine's slot). It
	// lets the Parquet writer keep the object's guid and cell entries at
	// hand; a wrong key costs a lookup, never a wrong value.
	Key int32
	// GUID and Cell are written 0x%08X; Cell's landblock (0xXXYY0000)
	// places X and Y in the world (gx, gy).
	GUID, Cell  uint32
	Queue, Fail int32
	// X, Y, Z are the frame's origin in the cell's landblock, Heading the
	// heading: the columns of the same names, widened.
	X, Y, Z, Heading float32
	// Error is the error column's value when HasError, null otherwise.
	Error    float32
	HasError bool
	Contact  bool
}

// landblockLength is a landblock's side in metres (physics.LandblockLength).
const landblockLength = 192

// Global is the row's gx and gy: its landblock's corner (the cell's XX
// and YY times 192 m) plus X and Y, in float64 as physics.Position.Global
// computes them.
func (v *StateValues) Global() (gx, gy float64) { return globalX(v), globalY(v) }

// globalX and globalY are the row's gx and gy, one at a time (the gather
// splits a column of eight rows at a time).
func globalX(v *StateValues) float64 { return float64(v.Cell>>24)*landblockLength + float64(v.X) }

func globalY(v *StateValues) float64 { return float64(v.Cell>>16&0xFF)*landblockLength + float64(v.Y) }

// wideValues are a row's doubles in full: a row given as a State value,
// whose doubles need not be float32 widened nor gx, gy its landblock's.
type wideValues struct {
	x, y, z, gx, gy, heading, err float64
}

// stateSegment is the run of a batch's rows that share input, reading and
// tick; its rows run from start to the next segment's start.
type stateSegment struct {
	input, reading string
	tick           int64
	t              float64
	start          int
}

// StateBatch is a batch of state rows: segments of rows that share input,
// reading and tick (Begin), and the rows' own values (Rows, then those
// shared with it by Share).
type StateBatch struct {
	segs []stateSegment
	// Rows are the batch's own rows; Begin starts the segment the rows
	// appended after it belong to.
	Rows []StateValues
	// shared are rows the batch holds by reference after Rows (Share), n
	// rows in all; holds are released when the batch is reset.
	shared [][]StateValues
	n      int
	holds  []Holder
	// guids and cells, when set, are the rows' guid and cell as strings,
	// and wide their doubles (rows that came as State values), in place of
	// GUID, Cell and the rows' float32 values.
	guids, cells []string
	wide         []wideValues
}

// Holder is memory a batch's shared rows point into (Share): Release is
// called once the batch is done with it — written by the encoder, or the
// rows copied into the batch's own.
type Holder interface{ Release() }

// Share appends rows to the batch without copying them: the caller keeps
// them unchanged until h (given to Hold) is released. It is the states
// writer's path for rows filled on other goroutines (a chunked run's).
func (b *StateBatch) Share(rows []StateValues) {
	if len(rows) > 0 {
		b.shared = append(b.shared, rows)
		b.n += len(rows)
	}
}

// Hold makes the batch hold h until it is done with the rows shared with
// it; h.Release is called then.
func (b *StateBatch) Hold(h Holder) { b.holds = append(b.holds, h) }

// own copies the shared rows into Rows and releases what they pointed
// into, so the batch's rows are Rows alone (before Rows change).
func (b *StateBatch) own() {
	if len(b.shared) == 0 && len(b.holds) == 0 {
		return
	}
	for _, p := range b.shared {
		b.Rows = append(b.Rows, p...)
	}
	clear(b.shared)
	b.shared, b.n = b.shared[:0], 0
	b.release()
}

func (b *StateBatch) release() {
	for _, h := range b.holds {
		h.Release()
	}
	clear(b.holds)
	b.holds = b.holds[:0]
}

// Own makes the batch's rows its Rows alone, copying those shared with it:
// for a writer about to index or append to Rows.
func (b *StateBatch) Own() { b.own() }

// eachRows calls f with the batch's rows lo…hi, in order, as contiguous
// runs, each with the index of its first row.
func (b *StateBatch) eachRows(lo, hi int, f func(at int, rows []StateValues)) {
	at := 0
	parts := b.shared
	for p := -1; p < len(parts) && at < hi; p++ {
		rows := b.Rows
		if p >= 0 {
			rows = parts[p]
		}
		if end := at + len(rows); end > lo {
			from, to := max(lo, at)-at, min(hi, end)-at
			if from < to {
				f(at+from, rows[from:to])
			}
		}
		at += len(rows)
	}
}

// Begin starts a segment: the rows appended to Rows from now on are input's
// and reading's at tick, time t seconds.
func (b *StateBatch) Begin(input, reading string, tick int64, t float64) {
	if n := len(b.segs); n > 0 && b.segs[n-1].start == b.Len() {
		b.segs = b.segs[:n-1] // an empty segment
	}
	b.segs = append(b.segs, stateSegment{input: input, reading: reading, tick: tick, t: t, start: b.Len()})
}

// Extend appends n rows to Rows whose values are left as they were (the
// caller writes every field of each) and returns them.
func (b *StateBatch) Extend(n int) []StateValues {
	b.own()
	k := len(b.Rows)
	if cap(b.Rows)-k < n {
		b.Rows = append(b.Rows[:cap(b.Rows)], make([]StateValues, k+n-cap(b.Rows))...)
	}
	b.Rows = b.Rows[:k+n]
	return b.Rows[k:]
}

// Truncate drops the rows from the n-th on, and the segments that start
// there or later.
func (b *StateBatch) Truncate(n int) {
	b.own()
	b.Rows = b.Rows[:n]
	for len(b.segs) > 0 && b.segs[len(b.segs)-1].start >= n {
		b.segs = b.segs[:len(b.segs)-1]
	}
	if b.guids != nil {
		b.guids, b.cells = b.guids[:n], b.cells[:n]
	}
	if b.wide != nil {
		b.wide = b.wide[:n]
	}
}

// Len is the number of rows in the batch.
func (b *StateBatch) Len() int { return len(b.Rows) + b.n }

// Reset empties the batch, keeping its memory, and releases what it holds.
func (b *StateBatch) Reset() {
	clear(b.shared)
	b.shared, b.n = b.shared[:0], 0
	b.release()
	b.segs = b.segs[:0]
	b.Rows = b.Rows[:0]
	b.guids, b.cells = b.guids[:0], b.cells[:0]
	b.wide = b.wide[:0]
}

// segment calls f with each segment's shared values and rows.
func (b *StateBatch) segments(f func(s *stateSegment, rows []StateValues) error) error {
	b.own()
	for i := range b.segs {
		s := &b.segs[i]
		end := len(b.Rows)
		if i+1 < len(b.segs) {
			end = b.segs[i+1].start
		}
		if s.start < end {
			if err := f(s, b.Rows[s.start:end]); err != nil {
				return err
			}
		}
	}
	return nil
}

// AppendStates appends the batch's rows as State rows to dst (the rows of
// the CSV writer, and of tests). Errors point into one array per call.
func (b *StateBatch) AppendStates(dst []State) []State {
	errs := make([]float64, 0, len(b.Rows))
	k := 0
	b.segments(func(s *stateSegment, rows []StateValues) error {
		for i := range rows {
			v := &rows[i]
			guid, cell := b.guids, b.cells
			r := State{Input: s.input, Reading: s.reading, Tick: s.tick, T: s.t, Queue: v.Queue, Fail: v.Fail, Contact: v.Contact}
			errv := float64(v.Error)
			if b.wide != nil {
				w := &b.wide[k]
				r.X, r.Y, r.Z, r.GX, r.GY, r.Heading, errv = w.x, w.y, w.z, w.gx, w.gy, w.heading, w.err
			} else {
				r.X, r.Y, r.Z, r.Heading = float64(v.X), float64(v.Y), float64(v.Z), float64(v.Heading)
				r.GX, r.GY = v.Global()
			}
			if guid != nil {
				r.GUID, r.Cell = guid[k], cell[k]
			} else {
				r.GUID, r.Cell = hexid.String(v.GUID), hexid.String(v.Cell)
			}
			k++
			if v.HasError {
				errs = append(errs, errv)
				r.Error = &errs[len(errs)-1]
			}
			dst = append(dst, r)
		}
		return nil
	})
	return dst
}
