// The import subcommand: read a network capture (pcap, pcapng) of AC
// traffic and write the recording it stands for (docs/formats.md, "Capture
// input"), then print what was read, used, skipped and broken. The output
// is written to a temporary file beside the target and renamed on success.

package main

import (
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"

	"glidepath/engine/capture"
	"glidepath/engine/recording"
)

const importSynopsis = "viewer import CAPTURE -o OUT.jsonl[.gz] [-json] [-server-port N] [-player GUID]"

// captureFlags are the capture options import, run, open and shot share.
type captureFlags struct {
	serverPort int
	player     string
}

func (c *captureFlags) add(fs interface {
	IntVar(p *int, name string, value int, usage string)
	StringVar(p *string, name, value, usage string)
}) {
	fs.IntVar(&c.serverPort, "server-port", 0, "a capture's AC server UDP `port` (default: any of 9000–10013)")
	fs.StringVar(&c.player, "player", "", "the player's `guid` in a capture (default: from PlayerCreate 0xF746)")
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

func runImport(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("import", importSynopsis, stderr)
	out := fs.String("o", "", "write the recording to `FILE` (gzip when it ends in .gz)")
	asJSON := fs.Bool("json", false, "print the summary as JSON")
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
	src, err := capture.Open(files[0], opts)
	if err != nil {
		return usageError{err}
	}
	defer src.Close()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := writeImport(ctx, src, *out, progressFor(files[0], stderr)); err != nil {
		return err
	}
	sum := src.Summary()
	if *asJSON {
		return sum.WriteJSON(stdout)
	}
	return sum.WriteText(stdout)
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
	if st, err := os.Stat(path); err == nil && !strings.HasSuffix(path, ".gz") {
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

// writeImport writes src's events to path through a temporary file beside
// it, renamed on success and removed on failure.
func writeImport(ctx context.Context, src *capture.Reader, path string, bar progress) (err error) {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return err
	}
	if err := tmp.Chmod(0o644); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return err
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	var dst io.Writer = tmp
	var zw *gzip.Writer
	if strings.HasSuffix(path, ".gz") {
		zw = gzip.NewWriter(tmp)
		dst = zw
	}
	h := src.Header()
	w, err := recording.NewWriter(path, dst, &h)
	if err != nil {
		return err
	}
	for n := 0; ; n++ {
		ev, err := src.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return usageError{err}
		}
		if err := w.Write(&ev); err != nil {
			return fmt.Errorf("%s: writing event from the capture: %w", src.Name(), err)
		}
		if n%4096 == 0 {
			if ctx.Err() != nil {
				return errors.New("import: interrupted; nothing written")
			}
			if bar != nil {
				bar.Set64(src.BytesRead())
			}
		}
	}
	if err := w.Flush(); err != nil {
		return err
	}
	if zw != nil {
		if err := zw.Close(); err != nil {
			return err
		}
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if bar != nil {
		bar.Finish()
	}
	return os.Rename(tmp.Name(), path)
}
