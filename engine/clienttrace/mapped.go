// Mapping: a client trace that is a regular, uncompressed file is read
// through a read-only memory map instead of read(2) into a buffer — a
// diff of an hour of 100 objects reads a 1.7 GB trace, and copying it
// through the kernel cost a tenth of the diff's CPU. The rows are decoded
// where they lie in the map; the lines read one by one (the general scan,
// errors) are cut as bufio.Reader.ReadSlice cuts them in a buffer of
// MaxLineBytes, so a trace reads the same, errors and all, mapped or not
// (mapped_test.go). The map is read-only: nothing may write into a line.
// Pages read are given back every releaseBytes, so the
// process does not hold the whole file. A file cut short while mapped
// faults on its missing pages; the reading goroutine turns that fault into
// an error (AppendTicks). Its last page, though, reads as zeros past the
// new end, so an error found there is checked against the file's size.

package clienttrace

import (
	"bufio"
	"bytes"
	"io"
	"os"
	"runtime/debug"
	"strconv"
	"strings"
)

// releaseBytes is how much of the map is read before its pages are given
// back.
const releaseBytes = 8 << 20

// mapping is a mapped file and how far it has been read.
type mapping struct {
	data     []byte
	off      int
	released int
}

// buffered is what the reader holds beyond what it has read: the rest of
// the map, or bufio's buffer.
func (r *Reader) buffered() []byte {
	if r.m != nil {
		return r.m.data[r.m.off:]
	}
	b, _ := r.br.Peek(r.br.Buffered())
	return b
}

// discard skips n bytes of buffered().
func (r *Reader) discard(n int) {
	if r.m != nil {
		r.m.off += n
		return
	}
	r.br.Discard(n)
}

// readLine reads up to and including the next newline, as
// bufio.Reader.ReadSlice('\n') with a buffer of MaxLineBytes does.
func (r *Reader) readLine() ([]byte, error) {
	if r.m == nil {
		return r.br.ReadSlice('\n')
	}
	m := r.m
	rest := m.data[m.off:]
	if k := bytes.IndexByte(rest[:min(len(rest), MaxLineBytes)], '\n'); k >= 0 {
		m.off += k + 1
		return rest[: k+1 : k+1], nil
	}
	if len(rest) >= MaxLineBytes {
		m.off += MaxLineBytes
		return rest[:MaxLineBytes], bufio.ErrBufferFull
	}
	m.off = len(m.data)
	return rest, io.EOF
}

// guardMapped runs read, which reads r's map, turning a fault on a page
// the file no longer has (it was cut short while mapped) into an error,
// then gives back the pages read.
func (r *Reader) guardMapped(read func()) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if p := recover(); p != nil {
			if _, fault := p.(interface{ Addr() uintptr }); !fault {
				panic(p)
			}
			r.err = nil
			r.fail(r.line+1, "read", fileChanged)
		}
	}()
	read()
	if m := r.m; m.off-m.released >= releaseBytes {
		end := m.off &^ (os.Getpagesize() - 1)
		releasePages(m.data[m.released:end])
		m.released = end
	}
}

// fileChanged is the problem of a mapped file cut short while read.
const fileChanged = "the file changed while it was read"

// cutShort turns the error r stopped at into the file's having been cut
// short, when it was: past the new end the rest of its page reads as
// zeros, and the error they cause ("control character in a string") would
// name the zeros rather than the cause. A file removed or replaced keeps
// its map whole, so only a smaller size counts.
func (r *Reader) cutShort() {
	e, ok := r.err.(*Error)
	if !ok || strings.HasPrefix(e.Problem, fileChanged) {
		return
	}
	fi, err := os.Stat(r.name)
	if err != nil || fi.Size() >= int64(len(r.m.data)) {
		return
	}
	r.err = &Error{File: r.name, Line: e.Line, Field: "read", Problem: fileChanged + ": cut to " +
		strconv.FormatInt(fi.Size(), 10) + " bytes from " + strconv.Itoa(len(r.m.data))}
}
