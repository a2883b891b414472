// Package importcmd is the work of viewer import: a network capture (pcap,
// pcapng) of AC traffic read and the recording it stands for written,
// atomically and in pieces when it is long, with its events table and a
// summary of what was read, used, skipped and broken (docs/formats.md,
// "Capture input").
package importcmd

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"

	"glidepath/engine/capture"
	"glidepath/engine/recording"
	"glidepath/internal/atomicfile"
	"glidepath/internal/cli"
	"glidepath/internal/cmdinput"
)

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

// PieceEvents is how many events one output recording holds: the
// Recording v1 limit (tests lower it). A longer capture is written as
// pieces: OUT.jsonl, then OUT-2.jsonl, OUT-3.jsonl …, each starting from
// the state where the one before ended (capture.Reader.Snapshot), its
// times counted from its first event.
var PieceEvents = recording.MaxEvents

// PiecePath names piece n (from 1) of the output path.
func PiecePath(path string, n int) string {
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
			return written, cli.UsageError{Err: err}
		}
		if inPiece == PieceEvents {
			if t, _ := atomicfile.Resolve(path); t.Through {
				// Pieces are files beside OUT: a device or a FIFO has
				// no "beside".
				return written, cli.BadInput("import: -o %s: the capture holds more than %d events, which are written as pieces (%s, %s, …); %s takes one: name a file", path, PieceEvents, filepath.Base(path), filepath.Base(PiecePath(path, 2)), t.Kind())
			}
			if err := w.Close(); err != nil {
				return written, err
			}
			written = append(written, PiecePath(path, len(written)+1))
			h, motions := src.Snapshot()
			if w, err = recording.Create(PiecePath(path, len(written)+1), &h); err != nil {
				return written, err
			}
			inPiece, t0 = 0, ev.T
			for i := range motions {
				if err := w.Write(&motions[i]); err != nil {
					return written, err
				}
				if err := tab.add(&motions[i], PiecePath(path, len(written)+1), h.TickRate); err != nil {
					return written, err
				}
				inPiece++
			}
		}
		ev.T -= t0
		if err := w.Write(&ev); err != nil {
			return written, fmt.Errorf("%s: writing an event from the capture: %w", src.Name(), err)
		}
		if err := tab.add(&ev, PiecePath(path, len(written)+1), h.TickRate); err != nil {
			return written, err
		}
		inPiece++
		if n%4096 == 0 {
			if err := cli.Stopped("byte %d of %s", src.BytesRead(), src.Name()); err != nil {
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
	if sum := src.Summary(); sum.ACPackets == 0 {
		// An empty recording would read as a session in which nothing
		// moved.
		return written, cli.BadInput("import: %s; nothing to import", cmdinput.NoACPackets(src.Name(), sum))
	}
	if err := w.Close(); err != nil {
		return written, err
	}
	return append(written, PiecePath(path, len(written)+1)), nil
}

// Run reads the capture at path under opts and writes the recording it
// stands for to out (in pieces when it is long) and its events table to
// events ("" for none), then prints the summary, as JSON with asJSON.
func Run(path, out, events string, asJSON bool, opts capture.Options, stdout, stderr io.Writer) error {
	src, err := capture.Open(path, opts)
	if err != nil {
		return cli.UsageError{Err: err}
	}
	defer src.Close()
	// Writing is atomic; failing to create or write the file is a failure
	// of the environment (exit 1).
	var tab *importTable
	if events != "" {
		if tab, err = newImportTable(events, path); err != nil {
			return err
		}
		defer tab.abort()
	}
	written, err := writeImport(src, out, progressFor(path, stderr), tab)
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
	cmdinput.WarnPlayerRule(stderr, src.Name(), sum)
	report := cli.ReportTo(stdout, stderr, out, events)
	if asJSON {
		return sum.WriteJSON(report)
	}
	return sum.WriteText(report)
}
