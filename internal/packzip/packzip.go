// Package packzip reads an evidence pack's zip (a `viewer pack -o
// FILE.zip`) for opening: the README heading packcmd writes gives the
// moment, the object and the reading, and the recording is extracted
// whole; anything else is bad input naming the zip and the entry
// (docs/web.md "Opening an evidence pack"). ui/launch opens the window on
// what it reads. It imports no display package, so that its fuzz target's
// instrumented build holds none.
package packzip

import (
	"archive/zip"
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"glidepath/internal/atomicfile"
)

// Error is a zip that is not an evidence pack, or one over the limits:
// bad input, which the caller reports as such (ui/launch: cli.UsageError,
// exit status 2). The package imports no subcommand's package, so that
// its fuzz target's instrumented binary is small.
type Error struct{ Err error }

func (e *Error) Error() string { return e.Err.Error() }
func (e *Error) Unwrap() error { return e.Err }

// bad is an *Error saying format's message.
func bad(format string, args ...any) error { return &Error{Err: fmt.Errorf(format, args...)} }

// Limits on a pack zip opened for viewing: a pack holds a dozen files; its
// recording is a shrunk one. A zip over them is refused before it is
// inflated (docs/web.md "Limits").
const (
	MaxEntries   = 64
	MaxRecording = 256 << 20 // bytes, inflated
	MaxReadme    = 1 << 20   // bytes, inflated
)

// The pack's entries this reads, as viewer pack names them
// (packcmd.FileRecording, packcmd.FileReadme: ui/launch's
// TestPackEntryNames holds them equal). They are spelled here so that the web build, which opens packs,
// does not link the pack subcommand (docs/web.md "What the web build
// holds").
const (
	EntryRecording = "recording.jsonl"
	EntryReadme    = "README.md"
)

// Moment is what opening a pack needs of it.
type Moment struct {
	Recording string // the extracted recording's path
	Tick      int
	GUID      string
	Reading   string
	Heading   string // README.md's first line without its "# "
}

var (
	heading = regexp.MustCompile("^# Evidence pack: [A-Za-z]+ of (0x[0-9A-Fa-f]{8}) at tick ([0-9]{1,9})$")
	reading = regexp.MustCompile("reading `([^`]+)`")
)

// Is says whether path names a zip file (by its first four bytes:
// a local file header). Unreadable files are left to the input readers,
// which say why.
func Is(path string) bool {
	if !strings.EqualFold(filepath.Ext(path), ".zip") {
		return false
	}
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	var magic [4]byte
	if _, err := io.ReadFull(f, magic[:]); err != nil {
		return false
	}
	return bytes.Equal(magic[:], []byte("PK\x03\x04"))
}

// Open extracts the pack's recording into dir and reads its moment
// from the pack's README.md heading (packcmd's packReadmeText writes it).
// Every problem with the zip is an *Error (bad input) naming the zip and
// the entry; one writing the extracted recording is another error.
func Open(path, dir string) (Moment, error) {
	zr, err := zip.OpenReader(path)
	if err != nil {
		// A zip cut short loses its central directory (at its end), and
		// with it every entry's name: there is no entry to name.
		return Moment{}, bad("%s: not a readable zip (cut short, or not a zip: its directory of entries is missing): %v", path, err)
	}
	defer zr.Close()
	if len(zr.File) > MaxEntries {
		return Moment{}, bad("%s: %d entries: an evidence pack has at most %d", path, len(zr.File), MaxEntries)
	}
	var rec, readme *zip.File
	for i, f := range zr.File {
		// viewer pack writes a flat folder; an entry that climbs out of
		// it (../x, /etc/x, C:\x) is no pack's, whatever it holds.
		if !filepath.IsLocal(f.Name) || strings.ContainsAny(f.Name, `\:`) || strings.HasPrefix(f.Name, "/") {
			return Moment{}, bad("%s: entry %d %q: a path outside the pack's folder: not an evidence pack", path, i+1, f.Name)
		}
		switch f.Name {
		case EntryRecording:
			rec = f
		case EntryReadme:
			readme = f
		}
	}
	for _, m := range []struct {
		f    *zip.File
		name string
	}{{readme, EntryReadme}, {rec, EntryRecording}} {
		if m.f == nil {
			return Moment{}, bad("%s: %s: missing: not an evidence pack: want entries %s and %s (viewer pack -o FILE.zip)", path, m.name, EntryRecording, EntryReadme)
		}
	}
	text, err := readZipEntry(path, readme, MaxReadme)
	if err != nil {
		return Moment{}, err
	}
	var m Moment
	sc := bufio.NewScanner(bytes.NewReader(text))
	for line := 1; sc.Scan(); line++ {
		if line == 1 {
			sub := heading.FindStringSubmatch(sc.Text())
			if sub == nil {
				return Moment{}, bad("%s: README.md:1: heading %q: want \"# Evidence pack: KIND of GUID at tick N\"", path, sc.Text())
			}
			m.GUID = sub[1]
			m.Heading = strings.TrimPrefix(sc.Text(), "# ")
			m.Tick, _ = strconv.Atoi(sub[2]) // nine digits at most: fits
			continue
		}
		if sub := reading.FindStringSubmatch(sc.Text()); sub != nil {
			m.Reading = sub[1]
			break
		}
	}
	if m.Reading == "" {
		return Moment{}, bad("%s: README.md: names no reading (want \"reading `NAME`\")", path)
	}
	data, err := readZipEntry(path, rec, MaxRecording)
	if err != nil {
		return Moment{}, err
	}
	m.Recording = filepath.Join(dir, EntryRecording)
	if err := atomicfile.Write(m.Recording, func(w io.Writer) error { _, err := w.Write(data); return err }); err != nil {
		return Moment{}, fmt.Errorf("%s: extracting %s: %w", path, EntryRecording, err)
	}
	return m, nil
}

// readZipEntry reads one entry whole, refusing one that inflates past limit.
func readZipEntry(path string, f *zip.File, limit int64) ([]byte, error) {
	if f.UncompressedSize64 > uint64(limit) {
		return nil, bad("%s: %s: %d bytes inflated: over the limit of %d", path, f.Name, f.UncompressedSize64, limit)
	}
	rc, err := f.Open()
	if err != nil {
		return nil, bad("%s: %s: %v", path, f.Name, err)
	}
	defer rc.Close()
	data, err := io.ReadAll(io.LimitReader(rc, limit+1))
	if err != nil {
		return nil, bad("%s: %s: %v", path, f.Name, err)
	}
	if int64(len(data)) > limit {
		return nil, bad("%s: %s: inflates past the limit of %d bytes", path, f.Name, limit)
	}
	return data, nil
}
