// The import subcommand: read a network capture (pcap, pcapng) of AC
// traffic and write the recording it stands for (docs/formats.md, "Capture
// input"), then print what was read, used, skipped and broken. The output
// is written to a temporary file beside the target and renamed on success.

package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"

	"glidepath/engine/capture"
	"glidepath/engine/loader"
	"glidepath/engine/recording"
	"glidepath/engine/tables"
	"glidepath/internal/atomicfile"
	"glidepath/internal/inputfile"
)

const importSynopsis = "viewer import CAPTURE -o OUT.jsonl[.gz] [-json] [-server-port N] [-player GUID] [-events FILE]"

// captureFlags are the capture options import and run share (the viewer
// and shot open captures with the defaults).
type captureFlags struct {
	serverPort int
	player     string
}

func (c *captureFlags) add(fs interface {
	IntVar(p *int, name string, value int, usage string)
	StringVar(p *string, name, value, usage string)
}) {
	fs.IntVar(&c.serverPort, "server-port", 0, "a capture's AC server UDP `port` (default: any of 9000–10013)")
	fs.StringVar(&c.player, "player", "", "the player's `guid` in a capture (default: from PlayerCreate 0xF746, else the first object at a position the client reported)")
}

// options checks the flags and returns the capture options.
func (c *captureFlags) options() (capture.Options, error) {
	var o capture.Options
	if c.serverPort < 0 || c.serverPort > 65535 {
		return o, badInput("-server-port %d: want a UDP port, 1–65535", c.serverPort)
	}
	o.ServerPort = uint16(c.serverPort)
	if c.player != "" {
		v, err := strconv.ParseUint(strings.TrimPrefix(strings.ToLower(c.player), "0x"), 16, 32)
		if err != nil {
			return o, badInput("-player %q: want an object guid such as 0x50000001", c.player)
		}
		o.Player, o.HasPlayer = uint32(v), true
	}
	return o, nil
}

// checkPlayerInput refuses -player for an input that is not a capture: a
// recording or scenario has no player guid (its player is the observer),
// so the guid names nothing in it. A capture that never names the guid is
// refused as it is read (capture.PlayerAbsentError).
func checkPlayerInput(path string, o capture.Options) error {
	// A stream (standard input, a FIFO) is told apart only as it is read:
	// the capture reader refuses an absent player there.
	if o.HasPlayer && inputfile.Regular(path) && !loader.IsCapture(path) {
		return badInput("-player 0x%08X: %s is not a capture (.pcap, .pcapng): -player names the player of a capture, and names nothing here", o.Player, path)
	}
	return nil
}

func runImport(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("import", importSynopsis, stderr)
	out := fs.String("o", "", "write the recording to `FILE` (gzip when it ends in .gz)")
	asJSON := fs.Bool("json", false, "print the summary as JSON")
	events := fs.String("events", "", "also write the imported events as a table to `FILE` (.csv, .csv.gz or .parquet)")
	var cf captureFlags
	cf.add(fs)
	files, err := parseInterspersed(fs, args)
	if err != nil {
		return err
	}
	if len(files) != 1 {
		fs.Usage()
		return badInput("import: want one CAPTURE (.pcap or .pcapng), got %d", len(files))
	}
	if *out == "" {
		fs.Usage()
		return badInput("import: -o OUT.jsonl[.gz] is required")
	}
	opts, err := cf.options()
	if err != nil {
		return err
	}
	if *events != "" {
		if _, err := tables.FormatOf(*events); err != nil {
			return badInput("import: %v", err)
		}
	}
	if err := checkOutputs("import", files, output{"-o", *out}, output{"-events", *events}); err != nil {
		return err
	}
	src, err := capture.Open(files[0], opts)
	if err != nil {
		return usageError{err}
	}
	defer src.Close()
	// Writing is atomic; failing to create or write the file is a failure
	// of the environment (exit 1).
	var tab *importTable
	if *events != "" {
		if tab, err = newImportTable(*events, files[0]); err != nil {
			return err
		}
		defer tab.abort()
	}
	written, err := writeImport(src, *out, progressFor(files[0], stderr), tab)
	if err != nil {
		return err
	}
	if err := tab.close(); err != nil {
		for _, p := range written {
			os.Remove(p)
		}
		return err
	}
	sum := src.Summary()
	sum.Outputs = written
	warnPlayerRule(stderr, src.Name(), sum)
	report := reportTo(stdout, stderr, *out, *events)
	if *asJSON {
		return sum.WriteJSON(report)
	}
	return sum.WriteText(report)
}

