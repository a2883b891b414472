package atomicfile

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"unsafe"
)

// streamBytes is n bytes that differ from block to block and within one
// (a block written twice or out of place shows).
func streamBytes(n int) []byte {
	b := make([]byte, n)
	x := uint32(2463534242)
	for i := range b {
		x ^= x << 13
		x ^= x >> 17
		x ^= x << 5
		b[i] = byte(x)
	}
	return b
}

// writeInPieces writes p to s in pieces of the given sizes, in turn.
func writeInPieces(t *testing.T, s *Stream, p []byte, pieces []int) {
	t.Helper()
	for i := 0; len(p) > 0; i++ {
		k := min(pieces[i%len(pieces)], len(p))
		n, err := s.Write(p[:k])
		if err != nil || n != k {
			t.Fatalf("Write of %d bytes = %d, %v", k, n, err)
		}
		p = p[k:]
	}
}

// Whatever the sizes written and whatever the file's length (none, less
// than a block, blocks and a tail, whole blocks), a Stream's file is the
// bytes written, in order, published whole at Commit.
func TestStream_PublishesTheBytesWritten(t *testing.T) {
	dir := t.TempDir()
	sizes := []int{0, 1, 4095, streamBlock - 1, streamBlock, streamBlock + 1, 3*streamBlock + 17, 7 * streamBlock}
	pieces := [][]int{{1 << 20}, {9731, 1, 64 << 10, 3}, {streamBlock + 5}}
	// streamBytes(n) is the first n bytes of streamBytes(m) for m > n:
	// drawn once, for the longest file (drawing them byte by byte for each
	// case was most of the test's time under the race detector).
	all := streamBytes(slices.Max(sizes))
	if raceEnabled {
		sizes = []int{1, streamBlock + 1, 3*streamBlock + 17}
	}
	for _, n := range sizes {
		for _, pc := range pieces {
			want := all[:n:n]
			target := filepath.Join(dir, "big.trace")
			os.WriteFile(target, []byte("the old file"), 0o644)
			f, err := Create(target)
			if err != nil {
				t.Fatal(err)
			}
			s := f.Stream()
			writeInPieces(t, s, want, pc)
			if got, _ := os.ReadFile(target); string(got) != "the old file" {
				t.Fatalf("%d bytes: the target changed before Commit", n)
			}
			got := commitAndRead(t, f, target)
			if !bytes.Equal(got, want) {
				t.Fatalf("%d bytes in pieces of %v: the file has %d bytes, not the ones written", n, pc, len(got))
			}
			if names := dirNames(t, dir); len(names) != 1 {
				t.Fatalf("the directory holds %v, want the target alone", names)
			}
		}
	}
	if runtime.GOOS == "linux" {
		f, err := Create(filepath.Join(dir, "direct"))
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("direct I/O on the test's temporary directory: %v", f.Stream().Direct())
		f.Abort()
	}
}

// Flush mid-way (the tail of a block written through the page cache) and
// more writes after it: the file is still every byte in order.
func TestStream_WritesAfterFlush(t *testing.T) {
	target := filepath.Join(t.TempDir(), "t")
	f, err := Create(target)
	if err != nil {
		t.Fatal(err)
	}
	s := f.Stream()
	want := streamBytes(5*streamBlock + 333)
	cuts := []int{streamBlock + 100, 2 * streamBlock, 2*streamBlock + 1, 5*streamBlock + 333}
	at := 0
	for _, c := range cuts {
		writeInPieces(t, s, want[at:c], []int{70000})
		if err := s.Flush(); err != nil {
			t.Fatal(err)
		}
		at = c
	}
	if got := commitAndRead(t, f, target); !bytes.Equal(got, want) {
		t.Fatalf("the file has %d bytes, not the ones written", len(got))
	}
}

// Abort with blocks being written: the target is untouched and the
// temporary file removed.
func TestStream_AbortLeavesTargetUntouched(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "t")
	os.WriteFile(target, []byte("old"), 0o644)
	f, err := Create(target)
	if err != nil {
		t.Fatal(err)
	}
	writeInPieces(t, f.Stream(), streamBytes(2*streamBlock+9), []int{1 << 20})
	f.Abort()
	if got, _ := os.ReadFile(target); string(got) != "old" {
		t.Fatalf("target = %q after Abort", got)
	}
	if names := dirNames(t, dir); len(names) != 1 {
		t.Fatalf("the directory holds %v, want the target alone", names)
	}
}

// fullStream is a Stream onto /dev/full, where every write of a block
// fails; the test is skipped where there is none.
func fullStream(t *testing.T) (*File, *Stream) {
	t.Helper()
	if _, err := os.Stat("/dev/full"); err != nil {
		t.Skip("no /dev/full")
	}
	f, err := Create("/dev/full")
	if err != nil {
		t.Fatal(err)
	}
	return f, f.Stream()
}

