// Package inputfile opens the files Glidepath reads — recordings,
// scenarios, captures, client traces — as streams: "-" is standard input,
// and a FIFO, a character device or /dev/stdin is read as it comes, once,
// front to back. Nothing here seeks, maps or sizes a file that is not a
// regular one, so a pipe (`viewer run <(zcat big.jsonl.gz)`) reads like a
// file. Compression is recognised by its magic number, peeked
// (bufio.Reader.Peek), never by re-opening the file.
package inputfile

import (
	"bufio"
	"compress/gzip"
	"io"
	"os"
)

// Stdin is the name that reads standard input.
const Stdin = "-"

// Open opens path for reading: standard input for "-" (closing the result
// leaves standard input open), the file otherwise (a directory fails at its
// first read, which the readers report on line 1). A file that cannot be
// opened gives os.Open's *fs.PathError.
func Open(path string) (io.ReadCloser, error) {
	if path == Stdin {
		return stdin{}, nil
	}
	return os.Open(path)
}

// stdin reads standard input without closing it.
type stdin struct{}

func (stdin) Read(p []byte) (int, error) { return os.Stdin.Read(p) }
func (stdin) Close() error               { return nil }

// Regular reports whether path is a regular file that may be read again,
// mapped or sized: not "-", not a FIFO or a device.
func Regular(path string) bool {
	if path == Stdin {
		return false
	}
	fi, err := os.Stat(path)
	return err == nil && fi.Mode().IsRegular()
}

// IsGzip reports whether the stream br starts with gzip's magic number
// (peeked: nothing is consumed).
func IsGzip(br *bufio.Reader) bool {
	head, _ := br.Peek(2)
	return len(head) == 2 && head[0] == 0x1F && head[1] == 0x8B
}

// Gunzip returns br decompressed when it starts with gzip's magic number,
// with the decompressor to close; otherwise br itself and nil.
func Gunzip(br *bufio.Reader) (io.Reader, io.Closer, error) {
	if !IsGzip(br) {
		return br, nil, nil
	}
	zr, err := gzip.NewReader(br)
	if err != nil {
		return nil, nil, err
	}
	return zr, zr, nil
}
