package goroutines

import (
	"strings"
	"sync"
	"testing"
)

// A Buffer written on one goroutine while another reads it gives each
// reader a prefix of what was written and, once the writer is done, all of
// it in order (under the race detector, a Buffer without its lock fails).
func TestBuffer_ReadWhileWritten(t *testing.T) {
	var b Buffer
	const lines = 200
	var want strings.Builder
	for i := range lines {
		want.WriteString(strings.Repeat("x", i%7) + "\n")
	}
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i := range lines {
			n, err := b.Write([]byte(strings.Repeat("x", i%7) + "\n"))
			if err != nil || n != i%7+1 {
				t.Errorf("Write %d = %d, %v", i, n, err)
			}
		}
	}()
	for range lines {
		if got := b.String(); !strings.HasPrefix(want.String(), got) {
			t.Fatalf("read while written: %q is not a prefix of what is written", got)
		}
	}
	wg.Wait()
	if got := b.String(); got != want.String() {
		t.Fatalf("String() = %q, want %q", got, want.String())
	}
}
