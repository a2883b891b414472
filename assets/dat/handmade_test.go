// The reader against files built byte by byte in the test from the public
// layout (ACE DatDatabaseHeader.cs, DatDirectoryHeader.cs, DatReader.cs;
// /work notes "dat-real-files": count + 1 branches, 0xCDCDCDCD filler, a
// stale branch past count + 1, unsigned id order), independently of the
// dattest writer, and the hostile files a dat reader must refuse with an
// error naming the file and entry.

package dat

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"errors"
	"strings"
	"testing"
)

const hbs = 256 // block size of the hand-made files

// img is a hand-made file: blocks are appended; put writes little-endian
// words at absolute offsets.
type img struct{ b []byte }

func newImg() *img {
	m := &img{b: make([]byte, 2*hbs)} // header in the first two blocks
	m.u32(0x140, 0x5442)
	m.u32(0x144, hbs)
	m.u32(0x14C, 2)
	return m
}

func (m *img) u32(off int, v uint32) { binary.LittleEndian.PutUint32(m.b[off:], v) }

func (m *img) block() int {
	off := len(m.b)
	m.b = append(m.b, make([]byte, hbs)...)
	return off
}

// chain stores payload in fresh blocks, linked in the order given by
// order (indices into the allocated blocks; nil: in file order).
func (m *img) chain(payload []byte, reverse bool) uint32 {
	n := max(1, (len(payload)+hbs-5)/(hbs-4))
	offs := make([]int, n)
	for i := range offs {
		offs[i] = m.block()
	}
	if reverse {
		for i, j := 0, n-1; i < j; i, j = i+1, j-1 {
			offs[i], offs[j] = offs[j], offs[i]
		}
	}
	for i, off := range offs {
		if i+1 < n {
			m.u32(off, uint32(offs[i+1]))
		}
		lo := i * (hbs - 4)
		copy(m.b[off+4:off+hbs], payload[lo:min(len(payload), lo+hbs-4)])
	}
	return uint32(offs[0])
}

type hEntry struct {
	flags         uint32
	id, off, size uint32
}

// node stores a directory node: branches (the first count+1 meaningful,
// then whatever the slice holds, filler after it) and entries.
func (m *img) node(branches []uint32, entries []hEntry) uint32 {
	b := make([]byte, 62*4+4+61*24)
	for i := 0; i < 62; i++ {
		v := uint32(0xCDCDCDCD)
		if i < len(branches) {
			v = branches[i]
		}
		binary.LittleEndian.PutUint32(b[i*4:], v)
	}
	binary.LittleEndian.PutUint32(b[62*4:], uint32(len(entries)))
	for i, e := range entries {
		p := b[62*4+4+i*24:]
		binary.LittleEndian.PutUint32(p, e.flags)
		binary.LittleEndian.PutUint32(p[4:], e.id)
		binary.LittleEndian.PutUint32(p[8:], e.off)
		binary.LittleEndian.PutUint32(p[12:], e.size)
	}
	return m.chain(b, false)
}

func (m *img) entry(id uint32, payload []byte) hEntry {
	return hEntry{id: id, off: m.chain(payload, false), size: uint32(len(payload))}
}

