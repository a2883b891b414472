// Streams: a large output (a trace of gigabytes) written in big blocks on a
// goroutine of their own while the caller goes on. Where the system allows
// it (Linux, a regular file on a file system that takes direct I/O) the
// blocks go straight to the device, past the page cache: copying gigabytes
// into the page cache costs more CPU than the run that produced them, and
// the sync before the rename would then wait for all of them to reach the
// disk at the end instead of as they come (docs/benchmarks.md, "The
// trace"). Elsewhere, or where the file system refuses direct I/O, the
// same blocks are written through the page cache: the bytes are the same
// either way.

package atomicfile

import (
	"errors"
	"io/fs"
	"sync"
	"sync/atomic"
	"unsafe"
)

const (
	// streamBlock is the size of a Stream's blocks, a multiple of every
	// device's direct I/O alignment.
	streamBlock = 4 << 20
	// streamBlocks is the most blocks a Stream has: one being filled while
	// the others wait to be written or are. A block is made only when no
	// written one is free, so a disk that keeps up holds two or three; 64
	// MiB in all let the caller go on through a disk's pauses of tens of
	// milliseconds (docs/benchmarks.md, "The trace").
	streamBlocks = 16
	// streamSyncEvery is how many bytes a Stream writes between syncs
	// of the file's data (syncData, on the goroutine writing the blocks
	// while the caller fills the next), so that Commit's sync waits for
	// the last of them only, not for the whole file: on the development
	// machine's virtual disk a 2.77 GB file's sync at the end took
	// 0.1–0.75 s, and after syncs every 64 MiB 0.01–0.04 s, the disk
	// pausing less while it was written. Starting each window's
	// writeback without waiting (sync_file_range) did worse: a direct
	// write leaves no dirty pages for it to start, so the device's cache
	// was flushed all at Commit (0.66–0.77 s against 0.08–0.17 s), and
	// through the page cache it blocked longer than the syncs
	// (docs/benchmarks.md, "Tried and did not pay").
	streamSyncEvery = 64 << 20
	// directAlign is the alignment of a block's memory and of the file
	// offsets it is written at.
	directAlign = 4096
)

// Stream writes f in blocks of streamBlock bytes on a goroutine of its own.
// Write copies into the block being filled (or the caller puts its bytes
// there itself: Free, Fill); Flush waits for the blocks
// being written and writes what is left. Commit flushes it first. One
// goroutine at a time may use a Stream, and no other write to f may come
// between its writes.
type Stream struct {
	f *File
	// blocks are the blocks' memory, frees what gives each back (nil: the
	// garbage collector's); cur is the one being filled (−1: none taken
	// yet), n the bytes in it.
	blocks [streamBlocks][]byte
	frees  [streamBlocks]func()
	cur, n int
	// free are the blocks written, jobs the full ones to write; busy
	// counts the blocks taken from free and not yet given back; running
	// says the goroutine writing them runs.
	free, jobs chan int
	busy       int
	running    bool
	done       chan struct{}
	// written counts the bytes written since the last sync, syncEvery
	// is streamSyncEvery but in tests; sync says the file is synced
	// along the way (a file of the system's own, not one written
	// through).
	written   int
	syncEvery int
	sync      bool
	// mu guards err, the first error writing a block, and direct, which
	// says the file is written past the page cache.
	mu     sync.Mutex
	err    error
	direct bool
	// bad says err is set (read without the lock on every Write).
	bad atomic.Bool
}

// Stream returns a Stream writing f. A target written through (a device,
// a FIFO) gets the same blocks through its own writes.
func (f *File) Stream() *Stream {
	s := &Stream{f: f, cur: -1, syncEvery: streamSyncEvery}
	if f.through == nil && f.f != nil {
		s.sync = true
		s.direct = setDirect(f.f, true) == nil
	}
	f.stream = s
	return s
}

// Direct reports whether the blocks written so far went past the page
// cache.
func (s *Stream) Direct() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.direct
}

// BlockSize is the size of the blocks s writes (the trace writer writes
// to a Stream without a buffer of its own in between).
func (s *Stream) BlockSize() int { return streamBlock }

// Write copies p into s's blocks, handing each full one to the goroutine
// that writes them. It returns the first error writing a block.
func (s *Stream) Write(p []byte) (int, error) {
	if s.bad.Load() {
		return 0, s.failed()
	}
	written := 0
	for len(p) > 0 {
		if s.cur < 0 {
			s.cur, s.n = s.take(), 0
			if s.cur < 0 {
				return written, s.failed()
			}
		}
		k := copy(s.blocks[s.cur][s.n:], p)
		s.n += k
		written += k
		p = p[k:]
		if s.n == streamBlock {
			s.jobs <- s.cur
			s.cur = -1
		}
	}
	return written, nil
}

// Free returns the part of the block being filled that is not yet
// filled (never empty; a block is taken when none is being filled), for
// the caller to put bytes in place and then say how many with Fill: the
// bytes reach the file without a copy of their own (the trace writer
// puts a run's rows there, in trace order). It returns the first error
// writing a block. Nothing else may write to s between Free and its Fill.
func (s *Stream) Free() ([]byte, error) {
	if s.bad.Load() {
		return nil, s.failed()
	}
	if s.cur < 0 {
		s.cur, s.n = s.take(), 0
		if s.cur < 0 {
			return nil, s.failed()
		}
	}
	return s.blocks[s.cur][s.n:], nil
}

