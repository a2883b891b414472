//go:build linux

// The special files hostile_test.go's rows are run on (issue 26): links,
// gzip under a plain name, a device like /dev/full made in the test's
// directory, a FIFO sidecar.

package main

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// writeGzipAs writes the file at src gzip-compressed to name in dir.
func writeGzipAs(t *testing.T, dir, name, src string) string {
	t.Helper()
	b, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, gzipped(b), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// symlinkTo makes a link in dir to target (made absolute).
func symlinkTo(t *testing.T, dir, target string) string {
	t.Helper()
	abs, err := filepath.Abs(target)
	if err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link-to-"+filepath.Base(target))
	if err := os.Symlink(abs, link); err != nil {
		t.Fatal(err)
	}
	return link
}

// fullDevice makes a device like /dev/full in dir and returns it and the
// message writing to it ends with. Where no device may be made, it is a
// path in a missing directory (exit 1 too, naming it).
func fullDevice(t *testing.T, dir string) (path, want string) {
	t.Helper()
	path = filepath.Join(dir, "full")
	if err := syscall.Mknod(path, syscall.S_IFCHR|0o666, memMajor<<8|fullMinor); err == nil {
		if f, err := os.OpenFile(path, os.O_WRONLY, 0); err == nil {
			f.Close()
			return path, path + ": no space left on device"
		}
	}
	t.Log("no device node may be made here: the full-device rows write into a missing directory")
	path = filepath.Join(dir, "no-such-dir", "full")
	return path, path
}

// inputWithFIFOSidecar copies farJump into dir with a FIFO as its sidecar.
func inputWithFIFOSidecar(t *testing.T, dir string) string {
	t.Helper()
	in := filepath.Join(dir, "sidecar-fifo.jsonl")
	b, err := os.ReadFile(farJump)
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(in, b, 0o644)
	if err := syscall.Mkfifo(in+".glidepath.json", 0o666); err != nil {
		t.Fatal(err)
	}
	return in
}
