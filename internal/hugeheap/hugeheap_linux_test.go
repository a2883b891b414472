package hugeheap

import (
	"bufio"
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"unsafe"
)

// vmFlags is the VmFlags line of the mapping of /proc/self/smaps that holds
// addr.
func vmFlags(t *testing.T, addr uintptr) string {
	t.Helper()
	f, err := os.Open("/proc/self/smaps")
	if err != nil {
		t.Skip("no /proc/self/smaps:", err)
	}
	defer f.Close()
	in := false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if lo, hi, ok := mappingRange(line); ok {
			in = lo <= addr && addr < hi
			continue
		}
		if in && strings.HasPrefix(line, "VmFlags:") {
			return line
		}
	}
	t.Fatalf("no mapping holds %#x", addr)
	return ""
}

// mappingRange reads a smaps header line's address range.
func mappingRange(line string) (lo, hi uintptr, ok bool) {
	f, _, _ := strings.Cut(line, " ")
	a, b, found := strings.Cut(f, "-")
	if !found {
		return 0, 0, false
	}
	x, err1 := strconv.ParseUint(a, 16, 64)
	y, err2 := strconv.ParseUint(b, 16, 64)
	if err1 != nil || err2 != nil {
		return 0, 0, false
	}
	return uintptr(x), uintptr(y), true
}

// After Prepare, a large allocation reuses the prepared heap: its mapping
// carries the huge-page advice (VmFlags "hg"), which a heap mapped without
// Prepare does not.
func TestPrepare_LaterAllocationsAreAdvised(t *testing.T) {
	const n = 256 << 20
	before := make([]byte, 8<<20)
	if strings.Contains(vmFlags(t, uintptr(unsafe.Pointer(&before[0]))), " hg") {
		t.Skip("the heap is advised already (THP for the heap by default)")
	}
	Prepare(n)
	after := make([]byte, 64<<20)
	after[0], after[len(after)-1] = 1, 1
	flags := vmFlags(t, uintptr(unsafe.Pointer(&after[0])))
	if !strings.Contains(flags+" ", " hg ") {
		t.Errorf("a 64 MiB allocation after Prepare(%d MiB) is mapped without the huge-page advice: %s", n>>20, flags)
	}
	runtime.KeepAlive(before)
	runtime.KeepAlive(after)
}
