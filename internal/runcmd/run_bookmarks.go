// Bookmarks in viewer run's output: the input's sidecar (FILE.glidepath.json,
// docs/formats.md "Sidecar") is read and its bookmarks listed after the
// metrics — a "bookmarks" array in -json, one line each in the table.

package runcmd

import (
	"encoding/json"
	"fmt"
	"io"

	"glidepath/engine/report"

	"glidepath/engine/bookmarks"
	"glidepath/internal/inputfile"
)

// LoadBookmarks reads file's sidecar. One that cannot be read is reported as
// a warning and lists nothing; the run still succeeds, and the file is left
// as it is.
func LoadBookmarks(file string, stderr io.Writer) []bookmarks.Bookmark {
	if file == inputfile.Stdin {
		return []bookmarks.Bookmark{} // standard input has no sidecar
	}
	sc, err := bookmarks.Load(file)
	if err != nil {
		fmt.Fprintf(stderr, "viewer: warning: %v; no bookmarks listed\n", err)
		return []bookmarks.Bookmark{}
	}
	return sc.Bookmarks.List()
}

// runJSON is run -json's document: the report's fields and the bookmarks.
type runJSON struct {
	*report.Report
	Bookmarks []bookmarks.Bookmark `json:"bookmarks"`
}

func writeJSONBookmarks(w io.Writer, r *report.Report, marks []bookmarks.Bookmark) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(runJSON{Report: r, Bookmarks: marks})
}

// writeTextBookmarks prints the table (the long form with long), then the bookmarks if there are any.
func writeTextBookmarks(w io.Writer, r *report.Report, marks []bookmarks.Bookmark, long bool) error {
	if err := WriteReport(w, r, long); err != nil {
		return err
	}
	if len(marks) == 0 {
		return nil
	}
	rate := max(r.TickRate, 1)
	if _, err := fmt.Fprintf(w, "\nbookmarks:\n"); err != nil {
		return err
	}
	for _, b := range marks {
		if _, err := fmt.Fprintf(w, "  tick %d (%.2f s)  %s\n", b.Tick, float64(b.Tick)/float64(rate), b.Label); err != nil {
			return err
		}
	}
	return nil
}
