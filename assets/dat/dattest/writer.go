// Package dattest writes dat files for tests: the DatDatabase container
// (header at 0x140, block chains, a B-tree directory of any depth,
// zlib-compressed entries) and encoders for the entries package dat reads.
// It follows the public layout (ACE Source/ACE.DatLoader, DatReaderWriter
// dats.xml) independently of the reader, so that a test can check one
// against the other; the project never ships retail data, and every test
// of the world builds its dat files here.
package dattest

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"sort"
)

// Container constants, as the public layout gives them.
const (
	headerOffset = 0x140
	magic        = 0x5442
	nodeBranches = 62
	nodeEntries  = 61
	nodeSize     = nodeBranches*4 + 4 + nodeEntries*24
	// Filler is what tools leave in unused branch slots.
	Filler = 0xCDCDCDCD
	// Data sets (ACE DatDatabaseType).
	PortalDataSet = 1
	CellDataSet   = 2
)

// Writer collects entries and writes a dat file.
type Writer struct {
	// BlockSize is the container's block size (256 for a cell dat, 1024
	// for a portal dat).
	BlockSize uint32
	// DataSet is the header's data set.
	DataSet uint32
	// NodeEntries is the most entries per B-tree node (61 in the format;
	// fewer makes a deeper tree from a few entries).
	NodeEntries int
	// Iteration, when not 0, adds entry 0xFFFF0001 holding it.
	Iteration int32
	// Scatter links each multi-block chain's blocks in reverse file order,
	// so that a reader must follow the next-block offsets.
	Scatter bool
	// Gap, when not 0, puts every block after the header at file offset
	// Gap or beyond (rounded up to a block): WriteFile leaves the bytes
	// between as a hole, so that a test can make a file of gigabytes on a
	// small disk (a sparse file).
	Gap int64
	entries map[uint32]item
}

type item struct {
	data       []byte
	compressed bool
	flags      uint16
}

// New returns a writer for a file of the given block size and data set.
func New(blockSize, dataSet uint32) *Writer {
	return &Writer{BlockSize: blockSize, DataSet: dataSet, NodeEntries: nodeEntries, entries: map[uint32]item{}}
}

// Add adds (or replaces) entry id.
func (w *Writer) Add(id uint32, data []byte) {
	w.entries[id] = item{data: data}
}

// AddCompressed adds entry id zlib-compressed: flag bit 0, a u32 inflated
// size, then the zlib stream.
func (w *Writer) AddCompressed(id uint32, data []byte) {
	w.entries[id] = item{data: data, compressed: true, flags: 1}
}

// AddRaw adds entry id's stored bytes as they are, with the given flags
// (a hand-made compressed entry, a zlib bomb).
func (w *Writer) AddRaw(id uint32, flags uint16, stored []byte) {
	w.entries[id] = item{data: stored, flags: flags}
}

// IDs returns the entries' ids, ascending.
func (w *Writer) IDs() []uint32 {
	ids := make([]uint32, 0, len(w.entries))
	for id := range w.entries {
		ids = append(ids, id)
	}
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	return ids
}

// file is the image being laid out: head (the header blocks) at offset
// 0, data (every other block) at offset base.
type file struct {
	bs   int
	head []byte
	data []byte
	base int
	w    *Writer
}

// chain allocates a block chain holding payload and returns its first
// block's offset.
func (f *file) chain(payload []byte) uint32 {
	per := f.bs - 4
	n := max(1, (len(payload)+per-1)/per)
	offs := make([]int, n)
	for i := range offs {
		offs[i] = f.base + len(f.data)
		f.data = append(f.data, make([]byte, f.bs)...)
	}
	if f.w.Scatter && n > 1 {
		for i, j := 0, n-1; i < j; i, j = i+1, j-1 {
			offs[i], offs[j] = offs[j], offs[i]
		}
	}
	for i, off := range offs {
		next := 0
		if i+1 < n {
			next = offs[i+1]
		}
		at := off - f.base
		binary.LittleEndian.PutUint32(f.data[at:], uint32(next))
		lo := i * per
		hi := min(len(payload), lo+per)
		if lo < hi {
			copy(f.data[at+4:], payload[lo:hi])
		}
	}
	return uint32(offs[0])
}

type dirEntry struct {
	flags     uint16
	id        uint32
	offset    uint32
	size      uint32
	iteration uint32
}

