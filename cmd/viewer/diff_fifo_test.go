//go:build unix

package main

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// A FIFO as the client trace (a client writing its trace into a pipe) is
// read as it is written and compared as the file would be.
func TestDiff_ClientTraceFromAFIFO(t *testing.T) {
	input, tracePath, _ := ownTrace(t, "sparse-walk")
	trace, err := os.ReadFile(tracePath)
	if err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(t.TempDir(), "client.trace")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip(err)
	}
	go func() {
		if f, err := os.OpenFile(fifo, os.O_WRONLY, 0); err == nil {
			f.Write(trace)
			f.Close()
		}
	}()
	if code, out, errs := viewer(t, "diff", input, fifo); code != 0 {
		t.Fatalf("exit %d: %s%s", code, out, errs)
	}
}
