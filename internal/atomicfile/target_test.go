//go:build linux

package atomicfile

import (
	"errors"
	"io"
	"io/fs"
	"net"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

func lmode(t *testing.T, path string) fs.FileMode {
	t.Helper()
	fi, err := os.Lstat(path)
	if err != nil {
		t.Fatal(err)
	}
	return fi.Mode()
}

// A symbolic link is resolved: its destination is replaced atomically and
// the link stays a link — a link leading nowhere yet included, and a chain
// of two links.
func TestCreate_SymlinkWritesItsDestination(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		name  string
		setup func() (link, dest string)
	}{
		{"to a file", func() (string, string) {
			os.WriteFile(filepath.Join(dir, "a.txt"), []byte("old"), 0o644)
			os.Symlink("a.txt", filepath.Join(dir, "la"))
			return filepath.Join(dir, "la"), filepath.Join(dir, "a.txt")
		}},
		{"leading nowhere yet", func() (string, string) {
			os.Symlink(filepath.Join(dir, "b.txt"), filepath.Join(dir, "lb"))
			return filepath.Join(dir, "lb"), filepath.Join(dir, "b.txt")
		}},
		{"through another link", func() (string, string) {
			os.Symlink("la", filepath.Join(dir, "lla"))
			return filepath.Join(dir, "lla"), filepath.Join(dir, "a.txt")
		}},
	} {
		link, dest := c.setup()
		if err := Write(link, func(w io.Writer) error { _, err := io.WriteString(w, c.name); return err }); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if lmode(t, link)&fs.ModeSymlink == 0 {
			t.Errorf("%s: the link was replaced", c.name)
		}
		if b, _ := os.ReadFile(dest); string(b) != c.name {
			t.Errorf("%s: the destination holds %q", c.name, b)
		}
	}
	for _, n := range dirNames(t, dir) {
		if strings.Contains(n, ".tmp-") {
			t.Errorf("a temporary file was left: %s", n)
		}
	}
}

// A FIFO is written through: the reader gets the bytes as written, and the
// FIFO is still a FIFO, with no temporary file beside it.
func TestCreate_FIFOWrittenThrough(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "p")
	if err := syscall.Mkfifo(fifo, 0o666); err != nil {
		t.Fatal(err)
	}
	got := make(chan string, 1)
	go func() {
		b, _ := os.ReadFile(fifo)
		got <- string(b)
	}()
	f, err := Create(fifo)
	if err != nil {
		t.Fatal(err)
	}
	if !f.Through() {
		t.Fatal("a FIFO is not written through")
	}
	io.WriteString(f, "through")
	if names := dirNames(t, dir); len(names) != 1 {
		t.Fatalf("the directory holds %v", names)
	}
	if err := f.Commit(); err != nil {
		t.Fatal(err)
	}
	select {
	case s := <-got:
		if s != "through" {
			t.Fatalf("the reader got %q", s)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the reader got nothing")
	}
	if lmode(t, fifo)&fs.ModeNamedPipe == 0 {
		t.Fatal("the FIFO was replaced")
	}
}

// A character device like /dev/full (1, 7), made in the test's directory:
// the write fails naming the target with ENOSPC, the node stays a device.
func TestCreate_FullDeviceFailsNamingTarget(t *testing.T) {
	dev := filepath.Join(t.TempDir(), "full")
	if err := syscall.Mknod(dev, syscall.S_IFCHR|0o666, 1<<8|7); err != nil {
		t.Skipf("mknod not permitted: %v", err)
	}
	err := Write(dev, func(w io.Writer) error { _, err := w.Write(make([]byte, 4096)); return err })
	if !errors.Is(err, syscall.ENOSPC) || !strings.Contains(err.Error(), dev) {
		t.Fatalf("Write = %v, want ENOSPC naming %s", err, dev)
	}
	if lmode(t, dev)&fs.ModeCharDevice == 0 {
		t.Fatal("the device was replaced")
	}
}

