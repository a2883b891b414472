// The B-tree directory (ACE DatDirectoryHeader.cs and DatDirectory.cs,
// DatReaderWriter Lib/IO/DatBTree): a node is 62 branch offsets, an entry
// count and 61 entries of 24 bytes, stored in a block chain like any entry.
// A node is a leaf when branch[0] is 0 (retail) or 0xCDCDCDCD
// (DatReaderWriter's Pack fills every branch slot of a leaf with it); an
// internal node has count + 1 children. Real files leave the unused branch
// slots non-zero (0xCDCDCDCD filler, or a stale duplicate past count + 1),
// so only count + 1 branches are ever read. Ids sort as unsigned 32-bit
// numbers.

package dat

import (
	"encoding/binary"
	"fmt"
	"sort"
)

// B-tree layout and limits.
const (
	nodeBranches = 62
	nodeEntries  = 61
	entrySize    = 24
	// leafFiller is the branch DatReaderWriter writes into every slot of a
	// leaf (DatBTreeNode.Pack); its reader takes it as the end of the
	// branches, as 0.
	leafFiller = 0xCDCDCDCD
	// nodeSize is the node's bytes as ACE reads them (DatReaderWriter
	// sizes the node 1720: the 4 more bytes are not read).
	nodeSize = nodeBranches*4 + 4 + nodeEntries*entrySize
	// MaxDepth bounds the B-tree's depth (a 3-level tree holds 230 000
	// entries; a loop in the branches ends here).
	MaxDepth = 32
	// maxCachedNodes bounds the node cache below the root.
	maxCachedNodes = 4096
)

// Entry is one directory entry.
type Entry struct {
	// Flags: bit 0 is CompressedFlag. Version is the flags word's high
	// half (DatReaderWriter splits the u32 ACE calls BitFlags).
	Flags, Version uint16
	ID             uint32
	// Offset is the file offset of the entry's first block; Size its
	// stored payload bytes.
	Offset, Size    uint32
	Date, Iteration uint32
}

type node struct {
	branches []uint32 // count+1 children of an internal node, nil for a leaf
	entries  []Entry
}

// readNode reads and checks the node at off.
func (f *File) readNode(off uint32) (*node, error) {
	field := fmt.Sprintf("b-tree node at 0x%X", off)
	b, err := f.readChain(off, nodeSize)
	if err != nil {
		if fe, ok := err.(*fieldError); ok {
			return nil, f.fileErr(field+": "+fe.field, -1, fe.err)
		}
		return nil, f.fileErr(field, -1, err)
	}
	count := binary.LittleEndian.Uint32(b[nodeBranches*4:])
	if count > nodeEntries {
		return nil, f.fileErr(field, -1, fmt.Errorf("entry count %d, more than %d", count, nodeEntries))
	}
	n := &node{entries: make([]Entry, count)}
	for i := range n.entries {
		p := b[nodeBranches*4+4+i*entrySize:]
		n.entries[i] = Entry{
			Flags:     binary.LittleEndian.Uint16(p),
			Version:   binary.LittleEndian.Uint16(p[2:]),
			ID:        binary.LittleEndian.Uint32(p[4:]),
			Offset:    binary.LittleEndian.Uint32(p[8:]),
			Size:      binary.LittleEndian.Uint32(p[12:]),
			Date:      binary.LittleEndian.Uint32(p[16:]),
			Iteration: binary.LittleEndian.Uint32(p[20:]),
		}
		if i > 0 && n.entries[i].ID <= n.entries[i-1].ID {
			return nil, f.fileErr(field, -1, fmt.Errorf("entry %d id 0x%08X does not follow 0x%08X (ids must ascend)", i, n.entries[i].ID, n.entries[i-1].ID))
		}
	}
	if first := binary.LittleEndian.Uint32(b); first != 0 && first != leafFiller {
		if count == 0 {
			return nil, f.fileErr(field, -1, fmt.Errorf("internal node with no entries"))
		}
		n.branches = make([]uint32, count+1)
		for i := range n.branches {
			n.branches[i] = binary.LittleEndian.Uint32(b[i*4:])
			if n.branches[i] == 0 || n.branches[i] == leafFiller {
				return nil, f.fileErr(field, -1, fmt.Errorf("branch %d of %d is 0x%X", i, count+1, n.branches[i]))
			}
		}
	}
	return n, nil
}

