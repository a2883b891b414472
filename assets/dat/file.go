// The DatDatabase container: the header at 0x140 (ACE DatDatabaseHeader.cs,
// DatReaderWriter Lib/IO/DatHeader.cs), block chains (ACE DatReader.cs) and
// the entries' bytes, zlib-inflated when an entry's flags say so
// (DatReaderWriter DatDatabase.cs, DatBTreeFileFlags.IsCompressed).

package dat

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"
)

// Container layout and limits.
const (
	// HeaderOffset is where the header starts: after a 256-byte version
	// string and 64 bytes of transaction data.
	HeaderOffset = 0x140
	// headerSize is the header's bytes from HeaderOffset: 15 u32s, a
	// 16-byte major version and a u32 minor version.
	headerSize = 15*4 + 16 + 4
	// Magic is the header's first u32 (DatReaderWriter RETAIL_MAGIC).
	Magic = 0x5442
	// MinBlockSize and MaxBlockSize bound the header's block size (retail:
	// 256 in the cell dat, 1024 in the portal dat).
	MinBlockSize = 16
	MaxBlockSize = 1 << 20
	// MaxEntrySize bounds an entry's stored and inflated size (the largest
	// retail entries, textures, are a few MB).
	MaxEntrySize = 64 << 20
	// CompressedFlag is the entry flag bit for a zlib-compressed entry: a
	// u32 inflated size, then a zlib stream.
	CompressedFlag = 0x1
	// IterationID is the entry holding the file's iteration (ACE
	// FileTypes/Iteration.cs).
	IterationID = 0xFFFF0001
)

// Header is the container header at 0x140 (ACE DatDatabaseHeader.cs).
// Version fields are kept as read and never validated: they differ between
// releases and tools.
type Header struct {
	Magic, BlockSize, FileSize, DataSet, DataSubset uint32
	FreeHead, FreeTail, FreeCount                   uint32
	// Root is the file offset of the B-tree's root node.
	Root                                uint32
	NewLRU, OldLRU, UseLRU, MasterMapID uint32
	EnginePackVersion, GamePackVersion  uint32
	VersionMajor                        [16]byte
	VersionMinor                        uint32
}

// File is one open dat file.
type File struct {
	name   string
	st     store
	header Header
	root   *node

	mu    sync.Mutex
	nodes map[uint32]*node // B-tree nodes below the root, bounded by maxCachedNodes
}

