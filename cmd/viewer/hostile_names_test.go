// Helpers of the hostile-input rows that name special files: a dat folder
// whose client_portal.dat is a FIFO or a directory, a pack target that is
// a file or a FIFO, and recordings whose held items or sticky targets name
// themselves.

package main

import (
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"glidepath/assets/dat/dattest"
)

// datPortalAs writes the standard dats into dir/name and replaces
// client_portal.dat with a FIFO (kind "fifo") or a directory ("dir").
func datPortalAs(t *testing.T, dir, name, kind string) string {
	t.Helper()
	d := filepath.Join(dir, name)
	if err := os.MkdirAll(d, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := dattest.WriteStandard(d); err != nil {
		t.Fatal(err)
	}
	portal := filepath.Join(d, dat0Portal)
	if err := os.Remove(portal); err != nil {
		t.Fatal(err)
	}
	var err error
	if kind == "fifo" {
		err = syscall.Mkfifo(portal, 0o666)
	} else {
		err = os.Mkdir(portal, 0o755)
	}
	if err != nil {
		t.Fatal(err)
	}
	return d
}

const dat0Portal = "client_portal.dat"

// specialTarget makes a regular file ("file", holding "keep") or a FIFO
// ("fifo") at dir/name.
func specialTarget(t *testing.T, dir, name, kind string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	var err error
	if kind == "fifo" {
		err = syscall.Mkfifo(p, 0o666)
	} else {
		err = os.WriteFile(p, []byte("keep"), 0o644)
	}
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// mkdirIn makes the directory dir/name, an output named like a file.
func mkdirIn(t *testing.T, dir, name string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.Mkdir(p, 0o755); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestPack_OutputFileIsKept: -o naming a file that is not a .zip is
// refused and the file is left as it was (the pack directory used to
// replace it).
func TestPack_OutputFileIsKept(t *testing.T) {
	dir := t.TempDir()
	target := specialTarget(t, dir, "notes.txt", "file")
	code, _, errs := viewer(t, "pack", "-at", "30", "-o", target, farJump)
	if code != 2 {
		t.Fatalf("exit %d, want 2: %s", code, errs)
	}
	if b, err := os.ReadFile(target); err != nil || string(b) != "keep" {
		t.Errorf("%s: %q, %v; want it kept", target, b, err)
	}
}

// inputWithBookmark copies farJump into dir with a sidecar holding one
// bookmark labelled label at tick.
func inputWithBookmark(t *testing.T, dir string, tick int, label string) string {
	t.Helper()
	in := filepath.Join(dir, "bookmarked.jsonl")
	b, err := os.ReadFile(farJump)
	if err != nil {
		t.Fatal(err)
	}
	side := fmt.Sprintf(`{"version":1,"bookmarks":[{"tick":%d,"label":%q}]}`+"\n", tick, label)
	if err := os.WriteFile(in, b, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(in+".glidepath.json", []byte(side), 0o644); err != nil {
		t.Fatal(err)
	}
	return in
}
