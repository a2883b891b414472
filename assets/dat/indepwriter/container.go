// Package indepwriter writes a client_portal.dat and a client_cell_1.dat
// for tests, in the retail layout as the public descriptions give it, and
// a JSON manifest of what it wrote. It is deliberately independent of
// glidepath/assets/dat and of dattest: it imports neither, and every layout
// below is taken from the public sources named at each function (ACE
// Source/ACE.DatLoader; DatReaderWriter's dats.xml and Lib/IO), so a
// misreading shared by Glidepath's reader and its own test writer shows up
// as a disagreement here.
//
// The container: a 256-byte version string and 64 bytes of transaction
// record, then at 0x140 the header (DatReaderWriter Lib/IO/DatHeader.cs,
// ACE DatDatabaseHeader.cs); the B-tree of nodes of 62 branches, a count and
// 61 entries of 24 bytes (DatBTreeNode.cs, DatDirectoryHeader.cs), leaves'
// unused branch slots filled as DatReaderWriter's Pack fills them
// (0xCDCDCDCD); entries and nodes stored in chains of blocks whose first
// word is the next block's offset (ACE DatReader.cs, StreamBlockAllocator);
// an entry whose flags word has bit 0 set holds a u32 inflated size and a
// zlib stream (DatReaderWriter DatDatabase.AttemptToCompress).
package indepwriter

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"fmt"
	"os"
	"sort"
)

// Header and node layout (DatHeader.cs, DatBTreeNode.cs).
const (
	headerOffset = 0x140
	retailMagic  = 0x5442
	maxBranches  = 62
	maxFiles     = 61
	fileSize     = 24
	nodeBytes    = maxBranches*4 + 4 + maxFiles*fileSize // 1716, as ACE reads it
	filler       = 0xCDCDCDCD
	datPortal    = 1 // DatFileType.Portal
	datCell      = 2 // DatFileType.Cell
	flagCompress = 0x0001
	entryVersion = 2 // DatBTreeFile's default version word
)

type entry struct {
	id         uint32
	data       []byte
	compressed bool
	iteration  uint32
}

// container collects entries and writes one dat file.
type container struct {
	dataSet   uint32
	blockSize int
	// fanout is the most entries a node holds (61 in a full node; smaller
	// makes a deeper tree from few entries).
	fanout  int
	entries map[uint32]entry
}

func newContainer(dataSet uint32, blockSize, fanout int) *container {
	return &container{dataSet: dataSet, blockSize: blockSize, fanout: fanout, entries: map[uint32]entry{}}
}

func (c *container) add(id uint32, data []byte) {
	c.entries[id] = entry{id: id, data: data, iteration: 1}
}

func (c *container) addCompressed(id uint32, data []byte) {
	c.entries[id] = entry{id: id, data: data, compressed: true, iteration: 1}
}

// image is the file under construction: blocks are appended at its end.
type image struct {
	buf       []byte
	blockSize int
}

// alloc appends n blocks and returns their offsets.
func (m *image) alloc(n int) []uint32 {
	offs := make([]uint32, n)
	for i := range offs {
		offs[i] = uint32(len(m.buf))
		m.buf = append(m.buf, make([]byte, m.blockSize)...)
	}
	return offs
}

// writeChain stores payload in a chain of blocks and returns the first
// block's offset. The blocks are linked in reverse order of allocation, so
// a chain is never simply contiguous: a reader must follow the links.
func (m *image) writeChain(payload []byte) uint32 {
	per := m.blockSize - 4
	n := max(1, (len(payload)+per-1)/per)
	offs := m.alloc(n)
	for i, j := 0, len(offs)-1; i < j; i, j = i+1, j-1 {
		offs[i], offs[j] = offs[j], offs[i]
	}
	for i, off := range offs {
		next := uint32(0)
		if i+1 < n {
			next = offs[i+1]
		}
		binary.LittleEndian.PutUint32(m.buf[off:], next)
		lo := i * per
		hi := min(lo+per, len(payload))
		copy(m.buf[off+4:], payload[lo:hi])
	}
	return offs[0]
}

type treeFile struct {
	flags, version uint16
	id             uint32
	offset, size   uint32
	date           uint32
	iteration      uint32
}

