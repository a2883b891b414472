// Package datcmd is the work of viewer dat: what a folder of client dat
// files holds (each file's block size, iteration and entries by type, the
// height table's range) and one entry decoded, as text or as JSON
// (docs/world.md, docs/formats.md "viewer dat JSON").
package datcmd

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"sort"
	"strings"

	"glidepath/assets/dat"
	"glidepath/internal/cli"
)

// datError: a folder or dat file that is missing, cannot be read (for
// lack of permission too: the user named it), holds no dat files or is
// damaged, and an id the files do not hold, are bad input (exit 2), and
// the message names the folder when the error does not already (issue
// 37: `viewer dat` agrees with `run -dat`).
func datError(dir string, err error) error {
	if dir != "" && !namesPath(err.Error(), dir) {
		return cli.UsageError{Err: fmt.Errorf("dat: %s: %w", dir, err)}
	}
	return cli.UsageError{Err: fmt.Errorf("dat: %w", err)}
}

// namesPath reports whether msg names the path dir as a path: not inside
// a longer word or file name (a folder named "dat" or "cell" is not named by
// "client_cell_1.dat: entry …"), but at a word's start and followed by the
// message's end, ':', ')', ',' or a path separator.
func namesPath(msg, dir string) bool {
	for i := 0; ; {
		j := strings.Index(msg[i:], dir)
		if j < 0 {
			return false
		}
		j += i
		end := j + len(dir)
		before := j == 0 || strings.ContainsRune(" (\"'", rune(msg[j-1]))
		after := end == len(msg) || strings.ContainsRune(":),/"+string(filepath.Separator), rune(msg[end])) || strings.HasSuffix(dir, "/") || strings.HasSuffix(dir, string(filepath.Separator))
		if before && after {
			return true
		}
		i = j + 1
	}
}

func writeDatJSON(w io.Writer, v any) error {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(datCompactArrays(b), '\n'))
	return err
}

// datCompactArrays puts each array of numbers or strings of indented
// JSON on one line: a frame's origin reads [0, 0, 1.3], not five lines.
func datCompactArrays(b []byte) []byte {
	lines := strings.Split(string(b), "\n")
	var out []string
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		if !strings.HasSuffix(line, "[") {
			out = append(out, line)
			continue
		}
		j := i + 1
		for j < len(lines) && !strings.HasPrefix(strings.TrimSpace(lines[j]), "]") && !strings.ContainsAny(lines[j], "[{") {
			j++
		}
		if j == len(lines) || !strings.HasPrefix(strings.TrimSpace(lines[j]), "]") {
			out = append(out, line)
			continue
		}
		items := make([]string, 0, j-i-1)
		for _, l := range lines[i+1 : j] {
			items = append(items, strings.TrimSuffix(strings.TrimSpace(l), ","))
		}
		out = append(out, line+strings.Join(items, ", ")+strings.TrimSpace(lines[j]))
		i = j
	}
	return []byte(strings.Join(out, "\n"))
}

// decodeDatEntry reads entry id from the file that holds it: LandBlocks and
// LandBlockInfos from the cell dat, anything else from the portal dat
// first, then the cell dat.
func decodeDatEntry(d *dat.Dats, id uint32) (any, error) {
	switch {
	case dat.IsLandBlockID(id):
		lb, err := d.LandBlock(id)
		if err != nil {
			return nil, err
		}
		var r *dat.Region
		if d.Portal != nil {
			if r, err = d.Region(); err != nil && !errors.Is(err, dat.ErrNotFound) {
				return nil, err
			}
		}
		return datLandBlockJSON(lb, r), nil
	case dat.IsLandBlockInfoID(id):
		li, err := d.LandBlockInfo(id)
		if err != nil {
			return nil, err
		}
		return datLandBlockInfoJSON(li), nil
	}
	f := d.Portal
	if f == nil {
		f = d.Cell
	} else if _, err := f.Lookup(id); errors.Is(err, dat.ErrNotFound) && d.Cell != nil {
		_, err := d.Cell.Lookup(id)
		if errors.Is(err, dat.ErrNotFound) {
			// Looked for in both: the error names both, not the portal
			// dat alone.
			return nil, fmt.Errorf("entry 0x%08X: in neither %s nor %s: %w", id, dat.PortalName, dat.CellName, dat.ErrNotFound)
		}
		f = d.Cell
	}
	if f == d.Portal {
		switch {
		case id == dat.RegionID:
			r, err := d.Region()
			if err != nil {
				return nil, err
			}
			return datRegionJSON(r), nil
		case id>>24 == 0x02:
			s, err := d.Setup(id)
			if err != nil {
				return nil, err
			}
			return datSetupJSON(s), nil
		case id>>24 == 0x03:
			a, err := d.Animation(id)
			if err != nil {
				return nil, err
			}
			return datAnimationJSON(a), nil
		case id>>24 == 0x09:
			m, err := d.MotionTable(id)
			if err != nil {
				return nil, err
			}
			return datMotionTableJSON(m), nil
		case id>>24 == 0x01:
			g, err := d.GfxObj(id)
			if err != nil {
				return nil, err
			}
			return datGfxObjJSON(g), nil
		case id>>24 == 0x0D:
			e, err := d.Environment(id)
			if err != nil {
				return nil, err
			}
			return datEnvironmentJSON(e), nil
		}
	}
	if f == d.Cell && dat.IsEnvCellID(id) {
		e, err := d.EnvCell(id)
		if err != nil {
			return nil, err
		}
		return datEnvCellJSON(e), nil
	}
	b, err := f.Get(id)
	if err != nil {
		return nil, err
	}
	name := dat.TypeName(datRole(d, f), id)
	if name == "" {
		name = "unknown"
	}
	return datJSONRaw{ID: datID(id), Type: name, File: f.Name(), Size: len(b)}, nil
}

