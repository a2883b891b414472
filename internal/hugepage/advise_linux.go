package hugepage

import "syscall"

// supported says that this system takes the advice.
const supported = true

// madvHugepage is MADV_HUGEPAGE (the syscall package does not name it).
const madvHugepage = 14

// advise marks [addr, addr+n) for huge pages (madvise MADV_HUGEPAGE).
func advise(addr, n uintptr) error {
	if _, _, e := syscall.Syscall(syscall.SYS_MADVISE, addr, n, madvHugepage); e != 0 {
		return e
	}
	return nil
}