// OpenFile opens a dat file: it reads the header and the B-tree's root
// node, and nothing else.
func OpenFile(path string) (*File, error) {
	name := filepath.Base(path)
	// Stat before opening: opening a FIFO blocks until a writer comes.
	if info, err := os.Stat(path); err != nil {
		return nil, err
	} else if err := notRegular(info); err != nil {
		return nil, &Error{File: name, Offset: -1, Err: err}
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	info, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	if err := notRegular(info); err != nil {
		f.Close()
		return nil, &Error{File: name, Offset: -1, Err: err}
	}
	st, err := openStore(f, info.Size())
	if err != nil {
		f.Close()
		return nil, err
	}
	df, err := open(name, st)
	if err != nil {
		st.Close()
		return nil, err
	}
	return df, nil
}

// notRegular says why info is not a regular file (a directory, a FIFO, a
// device), or nil.
func notRegular(info os.FileInfo) error {
	m := info.Mode()
	switch {
	case m.IsRegular():
		return nil
	case m.IsDir():
		return errors.New("is a directory")
	case m&os.ModeNamedPipe != 0:
		return errors.New("is a FIFO, not a regular file")
	case m&os.ModeDevice != 0:
		return errors.New("is a device, not a regular file")
	}
	return errors.New("is not a regular file")
}

// OpenBytes opens a dat file held in memory; name is the file name its
// errors use.
func OpenBytes(name string, data []byte) (*File, error) {
	return open(name, bytesStore(data))
}

func open(name string, st store) (*File, error) {
	df := &File{name: name, st: st, nodes: map[uint32]*node{}}
	var hb [headerSize]byte
	if _, err := st.ReadAt(hb[:], HeaderOffset); err != nil {
		return nil, &Error{File: name, Field: "header", Offset: -1,
			Err: fmt.Errorf("file is %d bytes, want at least %d", st.Size(), HeaderOffset+headerSize)}
	}
	h := &df.header
	u := func(i int) uint32 { return binary.LittleEndian.Uint32(hb[i*4:]) }
	h.Magic, h.BlockSize, h.FileSize, h.DataSet, h.DataSubset = u(0), u(1), u(2), u(3), u(4)
	h.FreeHead, h.FreeTail, h.FreeCount, h.Root = u(5), u(6), u(7), u(8)
	h.NewLRU, h.OldLRU, h.UseLRU, h.MasterMapID = u(9), u(10), u(11), u(12)
	h.EnginePackVersion, h.GamePackVersion = u(13), u(14)
	copy(h.VersionMajor[:], hb[60:76])
	h.VersionMinor = binary.LittleEndian.Uint32(hb[76:])
	if h.Magic != Magic {
		return nil, df.fileErr("header magic", HeaderOffset, fmt.Errorf("0x%X, want 0x%X (not a dat file)", h.Magic, Magic))
	}
	if h.BlockSize < MinBlockSize || h.BlockSize > MaxBlockSize {
		return nil, df.fileErr("header block size", HeaderOffset+4, fmt.Errorf("%d, want %d to %d", h.BlockSize, MinBlockSize, MaxBlockSize))
	}
	root, err := df.readNode(h.Root)
	if err != nil {
		return nil, err
	}
	df.root = root
	return df, nil
}

// Name is the file's base name, as its errors say it.
func (f *File) Name() string { return f.name }

// Header returns the container header.
func (f *File) Header() Header { return f.header }

// Size is the file's length in bytes.
func (f *File) Size() int64 { return f.st.Size() }

// Close releases the file (and its memory map).
func (f *File) Close() error {
	if f == nil || f.st == nil {
		return nil
	}
	err := f.st.Close()
	f.st = nil
	return err
}

// Iteration is the file's iteration: the first i32 of entry 0xFFFF0001
// (ACE FileTypes/Iteration.cs, DatDatabase.GetTotalIterations), or 0 when
// the file has none.
func (f *File) Iteration() int {
	b, err := f.Get(IterationID)
	if err != nil || len(b) < 4 {
		return 0
	}
	return int(int32(binary.LittleEndian.Uint32(b)))
}

func (f *File) fileErr(field string, off int64, err error) error {
	return &Error{File: f.name, Field: field, Offset: off, Err: err}
}

// Get returns entry id's bytes, inflated when compressed. An id the file
// does not hold is an error wrapping ErrNotFound.
func (f *File) Get(id uint32) ([]byte, error) {
	e, err := f.Lookup(id)
	if err != nil {
		return nil, err
	}
	return f.Read(e)
}

// Read returns an entry's bytes, inflated when compressed.
func (f *File) Read(e Entry) ([]byte, error) {
	if f.st == nil {
		return nil, &Error{File: f.name, ID: e.ID, HasID: true, Offset: -1, Err: ErrClosed}
	}
	if e.Size > MaxEntrySize {
		return nil, f.entryErr(e.ID, "size", fmt.Errorf("%d bytes, more than the limit of %d", e.Size, MaxEntrySize))
	}
	raw, err := f.readChain(e.Offset, int(e.Size))
	if err != nil {
		return nil, f.entryErr(e.ID, "", err)
	}
	if e.Flags&CompressedFlag == 0 {
		return raw, nil
	}
	out, err := inflate(raw)
	if err != nil {
		return nil, f.entryErr(e.ID, "compressed data", err)
	}
	return out, nil
}

func (f *File) entryErr(id uint32, field string, err error) error {
	var fe *fieldError
	if errors.As(err, &fe) {
		return &Error{File: f.name, ID: id, HasID: true, Field: fe.field, Offset: fe.offset, Err: fe.err}
	}
	return &Error{File: f.name, ID: id, HasID: true, Field: field, Offset: -1, Err: err}
}

// inflate reads a compressed entry: a u32 inflated size, then a zlib
// stream that must inflate to exactly that size (never more than
// MaxEntrySize: a zlib bomb is an error, not an allocation).
func inflate(raw []byte) ([]byte, error) {
	if len(raw) < 4 {
		return nil, fmt.Errorf("entry is %d bytes, want a 4-byte size and a zlib stream", len(raw))
	}
	size := binary.LittleEndian.Uint32(raw)
	if size > MaxEntrySize {
		return nil, fmt.Errorf("inflated size %d is more than the limit of %d", size, MaxEntrySize)
	}
	zr, err := zlib.NewReader(bytes.NewReader(raw[4:]))
	if err != nil {
		return nil, fmt.Errorf("zlib: %v", err)
	}
	defer zr.Close()
	out := make([]byte, size)
	if _, err := io.ReadFull(zr, out); err != nil {
		return nil, fmt.Errorf("inflates to less than its declared %d bytes: %v", size, err)
	}
	var one [1]byte
	if n, _ := zr.Read(one[:]); n != 0 {
		return nil, fmt.Errorf("inflates to more than its declared %d bytes", size)
	}
	return out, nil
}

// readChain reads size payload bytes of the block chain starting at off.
// Each block's first u32 is the next block's offset (0 ends the chain) and
// block size − 4 bytes of payload follow (ACE DatReader.ReadDat). Offsets
// out of the file, a chain that ends early and a chain that comes back to
// a block it passed are errors.
func (f *File) readChain(off uint32, size int) ([]byte, error) {
	if size < 0 || size > MaxEntrySize {
		return nil, &fieldError{"size", -1, fmt.Errorf("%d bytes, more than the limit of %d", size, MaxEntrySize)}
	}
	fileSize := f.st.Size()
	if int64(size) > fileSize {
		return nil, &fieldError{"size", -1, fmt.Errorf("%d bytes, more than the file's %d", size, fileSize)}
	}
	bs := int(f.header.BlockSize)
	payload := bs - 4
	out := make([]byte, size)
	// The blocks passed, to catch a chain that comes back: a short list
	// scanned for the usual few blocks, a set for long chains.
	var near [16]uint32
	seenList := append(near[:0], off)
	var seenSet map[uint32]bool
	done := 0
	cur := off
	for block := 0; ; block++ {
		if cur < HeaderOffset+headerSize || int64(cur)+4 > fileSize {
			return nil, &fieldError{fmt.Sprintf("block %d", block), -1, fmt.Errorf("offset 0x%X is outside the file's blocks (file is %d bytes)", cur, fileSize)}
		}
		n := min(payload, size-done)
		var next [4]byte
		if _, err := f.st.ReadAt(next[:], int64(cur)); err != nil {
			return nil, &fieldError{fmt.Sprintf("block %d", block), -1, fmt.Errorf("offset 0x%X: %v", cur, err)}
		}
		if _, err := f.st.ReadAt(out[done:done+n], int64(cur)+4); err != nil {
			return nil, &fieldError{fmt.Sprintf("block %d", block), -1, fmt.Errorf("offset 0x%X: %d payload bytes run past the end of the file (%d bytes)", cur, n, fileSize)}
		}
		done += n
		if done == size {
			return out, nil
		}
		nxt := binary.LittleEndian.Uint32(next[:])
		if nxt == 0 {
			return nil, &fieldError{fmt.Sprintf("block %d", block), -1, fmt.Errorf("chain ends after %d of %d bytes", done, size)}
		}
		looped := false
		if seenSet != nil {
			looped = seenSet[nxt]
			seenSet[nxt] = true
		} else {
			for _, o := range seenList {
				looped = looped || o == nxt
			}
			seenList = append(seenList, nxt)
			if len(seenList) == cap(near) {
				seenSet = make(map[uint32]bool, 2*len(seenList))
				for _, o := range seenList {
					seenSet[o] = true
				}
			}
		}
		if looped {
			return nil, &fieldError{fmt.Sprintf("block %d", block), -1, fmt.Errorf("chain loops back to offset 0x%X", nxt)}
		}
		cur = nxt
	}
}
