// State batches: the states table's rows column by column as the engine
// has them — numbers, with the guid and cell as integers and the input,
// reading and tick said once for the rows they share — so writing a row
// formats, hashes and boxes nothing (states.go).

package tables

import "glidepath/engine/hexid"

// StateValues are one state row's values, other than those its segment of
// the batch shares (input, reading, tick, t).
//
// The fields are ordered so that a row packs into 80 bytes: a 10-minute
// run of 1000 objects writes 18 M of them and the encoder reads each back,
// so a row's size is memory traffic.
type StateValues struct {
	// Key names the object among the writer's rows: the same small
	// non-negative number on every row of one object (the engine's slot). It
	// lets the Parquet writer keep the object's guid and cell entries at
	// hand; a wrong key costs a lookup, never a wrong value.
	Key int32
	// GUID and Cell are written 0x%08X.
	GUID, Cell uint32
	Queue      int32
	// X, Y, Z, GX, GY, Heading are the columns of the same names.
	X, Y, Z, GX, GY, Heading float64
	// Error is the error column's value when HasError, null otherwise.
	Error    float64
	Fail     int32
	HasError bool
	Contact  bool
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
// reading and tick (Begin), and the rows' own values (Rows).
type StateBatch struct {
	segs []stateSegment
	// Rows are the batch's rows; Begin starts the segment the rows
	// appended after it belong to.
	Rows []StateValues
	// guids and cells, when set, are the rows' guid and cell as strings
	// (rows that came as State values), in place of GUID and Cell.
	guids, cells []string
}

// Begin starts a segment: the rows appended to Rows from now on are input's
// and reading's at tick, time t seconds.
func (b *StateBatch) Begin(input, reading string, tick int64, t float64) {
	if n := len(b.segs); n > 0 && b.segs[n-1].start == len(b.Rows) {
		b.segs = b.segs[:n-1] // an empty segment
	}
	b.segs = append(b.segs, stateSegment{input: input, reading: reading, tick: tick, t: t, start: len(b.Rows)})
}

// Extend appends n rows to Rows whose values are left as they were (the
// caller writes every field of each) and returns them.
func (b *StateBatch) Extend(n int) []StateValues {
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
	b.Rows = b.Rows[:n]
	for len(b.segs) > 0 && b.segs[len(b.segs)-1].start >= n {
		b.segs = b.segs[:len(b.segs)-1]
	}
	if b.guids != nil {
		b.guids, b.cells = b.guids[:n], b.cells[:n]
	}
}

// Len is the number of rows in the batch.
func (b *StateBatch) Len() int { return len(b.Rows) }

// Reset empties the batch, keeping its memory.
func (b *StateBatch) Reset() {
	b.segs = b.segs[:0]
	b.Rows = b.Rows[:0]
	b.guids, b.cells = b.guids[:0], b.cells[:0]
}

// segment calls f with each segment's shared values and rows.
func (b *StateBatch) segments(f func(s *stateSegment, rows []StateValues) error) error {
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
			r := State{Input: s.input, Reading: s.reading, Tick: s.tick, T: s.t, X: v.X, Y: v.Y, Z: v.Z, GX: v.GX, GY: v.GY,
				Heading: v.Heading, Queue: v.Queue, Fail: v.Fail, Contact: v.Contact}
			if guid != nil {
				r.GUID, r.Cell = guid[k], cell[k]
			} else {
				r.GUID, r.Cell = hexid.String(v.GUID), hexid.String(v.Cell)
			}
			k++
			if v.HasError {
				errs = append(errs, v.Error)
				r.Error = &errs[len(errs)-1]
			}
			dst = append(dst, r)
		}
		return nil
	})
	return dst
}
