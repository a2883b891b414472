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
	"errors"
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

// notText is the magic numbers of the files most often given by mistake
// where a text input is wanted: the viewer's own outputs (a PNG shot, a GIF
// export, a zip evidence pack, a Parquet table) and a few other common
// ones.
var notText = []struct {
	magic, kind string
}{
	{"\x89PNG", "a PNG image"},
	{"GIF87a", "a GIF image"},
	{"GIF89a", "a GIF image"},
	{"\xFF\xD8\xFF", "a JPEG image"},
	{"PK\x03\x04", "a zip archive"},
	{"PK\x05\x06", "a zip archive"},
	{"PAR1", "a Parquet file"},
	{"%PDF-", "a PDF document"},
	{"\x7FELF", "an ELF executable"},
	{"7z\xBC\xAF\x27\x1C", "a 7-Zip archive"},
	{"BZh", "a bzip2 stream"},
	{"\xFD7zXZ\x00", "an xz stream"},
	{"\x28\xB5\x2F\xFD", "a zstd stream"},
}

// NotText names what the bytes head (a file's first bytes, as many as are
// at hand) are when they are plainly not text: a known binary format by its
// magic number ("a PNG image"), or "binary data" for a NUL byte. It is ""
// for anything that may be text (gzip too: its readers decompress it), so
// a reader checks it before parsing and says what the file is instead of
// the first parse error it would meet in it.
func NotText(head []byte) string {
	for _, m := range notText {
		if len(head) >= len(m.magic) && string(head[:len(m.magic)]) == m.magic {
			return m.kind
		}
	}
	if len(head) >= 2 && head[0] == 0x1F && head[1] == 0x8B {
		return ""
	}
	for _, b := range head {
		if b == 0 {
			return "binary data"
		}
	}
	return ""
}

// ReadProblem is how a reader says why the bytes of a file could not be
// read: a gzip stream that ends early (io.ErrUnexpectedEOF, which alone
// reads as an internal error) or fails its checksum or header is said in
// words; any other error is its own text.
func ReadProblem(err error) string {
	switch {
	case errors.Is(err, io.ErrUnexpectedEOF):
		return "the compressed stream is cut short (unexpected EOF): the file is truncated, or was still being written"
	case errors.Is(err, gzip.ErrChecksum):
		return "the gzip stream's checksum does not match (gzip: invalid checksum): the file is damaged"
	case errors.Is(err, gzip.ErrHeader):
		return "not a valid gzip stream (gzip: invalid header)"
	}
	return err.Error()
}
