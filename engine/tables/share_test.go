package tables

import (
	"bytes"
	"math/rand/v2"
	"testing"
	"unsafe"
)

// refPacked is the bit-packing of the Parquet format's Encodings.md
// ("Bit-packed" of the RLE/bit-packing hybrid) written bit by bit: value i's
// bit b at bit i*w+b of the output, least significant bit first, count
// values (zeros past vals).
func refPacked(vals []uint32, w, count int) []byte {
	out := make([]byte, (count*w+7)/8)
	for i := range count {
		var v uint32
		if i < len(vals) {
			v = vals[i]
		}
		for b := range w {
			if v>>b&1 != 0 {
				at := i*w + b
				out[at/8] |= 1 << (at % 8)
			}
		}
	}
	return out
}

// appendPacked writes the format's bytes exactly — the padding bits
// included, which a decoder never reads — at every width, for whole and
// partial groups.
func TestAppendPacked_BytesOfTheFormat(t *testing.T) {
	r := rand.New(rand.NewPCG(41, 1))
	for w := 1; w <= 32; w++ {
		for _, n := range []int{0, 1, 7, 8, 9, 15, 16, 17, 64, 1000, 1003} {
			vals := make([]uint32, n)
			for i := range vals {
				vals[i] = uint32(r.Uint64() & (1<<w - 1))
			}
			count := (n + 7) &^ 7
			got := appendPacked([]byte{0xAA}, vals, w, count)
			want := append([]byte{0xAA}, refPacked(vals, w, count)...)
			if !bytes.Equal(got, want) {
				t.Fatalf("width %d, %d values: % x\nwant % x", w, n, got, want)
			}
		}
	}
}

// holder counts its releases.
type holder struct{ released int }

func (h *holder) Release() { h.released++ }

// A batch's shared rows are its rows after its own, in order, for the
// writer as for the CSV path; what it holds is released once, when the
// batch is reset or its rows are copied in (Own, or appending own rows
// after shared ones), never before.
func TestStateBatch_SharedRowsAndHolds(t *testing.T) {
	r := rand.New(rand.NewPCG(41, 2))
	rows := compactBatchOf(r, randomStates(r, 900), 900)[0]
	want := rows.AppendStates(nil)
	for _, split := range [][]int{{0, 900}, {300, 900}, {0, 1, 2, 500, 900}, {899, 900}} {
		// The same rows: the first split[0] as the batch's own, the rest
		// shared in pieces.
		b := &StateBatch{segs: rows.segs}
		b.Rows = append(b.Rows, rows.Rows[:split[0]]...)
		var h holder
		b.Hold(&h)
		for i := 1; i < len(split); i++ {
			b.Share(rows.Rows[split[i-1]:split[i]])
		}
		if b.Len() != 900 {
			t.Fatalf("split %v: Len %d, want 900", split, b.Len())
		}
		// Written through the Parquet writer straight from the shares.
		var buf bytes.Buffer
		w, err := newStatesWriter(&buf, Snappy, 1000, 128)
		if err != nil {
			t.Fatal(err)
		}
		if err := w.WriteStates(b); err != nil {
			t.Fatal(err)
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		if h.released != 0 {
			t.Fatalf("split %v: released while the batch still held its rows", split)
		}
		got := readStates(t, buf.Bytes())
		for i := range want {
			if !sameState(&got[i], &want[i]) {
				t.Fatalf("split %v: row %d\n got %+v\nwant %+v", split, i, got[i], want[i])
			}
		}
		// The CSV path copies them in (and releases).
		if got := b.AppendStates(nil); len(got) != len(want) || h.released != 1 {
			t.Fatalf("split %v: AppendStates gave %d rows, released %d times", split, len(got), h.released)
		}
		b.Reset()
		if h.released != 1 || b.Len() != 0 {
			t.Fatalf("split %v: after Reset released %d times, Len %d", split, h.released, b.Len())
		}
	}
}

// A state row is 44 bytes: 18 M of them are written and read back twice in
// a 10-minute run of 1000 objects, so each byte of it is memory traffic.
func TestStateValues_Size(t *testing.T) {
	if n := unsafe.Sizeof(StateValues{}); n != 44 {
		t.Fatalf("StateValues is %d bytes, want 44", n)
	}
}
