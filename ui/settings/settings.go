// Package settings remembers, per user, what the viewer showed: the last
// input opened and, for each input, the camera, the panels, the overlays
// and the selection, so reopening a file finds it as it was left. The file
// is JSON in the user's configuration directory (os.UserConfigDir:
// $XDG_CONFIG_HOME or ~/.config on Linux), glidepath/viewer.json. A file
// that cannot be read is reported and left untouched: Save refuses to
// replace it. Display-free.
package settings

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"glidepath/internal/atomicfile"
)

// Version is the settings format this package reads and writes.
const Version = 1

// MaxFiles is how many inputs' views are remembered, the most recent kept.
const MaxFiles = 100

// maxSize bounds the file read.
const maxSize = 4 << 20

// View is what the viewer showed of one input.
type View struct {
	// Path is the input's absolute path.
	Path string `json:"path"`
	// Camera is the camera's mode (top-down, isometric, perspective),
	// where it looks, its span (metres) and its yaw and pitch (degrees).
	Camera string     `json:"camera"`
	Target [3]float64 `json:"target"`
	Span   float64    `json:"span"`
	Yaw    float64    `json:"yaw"`
	Pitch  float64    `json:"pitch"`
	// Overlays are the keys of the overlays shown (e.g. "GRQB").
	Overlays string `json:"overlays"`
	// Panels shown.
	Left      bool `json:"left"`
	Right     bool `json:"right"`
	Timeline  bool `json:"timeline"`
	Bookmarks bool `json:"bookmarks"`
	// Select is the selected object's guid (0x80000A01), "" for none.
	Select string `json:"select"`
}

// Settings are a user's remembered views.
type Settings struct {
	path     string
	LastFile string `json:"last_file"`
	// Files are the views, the most recent first.
	Files []View `json:"files"`
	// Panels are the sizes the user dragged the panels to.
	Panels Panels `json:"panels"`
	// DatDir is the folder of the client's dat files the user opened last
	// ("Open dat folder…"; docs/world.md), "" for none.
	DatDir string `json:"dat_dir,omitempty"`
}

// Panels are the dragged panel sizes, the same for every input; 0 is the
// viewer's default.
type Panels struct {
	// RightWidth is the inspector and pipeline panel column's width,
	// pixels.
	RightWidth int `json:"right_width,omitempty"`
	// InspectorShare is the inspector's share of that column's height,
	// per mille (the pipeline panel has the rest).
	InspectorShare int `json:"inspector_share,omitempty"`
}

// DefaultPath is the settings file in the user's configuration directory.
func DefaultPath() (string, error) {
	dir, err := os.UserConfigDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, "glidepath", "viewer.json"), nil
}

// Load reads the settings at path; a missing file is empty settings. A
// file that cannot be read or parsed is an error naming it (and the line).
func Load(path string) (*Settings, error) {
	s := &Settings{path: path}
	data, err := read(path)
	if errors.Is(err, fs.ErrNotExist) {
		return s, nil
	}
	if err != nil {
		return nil, err
	}
	if err := s.parse(data); err != nil {
		return nil, err
	}
	return s, nil
}

// read reads path, refusing a file over maxSize.
func read(path string) ([]byte, error) {
	return atomicfile.ReadSmall(path, maxSize, "viewer settings")
}

// file is the document on disk.
type file struct {
	Version  *int   `json:"version"`
	LastFile string `json:"last_file"`
	Files    []View `json:"files"`
	Panels   Panels `json:"panels"`
	DatDir   string `json:"dat_dir,omitempty"`
}

func (s *Settings) parse(data []byte) error {
	var f file
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&f); err != nil {
		line := 1
		var se *json.SyntaxError
		var te *json.UnmarshalTypeError
		switch {
		case errors.As(err, &se):
			line += bytes.Count(data[:min(int(se.Offset), len(data))], []byte("\n"))
		case errors.As(err, &te):
			line += bytes.Count(data[:min(int(te.Offset), len(data))], []byte("\n"))
		}
		return fmt.Errorf("%s:%d: %v", s.path, line, err)
	}
	if f.Version == nil {
		return fmt.Errorf("%s:1: version: missing (want %d)", s.path, Version)
	}
	if *f.Version != Version {
		return fmt.Errorf("%s:1: version: %d is not supported (want %d)", s.path, *f.Version, Version)
	}
	s.LastFile, s.Files, s.Panels, s.DatDir = f.LastFile, f.Files, f.Panels, f.DatDir
	if len(s.Files) > MaxFiles {
		s.Files = s.Files[:MaxFiles]
	}
	return nil
}

// File is where the settings are kept.
func (s *Settings) File() string { return s.path }

// View returns the view remembered for the input at path (absolute).
func (s *Settings) View(path string) (View, bool) {
	for _, v := range s.Files {
		if v.Path == path {
			return v, true
		}
	}
	return View{}, false
}

// Put remembers v as the most recent view, and its input as the last file.
func (s *Settings) Put(v View) {
	out := []View{v}
	for _, o := range s.Files {
		if o.Path != v.Path && len(out) < MaxFiles {
			out = append(out, o)
		}
	}
	s.Files = out
	s.LastFile = v.Path
}

// Save writes the settings atomically, creating the directory. It refuses
// to replace a file that exists but cannot be read as settings.
func (s *Settings) Save() error {
	if data, err := read(s.path); err == nil {
		probe := Settings{path: s.path}
		if err := probe.parse(data); err != nil {
			return fmt.Errorf("not saving the viewer settings over a file that cannot be read: %w", err)
		}
	} else if !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("not saving the viewer settings: %w", err)
	}
	if err := os.MkdirAll(filepath.Dir(s.path), 0o755); err != nil {
		return err
	}
	v := Version
	data, err := json.MarshalIndent(file{Version: &v, LastFile: s.LastFile, Files: s.Files, Panels: s.Panels, DatDir: s.DatDir}, "", "  ")
	if err != nil {
		return err
	}
	return atomicfile.Write(s.path, func(w io.Writer) error {
		_, err := w.Write(append(data, '\n'))
		return err
	})
}