// progress is told how far the import is.
type progress interface {
	Set64(int64) error
	Finish() error
}

// progressFor returns a progress bar on stderr when stderr is a terminal,
// else nil.
func progressFor(path string, stderr io.Writer) progress {
	f, ok := stderr.(*os.File)
	if !ok || !term.IsTerminal(int(f.Fd())) {
		return nil
	}
	size := int64(-1)
	// A stream's size is not known (and a FIFO's stat says 0).
	if st, err := os.Stat(path); err == nil && st.Mode().IsRegular() && !strings.HasSuffix(path, ".gz") {
		size = st.Size()
	}
	return progressbar.NewOptions64(size,
		progressbar.OptionSetWriter(f),
		progressbar.OptionSetDescription("importing "+filepath.Base(path)),
		progressbar.OptionShowBytes(true),
		progressbar.OptionThrottle(100_000_000),
		progressbar.OptionClearOnFinish(),
	)
}

// pieceEvents is how many events one output recording holds: the
// Recording v1 limit (tests lower it). A longer capture is written as
// pieces: OUT.jsonl, then OUT-2.jsonl, OUT-3.jsonl …, each starting from
// the state where the one before ended (capture.Reader.Snapshot), its
// times counted from its first event.
var pieceEvents = recording.MaxEvents

// piecePath names piece n (from 1) of the output path.
func piecePath(path string, n int) string {
	if n == 1 {
		return path
	}
	dir, base := filepath.Split(path)
	stem, ext := base, ""
	if i := strings.Index(base, ".jsonl"); i > 0 {
		stem, ext = base[:i], base[i:]
	} else if e := filepath.Ext(base); e != "" {
		stem, ext = strings.TrimSuffix(base, e), e
	}
	return filepath.Join(dir, fmt.Sprintf("%s-%d%s", stem, n, ext))
}

// writeImport writes src's events to path, in pieces when they are more
// than one recording may hold, and returns the files written. Each piece
// is written atomically (recording.Create writes a temporary file beside
// it and Close renames it into place); on a failure or an interruption
// the piece being written is removed and so are those already written.
func writeImport(src *capture.Reader, path string, bar progress, tab *importTable) (written []string, err error) {
	h := src.Header()
	w, err := recording.Create(path, &h)
	if err != nil {
		return nil, err
	}
	defer func() {
		if err != nil {
			w.Abort()
			for _, p := range written {
				os.Remove(p)
			}
			written = nil
		}
	}()
	inPiece, t0 := 0, 0.0
	for n := 0; ; n++ {
		ev, err := src.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return written, usageError{err}
		}
		if inPiece == pieceEvents {
			if t, _ := atomicfile.Resolve(path); t.Through {
				// Pieces are files beside OUT: a device or a FIFO has
				// no "beside".
				return written, badInput("import: -o %s: the capture holds more than %d events, which are written as pieces (%s, %s, …); %s takes one: name a file", path, pieceEvents, filepath.Base(path), filepath.Base(piecePath(path, 2)), t.Kind())
			}
			if err := w.Close(); err != nil {
				return written, err
			}
			written = append(written, piecePath(path, len(written)+1))
			h, motions := src.Snapshot()
			if w, err = recording.Create(piecePath(path, len(written)+1), &h); err != nil {
				return written, err
			}
			inPiece, t0 = 0, ev.T
			for i := range motions {
				if err := w.Write(&motions[i]); err != nil {
					return written, err
				}
				if err := tab.add(&motions[i], piecePath(path, len(written)+1), h.TickRate); err != nil {
					return written, err
				}
				inPiece++
			}
		}
		ev.T -= t0
		if err := w.Write(&ev); err != nil {
			return written, fmt.Errorf("%s: writing an event from the capture: %w", src.Name(), err)
		}
		if err := tab.add(&ev, piecePath(path, len(written)+1), h.TickRate); err != nil {
			return written, err
		}
		inPiece++
		if n%4096 == 0 {
			if err := stopped("byte %d of %s", src.BytesRead(), src.Name()); err != nil {
				return written, err
			}
			if bar != nil {
				bar.Set64(src.BytesRead())
			}
		}
	}
	if bar != nil {
		bar.Finish()
	}
	if err := w.Close(); err != nil {
		return written, err
	}
	return append(written, piecePath(path, len(written)+1)), nil
}