// child returns a node below the root, cached.
func (f *File) child(off uint32) (*node, error) {
	f.mu.Lock()
	n, ok := f.nodes[off]
	f.mu.Unlock()
	if ok {
		return n, nil
	}
	n, err := f.readNode(off)
	if err != nil {
		return nil, err
	}
	f.mu.Lock()
	if len(f.nodes) >= maxCachedNodes {
		clear(f.nodes)
	}
	f.nodes[off] = n
	f.mu.Unlock()
	return n, nil
}

// Lookup finds id's directory entry: a binary search in each node from the
// root down (ids compared unsigned). An id the file does not hold is an
// error wrapping ErrNotFound.
func (f *File) Lookup(id uint32) (Entry, error) {
	if f.st == nil {
		return Entry{}, &Error{File: f.name, ID: id, HasID: true, Offset: -1, Err: ErrClosed}
	}
	n := f.root
	lo, hi := uint32(0), ^uint32(0) // the ids a node may hold, from its parent
	for depth := 0; ; depth++ {
		i := sort.Search(len(n.entries), func(i int) bool { return n.entries[i].ID >= id })
		if i < len(n.entries) && n.entries[i].ID == id {
			return n.entries[i], nil
		}
		if n.branches == nil {
			return Entry{}, &Error{File: f.name, ID: id, HasID: true, Offset: -1, Err: ErrNotFound}
		}
		if depth+1 >= MaxDepth {
			return Entry{}, withID(f.fileErr("b-tree", -1, fmt.Errorf("deeper than %d levels (a loop in the branches?)", MaxDepth)), id)
		}
		if i > 0 {
			lo = n.entries[i-1].ID
		}
		if i < len(n.entries) {
			hi = n.entries[i].ID
		}
		c, err := f.child(n.branches[i])
		if err != nil {
			return Entry{}, withID(err, id)
		}
		if len(c.entries) > 0 && (c.entries[0].ID <= lo && i > 0 || c.entries[len(c.entries)-1].ID >= hi && i < len(n.entries)) {
			return Entry{}, withID(f.fileErr(fmt.Sprintf("b-tree node at 0x%X", n.branches[i]), -1,
				fmt.Errorf("holds ids 0x%08X to 0x%08X, outside its parent's range 0x%08X to 0x%08X", c.entries[0].ID, c.entries[len(c.entries)-1].ID, lo, hi)), id)
		}
		n = c
	}
}

// withID names the entry a lookup was for in a directory error.
func withID(err error, id uint32) error {
	if de, ok := err.(*Error); ok && !de.HasID {
		de.ID, de.HasID = id, true
	}
	return err
}

// Entries calls fn for every entry in id order (unsigned), walking the
// B-tree in order; it stops at fn's first error and returns it. Ids out of
// order (a loop, a node reached twice) and a tree deeper than MaxDepth are
// errors.
func (f *File) Entries(fn func(Entry) error) error {
	if f.st == nil {
		return &Error{File: f.name, Offset: -1, Err: ErrClosed}
	}
	w := walker{f: f, fn: fn}
	return w.walk(f.root, f.header.Root, 0)
}

type walker struct {
	f       *File
	fn      func(Entry) error
	last    uint32
	started bool
}

func (w *walker) walk(n *node, off uint32, depth int) error {
	if depth >= MaxDepth {
		return w.f.fileErr("b-tree", -1, fmt.Errorf("deeper than %d levels (a loop in the branches?)", MaxDepth))
	}
	for i := 0; i <= len(n.entries); i++ {
		if n.branches != nil {
			c, err := w.f.readNodeUncached(n.branches[i])
			if err != nil {
				return err
			}
			if err := w.walk(c, n.branches[i], depth+1); err != nil {
				return err
			}
		}
		if i == len(n.entries) {
			break
		}
		e := n.entries[i]
		if w.started && e.ID <= w.last {
			return w.f.fileErr(fmt.Sprintf("b-tree node at 0x%X", off), -1, fmt.Errorf("id 0x%08X comes after 0x%08X (ids out of order, or a node reached twice)", e.ID, w.last))
		}
		w.last, w.started = e.ID, true
		if err := w.fn(e); err != nil {
			return err
		}
	}
	return nil
}

// readNodeUncached reads a node for a walk, which visits each node once
// and would only flush the lookup cache.
func (f *File) readNodeUncached(off uint32) (*node, error) {
	f.mu.Lock()
	n, ok := f.nodes[off]
	f.mu.Unlock()
	if ok {
		return n, nil
	}
	return f.readNode(off)
}
