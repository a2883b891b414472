// viewer -follow FILE: the window on a recording that is still being
// written. The file is read up to its last newline (a torn last line is the
// writer mid-line, not an error), and the window re-reads it as it grows
// (ui/live.go).

package main

import (
	"bytes"
	"io"
	"os"

	"glidepath/assets"
	"glidepath/engine"
	"glidepath/engine/recording"
	"glidepath/ui/model"
	"glidepath/ui/simsource"
)

// checkFollow refuses what cannot be followed.
func checkFollow(file, shot string) error {
	switch {
	case file == "":
		return badInput("-follow: name the recording to follow")
	case engine.IsScenario(file):
		return badInput("-follow %s: follow reads a recording (.jsonl) being written; a scenario is complete already", file)
	case engine.IsCapture(file):
		return badInput("-follow %s: following a capture being written is not supported yet; follow a recording (.jsonl)", file)
	case shot != "":
		return badInput("-follow cannot be combined with -screenshot")
	}
	return nil
}

// openFollowSources is openSources for a file being written.
func openFollowSources(path string, readings []string, sel uint32, stderr io.Writer) ([]model.Source, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, usageError{err}
	}
	if i := bytes.LastIndexByte(data, '\n'); i >= 0 {
		data = data[:i+1]
	} else {
		return nil, badInput("-follow %s: the file has no complete header line yet; start the viewer once the writer has written it", path)
	}
	rec, err := recording.Read(path, bytes.NewReader(data))
	if err != nil {
		return nil, usageError{err}
	}
	warnSkipped(stderr, rec)
	if sel != 0 && !hasObject(rec, sel) {
		return nil, badInput("-select 0x%08X: %s has no object with this guid (yet)", sel, path)
	}
	rs, err := simsource.Readings(readings)
	if err != nil {
		return nil, usageError{err}
	}
	runs, err := simsource.New(rec, path, rs, assets.FS())
	if err != nil {
		return nil, usageError{err}
	}
	out := make([]model.Source, len(runs))
	for i, r := range runs {
		out[i] = r
	}
	return out, nil
}

// hasObject reports whether guid is a header entity or created by an event.
func hasObject(rec *recording.Recording, guid uint32) bool {
	for i := range rec.Header.Entities {
		if rec.Header.Entities[i].GUID == guid {
			return true
		}
	}
	for i := range rec.Events {
		if ev := &rec.Events[i]; ev.Kind == recording.KindCreate && ev.GUID == guid {
			return true
		}
	}
	return false
}
