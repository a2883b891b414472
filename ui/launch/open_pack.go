//go:build !js

// The window's Shift+P: the evidence pack of the moment at the cursor,
// made by the pack subcommand itself — the same code path and files as
// `viewer pack`, the GIF included since the window has a display — run as
// a child process of this viewer, so that its working folder and its own
// window for the GIF stay its own. Its progress lines come back to the
// status line.

package launch

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"

	"glidepath/engine/hexid"
	"glidepath/engine/whatif"
	"glidepath/ui"
)

// childActions gives the window its E (export between bookmarks,
// open_export.go) under readings and, unless it only takes a screenshot
// (interactive false), its Shift+P: each runs this viewer as a child
// process.
func (wire Wiring) childActions(opts *ui.Options, readings []string, interactive bool) {
	opts.ExportRange = windowExporter(readings)
	if interactive {
		opts.SavePack = func(req ui.PackRequest, progress func(string)) string {
			return windowPacker(wire.packCommand(), req, progress)
		}
	}
}

// packCommand is Wiring.PackCommand, or the child process that runs this
// executable with args.
func (wire Wiring) packCommand() func(args []string) (*exec.Cmd, error) {
	if wire.PackCommand != nil {
		return wire.PackCommand
	}
	return func(args []string) (*exec.Cmd, error) {
		exe, err := os.Executable()
		if err != nil {
			return nil, err
		}
		return exec.Command(exe, args...), nil
	}
}

// packFolder is the pack's folder next to the input: INPUT-pack-TICK, or
// INPUT-pack-TICK-2, -3 … when that is taken.
func packFolder(input string, tick int) string {
	base := filepath.Base(input)
	for _, ext := range []string{".gz", ".jsonl", ".yaml", ".pcapng", ".pcap"} {
		base = strings.TrimSuffix(base, ext)
	}
	name := filepath.Join(filepath.Dir(input), base+"-pack-"+strconv.Itoa(tick))
	out := name
	for n := 2; ; n++ {
		if _, err := os.Lstat(out); os.IsNotExist(err) {
			return out
		}
		out = name + "-" + strconv.Itoa(n)
	}
}

// packArgs are the pack subcommand's arguments for req into dir.
func packArgs(req ui.PackRequest, dir string) []string {
	args := []string{"pack", "-at", strconv.Itoa(req.Tick), "-reading", req.Reading, "-o", dir}
	if req.Select != 0 {
		args = append(args, "-select", hexid.String(req.Select))
	}
	return append(args, req.File)
}

// windowPacker saves the evidence pack req asks for with viewer pack
// (run by packCommand), reporting each line it writes on standard error
// as progress, and returns the status line's message: the folder written,
// or why not.
func windowPacker(packCommand func(args []string) (*exec.Cmd, error), req ui.PackRequest, progress func(string)) string {
	if strings.HasSuffix(req.Reading, whatif.ChangedSuffix) {
		return "an evidence pack is of the input as recorded: select the original's reading (C) and press Shift+P again"
	}
	dir := packFolder(req.File, req.Tick)
	cmd, err := packCommand(packArgs(req, dir))
	if err != nil {
		return "evidence pack not saved: " + err.Error()
	}
	var stdout bytes.Buffer
	cmd.Stdout = &stdout
	pipe, err := cmd.StderrPipe()
	if err != nil {
		return "evidence pack not saved: " + err.Error()
	}
	if err := cmd.Start(); err != nil {
		return "evidence pack not saved: " + err.Error()
	}
	last := lastLines(pipe, func(line string) {
		progress(fmt.Sprintf("saving %s: %s", filepath.Base(dir), line))
	})
	if err := cmd.Wait(); err != nil {
		why := strings.TrimPrefix(last, "viewer: ")
		if why == "" {
			why = err.Error()
		}
		return "evidence pack not saved: " + why
	}
	_, what, _ := strings.Cut(strings.TrimSpace(stdout.String()), ": ")
	return fmt.Sprintf("saved the evidence pack %s (%s)", dir, what)
}

// lastLines hands each line of r to each, returning the last that is not
// a warning or a progress bar's redraw.
func lastLines(r io.Reader, each func(string)) string {
	last := ""
	sc := bufio.NewScanner(r)
	sc.Split(scanLinesOrCR)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		each(line)
		last = line
	}
	return last
}

// scanLinesOrCR splits at \n or \r, so that a progress bar's redraws are
// lines too.
func scanLinesOrCR(data []byte, atEOF bool) (int, []byte, error) {
	if i := bytes.IndexAny(data, "\r\n"); i >= 0 {
		return i + 1, data[:i], nil
	}
	if atEOF && len(data) > 0 {
		return len(data), data, nil
	}
	return 0, nil, nil
}