// A write that fails (a full device, written through) is an error naming
// the target from Write or Flush, and from Commit, never a silent loss.
func TestStream_WriteErrorNamesTarget(t *testing.T) {
	f, s := fullStream(t)
	p := streamBytes(streamBlock)
	var werr error
	for i := 0; i < 2*streamBlocks+2 && werr == nil; i++ {
		_, werr = s.Write(p)
	}
	if werr == nil {
		werr = s.Flush()
	}
	if werr == nil {
		t.Fatal("no error writing /dev/full")
	}
	var pe *fs.PathError
	if !errors.As(werr, &pe) || pe.Path != "/dev/full" || !strings.Contains(werr.Error(), "/dev/full") {
		t.Errorf("error %v does not name the target", werr)
	}
	if err := f.Commit(); err == nil {
		t.Error("Commit after a failed write reported no error")
	}
}

// A direct write the file system refuses (here memory off the alignment it
// needs) is written through the page cache instead, and so is the rest of
// the file: the bytes are the same.
func TestStream_RefusedDirectWriteFallsBack(t *testing.T) {
	target := filepath.Join(t.TempDir(), "t")
	f, err := Create(target)
	if err != nil {
		t.Fatal(err)
	}
	s := f.Stream()
	if !s.Direct() {
		f.Abort()
		t.Skip("no direct I/O here")
	}
	want := streamBytes(3 * directAlign)
	b := alignedBlock()
	copy(b[1:], want[:directAlign])
	s.writeBlock(b[1 : 1+directAlign]) // misaligned: refused, then written
	if s.Direct() {
		t.Error("still direct after a refused write")
	}
	writeInPieces(t, s, want[directAlign:], []int{1000})
	if got := commitAndRead(t, f, target); !bytes.Equal(got, want) {
		t.Fatalf("the file has %d bytes, not the ones written", len(got))
	}
}

// A Stream's blocks are aligned for direct writes — on Linux mapped on
// their own at a huge page's boundary, so that a block goes to the disk in
// one request (newBlock) — and their memory is given back at Flush and at
// Abort, once nothing writes from them.
func TestStream_BlocksAlignedAndGivenBack(t *testing.T) {
	dir := t.TempDir()
	for _, abort := range []bool{false, true} {
		f, err := Create(filepath.Join(dir, "t"))
		if err != nil {
			t.Fatal(err)
		}
		s := f.Stream()
		writeInPieces(t, s, streamBytes(2*streamBlock+5), []int{1 << 20})
		mapped := 0
		for i, b := range s.blocks {
			if b == nil {
				continue
			}
			addr := uintptr(unsafe.Pointer(&b[0]))
			if len(b) != streamBlock || addr%directAlign != 0 {
				t.Fatalf("block %d: %d bytes at %#x, want %d at a multiple of %d", i, len(b), addr, streamBlock, directAlign)
			}
			if s.frees[i] != nil {
				mapped++
				// 2 MiB: stream_linux.go's hugePage.
				if runtime.GOOS == "linux" && addr%(2<<20) != 0 {
					t.Errorf("block %d at %#x: not at a huge page's boundary", i, addr)
				}
			}
		}
		if runtime.GOOS == "linux" && mapped == 0 {
			t.Error("no block mapped on its own")
		}
		if abort {
			f.Abort()
		} else if err := f.Commit(); err != nil {
			t.Fatal(err)
		}
		for i := range s.blocks {
			if s.blocks[i] != nil || s.frees[i] != nil {
				t.Errorf("abort %v: block %d kept after the file was done", abort, i)
			}
		}
	}
}

// countSyncs has the Stream's syncs along the way counted, and the file's
// size at each, until the test ends; fail makes each one fail with it.
func countSyncs(t *testing.T, fail error) (count func() int, sizes func() []int64) {
	var mu sync.Mutex
	var at []int64
	old := syncFile
	syncFile = func(f *os.File) error {
		fi, err := f.Stat()
		if err != nil {
			return err
		}
		mu.Lock()
		at = append(at, fi.Size())
		mu.Unlock()
		return fail
	}
	t.Cleanup(func() { syncFile = old })
	count = func() int { mu.Lock(); defer mu.Unlock(); return len(at) }
	sizes = func() []int64 { mu.Lock(); defer mu.Unlock(); return slices.Clone(at) }
	return count, sizes
}

