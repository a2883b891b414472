// Buffer: the output of code under test that goes on writing on a
// goroutine of its own (a child process's stderr, a live session after the
// window returned) while the test reads it.

package goroutines

import (
	"bytes"
	"sync"
)

// Buffer is a bytes.Buffer that one goroutine writes while another reads
// it. The zero value is empty and ready to use; a Buffer must not be copied
// after first use.
type Buffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

// Write appends p, as bytes.Buffer.Write.
func (l *Buffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

// String is what has been written so far.
func (l *Buffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}
