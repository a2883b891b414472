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
	return recording.ReadFile(path)
}