// A Stream syncs what it wrote every streamSyncEvery bytes (here two
// blocks), on the goroutine writing the blocks (so that Commit's sync has
// only the last ones to wait for), never before that many bytes are in
// the file, never for a target written through; the file is the bytes
// written either way.
func TestStream_SyncsAlongTheWay(t *testing.T) {
	const every = 2 * streamBlock
	count, sizes := countSyncs(t, nil)
	dir := t.TempDir()
	all := streamBytes(3*every + streamBlock + 99)
	for _, c := range []struct {
		target string
		n      int
		syncs  bool
	}{
		{filepath.Join(dir, "small"), every - 1, false},
		{filepath.Join(dir, "big"), len(all), true},
		{os.DevNull, len(all), false},
	} {
		before := count()
		f, err := Create(c.target)
		if err != nil {
			t.Fatal(err)
		}
		s := f.Stream()
		if s.syncEvery != streamSyncEvery {
			t.Fatalf("a sync every %d bytes, want %d", s.syncEvery, streamSyncEvery)
		}
		s.syncEvery = every
		writeInPieces(t, s, all[:c.n], []int{1 << 20, 12345})
		if err := f.Commit(); err != nil {
			t.Fatal(err)
		}
		got := count() - before
		switch {
		case c.syncs && got == 0:
			t.Errorf("%s, %d bytes: no sync along the way", c.target, c.n)
		case !c.syncs && got != 0:
			t.Errorf("%s, %d bytes: %d syncs along the way, want none", c.target, c.n, got)
		}
		for _, size := range sizes()[before:] {
			if size < every {
				t.Errorf("%s: a sync at %d bytes, before %d were written", c.target, size, every)
			}
		}
		if c.target == os.DevNull {
			continue
		}
		if got, _ := os.ReadFile(c.target); !bytes.Equal(got, all[:c.n]) {
			t.Errorf("%s: the file has %d bytes, not the %d written", c.target, len(got), c.n)
		}
	}
}

// A sync along the way that fails is the Stream's error: Commit names the
// target and the sync, and leaves the target untouched.
func TestStream_FailedSyncIsAnError(t *testing.T) {
	count, _ := countSyncs(t, syscall.EIO)
	target := filepath.Join(t.TempDir(), "t")
	os.WriteFile(target, []byte("the old file"), 0o644)
	f, err := Create(target)
	if err != nil {
		t.Fatal(err)
	}
	s := f.Stream()
	s.syncEvery = streamBlock
	p := streamBytes(streamBlock)
	for range 3 {
		if _, err := s.Write(p); err != nil {
			break // the failed sync, seen by a later write
		}
	}
	err = f.Commit()
	if count() == 0 {
		t.Fatal("no sync along the way")
	}
	if err == nil || !errors.Is(err, syscall.EIO) || !strings.Contains(err.Error(), target) || !strings.Contains(err.Error(), "sync") {
		t.Fatalf("Commit = %v, want the failed sync naming %s", err, target)
	}
	if got, _ := os.ReadFile(target); string(got) != "the old file" {
		t.Errorf("the target changed: %q", got)
	}
	if names := dirNames(t, filepath.Dir(target)); len(names) != 1 {
		t.Errorf("the directory holds %v, want the target alone", names)
	}
}

