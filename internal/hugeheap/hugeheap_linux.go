package hugeheap

import (
	"runtime/debug"
	"syscall"
)

// madvHugepage is MADV_HUGEPAGE (the syscall package does not name it).
const madvHugepage = 14

// prepare allocates n bytes, which maps fresh heap and touches none of it,
// advises huge pages over them and frees them: the advice stays with the
// mapping, which the runtime neither unmaps nor maps again, only returns to
// the system (MADV_DONTNEED) and reuses.
func prepare(n int64) {
	b := make([]byte, n)
	_ = syscall.Madvise(b, madvHugepage) // refused: small pages, as before
	b = nil
	debug.FreeOSMemory()
}
