// manifest.json: what a corpus holds — per input its recording, its retail
// trace under each reading and the behaviours it exercises with the object
// and ticks where each shows (docs/clients.md, "The corpus"). Written by
// `viewer conform init`, read by `viewer conform`; a team adds its own
// captures by adding entries.

package conformcmd

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"glidepath/engine/hexid"
)

// Manifest format and version.
const (
	ManifestFormat  = "glidepath-conform"
	ManifestVersion = 1
	// ManifestName is the manifest's file name in a corpus folder.
	ManifestName = "manifest.json"
	// MaxManifestBytes bounds manifest.json.
	MaxManifestBytes = 16 << 20
	// MaxInputs bounds the inputs of a manifest, MaxTicks the ticks of one
	// behaviour of one input.
	MaxInputs = 10000
	MaxTicks  = 100000
)

// Manifest is manifest.json.
type Manifest struct {
	Format  string `json:"format"`
	Version int    `json:"version"`
	// Reading is the reading whose run gives the behaviours' ticks.
	Reading string `json:"reading"`
	// Readings are the readings the corpus has retail traces of.
	Readings   []string            `json:"readings"`
	Behaviours []ManifestBehaviour `json:"behaviours"`
	Inputs     []ManifestInput     `json:"inputs"`
}

// ManifestBehaviour describes one behaviour (Behaviours).
type ManifestBehaviour struct {
	ID           string    `json:"id"`
	Description  string    `json:"description"`
	Source       string    `json:"source"`
	Event        EventSpec `json:"event"`
	PriorPortBug string    `json:"prior_port_bug,omitempty"`
	// Legacy is the result the prior port (the legacy reading's traces,
	// checked under the manifest's reading) gets: "fail" for a prior-port
	// bug, "pass" otherwise.
	Legacy string `json:"legacy"`
}

// ManifestInput is one input.
type ManifestInput struct {
	Name        string `json:"name"`
	Description string `json:"description,omitempty"`
	// File is the recording, relative to the corpus folder.
	File string `json:"file"`
	// Traces are its retail traces, one per reading.
	Traces     []ManifestTrace `json:"traces,omitempty"`
	Behaviours []Exercised     `json:"behaviours"`
}

// ManifestTrace is one retail trace of an input.
type ManifestTrace struct {
	Reading string `json:"reading"`
	File    string `json:"file"`
}

// Exercised is one behaviour an input exercises: where it shows. A team's
// own entry may leave out guid and ticks; conform then finds them by
// running the input under the manifest's reading.
type Exercised struct {
	ID          string    `json:"id"`
	Description string    `json:"description,omitempty"`
	Source      string    `json:"source,omitempty"`
	Event       EventSpec `json:"event"`
	GUID        string    `json:"guid,omitempty"`
	Ticks       []int     `json:"ticks,omitempty"`

	guid uint32
}

