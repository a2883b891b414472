package atomicfile

import (
	"os"
	"syscall"
	"unsafe"
)

// errInvalid is what a direct write the file system refuses returns.
var errInvalid error = syscall.EINVAL

// setDirect turns direct I/O (O_DIRECT: writes past the page cache, from
// aligned memory at aligned offsets) on or off for f's later writes; a file
// system without it refuses.
func setDirect(f *os.File, on bool) error {
	c, err := f.SyscallConn()
	if err != nil {
		return err
	}
	var errno syscall.Errno
	if err := c.Control(func(fd uintptr) {
		flags, _, e := syscall.Syscall(syscall.SYS_FCNTL, fd, syscall.F_GETFL, 0)
		if e != 0 {
			errno = e
			return
		}
		if on {
			flags |= syscall.O_DIRECT
		} else {
			flags &^= syscall.O_DIRECT
		}
		_, _, errno = syscall.Syscall(syscall.SYS_FCNTL, fd, syscall.F_SETFL, flags)
	}); err != nil {
		return err
	}
	if errno != 0 {
		return errno
	}
	return nil
}

// hugePage is the size of a transparent huge page (x86-64, arm64 with 4 KiB
// pages).
const hugePage = 2 << 20

// newBlock is a block of memory of its own, mapped at a multiple of
// hugePage and marked for huge pages (MADV_HUGEPAGE), and what unmaps it.
// A direct write hands the device the block's memory page by page: in 4 KiB
// pages a 4 MiB block is 1024 pieces, more than a virtio disk takes in one
// request (254 here), so each block went as several requests one after
// another; in huge pages it is two. On the development machine a 2.77 GB
// file written in 4 MiB direct blocks took 2.1–2.4 s from huge pages
// against 3.1–5.1 s from the heap's, and half the system time
// (docs/benchmarks.md, "The trace"). Where the mapping
// is refused the heap's block is used (alignedBlock); a refused advice
// leaves the pages small — the bytes written are the same either way.
func newBlock() ([]byte, func()) {
	m, err := syscall.Mmap(-1, 0, streamBlock+hugePage, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		return alignedBlock(), nil
	}
	off := int(uintptr(unsafe.Pointer(&m[0])) % hugePage)
	if off != 0 {
		off = hugePage - off
	}
	b := m[off : off+streamBlock : off+streamBlock]
	syscall.Madvise(b, madvHugepage)
	return b, func() { syscall.Munmap(m) }
}

// madvHugepage is MADV_HUGEPAGE (the syscall package does not name it).
const madvHugepage = 14

// syncData writes f's data (and what reading it back needs: its length,
// its blocks' places) to the disk, as Commit's sync does, without the
// times of its last access and change (fdatasync).
func syncData(f *os.File) error {
	c, err := f.SyscallConn()
	if err != nil {
		return err
	}
	var errno error
	if err := c.Control(func(fd uintptr) {
		for {
			errno = syscall.Fdatasync(int(fd))
			if errno != syscall.EINTR {
				return
			}
		}
	}); err != nil {
		return err
	}
	return errno
}