// Bytes lays the file out and returns it (with Gap, the hole as zeros).
func (w *Writer) Bytes() []byte {
	f := w.layout()
	out := make([]byte, f.base, f.base+len(f.data))
	copy(out, f.head)
	return append(out, f.data...)
}

// layout lays the file out.
func (w *Writer) layout() *file {
	bs := int(w.BlockSize)
	f := &file{bs: bs, w: w}
	hdrBlocks := (headerOffset + 0x50 + bs - 1) / bs
	f.head = make([]byte, hdrBlocks*bs)
	copy(f.head, "glidepath dattest")
	f.base = len(f.head)
	if g := int(w.Gap); g > f.base {
		f.base = (g + bs - 1) / bs * bs
	}
	items := map[uint32]item{}
	for id, it := range w.entries {
		items[id] = it
	}
	if w.Iteration != 0 {
		var b [8]byte
		binary.LittleEndian.PutUint32(b[:], uint32(w.Iteration))
		items[0xFFFF0001] = item{data: b[:]}
	}
	ids := make([]uint32, 0, len(items))
	for id := range items {
		ids = append(ids, id)
	}
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	dir := make([]dirEntry, len(ids))
	for i, id := range ids {
		it := items[id]
		stored := it.data
		if it.compressed {
			var z bytes.Buffer
			binary.Write(&z, binary.LittleEndian, uint32(len(it.data)))
			zw := zlib.NewWriter(&z)
			zw.Write(it.data)
			zw.Close()
			stored = z.Bytes()
		}
		dir[i] = dirEntry{flags: it.flags, id: id, offset: f.chain(stored), size: uint32(len(stored)), iteration: 1}
	}
	per := w.NodeEntries
	if per <= 0 || per > nodeEntries {
		per = nodeEntries
	}
	root := f.node(dir, per)
	h := f.head[headerOffset:]
	le := binary.LittleEndian
	le.PutUint32(h[0:], magic)
	le.PutUint32(h[4:], w.BlockSize)
	le.PutUint32(h[8:], uint32(f.base+len(f.data)))
	le.PutUint32(h[12:], w.DataSet)
	le.PutUint32(h[32:], root)
	return f
}

// node writes the B-tree over dir (sorted) and returns its root's offset.
// A node holds at most per entries; a bigger set is split into k children
// around k − 1 separators.
func (f *file) node(dir []dirEntry, per int) uint32 {
	b := make([]byte, nodeSize)
	le := binary.LittleEndian
	for i := 0; i < nodeBranches; i++ {
		le.PutUint32(b[i*4:], Filler)
	}
	var keys []dirEntry
	if len(dir) <= per {
		keys = dir
		le.PutUint32(b, 0) // a leaf: branch[0] is 0, the rest filler
	} else {
		k := min(per+1, (len(dir)+1)/2)
		rest := len(dir) - (k - 1)
		at := 0
		for c := 0; c < k; c++ {
			size := rest / k
			if c < rest%k {
				size++
			}
			le.PutUint32(b[c*4:], f.node(dir[at:at+size], per))
			at += size
			if c < k-1 {
				keys = append(keys, dir[at])
				at++
			}
		}
	}
	le.PutUint32(b[nodeBranches*4:], uint32(len(keys)))
	for i, e := range keys {
		p := b[nodeBranches*4+4+i*24:]
		le.PutUint16(p, e.flags)
		le.PutUint16(p[2:], 0)
		le.PutUint32(p[4:], e.id)
		le.PutUint32(p[8:], e.offset)
		le.PutUint32(p[12:], e.size)
		le.PutUint32(p[16:], 0)
		le.PutUint32(p[20:], e.iteration)
	}
	return f.chain(b)
}

// WriteFile writes the file to path; with Gap, the hole is left unwritten.
func (w *Writer) WriteFile(path string) error {
	f := w.layout()
	out, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("dattest: %w", err)
	}
	_, err = out.Write(f.head)
	if err == nil {
		_, err = out.WriteAt(f.data, int64(f.base))
	}
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("dattest: %w", err)
	}
	return nil
}

// WriteDir writes portal and cell (either may be nil) into dir as
// client_portal.dat and client_cell_1.dat.
func WriteDir(dir string, portal, cell *Writer) error {
	if portal != nil {
		if err := portal.WriteFile(filepath.Join(dir, "client_portal.dat")); err != nil {
			return err
		}
	}
	if cell != nil {
		if err := cell.WriteFile(filepath.Join(dir, "client_cell_1.dat")); err != nil {
			return err
		}
	}
	return nil
}
