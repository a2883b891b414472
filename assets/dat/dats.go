// Dats: the user's dat folder — client_portal.dat and client_cell_1.dat,
// found case-insensitively — and the typed, cached readers of its entries.

package dat

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
)

// The file names Open looks for (case-insensitively).
const (
	PortalName = "client_portal.dat"
	CellName   = "client_cell_1.dat"
)

// ErrNoFile is wrapped by the error of a typed reader whose dat file the
// folder does not hold.
var ErrNoFile = errors.New("no such dat file in the folder")

// maxCached bounds each parsed-entry cache (entries per type).
const maxCached = 4096

// Dats is an open dat folder. Either file may be absent (nil).
type Dats struct {
	Portal, Cell *File
	Dir          string

	region     cache[*Region]
	landBlocks cache[*LandBlock]
	infos      cache[*LandBlockInfo]
	setups     cache[*Setup]
	tables     cache[*MotionTable]
	anims      cache[*Animation]
	gfxObjs    cache[*GfxObj]
	envs       cache[*Environment]
	envCells   cache[*EnvCell]
}

// Open opens the dat files in dir: client_portal.dat and client_cell_1.dat,
// names matched case-insensitively. A folder holding neither is an error.
func Open(dir string) (*Dats, error) {
	names, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	d := &Dats{Dir: dir}
	// ReadDir sorts by name, so the first of several case variants wins;
	// a file beats a directory of the same name, and a directory alone is
	// named so that OpenFile refuses it rather than it being passed over.
	find := func(want string) string {
		dirMatch := ""
		for _, e := range names {
			if !strings.EqualFold(e.Name(), want) {
				continue
			}
			if !e.IsDir() {
				return filepath.Join(dir, e.Name())
			}
			if dirMatch == "" {
				dirMatch = filepath.Join(dir, e.Name())
			}
		}
		return dirMatch
	}
	if p := find(PortalName); p != "" {
		if d.Portal, err = OpenFile(p); err != nil {
			return nil, err
		}
	}
	if p := find(CellName); p != "" {
		if d.Cell, err = OpenFile(p); err != nil {
			d.Close()
			return nil, err
		}
	}
	if d.Portal == nil && d.Cell == nil {
		return nil, fmt.Errorf("%s: neither %s nor %s is there", dir, PortalName, CellName)
	}
	return d, nil
}

// Close closes both files.
func (d *Dats) Close() error {
	var errs []error
	if d.Portal != nil {
		errs = append(errs, d.Portal.Close())
	}
	if d.Cell != nil {
		errs = append(errs, d.Cell.Close())
	}
	return errors.Join(errs...)
}

func (d *Dats) file(f *File, name string, id uint32) (*File, error) {
	if f == nil {
		return nil, &Error{File: name, ID: id, HasID: true, Offset: -1, Err: fmt.Errorf("%w (%s)", ErrNoFile, d.Dir)}
	}
	return f, nil
}

// get reads and parses entry id of f through c.
func get[T any](d *Dats, f *File, name string, c *cache[T], id uint32, parse func([]byte, uint32) (T, error)) (T, error) {
	var zero T
	if v, ok := c.get(id); ok {
		return v, nil
	}
	f, err := d.file(f, name, id)
	if err != nil {
		return zero, err
	}
	b, err := f.Get(id)
	if err != nil {
		return zero, err
	}
	v, err := parse(b, id)
	if err != nil {
		return zero, entryError(f.name, id, err)
	}
	c.put(id, v)
	return v, nil
}

// Region reads Region 0x13000000 from the portal dat.
func (d *Dats) Region() (*Region, error) {
	return get(d, d.Portal, PortalName, &d.region, RegionID, ParseRegion)
}

// LandBlock reads LandBlock id (0xXXYYFFFF) from the cell dat.
func (d *Dats) LandBlock(id uint32) (*LandBlock, error) {
	if !IsLandBlockID(id) {
		return nil, &Error{File: CellName, ID: id, HasID: true, Offset: -1, Err: fmt.Errorf("not a LandBlock id (want 0xXXYYFFFF): %w", ErrNotFound)}
	}
	return get(d, d.Cell, CellName, &d.landBlocks, id, ParseLandBlock)
}

