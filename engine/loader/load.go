// Loading: a recording (.jsonl, .jsonl.gz) or a scenario (.yaml, compiled in
// memory) — the one event stream the engine runs, whatever its source
// (DESIGN.md, "The one direction data flows").

package loader

import (
	"bufio"
	"encoding/binary"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"glidepath/engine/capture"
	"glidepath/engine/recording"
	"glidepath/engine/scenario"
	"glidepath/internal/inputfile"
)

// IsScenario reports whether path names a scenario (.yaml or .yml) rather
// than a recording.
func IsScenario(path string) bool {
	ext := strings.ToLower(filepath.Ext(path))
	return ext == ".yaml" || ext == ".yml"
}

// IsCapture reports whether path names a network capture: its name ends in
// .pcap or .pcapng (optionally .gz), or, whatever its name, it is a regular
// file whose first four bytes are a pcap or pcapng magic number, or whose
// first line is a datagram of the corpus's JSON Lines
// (capture.IsDatagramJSONL). A stream
// (standard input, a FIFO) is never opened here — it can be read only once;
// Open tells its kind from the bytes it reads.
func IsCapture(path string) bool {
	name := strings.TrimSuffix(strings.ToLower(path), ".gz")
	if ext := filepath.Ext(name); ext == ".pcap" || ext == ".pcapng" || ext == ".cap" {
		return true
	}
	if IsScenario(path) || !inputfile.Regular(path) {
		return false
	}
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	br := bufio.NewReaderSize(f, 4096)
	head, err := br.Peek(4)
	if err != nil {
		return false
	}
	switch binary.LittleEndian.Uint32(head) {
	case 0xA1B2C3D4, 0xD4C3B2A1, 0xA1B23C4D, 0x4D3CB2A1, 0x0A0D0D0A:
		return true
	}
	return capture.IsDatagramJSONL(peekHead(br))
}

// LoadOptions are the choices an input may need beyond its path.
type LoadOptions struct {
	// Capture holds a capture's server port and player (engine/capture).
	Capture capture.Options
	// Follow reads a file still being written, waiting at its end for more
	// (GrowEvents).
	Follow bool
	// Ahead decodes a recording on a goroutine of its own, ahead of the
	// store's appending (GrowEvents), for a reader that waits for the
	// whole input: the bytes read run ahead of the events in the store.
	Ahead bool
}

// Load reads the recording at path (gzip when it ends in .gz), compiles
// the scenario at path (.yaml, .yml) against the assets tree, or imports
// the capture at path (.pcap, .pcapng, or a file with a capture's magic
// number). Problems are reported as FILE:LINE: FIELD: problem (a
// scenario's also give the column).
func Load(path string, assets fs.FS) (*recording.Recording, error) {
	return LoadWith(path, assets, LoadOptions{})
}

// LoadWith is Load with options.
func LoadWith(path string, assets fs.FS, opts LoadOptions) (*recording.Recording, error) {
	if IsScenario(path) {
		return scenario.CompileFile(path, assets)
	}
	src, _, err := openSource(path, assets, opts)
	if err != nil {
		return nil, err
	}
	defer src.Close()
	return recording.ReadSource(src)
}

// Open opens the input at path as a stream of events: a recording or a
// capture is read as the stream is pulled; a scenario is compiled in
// memory first (its events are generated, not read). "-" is standard
// input, and a FIFO is read as a stream: the file is opened once, and its
// kind told by its name or else by its first bytes (sniff.go). The caller
// closes the Source.
func Open(path string, assets fs.FS) (recording.Source, error) {
	return OpenWith(path, assets, LoadOptions{})
}

// OpenWith is Open with options.
func OpenWith(path string, assets fs.FS, opts LoadOptions) (recording.Source, error) {
	src, _, err := openSource(path, assets, opts)
	return src, err
}

// OpenExpect is Open that also returns the scenario's expectations (none
// for a recording): a scenario is parsed once, compiled in memory and
// streamed.
func OpenExpect(path string, assets fs.FS) (recording.Source, []scenario.Expectation, error) {
	return OpenExpectWith(path, assets, LoadOptions{})
}

// OpenExpectWith is OpenExpect with options (a capture's).
func OpenExpectWith(path string, assets fs.FS, opts LoadOptions) (recording.Source, []scenario.Expectation, error) {
	return openSource(path, assets, opts)
}
