//go:build linux

package inputfile

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// "-" reads standard input, and closing it leaves standard input open.
func TestOpen_DashIsStandardInput(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer func(f *os.File) { os.Stdin = f }(os.Stdin)
	os.Stdin = r
	io.WriteString(w, "from stdin")
	w.Close()
	f, err := Open(Stdin)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(f)
	f.Close()
	if string(b) != "from stdin" {
		t.Fatalf("read %q", b)
	}
	if _, err := r.Stat(); err != nil {
		t.Fatalf("standard input was closed: %v", err)
	}
}

// Only a regular file may be read again, mapped or sized.
func TestRegular(t *testing.T) {
	dir := t.TempDir()
	file, fifo := filepath.Join(dir, "f"), filepath.Join(dir, "p")
	os.WriteFile(file, nil, 0o644)
	if err := syscall.Mkfifo(fifo, 0o666); err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]bool{file: true, fifo: false, dir: false, Stdin: false, filepath.Join(dir, "none"): false} {
		if got := Regular(path); got != want {
			t.Errorf("Regular(%s) = %v, want %v", path, got, want)
		}
	}
}

// Gzip is told by its magic number, peeked: the stream is still whole.
func TestGunzip_ByMagicNumber(t *testing.T) {
	var z bytes.Buffer
	zw := gzip.NewWriter(&z)
	io.WriteString(zw, "inside")
	zw.Close()
	for _, c := range []struct{ in, want string }{{z.String(), "inside"}, {"plain", "plain"}, {"\x1F", "\x1F"}, {"", ""}} {
		br := bufio.NewReader(strings.NewReader(c.in))
		r, closer, err := Gunzip(br)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(r)
		if closer != nil {
			closer.Close()
		}
		if string(b) != c.want {
			t.Errorf("Gunzip(%q) read %q, want %q", c.in, b, c.want)
		}
	}
}
