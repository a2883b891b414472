// Loading: a recording (.jsonl, .jsonl.gz) or a scenario (.yaml, compiled in
// memory) — the one event stream the engine runs, whatever its source
// (DESIGN.md, "The one direction data flows").

package engine

import (
	"io/fs"
	"path/filepath"
	"strings"

	"glidepath/engine/recording"
	"glidepath/engine/scenario"
)

// IsScenario reports whether path names a scenario (.yaml or .yml) rather
// than a recording.
func IsScenario(path string) bool {
	ext := strings.ToLower(filepath.Ext(path))
	return ext == ".yaml" || ext == ".yml"
}

// Load reads the recording at path (gzip when it ends in .gz), or compiles
// the scenario at path (.yaml, .yml) against the assets tree. Problems are
// reported as FILE:LINE: FIELD: problem (a scenario's also give the column).
func Load(path string, assets fs.FS) (*recording.Recording, error) {
	if IsScenario(path) {
		return scenario.CompileFile(path, assets)
	}
	src, err := Open(path, assets)
	if err != nil {
		return nil, err
	}
	defer src.Close()
	return recording.ReadSource(src)
}

// Open opens the input at path as a stream of events: a recording is read
// as the stream is pulled; a scenario is compiled in memory first (its
// events are generated, not read). The caller closes the Source.
func Open(path string, assets fs.FS) (recording.Source, error) {
	if IsScenario(path) {
		rec, err := scenario.CompileFile(path, assets)
		if err != nil {
			return nil, err
		}
		return recording.NewSource(rec), nil
	}
	return recording.Open(path)
}
