// Telling an input's kind: its name says it when it ends in a known
// extension; otherwise its first bytes do, peeked from the one stream read
// (bufio.Reader.Peek), so a FIFO or standard input ("-") is read once, front
// to back — a capture's magic number, a recording's opening brace, a
// scenario's YAML anything else. A gzip-compressed stream is looked into by
// decompressing the bytes peeked, leaving the stream itself unread.

package loader

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"
	"strings"

	"glidepath/engine/capture"
	"glidepath/engine/recording"
	"glidepath/engine/scenario"
	"glidepath/internal/inputfile"
)

// Kind is what an input holds.
type Kind int

// Kinds of input.
const (
	KindRecording Kind = iota
	KindScenario
	KindCapture
)

// kindByName is the kind path's extension names, if it names one
// (a trailing .gz aside).
func kindByName(path string) (Kind, bool) {
	if IsScenario(path) {
		return KindScenario, true
	}
	name := strings.TrimSuffix(strings.ToLower(path), ".gz")
	switch filepath.Ext(name) {
	case ".pcap", ".pcapng", ".cap":
		return KindCapture, true
	case ".yaml", ".yml":
		return KindScenario, true
	case ".jsonl", ".json":
		return KindRecording, true
	}
	return KindRecording, false
}

// sniffBytes bounds how far into a stream its kind is looked for.
const sniffBytes = 512

// KindOf tells br's kind by its name, or else by its first bytes (peeked;
// nothing is consumed).
func KindOf(name string, br *bufio.Reader) Kind {
	k, ok := kindByName(name)
	if ok && k != KindRecording {
		return k
	}
	if !ok {
		k = kindByContent(peekContent(br))
	}
	// A .jsonl name (or a "{") is a recording, or the datagram JSON Lines
	// of the public corpus, told by its first line (capture.IsDatagramJSONL).
	if k == KindRecording && capture.IsDatagramJSONL(peekHead(br)) {
		return KindCapture
	}
	return k
}

// peekHead is br's first bytes, as far as its first object's first key
// (decompressed when br is gzip), waiting only for the bytes it needs
// (capture.PeekHead).
func peekHead(br *bufio.Reader) []byte {
	if inputfile.IsGzip(br) {
		return peekContent(br)
	}
	return capture.PeekHead(br, sniffBytes)
}

// peekContent is the first bytes of br, decompressed when br is gzip.
func peekContent(br *bufio.Reader) []byte {
	if !inputfile.IsGzip(br) {
		return peekSignificant(br)
	}
	// Decompress from bytes peeked, growing the peek until a few bytes
	// come out or the stream ends.
	for n := max(br.Buffered(), 64); ; n *= 2 {
		n = min(n, br.Size())
		raw, err := br.Peek(n)
		var out []byte
		if zr, zerr := gzip.NewReader(bytes.NewReader(raw)); zerr == nil {
			out, _ = io.ReadAll(io.LimitReader(zr, sniffBytes))
		}
		if len(bytes.TrimLeft(bytes.TrimPrefix(out, utf8BOM), " \t\r\n")) > 0 || err != nil || n == br.Size() {
			return out
		}
	}
}

var utf8BOM = []byte("\xEF\xBB\xBF")

// peekSignificant peeks at br up to its first byte that is not a byte order
// mark or white space (or sniffBytes), waiting only for the bytes it needs.
func peekSignificant(br *bufio.Reader) []byte {
	var head []byte
	for n := 1; n <= sniffBytes; n++ {
		b, err := br.Peek(n)
		head = b
		if err != nil {
			return head
		}
		if n >= 4 && len(bytes.TrimLeft(bytes.TrimPrefix(head, utf8BOM), " \t\r\n")) > 0 {
			return head
		}
	}
	return head
}

// kindByContent: a capture's magic number, a recording's "{" (or nothing:
// the recording reader says the file is empty), a scenario otherwise.
func kindByContent(head []byte) Kind {
	if len(head) >= 4 {
		switch binary.LittleEndian.Uint32(head) {
		case 0xA1B2C3D4, 0xD4C3B2A1, 0xA1B23C4D, 0x4D3CB2A1, 0x0A0D0D0A:
			return KindCapture
		}
	}
	rest := bytes.TrimLeft(bytes.TrimPrefix(head, utf8BOM), " \t\r\n")
	if len(rest) == 0 || rest[0] == '{' {
		return KindRecording
	}
	return KindScenario
}

