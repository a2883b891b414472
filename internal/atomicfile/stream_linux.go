package atomicfile

import (
	"os"
	"syscall"
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
