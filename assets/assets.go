package assets

import (
	"embed"
	"io/fs"
	"path"
	"sort"
	"strings"
)

//go:embed motion/*.json terrain/*.json scenarios/*.yaml
var files embed.FS

// Kind directories inside the embedded tree.
const (
	MotionDir   = "motion"
	TerrainDir  = "terrain"
	ScenarioDir = "scenarios"
)

// Read returns the bytes of dir/name (name without its extension is accepted
// too: "humanoid" finds motion/humanoid.json).
func Read(dir, name string) ([]byte, error) {
	for _, p := range candidates(dir, name) {
		if b, err := files.ReadFile(p); err == nil {
			return b, nil
		}
	}
	return nil, &fs.PathError{Op: "open", Path: path.Join(dir, name), Err: fs.ErrNotExist}
}

func candidates(dir, name string) []string {
	p := path.Join(dir, name)
	if path.Ext(name) != "" {
		return []string{p}
	}
	return []string{p + ".json", p + ".yaml"}
}

// Names lists the names (without extension) of the files in dir, sorted.
func Names(dir string) []string {
	entries, err := fs.ReadDir(files, dir)
	if err != nil {
		return nil
	}
	var names []string
	for _, e := range entries {
		if e.IsDir() {
			continue
		}
		names = append(names, strings.TrimSuffix(e.Name(), path.Ext(e.Name())))
	}
	sort.Strings(names)
	return names
}

// FS is the embedded tree, for callers that walk it.
func FS() fs.FS { return files }