func (m *img) open(t *testing.T, root uint32) *File {
	t.Helper()
	m.u32(0x160, root)
	m.u32(0x148, uint32(len(m.b)))
	f, err := OpenBytes("hand.dat", m.b)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func word(v uint32) []byte { return binary.LittleEndian.AppendUint32(nil, v) }

// A two-level tree as real files lay it out: the root has one entry and
// count + 1 = 2 children; slot 2 holds a stale copy of the first child's
// offset and the rest 0xCDCDCDCD. Reading a third child would visit the
// first leaf twice: the walk would report ids out of order.
func TestHandMade_CountPlusOneBranchesIgnoresStaleAndFiller(t *testing.T) {
	m := newImg()
	low := []uint32{0x0000FFFF, 0x12340100, 0x7FFFFFFF}
	high := []uint32{0xA9B4FFFE, 0xA9B4FFFF, 0xFFFF0001}
	var le, he []hEntry
	for _, id := range low {
		le = append(le, m.entry(id, word(id)))
	}
	for _, id := range high {
		he = append(he, m.entry(id, word(id)))
	}
	leafA := m.node([]uint32{0}, le)
	leafB := m.node([]uint32{0}, he)
	mid := m.entry(0x80000000, word(0x80000000))
	root := m.node([]uint32{leafA, leafB, leafA}, []hEntry{mid})
	f := m.open(t, root)
	var got []uint32
	if err := f.Entries(func(e Entry) error { got = append(got, e.ID); return nil }); err != nil {
		t.Fatal(err)
	}
	want := append(append(append([]uint32{}, low...), 0x80000000), high...)
	if len(got) != len(want) {
		t.Fatalf("walk %08X, want %08X", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("walk %08X, want %08X (unsigned id order)", got, want)
		}
		b, err := f.Get(want[i])
		if err != nil {
			t.Fatalf("get 0x%08X: %v", want[i], err)
		}
		if binary.LittleEndian.Uint32(b) != want[i] {
			t.Errorf("entry 0x%08X holds %x", want[i], b)
		}
	}
	if _, err := f.Get(0x80000001); !errors.Is(err, ErrNotFound) {
		t.Errorf("absent id: %v", err)
	}
	if want := int(int32(binary.LittleEndian.Uint32(word(0xFFFF0001)))); f.Iteration() != want {
		t.Errorf("iteration %d", f.Iteration())
	}
}

// An entry longer than a block follows the next-block offsets, here laid
// out backwards in the file, and a compressed entry inflates (flag bit 0:
// u32 size, zlib stream).
func TestHandMade_ChainsAndCompression(t *testing.T) {
	m := newImg()
	long := make([]byte, 1000)
	for i := range long {
		long[i] = byte(i * 7)
	}
	e1 := hEntry{id: 0x03000001, off: m.chain(long, true), size: uint32(len(long))}
	var z bytes.Buffer
	z.Write(word(uint32(len(long))))
	zw := zlib.NewWriter(&z)
	zw.Write(long)
	zw.Close()
	e2 := hEntry{flags: 1, id: 0x03000002, off: m.chain(z.Bytes(), false), size: uint32(z.Len())}
	f := m.open(t, m.node([]uint32{0}, []hEntry{e1, e2}))
	for _, id := range []uint32{0x03000001, 0x03000002} {
		b, err := f.Get(id)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(b, long) {
			t.Errorf("entry 0x%08X differs", id)
		}
	}
}

// hostile builds a one-leaf file around entry e (payload stored at
// e.off by the caller) and returns Get's error.
func hostileGet(t *testing.T, m *img, e hEntry) error {
	t.Helper()
	f := m.open(t, m.node([]uint32{0}, []hEntry{e}))
	_, err := f.Get(e.id)
	if err == nil {
		t.Fatal("no error")
	}
	return err
}

func wantErr(t *testing.T, err error, parts ...string) {
	t.Helper()
	if err == nil {
		t.Fatalf("no error, want %q", parts)
	}
	var de *Error
	if !errors.As(err, &de) {
		t.Errorf("%v is not a *dat.Error", err)
	}
	for _, p := range parts {
		if !strings.Contains(err.Error(), p) {
			t.Errorf("error %q lacks %q", err, p)
		}
	}
}

func TestHandMade_HostileContainers(t *testing.T) {
	t.Run("chain cycle", func(t *testing.T) {
		m := newImg()
		a, b := m.block(), m.block()
		m.u32(a, uint32(b))
		m.u32(b, uint32(a))
		wantErr(t, hostileGet(t, m, hEntry{id: 0x01000001, off: uint32(a), size: 2000}), "hand.dat: entry 0x01000001", "loops back")
	})
	t.Run("offset outside the file", func(t *testing.T) {
		m := newImg()
		wantErr(t, hostileGet(t, m, hEntry{id: 0x01000002, off: 0x7FFFFF00, size: 10}), "hand.dat: entry 0x01000002", "outside the file")
	})
	t.Run("next block outside the file", func(t *testing.T) {
		m := newImg()
		a := m.block()
		m.u32(a, 0xFFFFFF00)
		wantErr(t, hostileGet(t, m, hEntry{id: 0x01000003, off: uint32(a), size: 600}), "entry 0x01000003", "block 1", "outside the file")
	})
	t.Run("chain ends early", func(t *testing.T) {
		m := newImg()
		wantErr(t, hostileGet(t, m, hEntry{id: 0x01000004, off: uint32(m.block()), size: 600}), "entry 0x01000004", "chain ends after 252 of 600 bytes")
	})
	t.Run("size larger than the file", func(t *testing.T) {
		m := newImg()
		wantErr(t, hostileGet(t, m, hEntry{id: 0x01000005, off: uint32(m.block()), size: 0x7FFFFFFF}), "entry 0x01000005", "size", "more than the limit")
	})
	t.Run("zlib bomb declared", func(t *testing.T) {
		m := newImg()
		var z bytes.Buffer
		z.Write(word(1 << 30))
		zw := zlib.NewWriter(&z)
		zw.Write(make([]byte, 1<<16))
		zw.Close()
		e := hEntry{flags: 1, id: 0x01000006, off: m.chain(z.Bytes(), false), size: uint32(z.Len())}
		wantErr(t, hostileGet(t, m, e), "entry 0x01000006", "compressed data", "more than the limit")
	})
	t.Run("zlib bomb lying", func(t *testing.T) {
		m := newImg()
		var z bytes.Buffer
		z.Write(word(100))
		zw := zlib.NewWriter(&z)
		zw.Write(make([]byte, 1<<20))
		zw.Close()
		e := hEntry{flags: 1, id: 0x01000007, off: m.chain(z.Bytes(), false), size: uint32(z.Len())}
		wantErr(t, hostileGet(t, m, e), "entry 0x01000007", "inflates to more than its declared 100 bytes")
	})
	t.Run("zlib garbage", func(t *testing.T) {
		m := newImg()
		e := hEntry{flags: 1, id: 0x01000008, off: m.chain([]byte{100, 0, 0, 0, 1, 2, 3, 4}, false), size: 8}
		wantErr(t, hostileGet(t, m, e), "entry 0x01000008", "zlib")
	})
}

func TestHandMade_HostileDirectories(t *testing.T) {
	t.Run("root is its own child", func(t *testing.T) {
		m := newImg()
		// The root's offset is the next block to be allocated.
		self := uint32(len(m.b))
		mid := hEntry{id: 0x10, off: self, size: 4}
		root := m.node([]uint32{self, self}, []hEntry{mid})
		if root != self {
			t.Fatalf("root at 0x%X, want 0x%X", root, self)
		}
		f := m.open(t, root)
		wantErr(t, f.Entries(func(Entry) error { return nil }), "hand.dat", "b-tree")
		_, err := f.Get(0x5)
		wantErr(t, err, "hand.dat", "b-tree")
	})
	t.Run("count over 61", func(t *testing.T) {
		m := newImg()
		root := m.node([]uint32{0}, nil)
		// Patch the count word: it sits after the 62 branches, in the
		// node's first block when blocks are 256 bytes long.
		m.u32(int(root)+4+62*4, 62)
		m.u32(0x160, root)
		_, err := OpenBytes("hand.dat", m.b)
		wantErr(t, err, "hand.dat", "b-tree node", "entry count 62")
	})
	t.Run("ids out of order", func(t *testing.T) {
		m := newImg()
		root := m.node([]uint32{0}, []hEntry{{id: 0x80000000, off: 0x200, size: 1}, {id: 0x7FFFFFFF, off: 0x200, size: 1}})
		m.u32(0x160, root)
		_, err := OpenBytes("hand.dat", m.b)
		wantErr(t, err, "ids must ascend")
	})
	t.Run("bad magic", func(t *testing.T) {
		m := newImg()
		m.u32(0x140, 0x1234)
		_, err := OpenBytes("hand.dat", m.b)
		wantErr(t, err, "hand.dat: header magic", "not a dat file")
	})
	t.Run("truncated header", func(t *testing.T) {
		_, err := OpenBytes("hand.dat", make([]byte, 0x150))
		wantErr(t, err, "hand.dat: header", "want at least")
	})
	t.Run("block size zero", func(t *testing.T) {
		m := newImg()
		m.u32(0x144, 0)
		_, err := OpenBytes("hand.dat", m.b)
		wantErr(t, err, "header block size", "0, want")
	})
}