// Fill says the first n bytes of the part Free returned are filled (0 ≤ n
// ≤ its length), handing the block to the goroutine that writes them
// once it is full.
func (s *Stream) Fill(n int) {
	if n == 0 {
		return
	}
	if s.cur < 0 || n < 0 || s.n+n > streamBlock {
		panic("atomicfile: Stream.Fill past the part Free returned")
	}
	s.n += n
	if s.n == streamBlock {
		s.jobs <- s.cur
		s.cur = -1
	}
}

// take returns a block to fill: one written already when one is free, else
// a new one while there are fewer than streamBlocks, else the next one
// written; −1 after an error.
func (s *Stream) take() int {
	if !s.running {
		s.free = make(chan int, streamBlocks)
		s.jobs = make(chan int, streamBlocks)
		s.done = make(chan struct{})
		s.running = true
		go s.writeBlocks()
	}
	var i int
	select {
	case i = <-s.free:
	default:
		if s.busy < streamBlocks {
			i = s.busy
			if s.blocks[i] == nil {
				s.blocks[i], s.frees[i] = newBlock()
			}
			s.busy++
			return i
		}
		i = <-s.free
	}
	if s.failed() != nil {
		s.free <- i
		return -1
	}
	return i
}

// writeBlocks writes the full blocks as they come, until jobs is closed,
// and syncs the file's data every syncEvery bytes; a failed sync is the
// Stream's error (a write the disk lost).
func (s *Stream) writeBlocks() {
	defer close(s.done)
	for i := range s.jobs {
		if s.failed() == nil {
			s.writeBlock(s.blocks[i])
			if s.written += len(s.blocks[i]); s.sync && s.written >= s.syncEvery && s.failed() == nil {
				s.written = 0
				if err := syncFile(s.f.f); err != nil {
					s.fail(&fs.PathError{Op: "sync", Path: s.f.target, Err: err})
				}
			}
		}
		s.free <- i
	}
}

// syncFile is syncData but where a test counts the syncs or fails one.
var syncFile = syncData

// writeBlock writes b (whole blocks only while direct). A file system
// that refuses a direct write (an alignment it wants larger) has the
// rest written through the page cache, this block first.
func (s *Stream) writeBlock(b []byte) {
	_, err := s.f.Write(b)
	if err != nil && s.Direct() && errors.Is(err, errInvalid) {
		s.leaveDirect()
		_, err = s.f.Write(b)
	}
	if err != nil {
		s.fail(err)
	}
}

// leaveDirect writes the rest of the file through the page cache.
func (s *Stream) leaveDirect() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.direct {
		s.direct = false
		if err := setDirect(s.f.f, false); err != nil && s.err == nil {
			s.err = err
			s.bad.Store(true)
		}
	}
}

// fail keeps err unless an error came first.
func (s *Stream) fail(err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.err == nil {
		s.err = err
		s.bad.Store(true)
	}
}

// failed is the first error writing a block.
func (s *Stream) failed() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.err
}

// stop waits for the blocks being written and ends the goroutine.
func (s *Stream) stop() {
	if !s.running {
		return
	}
	if s.cur >= 0 && s.n == 0 {
		s.free <- s.cur // taken, nothing in it
		s.cur = -1
	}
	close(s.jobs)
	<-s.done
	s.running = false
	s.busy = 0
	s.written = 0
}

// release gives the blocks' memory back once nothing writes from them (a
// later Write takes new ones).
func (s *Stream) release() {
	for i, free := range s.frees {
		if free != nil {
			free()
		}
		s.blocks[i], s.frees[i] = nil, nil
	}
}

// Flush waits for the blocks being written and writes what is left in the
// block being filled (through the page cache: a direct write is whole
// blocks only, so s writes the rest of the file that way), and gives the
// blocks' memory back. It returns the first error writing.
func (s *Stream) Flush() error {
	defer s.release()
	cur, n := s.cur, s.n
	s.cur, s.n = -1, 0
	if s.running && cur >= 0 {
		s.free <- cur // written below, before any other block is taken
	}
	s.stop()
	if err := s.failed(); err != nil {
		return err
	}
	if cur >= 0 && n > 0 {
		s.leaveDirect()
		if err := s.failed(); err != nil {
			return err
		}
		if _, err := s.f.Write(s.blocks[cur][:n]); err != nil {
			s.fail(err)
			return err
		}
	}
	return nil
}

// alignedBlock is a block of memory starting at a multiple of
// directAlign, from the garbage-collected heap (newBlock's where the
// system gives no memory of its own).
func alignedBlock() []byte {
	b := make([]byte, streamBlock+directAlign)
	off := int(uintptr(unsafe.Pointer(&b[0])) % directAlign)
	if off != 0 {
		off = directAlign - off
	}
	return b[off : off+streamBlock : off+streamBlock]
}