// LandBlockInfo reads LandBlockInfo id (0xXXYYFFFE) from the cell dat.
func (d *Dats) LandBlockInfo(id uint32) (*LandBlockInfo, error) {
	if !IsLandBlockInfoID(id) {
		return nil, &Error{File: CellName, ID: id, HasID: true, Offset: -1, Err: fmt.Errorf("not a LandBlockInfo id (want 0xXXYYFFFE): %w", ErrNotFound)}
	}
	return get(d, d.Cell, CellName, &d.infos, id, ParseLandBlockInfo)
}

// portalType checks id's top byte; another type's id names no entry of
// this type (an error wrapping ErrNotFound).
func portalType(id, top uint32, name string) error {
	if id>>24 == top {
		return nil
	}
	return &Error{File: PortalName, ID: id, HasID: true, Offset: -1, Err: fmt.Errorf("not a %s id (want 0x%02Xxxxxxx): %w", name, top, ErrNotFound)}
}

// Setup reads Setup id (0x02xxxxxx) from the portal dat.
func (d *Dats) Setup(id uint32) (*Setup, error) {
	if err := portalType(id, 0x02, "Setup"); err != nil {
		return nil, err
	}
	return get(d, d.Portal, PortalName, &d.setups, id, ParseSetup)
}

// MotionTable reads MotionTable id (0x09xxxxxx) from the portal dat.
func (d *Dats) MotionTable(id uint32) (*MotionTable, error) {
	if err := portalType(id, 0x09, "MotionTable"); err != nil {
		return nil, err
	}
	return get(d, d.Portal, PortalName, &d.tables, id, ParseMotionTable)
}

// Animation reads Animation id (0x03xxxxxx) from the portal dat.
func (d *Dats) Animation(id uint32) (*Animation, error) {
	if err := portalType(id, 0x03, "Animation"); err != nil {
		return nil, err
	}
	return get(d, d.Portal, PortalName, &d.anims, id, ParseAnimation)
}

// GfxObj reads GfxObj id (0x01xxxxxx) from the portal dat.
func (d *Dats) GfxObj(id uint32) (*GfxObj, error) {
	if err := portalType(id, 0x01, "GfxObj"); err != nil {
		return nil, err
	}
	return get(d, d.Portal, PortalName, &d.gfxObjs, id, ParseGfxObj)
}

// Environment reads Environment id (0x0Dxxxxxx) from the portal dat.
func (d *Dats) Environment(id uint32) (*Environment, error) {
	if err := portalType(id, 0x0D, "Environment"); err != nil {
		return nil, err
	}
	return get(d, d.Portal, PortalName, &d.envs, id, ParseEnvironment)
}

// EnvCell reads EnvCell id (0xXXYYnnnn, nnnn from 0x0100) from the cell
// dat.
func (d *Dats) EnvCell(id uint32) (*EnvCell, error) {
	if !IsEnvCellID(id) {
		return nil, &Error{File: CellName, ID: id, HasID: true, Offset: -1, Err: fmt.Errorf("not an EnvCell id (want 0xXXYYnnnn, nnnn from 0x0100 to 0xFFFD): %w", ErrNotFound)}
	}
	return get(d, d.Cell, CellName, &d.envCells, id, ParseEnvCell)
}

// cache is a bounded map of parsed entries; when full it is emptied (the
// working set of a run is a few landblocks and a few dozen setups, tables
// and animations, far below the bound). Parsed values are shared: callers
// must not change them.
type cache[T any] struct {
	mu sync.Mutex
	m  map[uint32]T
}

func (c *cache[T]) get(id uint32) (T, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	v, ok := c.m[id]
	return v, ok
}

func (c *cache[T]) put(id uint32, v T) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil || len(c.m) >= maxCached {
		c.m = make(map[uint32]T)
	}
	c.m[id] = v
}