// opened is an input opened once and its kind told.
type opened struct {
	kind Kind
	br   *bufio.Reader
	f    io.Closer
}

// openKind opens path ("-" is standard input) and tells its kind.
func openKind(path string) (*opened, error) {
	f, err := inputfile.Open(path)
	if err != nil {
		return nil, err
	}
	return readKind(path, f), nil
}

// readKind tells the kind of the stream f, named name.
func readKind(name string, f io.ReadCloser) *opened {
	br := bufio.NewReaderSize(f, 64<<10)
	return &opened{kind: KindOf(name, br), br: br, f: f}
}

// ReadScenario reads and parses the scenario in br (gzip or not); name
// names it in errors.
func ReadScenario(name string, br *bufio.Reader, assets fs.FS) (*scenario.Scenario, error) {
	r, zr, err := inputfile.Gunzip(br)
	if err != nil {
		return nil, &scenario.Error{File: name, Line: 1, Column: 1, Field: "gzip", Problem: err.Error()}
	}
	if zr != nil {
		defer zr.Close()
	}
	data, err := scenario.ReadLimited(name, r)
	if err != nil {
		return nil, err
	}
	return scenario.Parse(name, data, assets)
}

// openSource opens the input at path as a stream, returning a scenario's
// expectations too. A recording or capture Source closes the file.
func openSource(path string, assets fs.FS, opts LoadOptions) (recording.Source, []scenario.Expectation, error) {
	in, err := openKind(path)
	if err != nil {
		return nil, nil, err
	}
	return in.source(path, assets, opts)
}

// OpenReader is OpenExpectWith over a stream already open: rc is read as
// the input named name (its kind told by the name or its first bytes) and
// closed with the Source (at once, on an error, or for a scenario, which
// is read whole).
func OpenReader(name string, rc io.ReadCloser, assets fs.FS, opts LoadOptions) (recording.Source, []scenario.Expectation, error) {
	return readKind(name, rc).source(name, assets, opts)
}

// source reads the opened input as a stream of events.
func (in *opened) source(path string, assets fs.FS, opts LoadOptions) (recording.Source, []scenario.Expectation, error) {
	rc := bufferedFile{in.br, in.f}
	if in.kind != KindCapture {
		if err := checkText(path, in.br); err != nil {
			in.f.Close()
			return nil, nil, err
		}
	}
	switch in.kind {
	case KindScenario:
		defer in.f.Close() // read whole and compiled
		sc, err := ReadScenario(path, in.br, assets)
		if err != nil {
			return nil, nil, err
		}
		rec, err := sc.Compile()
		if err != nil {
			return nil, nil, err
		}
		return recording.NewSource(rec), sc.Expectations(), nil
	case KindCapture:
		src, err := capture.OpenStream(path, rc, opts.Capture)
		if err != nil {
			return nil, nil, err
		}
		return src, nil, nil
	}
	src, err := recording.OpenStream(path, rc)
	if err != nil {
		return nil, nil, err
	}
	return src, nil, nil
}

// bufferedFile reads a file through the buffer its kind was peeked into.
type bufferedFile struct {
	*bufio.Reader
	io.Closer
}

// checkText fails, naming what the file is, when br's first bytes are
// plainly not text (inputfile.NotText: a PNG shot, a zip evidence pack, a
// Parquet table), rather than let the recording or scenario reader report
// the first byte it cannot parse. It looks only at bytes already buffered
// (at least the one byte the kind was told by; a regular file's first 64
// KiB), so a stream is never waited on here.
func checkText(path string, br *bufio.Reader) error {
	head, _ := br.Peek(min(br.Buffered(), sniffBytes))
	what := inputfile.NotText(head)
	if what == "" {
		return nil
	}
	hint := ""
	if what == "a zip archive" {
		hint = "; an evidence pack (viewer pack -o FILE.zip) opens in the window (viewer FILE.zip), or unzipped, its recording.jsonl here"
	}
	return fmt.Errorf("%s: the file is %s, not an input: want a recording (.jsonl, .jsonl.gz), a scenario (.yaml) or a capture (.pcap, .pcapng)%s", path, what, hint)
}