// A block is made only when no written one is free: a writer that waits
// for each block to be written before the next fills the same block again
// and again, and never holds more than streamBlocks.
func TestStream_BlocksMadeOnlyWhenNoneIsFree(t *testing.T) {
	f, err := Create(filepath.Join(t.TempDir(), "t"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Abort()
	s := f.Stream()
	p := streamBytes(streamBlock)
	for range 5 {
		if _, err := s.Write(p); err != nil {
			t.Fatal(err)
		}
		for len(s.free) == 0 {
			runtime.Gosched() // until the block is written and free
		}
	}
	if s.busy != 1 {
		t.Errorf("%d blocks made for blocks written one at a time, want 1", s.busy)
	}
	for range 3 * streamBlocks {
		if _, err := s.Write(p); err != nil {
			t.Fatal(err)
		}
	}
	if s.busy > streamBlocks {
		t.Errorf("%d blocks made, more than %d", s.busy, streamBlocks)
	}
}

// fillInPieces puts p in s's blocks in place (Free, Fill) in pieces of the
// given sizes, in turn, each cut where the room Free gives ends: a piece
// straddling two blocks fills the first to its end and goes on in the
// next.
func fillInPieces(t *testing.T, s *Stream, p []byte, pieces []int) {
	t.Helper()
	for i := 0; len(p) > 0; i++ {
		k := min(pieces[i%len(pieces)], len(p))
		for piece := p[:k]; len(piece) > 0; {
			room, err := s.Free()
			if err != nil {
				t.Fatalf("Free: %v", err)
			}
			if len(room) == 0 {
				t.Fatal("Free gave no room")
			}
			n := copy(room, piece)
			s.Fill(n)
			piece = piece[n:]
		}
		p = p[k:]
	}
}

// Bytes put in a Stream's blocks in place (Free, Fill), in pieces of any
// size — ones ending a block exactly, ones straddling two, ones longer than
// a block — and mixed with Writes, are the file's bytes, in order; the
// room Free gives is the rest of the block being filled, never empty.
func TestStream_FilledInPlace(t *testing.T) {
	dir := t.TempDir()
	sizes := []int{0, 1, streamBlock - 1, streamBlock, streamBlock + 1, 3*streamBlock + 17}
	pieces := [][]int{{1 << 20}, {9731, 1, 64 << 10, 3}, {streamBlock + 5}, {streamBlock}}
	all := streamBytes(slices.Max(sizes))
	if raceEnabled {
		sizes = []int{streamBlock + 1, 3*streamBlock + 17}
	}
	for _, n := range sizes {
		for _, pc := range pieces {
			for _, mixed := range []bool{false, true} {
				want := all[:n:n]
				target := filepath.Join(dir, "filled.trace")
				f, err := Create(target)
				if err != nil {
					t.Fatal(err)
				}
				s := f.Stream()
				if mixed {
					// Every other third written, the rest filled in place.
					third := n / 3
					writeInPieces(t, s, want[:third], []int{777})
					fillInPieces(t, s, want[third:2*third], pc)
					writeInPieces(t, s, want[2*third:], pc)
				} else {
					fillInPieces(t, s, want, pc)
				}
				got := commitAndRead(t, f, target)
				if !bytes.Equal(got, want) {
					t.Fatalf("%d bytes in pieces of %v (mixed %v): the file has %d bytes, not the ones put", n, pc, mixed, len(got))
				}
			}
		}
	}
}

// The room Free gives ends where the block being filled ends: after k
// bytes it is streamBlock−k long, and once a block is filled the next
// room is a whole block; Fill of nothing changes nothing.
func TestStream_FreeIsTheBlocksRest(t *testing.T) {
	f, err := Create(filepath.Join(t.TempDir(), "t"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Abort()
	s := f.Stream()
	for _, k := range []int{0, 1, 4095, streamBlock - 8192, 4095} {
		room, err := s.Free()
		if err != nil {
			t.Fatal(err)
		}
		if len(room) != streamBlock-s.n {
			t.Fatalf("Free gave %d bytes with %d of the block filled", len(room), s.n)
		}
		s.Fill(k)
	}
	if s.n != streamBlock-1 {
		t.Fatalf("%d bytes filled, want %d", s.n, streamBlock-1)
	}
	s.Fill(1) // the block is full: handed over
	room, err := s.Free()
	if err != nil || len(room) != streamBlock {
		t.Fatalf("after a full block Free gave %d bytes, %v; want a whole block", len(room), err)
	}
}

// A block that fails to be written (a full device) makes Free fail,
// naming the target, before the blocks run out, and Commit too: bytes put
// in place are never lost silently.
func TestStream_FreeFailsAfterAFailedWrite(t *testing.T) {
	f, s := fullStream(t)
	var ferr error
	for i := 0; i < 2*streamBlocks+2 && ferr == nil; i++ {
		var room []byte
		if room, ferr = s.Free(); ferr == nil {
			s.Fill(len(room))
		}
	}
	if ferr == nil {
		ferr = s.Flush()
	}
	if ferr == nil {
		t.Fatal("no error filling blocks of /dev/full")
	}
	var pe *fs.PathError
	if !errors.As(ferr, &pe) || pe.Path != "/dev/full" {
		t.Errorf("error %v does not name the target", ferr)
	}
	if err := f.Commit(); err == nil {
		t.Error("Commit after a failed write reported no error")
	}
}

// A FIFO is written through: blocks filled in place reach its reader as
// put, a tail short of a block included, and it stays a FIFO.
func TestStream_FilledIntoAFIFO(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "p")
	if err := syscall.Mkfifo(fifo, 0o666); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	want := streamBytes(2*streamBlock + 4099)
	got := make(chan []byte, 1)
	go func() {
		b, _ := os.ReadFile(fifo)
		got <- b
	}()
	f, err := Create(fifo)
	if err != nil {
		t.Fatal(err)
	}
	s := f.Stream()
	fillInPieces(t, s, want, []int{streamBlock/3 + 1})
	if err := f.Commit(); err != nil {
		t.Fatal(err)
	}
	if b := <-got; !bytes.Equal(b, want) {
		t.Fatalf("the reader got %d bytes, not the ones put", len(b))
	}
	if fi, err := os.Lstat(fifo); err != nil || fi.Mode()&fs.ModeNamedPipe == 0 {
		t.Fatal("the FIFO was replaced")
	}
}

// commitAndRead commits f and returns what its target then holds.
func commitAndRead(t *testing.T, f *File, target string) []byte {
	t.Helper()
	if err := f.Commit(); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(target)
	if err != nil {
		t.Fatal(err)
	}
	return got
}