// A Unix socket is connected to and written through.
func TestCreate_SocketWrittenThrough(t *testing.T) {
	sock := filepath.Join(t.TempDir(), "s")
	l, err := net.Listen("unix", sock)
	if err != nil {
		t.Skipf("no unix sockets: %v", err)
	}
	defer l.Close()
	got := make(chan string, 1)
	go func() {
		c, err := l.Accept()
		if err != nil {
			got <- ""
			return
		}
		b, _ := io.ReadAll(c)
		got <- string(b)
	}()
	if err := Write(sock, func(w io.Writer) error { _, err := io.WriteString(w, "sock"); return err }); err != nil {
		t.Fatal(err)
	}
	if s := <-got; s != "sock" {
		t.Fatalf("the listener got %q", s)
	}
	if lmode(t, sock)&fs.ModeSocket == 0 {
		t.Fatal("the socket was replaced")
	}
}

// A directory is refused with ErrDirectory, before anything is created.
func TestResolve_DirectoryRefused(t *testing.T) {
	dir := t.TempDir()
	if _, err := Resolve(dir); !errors.Is(err, ErrDirectory) {
		t.Fatalf("Resolve(dir) = %v, want ErrDirectory", err)
	}
	link := filepath.Join(t.TempDir(), "l")
	os.Symlink(dir, link)
	if _, err := Create(link); !errors.Is(err, ErrDirectory) {
		t.Fatalf("Create(link to a directory) = %v, want ErrDirectory", err)
	}
	if lmode(t, link)&fs.ModeSymlink == 0 || len(dirNames(t, dir)) != 0 {
		t.Fatal("the link or the directory was touched")
	}
}

// Same: one file by the same path spelled otherwise, through a link, by a
// hard link; two new names are two files; standard output by two names.
func TestSame(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "a")
	os.WriteFile(a, nil, 0o644)
	os.Link(a, filepath.Join(dir, "hard"))
	os.Symlink("a", filepath.Join(dir, "soft"))
	os.Symlink("new", filepath.Join(dir, "dangling"))
	res := func(p string) Target {
		tg, err := Resolve(p)
		if err != nil {
			t.Fatal(err)
		}
		return tg
	}
	for _, c := range []struct {
		x, y string
		same bool
	}{
		{a, dir + "/./a", true},
		{a, filepath.Join(dir, "hard"), true},
		{a, filepath.Join(dir, "soft"), true},
		{filepath.Join(dir, "dangling"), filepath.Join(dir, "new"), true},
		{filepath.Join(dir, "n1"), filepath.Join(dir, "n2"), false},
		{a, filepath.Join(dir, "n1"), false},
		{"/dev/stdout", "/dev/fd/1", true},
	} {
		if got := Same(res(c.x), res(c.y)); got != c.same {
			t.Errorf("Same(%s, %s) = %v, want %v", c.x, c.y, got, c.same)
		}
	}
	if !SameAsInput(res(filepath.Join(dir, "soft")), a) || SameAsInput(res(a), "-") {
		t.Error("SameAsInput")
	}
}

// ReadSmall never opens a FIFO waiting for a writer: it says the file is
// not a regular one, at once.
func TestReadSmall_FIFONotRead(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "sidecar.json")
	if err := syscall.Mkfifo(fifo, 0o666); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() {
		_, err := ReadSmall(fifo, 1<<10, "a sidecar")
		done <- err
	}()
	select {
	case err := <-done:
		if !errors.Is(err, ErrNotRegular) || !strings.Contains(err.Error(), fifo) || !strings.Contains(err.Error(), "FIFO") {
			t.Fatalf("ReadSmall = %v, want ErrNotRegular naming the FIFO", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("ReadSmall blocked on a FIFO")
	}
}

// A file replaced — directly or through a link — keeps its permissions.
func TestCreate_ReplacedFileKeepsItsMode(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "a")
	os.WriteFile(a, []byte("old"), 0o600)
	os.Chmod(a, 0o600)
	os.Symlink("a", filepath.Join(dir, "l"))
	for _, p := range []string{a, filepath.Join(dir, "l")} {
		if err := Write(p, func(w io.Writer) error { _, err := io.WriteString(w, "new"); return err }); err != nil {
			t.Fatal(err)
		}
		if m := lmode(t, a).Perm(); m != 0o600 {
			t.Fatalf("after writing %s the file's mode is %v, want 0600", p, m)
		}
	}
}