// encode is the manifest as written: indented JSON and a newline.
func (m *Manifest) encode() ([]byte, error) {
	b, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

// ManifestError is a problem with manifest.json: FILE: FIELD: problem, or
// FILE:LINE:COLUMN: FIELD: problem where the text itself is at fault.
type ManifestError struct {
	File, Field, Problem string
	// Line and Column (1-based, Column in bytes) place a problem of the
	// JSON text; 0 when the problem is of a decoded field's value.
	Line, Column int
}

func (e *ManifestError) Error() string {
	where := e.File
	if e.Line > 0 {
		where += ":" + strconv.Itoa(e.Line) + ":" + strconv.Itoa(e.Column)
	}
	if e.Field == "" {
		return where + ": " + e.Problem
	}
	return where + ": " + e.Field + ": " + e.Problem
}

// ReadManifest reads and checks dir/manifest.json.
func ReadManifest(dir string) (*Manifest, error) {
	path := filepath.Join(dir, ManifestName)
	bad := func(field, format string, args ...any) error {
		return &ManifestError{File: path, Field: field, Problem: fmt.Sprintf(format, args...)}
	}
	st, err := os.Stat(path)
	if err != nil {
		return nil, &ManifestError{File: path, Problem: "cannot read it: " + unwrapPath(err).Error() + " (is " + dir + " a corpus `viewer conform init` wrote?)"}
	}
	if !st.Mode().IsRegular() {
		return nil, bad("", "%s, not a regular file", kindOf(st.Mode()))
	}
	if st.Size() > MaxManifestBytes {
		return nil, bad("", "%d bytes, more than the %d a manifest may have", st.Size(), MaxManifestBytes)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, &ManifestError{File: path, Problem: unwrapPath(err).Error()}
	}
	return ParseManifest(path, data)
}

// ParseManifest decodes and checks a manifest's bytes; path names it in
// errors.
func ParseManifest(path string, data []byte) (*Manifest, error) {
	bad := func(field, format string, args ...any) error {
		return &ManifestError{File: path, Field: field, Problem: fmt.Sprintf(format, args...)}
	}
	if len(data) > MaxManifestBytes {
		return nil, bad("", "%d bytes, more than the %d a manifest may have", len(data), MaxManifestBytes)
	}
	var m Manifest
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&m); err != nil {
		return nil, decodeError(path, data, err) // jsonplace.go
	}
	if dec.More() {
		e := bad("", "more than one JSON value: want the end of the file after the manifest's object").(*ManifestError)
		next := int(dec.InputOffset())
		next += len(data[next:]) - len(bytes.TrimLeft(data[next:], " \t\r\n"))
		e.Line, e.Column = lineCol(data, next)
		return nil, e
	}
	if m.Format != ManifestFormat {
		return nil, bad("format", "want %q, got %q", ManifestFormat, m.Format)
	}
	if m.Version != ManifestVersion {
		return nil, bad("version", "want %d, got %d", ManifestVersion, m.Version)
	}
	if m.Reading == "" {
		m.Reading = "seed"
	}
	if len(m.Inputs) == 0 {
		return nil, bad("inputs", "no inputs")
	}
	if len(m.Inputs) > MaxInputs {
		return nil, bad("inputs", "%d inputs, more than %d", len(m.Inputs), MaxInputs)
	}
	names := map[string]int{}
	for i := range m.Inputs {
		in := &m.Inputs[i]
		f := "inputs[" + strconv.Itoa(i) + "]"
		if !validName(in.Name) {
			return nil, bad(f+".name", "%q: want a name of letters, digits, '-', '_' and '.', not starting with '.'", in.Name)
		}
		if j, dup := names[strings.ToLower(in.Name)]; dup {
			return nil, bad(f+".name", "%q is also inputs[%d]'s name", in.Name, j)
		}
		names[strings.ToLower(in.Name)] = i
		if in.File == "" {
			return nil, bad(f+".file", "missing")
		}
		if len(in.Behaviours) == 0 {
			return nil, bad(f+".behaviours", "no behaviours")
		}
		for j := range in.Behaviours {
			ex := &in.Behaviours[j]
			bf := f + ".behaviours[" + strconv.Itoa(j) + "]"
			if _, ok := behaviourByID(ex.ID); !ok {
				return nil, bad(bf+".id", "unknown behaviour %q (the behaviours are listed in docs/clients.md)", ex.ID)
			}
			if len(ex.Ticks) > MaxTicks {
				return nil, bad(bf+".ticks", "%d ticks, more than %d", len(ex.Ticks), MaxTicks)
			}
			for k, t := range ex.Ticks {
				if t < 0 || k > 0 && t <= ex.Ticks[k-1] {
					return nil, bad(bf+".ticks["+strconv.Itoa(k)+"]", "%d: want increasing ticks of 0 or more", t)
				}
			}
			if ex.GUID != "" {
				g, ok := parseGUID(ex.GUID)
				if !ok {
					return nil, bad(bf+".guid", "%q: want \"0x\" and 1 to 8 hex digits", ex.GUID)
				}
				ex.guid = g
			} else if len(ex.Ticks) > 0 {
				return nil, bad(bf+".guid", "ticks without the object they are of")
			}
		}
	}
	return &m, nil
}

// validName reports whether s can name an input and its trace file.
func validName(s string) bool {
	if s == "" || len(s) > 128 || s[0] == '.' {
		return false
	}
	for _, c := range s {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.') {
			return false
		}
	}
	return true
}

func unwrapPath(err error) error {
	if pe, ok := err.(*os.PathError); ok {
		return pe.Err
	}
	return err
}

// parseGUID reads a guid as Recording v1 spells one: "0x" and 1 to 8 hex
// digits (hexid.Parse, with the prefix the format asks for).
func parseGUID(s string) (uint32, bool) {
	if !strings.HasPrefix(s, "0x") && !strings.HasPrefix(s, "0X") {
		return 0, false
	}
	v, err := hexid.Parse(s)
	return v, err == nil
}
