//go:build linux

package tables

import (
	"path/filepath"
	"syscall"
	"testing"
)

// A FIFO (or a device) named without a table extension gets CSV; a
// regular file so named is still refused.
func TestFormatOf_StreamWithoutExtensionIsCSV(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe")
	if err := syscall.Mkfifo(fifo, 0o666); err != nil {
		t.Fatal(err)
	}
	if f, err := FormatOf(fifo); err != nil || f != CSV {
		t.Fatalf("FormatOf(FIFO) = %v, %v; want CSV", f, err)
	}
	if _, err := FormatOf(filepath.Join(dir, "table.txt")); err == nil {
		t.Fatal("FormatOf(table.txt) accepted a file named without an extension")
	}
}
