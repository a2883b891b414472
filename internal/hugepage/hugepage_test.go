package hugepage

import (
	"bufio"
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"unsafe"
)

// The advised range is the whole huge pages inside the array, and the
// array keeps its bytes.
func TestAdvise_WholeHugePagesInside(t *testing.T) {
	a := make([]uint64, 0, 3*Size/8)
	a = append(a, 1, 2, 3)
	lo, hi, err := Advise(a)
	if err != nil {
		t.Skipf("the system refuses the advice: %v", err)
	}
	start := uintptr(unsafe.Pointer(unsafe.SliceData(a)))
	end := start + uintptr(cap(a))*8
	if lo < start || hi > end || lo%Size != 0 || hi%Size != 0 || hi-lo < Size {
		t.Errorf("advised [%#x, %#x) of the array [%#x, %#x): want the whole huge pages inside it", lo, hi, start, end)
	}
	if a[0] != 1 || a[1] != 2 || a[2] != 3 {
		t.Errorf("the array holds %v after the advice", a[:3])
	}
	if lo, hi, _ := Advise(make([]byte, MinBytes-1)); lo != 0 || hi != 0 {
		t.Errorf("an array below MinBytes advised [%#x, %#x): want nothing", lo, hi)
	}
}

// On Linux the kernel has the advised pages marked for huge pages (the
// "hg" flag of their mapping in /proc/self/smaps).
func TestAdvise_MarksTheMapping(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("huge pages are asked for on Linux alone")
	}
	a := make([]byte, 4*Size)
	lo, hi, err := Advise(a)
	if err != nil {
		t.Skipf("the system refuses the advice: %v", err)
	}
	flags, ok := vmFlags(t, lo)
	if !ok {
		t.Fatalf("no mapping holds %#x in /proc/self/smaps", lo)
	}
	if !strings.Contains(" "+flags+" ", " hg ") {
		t.Errorf("the mapping of [%#x, %#x) has the flags %q: want hg (MADV_HUGEPAGE)", lo, hi, flags)
	}
	runtime.KeepAlive(a)
}

// vmFlags is the VmFlags line of the mapping holding addr.
func vmFlags(t *testing.T, addr uintptr) (string, bool) {
	t.Helper()
	f, err := os.Open("/proc/self/smaps")
	if err != nil {
		t.Skipf("no /proc/self/smaps: %v", err)
	}
	defer f.Close()
	in := false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if from, to, ok := mappingRange(line); ok {
			in = from <= addr && addr < to
			continue
		}
		if flags, ok := strings.CutPrefix(line, "VmFlags:"); ok && in {
			return strings.TrimSpace(flags), true
		}
	}
	return "", false
}

// mappingRange reads a mapping's first line ("from-to perms ...").
func mappingRange(line string) (from, to uintptr, ok bool) {
	r, _, found := strings.Cut(line, " ")
	a, b, dash := strings.Cut(r, "-")
	if !found || !dash {
		return 0, 0, false
	}
	x, err1 := strconv.ParseUint(a, 16, 64)
	y, err2 := strconv.ParseUint(b, 16, 64)
	if err1 != nil || err2 != nil {
		return 0, 0, false
	}
	return uintptr(x), uintptr(y), true
}

// A slab's arrays have the capacity asked for, lie one after another from
// a block's first whole huge page on, and never overlap: appending to a
// full one moves it rather than writing over the next.
func TestSlab_CarvesArraysFromAlignedBlocks(t *testing.T) {
	var s Slab[[5]uint32] // 20 bytes: huge pages do not hold a whole number of them
	const n = 1000
	a := s.Make(n)
	b := s.Make(n)
	if len(a) != 0 || cap(a) != n || cap(b) != n {
		t.Fatalf("arrays of %d and %d (capacity %d, %d), want empty with capacity %d", len(a), len(b), cap(a), cap(b), n)
	}
	pa, pb := uintptr(unsafe.Pointer(unsafe.SliceData(a))), uintptr(unsafe.Pointer(unsafe.SliceData(b)))
	if pa%Size >= 20 || pb != pa+n*20 {
		t.Errorf("the first array at %#x, the second at %#x: want the first at a huge page's start, the second right after it", pa, pb)
	}
	first := unsafe.SliceData(a)
	b = append(b, [5]uint32{7})
	a = append(a[:n], [5]uint32{9})
	if b[0][0] != 7 || a[n][0] != 9 || unsafe.SliceData(a) == first {
		t.Errorf("appending past a full array wrote over its neighbour (%v) or stayed in place", b[0])
	}
	if s.Make(0) != nil {
		t.Error("an empty array took room")
	}
	// An array larger than the block's rest, and more than half a block,
	// gets a block of its own, aligned too, and the current block goes on.
	const large = 2 * SlabBlock / 20
	big := s.Make(large)
	if p := uintptr(unsafe.Pointer(unsafe.SliceData(big))); cap(big) != large || p%Size >= 20 {
		t.Errorf("a large array at %#x with capacity %d, want one of %d at a huge page's start", p, cap(big), large)
	}
	// The rest of a block is used before another is made.
	c := s.Make(n)
	if p := uintptr(unsafe.Pointer(unsafe.SliceData(c))); p != pb+n*20 {
		t.Errorf("the third array at %#x, want the rest of the first block at %#x", p, pb+n*20)
	}
}
