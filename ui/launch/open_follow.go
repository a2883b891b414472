// viewer -follow FILE: the window on a recording or capture that is still
// being written. Its events are appended to the runs' store as they are
// written (a torn last line or frame waits for its end); the file is never
// read again (ui/live.go).

package launch

import (
	"bytes"
	"io"
	"os"
	"strings"

	"glidepath/engine/loader"

	"glidepath/engine"
	"glidepath/internal/cli"
	"glidepath/ui/model"
)

// checkFollow refuses what cannot be followed.
func checkFollow(file, shot string) error {
	switch {
	case file == "":
		return cli.BadInput("-follow: name the recording to follow, or the capture")
	case loader.IsScenario(file):
		return cli.BadInput("-follow %s: follow reads a recording (.jsonl) or a capture (.pcap, .pcapng) being written; a scenario is complete already", file)
	case strings.HasSuffix(strings.ToLower(file), ".gz"):
		return cli.BadInput("-follow %s: a compressed file cannot be followed while it is written; follow the uncompressed recording or capture", file)
	case shot != "":
		return cli.BadInput("-follow cannot be combined with -screenshot")
	}
	return nil
}

// completeInput reports whether file is one that never grows as a
// followed file does: a scenario or a compressed file.
func completeInput(file string) bool {
	return file != "" && (loader.IsScenario(file) || strings.HasSuffix(strings.ToLower(file), ".gz"))
}

// openFollowSources is openSourcesIn(nil) for a file being written: the runs
// grow as the file does (simsource.GrowEvents with Follow). A recording
// must hold its header line already; a capture's header is waited for.
func openFollowSources(path string, readings []string, sel uint32, stderr io.Writer) ([]model.Source, error) {
	return openFollowSourcesIn(nil)(path, readings, sel, stderr)
}

// openFollowSourcesIn is openFollowSources in the client's world w (nil:
// illustrative).
func openFollowSourcesIn(w engine.WorldData) openFunc {
	return func(path string, readings []string, sel uint32, stderr io.Writer) ([]model.Source, error) {
		return openFollowed1(path, readings, sel, stderr, w)
	}
}

func openFollowed1(path string, readings []string, sel uint32, stderr io.Writer, w engine.WorldData) ([]model.Source, error) {
	if !loader.IsCapture(path) {
		f, err := os.Open(path)
		if err != nil {
			return nil, cli.UsageError{Err: err}
		}
		head := make([]byte, 64<<10)
		n, _ := io.ReadFull(f, head)
		f.Close()
		if bytes.IndexByte(head[:n], '\n') < 0 {
			return nil, cli.BadInput("-follow %s: the file has no complete header line yet; start the viewer once the writer has written it", path)
		}
	}
	return openGrowing(path, readings, sel, stderr, startAt{follow: true, world: w})
}
