// The sidecar file: FILE.glidepath.json beside the input, holding its
// bookmarks (docs/formats.md, "Sidecar"). Fields this version does not know
// are kept as they were when it is saved, so a newer viewer's additions
// survive an older one's edits.

package bookmarks

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"sort"

	"glidepath/internal/atomicfile"
)

// Suffix is appended to the input's path to name its sidecar.
const Suffix = ".glidepath.json"

// Version is the sidecar version this package reads and writes.
const Version = 1

// MaxSize is the largest sidecar read, in bytes.
const MaxSize = 4 << 20

// Path is the sidecar of the input at input.
func Path(input string) string { return input + Suffix }

// Sidecar is an input's sidecar: its bookmarks and any fields this version
// does not know.
type Sidecar struct {
	// Bookmarks are the input's bookmarks.
	Bookmarks Set
	path      string
	extra     map[string]json.RawMessage
}

// File is the sidecar's path.
func (s *Sidecar) File() string { return s.path }

// Load reads the sidecar of the input at input. A sidecar that does not
// exist is an empty one; one that cannot be read or parsed is an error
// naming the file, its line and the field, and must not be saved over
// (Save refuses to).
//
// Standard input ("-") has no sidecar: Load says so, and nothing is saved.
func Load(input string) (*Sidecar, error) {
	if input == "-" {
		return nil, errors.New("standard input has no sidecar: bookmarks are off")
	}
	sc := &Sidecar{path: Path(input)}
	data, err := readLimited(sc.path)
	if errors.Is(err, fs.ErrNotExist) {
		return sc, nil
	}
	if err != nil {
		return nil, err
	}
	if err := sc.parse(data); err != nil {
		return nil, err
	}
	return sc, nil
}

// readLimited reads path, refusing a file over MaxSize.
func readLimited(path string) ([]byte, error) {
	return atomicfile.ReadSmall(path, MaxSize, "a sidecar")
}

// parse decodes data into sc, every problem naming the file and line.
func (sc *Sidecar) parse(data []byte) error {
	var top map[string]json.RawMessage
	if err := json.Unmarshal(data, &top); err != nil {
		return sc.jsonError(data, err, "")
	}
	if top == nil {
		return fmt.Errorf("%s:1: want a JSON object", sc.path)
	}
	var version int
	if raw, ok := top["version"]; !ok {
		return fmt.Errorf("%s:1: version: missing (want %d)", sc.path, Version)
	} else if err := json.Unmarshal(raw, &version); err != nil {
		return fmt.Errorf("%s:%d: version: want the number %d", sc.path, lineOf(data, raw), Version)
	}
	if version != Version {
		return fmt.Errorf("%s:%d: version: %d is not supported (want %d)", sc.path, lineOf(data, top["version"]), version, Version)
	}
	if raw, ok := top["bookmarks"]; ok {
		var elems []json.RawMessage
		if err := json.Unmarshal(raw, &elems); err != nil {
			return sc.jsonError(data, err, "bookmarks")
		}
		if len(elems) > MaxBookmarks {
			return fmt.Errorf("%s:%d: bookmarks: %d, at most %d", sc.path, lineOf(data, raw), len(elems), MaxBookmarks)
		}
		from := bytes.Index(data, raw)
		for i, elem := range elems {
			// Each element's line: search from where the previous one was
			// found, so identical elements get their own lines.
			off := from + bytes.Index(data[from:], elem)
			from = off + len(elem)
			line := lineAt(data, off)
			var b Bookmark
			dec := json.NewDecoder(bytes.NewReader(elem))
			dec.DisallowUnknownFields()
			if err := dec.Decode(&b); err != nil {
				var te *json.UnmarshalTypeError
				if errors.As(err, &te) && te.Field != "" {
					return fmt.Errorf("%s:%d: bookmarks[%d].%s: want %s, got %s", sc.path, line, i, te.Field, te.Type, te.Value)
				}
				return fmt.Errorf("%s:%d: bookmarks[%d]: %v", sc.path, line, i, err)
			}
			if err := check(b); err != nil {
				return fmt.Errorf("%s:%d: bookmarks[%d]: %v", sc.path, line, i, err)
			}
			if _, dup := sc.Bookmarks.At(b.Tick); dup {
				return fmt.Errorf("%s:%d: bookmarks[%d]: tick %d is marked twice", sc.path, line, i, b.Tick)
			}
			if err := sc.Bookmarks.Add(b.Tick, b.Label); err != nil {
				return fmt.Errorf("%s:%d: bookmarks[%d]: %v", sc.path, line, i, err)
			}
		}
	}
	delete(top, "version")
	delete(top, "bookmarks")
	if len(top) > 0 {
		sc.extra = top
	}
	return nil
}

// jsonError turns a decoding error into one naming the file, line and field.
func (sc *Sidecar) jsonError(data []byte, err error, field string) error {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		return fmt.Errorf("%s:%d: %smalformed JSON: %v", sc.path, lineAt(data, int(se.Offset)), prefix(field), se)
	case errors.As(err, &te):
		f := te.Field
		if f == "" {
			f = field
		} else if field != "" {
			f = field + "." + f
		}
		return fmt.Errorf("%s:%d: %s: want %s, got %s", sc.path, lineAt(data, int(te.Offset)), f, te.Type, te.Value)
	}
	return fmt.Errorf("%s: %s%v", sc.path, prefix(field), err)
}

func prefix(field string) string {
	if field == "" {
		return ""
	}
	return field + ": "
}

// lineOf is the line of data on which sub (a slice of it) starts.
func lineOf(data, sub []byte) int {
	if len(sub) == 0 {
		return 1
	}
	off := bytes.Index(data, sub)
	if off < 0 {
		return 1
	}
	return lineAt(data, off)
}

// lineAt is the 1-based line of byte offset off.
func lineAt(data []byte, off int) int {
	off = min(max(off, 0), len(data))
	return 1 + bytes.Count(data[:off], []byte("\n"))
}

// Save writes the sidecar atomically (internal/atomicfile). It refuses, naming
// the problem, to replace a file that exists but cannot be read as a
// sidecar: that file is the user's to fix.
func (sc *Sidecar) Save() error {
	if data, err := readLimited(sc.path); err == nil {
		var probe Sidecar
		probe.path = sc.path
		if err := probe.parse(data); err != nil {
			return fmt.Errorf("not saving the bookmarks over a sidecar that cannot be read: %w", err)
		}
	} else if !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("not saving the bookmarks: %w", err)
	}
	data, err := sc.encode()
	if err != nil {
		return err
	}
	return atomicfile.Write(sc.path, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// encode writes version, bookmarks (one a line) and the kept fields in name
// order, so the file diffs well.
func (sc *Sidecar) encode() ([]byte, error) {
	var b bytes.Buffer
	fmt.Fprintf(&b, "{\n  \"version\": %d,\n  \"bookmarks\": [", Version)
	for i, bm := range sc.Bookmarks.list {
		line, err := json.Marshal(bm)
		if err != nil {
			return nil, err
		}
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString("\n    ")
		b.Write(line)
	}
	if len(sc.Bookmarks.list) > 0 {
		b.WriteString("\n  ")
	}
	b.WriteString("]")
	keys := make([]string, 0, len(sc.extra))
	for k := range sc.extra {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		name, _ := json.Marshal(k)
		var v bytes.Buffer
		if err := json.Compact(&v, sc.extra[k]); err != nil {
			return nil, err
		}
		fmt.Fprintf(&b, ",\n  %s: %s", name, v.Bytes())
	}
	b.WriteString("\n}\n")
	return b.Bytes(), nil
}
