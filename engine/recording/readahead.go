// Reading ahead: a gzipped recording is decompressed on a goroutine of its
// own, a few chunks ahead of the decoder, so inflating and decoding the
// JSON use two cores instead of taking turns on one (for an hour of a
// thousand remotes the inflating alone is a couple of seconds).

package recording

import (
	"io"
	"sync"
)

const (
	readAheadChunk  = 256 << 10
	readAheadChunks = 4
)

// readAhead reads src on its own goroutine into a few reused chunks. Read
// hands out the bytes in order and then src's error, at the same byte
// src gave it, so an error names the same line it would unbuffered. It
// must be closed (Close stops the goroutine and waits for it) before src
// is, and src must not block for ever (a followed file is not read ahead).
type readAhead struct {
	full    chan aheadChunk
	free    chan []byte
	stop    chan struct{}
	done    chan struct{}
	once    sync.Once
	cur     []byte // what is left of the chunk being handed out
	curBuf  []byte // that chunk's whole buffer, to give back
	err     error  // src's error, once its chunk is handed out
	started bool
	src     io.Reader
}

type aheadChunk struct {
	b   []byte
	err error
}

func newReadAhead(src io.Reader) *readAhead {
	r := &readAhead{
		full: make(chan aheadChunk, readAheadChunks),
		free: make(chan []byte, readAheadChunks),
		stop: make(chan struct{}),
		done: make(chan struct{}),
		src:  src,
	}
	for range readAheadChunks {
		r.free <- make([]byte, readAheadChunk)
	}
	return r
}

// fill is the goroutine: it fills free chunks until src ends or fails, or
// the reader is closed.
func (r *readAhead) fill() {
	defer close(r.done)
	for {
		var buf []byte
		select {
		case buf = <-r.free:
		case <-r.stop:
			return
		}
		n, err := fillChunk(r.src, buf)
		select {
		case r.full <- aheadChunk{b: buf[:n], err: err}:
		case <-r.stop:
			return
		}
		if err != nil {
			return
		}
	}
}

func (r *readAhead) Read(p []byte) (int, error) {
	if !r.started {
		r.started = true
		go r.fill()
	}
	for len(r.cur) == 0 {
		if r.curBuf != nil {
			r.free <- r.curBuf[:cap(r.curBuf)]
			r.curBuf = nil
		}
		if r.err != nil {
			return 0, r.err
		}
		c := <-r.full
		r.cur, r.curBuf, r.err = c.b, c.b, c.err
	}
	n := copy(p, r.cur)
	r.cur = r.cur[n:]
	return n, nil
}

// Close stops the goroutine and waits for it, so src may be closed next.
func (r *readAhead) Close() error {
	r.once.Do(func() {
		close(r.stop)
		if r.started {
			<-r.done
		}
	})
	return nil
}

// fillChunk reads src into buf until buf is full or src fails; the error
// is src's own (io.EOF at its end), never one made up for a short chunk.
func fillChunk(src io.Reader, buf []byte) (int, error) {
	n := 0
	for n < len(buf) {
		m, err := src.Read(buf[n:])
		n += m
		if err != nil {
			return n, err
		}
	}
	return n, nil
}