// datSummary is what a folder holds (the JSON of `viewer dat DIR -json`).
type datSummary struct {
	Dir         string           `json:"dir"`
	Files       []datFileSummary `json:"files"`
	HeightTable *[2]datFloat     `json:"height_table,omitempty"`
}

type datFileSummary struct {
	Name      string         `json:"name"`
	BlockSize uint32         `json:"block_size"`
	FileSize  int64          `json:"file_size"`
	DataSet   uint32         `json:"data_set"`
	Iteration int            `json:"iteration"`
	Entries   int            `json:"entries"`
	Types     []datTypeCount `json:"types"`
}

type datTypeCount struct {
	Type  string `json:"type"`
	Key   string `json:"key"`
	Count int    `json:"count"`
}

func summariseDats(d *dat.Dats) (*datSummary, error) {
	s := &datSummary{Dir: d.Dir, Files: []datFileSummary{}}
	for _, f := range []*dat.File{d.Portal, d.Cell} {
		if f == nil {
			continue
		}
		h := f.Header()
		info := datFileSummary{Name: f.Name(), BlockSize: h.BlockSize, FileSize: f.Size(), DataSet: h.DataSet, Iteration: f.Iteration(), Types: []datTypeCount{}}
		counts := map[string]*datTypeCount{}
		err := f.Entries(func(e dat.Entry) error {
			info.Entries++
			key := datTypeKey(datRole(d, f), e.ID)
			c := counts[key]
			if c == nil {
				name := dat.TypeName(datRole(d, f), e.ID)
				if name == "" {
					name = "unknown"
				}
				c = &datTypeCount{Type: name, Key: key}
				counts[key] = c
			}
			c.Count++
			return nil
		})
		if err != nil {
			return nil, err
		}
		keys := make([]string, 0, len(counts))
		for k := range counts {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			info.Types = append(info.Types, *counts[k])
		}
		s.Files = append(s.Files, info)
	}
	if d.Portal != nil {
		r, err := d.Region()
		switch {
		case err == nil:
			lo, hi := r.LandHeightTable[0], r.LandHeightTable[0]
			for _, v := range r.LandHeightTable {
				lo, hi = min(lo, v), max(hi, v)
			}
			s.HeightTable = &[2]datFloat{datFloat(lo), datFloat(hi)}
		case !errors.Is(err, dat.ErrNotFound):
			return nil, err
		}
	}
	return s, nil
}

// datRole is the data set f's entries are named by: the file's role in the
// folder (client_cell_1.dat or client_portal.dat), whatever its header's
// data set field says.
func datRole(d *dat.Dats, f *dat.File) uint32 {
	if f == d.Cell {
		return dat.CellDataSet
	}
	return dat.PortalDataSet
}

// datTypeKey groups ids: in the cell dat by low word kind, in the portal dat
// by top byte.
func datTypeKey(dataSet, id uint32) string {
	if id == dat.IterationID {
		return "0xFFFF0001"
	}
	if dataSet == dat.CellDataSet {
		switch {
		case dat.IsLandBlockID(id):
			return "0x????FFFF"
		case dat.IsLandBlockInfoID(id):
			return "0x????FFFE"
		}
		return "0x????0100+"
	}
	return fmt.Sprintf("0x%02X", id>>24)
}

// Write writes to w what the dat folder dir holds or, with entry, its
// entry id decoded; as JSON with asJSON, else as text.
func Write(w io.Writer, dir string, entry bool, id uint32, asJSON bool) error {
	d, err := dat.Open(dir)
	if err != nil {
		return datError(dir, err)
	}
	defer d.Close()
	if entry {
		v, err := decodeDatEntry(d, id)
		if err != nil {
			return datError(dir, err)
		}
		if asJSON {
			return writeDatJSON(w, v)
		}
		return writeDatEntryText(w, v)
	}
	s, err := summariseDats(d)
	if err != nil {
		return datError(dir, err)
	}
	if asJSON {
		return writeDatJSON(w, s)
	}
	return writeDatSummaryText(w, s)
}
