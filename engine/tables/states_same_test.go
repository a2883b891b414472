// The states writer's bytes, kept: the files of random rows written before
// the writer encoded its pages on several goroutines (commit 1232f30; the
// snappy ones since the zero streams were written by hand), hashed, must come out byte for byte the same at any number of encoding
// goroutines, any batch and page size and row group size (issue 41: the
// tables byte-identical at any core count and chunking).

package tables

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

// sameBytesCase is one file of sameBytesCases: its rows, how they are
// written and its SHA-256 as the sequential writer of 1232f30 wrote it.
type sameBytesCase struct {
	rows    []State
	codec   Codec
	group   int64
	page    int
	timeMax int // t's dictionary's entries; 0: maxTimeDict
	batch   int // rows per state batch; 0: written as rows (Write)
	sum     string
}

// sameBytesCases are random tables with odd sizes — row groups of one row
// to more than the rows, pages of one row to a batch's, batches that split
// at a row group's end — and doubles that bound oddly (±0, NaN, ±Inf).
func sameBytesCases() []sameBytesCase {
	r := rand.New(rand.NewPCG(41, 41))
	sums := sameBytesSums
	var cases []sameBytesCase
	for trial := range len(sums) {
		n := r.IntN(5000)
		if trial == 0 {
			n = 0
		}
		rows := randomStates(r, n)
		for i := range rows {
			switch r.IntN(40) {
			case 0:
				rows[i].X = math.Copysign(0, -1)
			case 1:
				rows[i].Y = 0
			case 2:
				rows[i].Heading = math.NaN()
			case 3:
				rows[i].Z = math.Inf(-1)
			}
		}
		c := sameBytesCase{rows: rows, codec: Codec(r.IntN(2)), group: int64(1 + r.IntN(2500)), page: 1 + r.IntN(900),
			batch: r.IntN(700), sum: sums[trial]}
		if trial%4 == 1 {
			c.timeMax = 1 + r.IntN(50)
		}
		if trial%5 == 2 {
			c.group = int64(n + 1 + r.IntN(10)) // one row group
		}
		cases = append(cases, c)
	}
	return cases
}

// blockBuffer is a buffer that says it writes in blocks, as
// atomicfile.Stream does: the writer writes to it unbuffered.
type blockBuffer struct{ bytes.Buffer }

func (*blockBuffer) BlockSize() int { return 4 << 20 }

// write is c's file, written by a writer of the given encoding goroutines
// (to a blockBuffer when workers is odd).
func (c *sameBytesCase) write(t *testing.T, workers int) []byte {
	t.Helper()
	var buf blockBuffer
	var dst io.Writer = &buf.Buffer
	if workers%2 == 1 {
		dst = &buf
	}
	w, err := newStatesWriter(dst, c.codec, c.group, c.page)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := w.out.(unbuffered); ok != (workers%2 == 1) {
		t.Fatalf("%d workers: the writer's output is %T", workers, w.out)
	}
	w.setWorkers(workers)
	if c.timeMax > 0 {
		w.times.max = c.timeMax
	}
	if c.batch == 0 {
		err = w.Write(c.rows)
	} else {
		for _, b := range batchOf(c.rows, c.batch) {
			if err = w.WriteStates(b); err != nil {
				break
			}
		}
	}
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestStatesWriter_SameBytesAtAnyWorkers(t *testing.T) {
	counts := []int{0, 1, 2, 3, 5}
	for i, c := range sameBytesCases() {
		if raceEnabled {
			// Each case with one encoding goroutine or three, in turn;
			// every count in make test's second pass (RACE_LIGHT).
			counts = []int{1 + 2*(i%2)}
		}
		for _, workers := range counts {
			got := c.write(t, workers)
			sum := sha256.Sum256(got)
			if h := hex.EncodeToString(sum[:8]); h != c.sum {
				t.Errorf("case %d (%d rows, codec %d, group %d, page %d, batch %d, t dictionary %d), %d workers: sha256 %s…, want %s…",
					i, len(c.rows), c.codec, c.group, c.page, c.batch, c.timeMax, workers, h, c.sum)
			}
		}
	}
}

// sameBytesSums are the files' SHA-256 (first 8 bytes) as the writer of
// 1232f30 wrote them; the snappy files' (codec 1) as they are since their
// double pages' zero byte streams are written by hand (statessnappy.go),
// checked read back equal (TestStatesWriter_RandomRowsReadBackEqual).
var sameBytesSums = []string{
	"d9526e13088cd1e3", "d35b752f7f10409d", "1e49f69a86d29d66", "7aa2c6bc807cc661", "b5605ca057d7b4f1", "7fa373774e05fd6c",
	"5d09ddb0be1f18e0", "7d74582ea5cb1968", "93d5453325dbfa41", "e64340ae5389c29f", "9e654978aab49e3f", "e250e8c5f4048be3",
	"aa5f149594dd8b11", "fe080d4225e4712f", "4011412714d903ab", "b6ff74c5617ad320", "ee4361ccd9d8a2e5", "c0ea3785b409b9b7",
	"ff423bf43d38dceb", "36fae2a33e3dc225", "f6ef56651e957b58", "2142f11427de6d2d", "36c47c898c0b9706", "f90e62e4cc258715",
}

// setWorkers sets the writer's encoding goroutines (0: none), before it
// writes.
func (w *statesWriter) setWorkers(n int) { w.workers = n }

// failingBlocks is a block writer that fails once n bytes are written.
type failingBlocks struct{ n int }

func (f *failingBlocks) Write(p []byte) (int, error) {
	if len(p) > f.n {
		return 0, errors.New("no space left on device")
	}
	f.n -= len(p)
	return len(p), nil
}

func (*failingBlocks) BlockSize() int { return 4 << 20 }

// A write that fails midway is the writer's error, from TakeStates or
// Close, with its encoding goroutines or without, and every batch handed
// over is released once, those after the failure too.
func TestStatesWriter_WriteErrorReleasesEveryBatch(t *testing.T) {
	rows := randomStates(rand.New(rand.NewPCG(41, 3)), 20000)
	for _, workers := range []int{0, 1, 3} {
		w, err := newStatesWriter(&failingBlocks{n: 60000}, Snappy, 3000, 500)
		if err != nil {
			t.Fatal(err)
		}
		w.setWorkers(workers)
		batches := batchOf(rows, 700)
		released := make([]int, len(batches))
		var first error
		for i, b := range batches {
			if err := w.TakeStates(b, func() { released[i]++ }); err != nil && first == nil {
				first = err
			}
		}
		if err := w.Close(); first == nil {
			first = err
		}
		if first == nil || !strings.Contains(first.Error(), "no space left on device") {
			t.Errorf("%d workers: error %v, want the write's", workers, first)
		}
		for i, n := range released {
			if n != 1 {
				t.Errorf("%d workers: batch %d released %d times", workers, i, n)
			}
		}
	}
}
