package recording

import (
	"bytes"
	"errors"
	"io"
	"math/rand/v2"
	"testing"
	"testing/iotest"
)

// Read ahead hands out src's bytes in order and then src's own error —
// io.EOF at the end, another error at the byte it came — whatever the
// sizes of src's reads and of the reader's.
func TestReadAhead_SameBytesThenSameError(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	boom := errors.New("boom")
	for _, size := range []int{0, 1, 1000, readAheadChunk - 1, readAheadChunk, readAheadChunk*readAheadChunks + 17, 3 << 20} {
		data := make([]byte, size)
		for i := range data {
			data[i] = byte(rng.Uint32())
		}
		for _, tail := range []error{nil, boom, io.ErrUnexpectedEOF} {
			var src io.Reader = iotest.HalfReader(bytes.NewReader(data))
			if tail != nil {
				src = io.MultiReader(src, iotest.ErrReader(tail))
			}
			ra := newReadAhead(src)
			var got bytes.Buffer
			buf := make([]byte, 1+rng.IntN(70000))
			var err error
			for {
				var n int
				n, err = ra.Read(buf)
				got.Write(buf[:n])
				if err != nil {
					break
				}
			}
			ra.Close()
			want := tail
			if want == nil {
				want = io.EOF
			}
			if !bytes.Equal(got.Bytes(), data) || err != want {
				t.Errorf("size %d, tail %v: %d bytes (equal %v), error %v", size, tail, got.Len(), bytes.Equal(got.Bytes(), data), err)
			}
		}
	}
}

// Closing before the end stops the goroutine (the race detector and the
// wait in Close would catch one still reading).
func TestReadAhead_CloseEarly(t *testing.T) {
	ra := newReadAhead(bytes.NewReader(make([]byte, 8<<20)))
	if _, err := ra.Read(make([]byte, 10)); err != nil {
		t.Fatal(err)
	}
	ra.Close()
	ra.Close()
	select {
	case <-ra.done:
	default:
		t.Fatal("the goroutine is still running after Close")
	}
	newReadAhead(bytes.NewReader(nil)).Close() // never read: nothing to wait for
}
