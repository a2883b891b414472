// Opening an evidence pack (a `viewer pack -o FILE.zip`) as the window's
// input: the pack's shrunk recording is opened at the pack's moment, its
// object selected and under its reading, unless the command line says
// otherwise. This is how the web viewer opens a pack dropped on its page or
// named by `?url=` (docs/web.md), and the desktop viewer opens one the same
// way.

package launch

import (
	"archive/zip"
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"glidepath/internal/atomicfile"
	"glidepath/internal/cli"
)

// Limits on a pack zip opened for viewing: a pack holds a dozen files; its
// recording is a shrunk one. A zip over them is refused before it is
// inflated (docs/web.md "Limits").
const (
	packZipMaxEntries   = 64
	packZipMaxRecording = 256 << 20 // bytes, inflated
	packZipMaxReadme    = 1 << 20   // bytes, inflated
)

// The pack's entries this reads, as viewer pack names them
// (packcmd.FileRecording, packcmd.FileReadme: TestPackEntryNames holds them
// equal). They are spelled here so that the web build, which opens packs,
// does not link the pack subcommand (docs/web.md "What the web build
// holds").
const (
	packEntryRecording = "recording.jsonl"
	packEntryReadme    = "README.md"
)

// packMoment is what opening a pack needs of it.
type packMoment struct {
	Recording string // the extracted recording's path
	Tick      int
	GUID      string
	Reading   string
	Heading   string // README.md's first line without its "# "
}

var (
	packHeading = regexp.MustCompile("^# Evidence pack: [A-Za-z]+ of (0x[0-9A-Fa-f]{8}) at tick ([0-9]{1,9})$")
	packReading = regexp.MustCompile("reading `([^`]+)`")
)

// isPackZip says whether path names a zip file (by its first four bytes:
// a local file header). Unreadable files are left to the input readers,
// which say why.
func isPackZip(path string) bool {
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

// openPackZip extracts the pack's recording into dir and reads its moment
// from the pack's README.md heading (packcmd's packReadmeText writes it).
// Every problem is bad input naming the zip and the entry.
func openPackZip(path, dir string) (packMoment, error) {
	zr, err := zip.OpenReader(path)
	if err != nil {
		// A zip cut short loses its central directory (at its end), and
		// with it every entry's name: there is no entry to name.
		return packMoment{}, cli.BadInput("%s: not a readable zip (cut short, or not a zip: its directory of entries is missing): %v", path, err)
	}
	defer zr.Close()
	if len(zr.File) > packZipMaxEntries {
		return packMoment{}, cli.BadInput("%s: %d entries: an evidence pack has at most %d", path, len(zr.File), packZipMaxEntries)
	}
	var rec, readme *zip.File
	for i, f := range zr.File {
		// viewer pack writes a flat folder; an entry that climbs out of
		// it (../x, /etc/x, C:\x) is no pack's, whatever it holds.
		if !filepath.IsLocal(f.Name) || strings.ContainsAny(f.Name, `\:`) || strings.HasPrefix(f.Name, "/") {
			return packMoment{}, cli.BadInput("%s: entry %d %q: a path outside the pack's folder: not an evidence pack", path, i+1, f.Name)
		}
		switch f.Name {
		case packEntryRecording:
			rec = f
		case packEntryReadme:
			readme = f
		}
	}
	for _, m := range []struct {
		f    *zip.File
		name string
	}{{readme, packEntryReadme}, {rec, packEntryRecording}} {
		if m.f == nil {
			return packMoment{}, cli.BadInput("%s: %s: missing: not an evidence pack: want entries %s and %s (viewer pack -o FILE.zip)", path, m.name, packEntryRecording, packEntryReadme)
		}
	}
	text, err := readZipEntry(path, readme, packZipMaxReadme)
	if err != nil {
		return packMoment{}, err
	}
	var m packMoment
	sc := bufio.NewScanner(bytes.NewReader(text))
	for line := 1; sc.Scan(); line++ {
		if line == 1 {
			sub := packHeading.FindStringSubmatch(sc.Text())
			if sub == nil {
				return packMoment{}, cli.BadInput("%s: README.md:1: heading %q: want \"# Evidence pack: KIND of GUID at tick N\"", path, sc.Text())
			}
			m.GUID = sub[1]
			m.Heading = strings.TrimPrefix(sc.Text(), "# ")
			m.Tick, _ = strconv.Atoi(sub[2]) // nine digits at most: fits
			continue
		}
		if sub := packReading.FindStringSubmatch(sc.Text()); sub != nil {
			m.Reading = sub[1]
			break
		}
	}
	if m.Reading == "" {
		return packMoment{}, cli.BadInput("%s: README.md: names no reading (want \"reading `NAME`\")", path)
	}
	data, err := readZipEntry(path, rec, packZipMaxRecording)
	if err != nil {
		return packMoment{}, err
	}
	m.Recording = filepath.Join(dir, packEntryRecording)
	if err := atomicfile.Write(m.Recording, func(w io.Writer) error { _, err := w.Write(data); return err }); err != nil {
		return packMoment{}, fmt.Errorf("%s: extracting %s: %w", path, packEntryRecording, err)
	}
	return m, nil
}

// readZipEntry reads one entry whole, refusing one that inflates past limit.
func readZipEntry(path string, f *zip.File, limit int64) ([]byte, error) {
	if f.UncompressedSize64 > uint64(limit) {
		return nil, cli.BadInput("%s: %s: %d bytes inflated: over the limit of %d", path, f.Name, f.UncompressedSize64, limit)
	}
	rc, err := f.Open()
	if err != nil {
		return nil, cli.BadInput("%s: %s: %v", path, f.Name, err)
	}
	defer rc.Close()
	data, err := io.ReadAll(io.LimitReader(rc, limit+1))
	if err != nil {
		return nil, cli.BadInput("%s: %s: %v", path, f.Name, err)
	}
	if int64(len(data)) > limit {
		return nil, cli.BadInput("%s: %s: inflates past the limit of %d bytes", path, f.Name, limit)
	}
	return data, nil
}

// openPackArgs rewrites the window's command line when its one input is an
// evidence pack zip: the input becomes the pack's recording, extracted to a
// temporary folder, and -tick, -select and -reading default to the pack's
// moment, object and reading (a flag given on the command line wins). It
// returns the window's title for the pack — the zip's name and its
// README heading, which names the pack's tick — or "" for any other input.
func openPackArgs(fs *flag.FlagSet, stderr io.Writer) (string, error) {
	if fs.NArg() != 1 || !isPackZip(fs.Arg(0)) {
		return "", nil
	}
	dir, err := os.MkdirTemp("", "glidepath-pack-")
	if err != nil {
		return "", fmt.Errorf("opening the evidence pack %s: %w", fs.Arg(0), err)
	}
	m, err := openPackZip(fs.Arg(0), dir)
	if err != nil {
		return "", err
	}
	for _, nv := range [][2]string{{"tick", strconv.Itoa(m.Tick)}, {"select", m.GUID}, {"reading", m.Reading}} {
		name, v := nv[0], nv[1]
		if !cli.IsSet(fs, name) && fs.Lookup(name) != nil {
			if err := fs.Set(name, v); err != nil {
				return "", cli.BadInput("%s: README.md: %s %q: %v", fs.Arg(0), name, v, err)
			}
		}
	}
	fmt.Fprintf(stderr, "viewer: evidence pack %s: its recording at tick %d, %s selected, reading %s\n", fs.Arg(0), m.Tick, m.GUID, m.Reading)
	return filepath.Base(fs.Arg(0)) + ": " + m.Heading, fs.Parse([]string{m.Recording})
}
