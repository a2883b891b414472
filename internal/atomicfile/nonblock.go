//go:build !js

package atomicfile

import "syscall"

// oNonblock opens a FIFO without waiting for its writer (ReadSmall).
const oNonblock = syscall.O_NONBLOCK
