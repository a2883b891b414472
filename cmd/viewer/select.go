// The -select check: a guid the input never has would leave the viewer with
// nothing selected and no word why, so it is refused as bad input, naming
// the guid and the file.

package main

import (
	"io"

	"glidepath/assets"
	"glidepath/engine"
	"glidepath/engine/recording"
	"glidepath/engine/scenario"
)

// checkSelect reports, as bad input, a guid that no header entity or create
// event of the input (file, or the built-in scenario when empty) has. It
// streams the input once more: only the header and the create events are
// looked at, and only when -select is given.
func checkSelect(file string, guid uint32) error {
	if guid == 0 {
		return nil
	}
	var src recording.Source
	name := file
	if file == "" {
		name = scenario.DefaultName + " (built-in)"
		rec, err := scenario.CompileAsset(assets.FS(), scenario.DefaultName)
		if err != nil {
			return usageError{err}
		}
		src = recording.NewSource(rec)
	} else {
		var err error
		if src, err = engine.Open(file, assets.FS()); err != nil {
			return usageError{err}
		}
	}
	defer src.Close()
	for _, e := range src.Header().Entities {
		if e.GUID == guid {
			return nil
		}
	}
	for {
		ev, err := src.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return usageError{err}
		}
		if ev.Kind == recording.KindCreate && ev.GUID == guid {
			return nil
		}
	}
	return badInput("-select 0x%08X: %s has no object with this guid", guid, name)
}