// buildTree writes the nodes of a B-tree over files (sorted by id) and
// returns the root's offset. A node holds at most fanout files; an
// internal node's files separate its children (count + 1 of them).
func (m *image) buildTree(files []treeFile, fanout int) (root uint32, levels int) {
	var branches []uint32
	var own []treeFile
	levels = 1
	if len(files) <= fanout {
		own = files
	} else {
		children := min(fanout+1, max(2, (len(files)+1+fanout)/(fanout+1)))
		rest := len(files) - (children - 1)
		pos := 0
		for k := 0; k < children; k++ {
			size := rest / children
			if k < rest%children {
				size++
			}
			b, l := m.buildTree(files[pos:pos+size], fanout)
			branches = append(branches, b)
			levels = max(levels, l+1)
			pos += size
			if k < children-1 {
				own = append(own, files[pos])
				pos++
			}
		}
	}
	node := make([]byte, nodeBytes)
	for i := 0; i < maxBranches; i++ {
		v := uint32(filler)
		if branches != nil && i < len(branches) {
			v = branches[i]
		}
		binary.LittleEndian.PutUint32(node[i*4:], v)
	}
	binary.LittleEndian.PutUint32(node[maxBranches*4:], uint32(len(own)))
	for i, f := range own {
		p := node[maxBranches*4+4+i*fileSize:]
		binary.LittleEndian.PutUint16(p, f.flags)
		binary.LittleEndian.PutUint16(p[2:], f.version)
		binary.LittleEndian.PutUint32(p[4:], f.id)
		binary.LittleEndian.PutUint32(p[8:], f.offset)
		binary.LittleEndian.PutUint32(p[12:], f.size)
		binary.LittleEndian.PutUint32(p[16:], f.date)
		binary.LittleEndian.PutUint32(p[20:], f.iteration)
	}
	return m.writeChain(node), levels
}

// bytes lays the file out: header, entries, then the tree.
func (c *container) bytes() ([]byte, int, error) {
	m := &image{blockSize: c.blockSize}
	first := (headerOffset + 80 + c.blockSize - 1) / c.blockSize * c.blockSize
	m.buf = make([]byte, first)
	copy(m.buf, "indepwriter test dat")
	copy(m.buf[256:], []byte{0x00, 0x50, 0x4C, 0x00}) // DatHeader.WriteEmptyTransaction

	ids := make([]uint32, 0, len(c.entries))
	for id := range c.entries {
		ids = append(ids, id)
	}
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	files := make([]treeFile, 0, len(ids))
	for _, id := range ids {
		e := c.entries[id]
		payload, flags := e.data, uint16(0)
		if e.compressed {
			var z bytes.Buffer
			hdr := make([]byte, 4)
			binary.LittleEndian.PutUint32(hdr, uint32(len(e.data)))
			z.Write(hdr)
			w, _ := zlib.NewWriterLevel(&z, zlib.BestCompression)
			if _, err := w.Write(e.data); err != nil {
				return nil, 0, err
			}
			if err := w.Close(); err != nil {
				return nil, 0, err
			}
			if z.Len() >= len(e.data) {
				return nil, 0, fmt.Errorf("entry 0x%08X does not compress", id)
			}
			payload, flags = z.Bytes(), flagCompress
		}
		off := m.writeChain(payload)
		files = append(files, treeFile{flags: flags, version: entryVersion, id: id, offset: off,
			size: uint32(len(payload)), date: 1700000000, iteration: e.iteration})
	}
	root, levels := m.buildTree(files, c.fanout)

	h := m.buf[headerOffset:]
	put := func(i int, v uint32) { binary.LittleEndian.PutUint32(h[i*4:], v) }
	put(0, retailMagic)
	put(1, uint32(c.blockSize))
	put(2, uint32(len(m.buf)))
	put(3, c.dataSet)
	put(4, 1)    // subset
	put(5, 0)    // first free block
	put(6, 0)    // last free block
	put(7, 0)    // free block count
	put(8, root) // root block
	put(9, 0)    // new LRU
	put(10, 0)   // old LRU
	put(11, 0)   // use LRU
	put(12, 0)   // master map id
	put(13, 1)   // engine version
	put(14, 1)   // game version
	// 16 bytes of major version (a GUID) stay zero; minor version:
	put(19, 1)
	return m.buf, levels, nil
}

// write writes the file and returns the B-tree's depth.
func (c *container) write(path string) (int, error) {
	b, levels, err := c.bytes()
	if err != nil {
		return 0, fmt.Errorf("%s: %w", path, err)
	}
	return levels, os.WriteFile(path, b, 0o644)
}
