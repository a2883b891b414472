// Tests of directories published whole (dir.go): by the rules of a file
// (DESIGN.md: "Outputs are atomic"), a link's destination written, a file,
// FIFO or device in the way never replaced, nothing left on failure.

package atomicfile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

func writeIn(dir string, names ...string) error {
	for _, n := range names {
		if err := os.WriteFile(filepath.Join(dir, n), []byte(n), 0o644); err != nil {
			return err
		}
	}
	return nil
}

func listDir(t *testing.T, dir string) []string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range ents {
		out = append(out, e.Name())
	}
	return out
}

// TestPublishDir_WholeOrNothing: a new directory appears with every file;
// a failing fn leaves no directory and no temporary one.
func TestPublishDir_WholeOrNothing(t *testing.T) {
	root := t.TempDir()
	out := filepath.Join(root, "frames")
	if err := PublishDir(out, nil, func(dir string) error {
		if _, err := os.Stat(out); err == nil {
			t.Error("the target exists before the commit")
		}
		return writeIn(dir, "a.png", "b.png")
	}); err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(listDir(t, out), " "); got != "a.png b.png" {
		t.Errorf("published %q", got)
	}
	if fi, _ := os.Stat(out); fi.Mode().Perm() != 0o755 {
		t.Errorf("mode %v, want 0755", fi.Mode().Perm())
	}
	boom := errors.New("boom")
	out2 := filepath.Join(root, "never")
	if err := PublishDir(out2, nil, func(dir string) error { writeIn(dir, "x"); return boom }); !errors.Is(err, boom) {
		t.Fatalf("err %v, want fn's", err)
	}
	if got := listDir(t, root); strings.Join(got, " ") != "frames" {
		t.Errorf("after a failure the folder holds %q", got)
	}
}

// TestPublishDir_ReplacesOnlyWhatTheCheckAccepts: an existing directory is
// replaced (the old files gone) when the check accepts it, and kept whole
// when it refuses.
func TestPublishDir_ReplacesOnlyWhatTheCheckAccepts(t *testing.T) {
	root := t.TempDir()
	out := filepath.Join(root, "pack")
	os.Mkdir(out, 0o755)
	writeIn(out, "old.png")
	onlyPNG := func(ents []fs.DirEntry) error {
		for _, e := range ents {
			if !strings.HasSuffix(e.Name(), ".png") {
				return fmt.Errorf("holds %s", e.Name())
			}
		}
		return nil
	}
	if err := PublishDir(out, onlyPNG, func(dir string) error { return writeIn(dir, "new.png") }); err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(listDir(t, out), " "); got != "new.png" {
		t.Errorf("after replacing: %q", got)
	}
	writeIn(out, "notes.txt")
	err := PublishDir(out, onlyPNG, func(dir string) error { t.Error("fn ran"); return nil })
	if err == nil || !strings.Contains(err.Error(), "notes.txt") {
		t.Fatalf("err %v, want the check's", err)
	}
	if got := strings.Join(listDir(t, out), " "); got != "new.png notes.txt" {
		t.Errorf("a refused directory changed: %q", got)
	}
}

// TestPublishDir_NeverReplacesFileFIFOOrDevice: a file, a FIFO or a device
// at the target is an error saying what it is, and stays.
func TestPublishDir_NeverReplacesFileFIFOOrDevice(t *testing.T) {
	root := t.TempDir()
	file := filepath.Join(root, "keep.txt")
	os.WriteFile(file, []byte("keep"), 0o644)
	fifo := filepath.Join(root, "pipe")
	if err := syscall.Mkfifo(fifo, 0o666); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	for _, c := range []struct{ path, kind string }{{file, "a file"}, {fifo, "a FIFO"}, {"/dev/null", "a device"}} {
		err := PublishDir(c.path, nil, func(string) error { t.Errorf("%s: fn ran", c.path); return nil })
		var nd *NotDirError
		if !errors.As(err, &nd) || nd.Kind != c.kind || !strings.Contains(err.Error(), c.path+": is "+c.kind+", not a directory") {
			t.Errorf("%s: err %v, want it named %s", c.path, err, c.kind)
		}
	}
	if b, _ := os.ReadFile(file); string(b) != "keep" {
		t.Error("the file was changed")
	}
	if fi, err := os.Lstat(fifo); err != nil || fi.Mode()&fs.ModeNamedPipe == 0 {
		t.Error("the FIFO was replaced")
	}
	if got := strings.Join(listDir(t, root), " "); got != "keep.txt pipe" {
		t.Errorf("left behind: %q", got)
	}
}

// TestPublishDir_LinkStaysALink: a link to a directory (or to nothing yet)
// has its destination written; the link itself is kept.
func TestPublishDir_LinkStaysALink(t *testing.T) {
	root := t.TempDir()
	real := filepath.Join(root, "real")
	link := filepath.Join(root, "link")
	if err := os.Symlink("real", link); err != nil {
		t.Skip(err)
	}
	if err := PublishDir(link, nil, func(dir string) error { return writeIn(dir, "f") }); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&fs.ModeSymlink == 0 {
		t.Fatal("the link was replaced")
	}
	if got := strings.Join(listDir(t, real), " "); got != "f" {
		t.Errorf("the destination holds %q", got)
	}
}

// TestRemovePending_RemovesTemporaryDirs: a directory being written is
// removed, with its files, by the exit path of a signal.
func TestRemovePending_RemovesTemporaryDirs(t *testing.T) {
	root := t.TempDir()
	d, err := CreateDir(filepath.Join(root, "out"), nil)
	if err != nil {
		t.Fatal(err)
	}
	writeIn(d.Path(), "a", "b")
	scratch, err := TempDir(filepath.Join(root, "p.zip"))
	if err != nil {
		t.Fatal(err)
	}
	writeIn(scratch.Path(), "c")
	targets := RemovePending()
	if len(listDir(t, root)) != 0 {
		t.Errorf("left behind: %q", listDir(t, root))
	}
	if strings.Join(targets, " ") == "" {
		t.Error("RemovePending named no target")
	}
	if err := d.Commit(); err == nil {
		t.Error("a removed directory committed")
	}
	if scratch.Commit() == nil {
		t.Error("a scratch directory published")
	}
}
