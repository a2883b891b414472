//go:build unix

package diffcmd

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// An input read through a pipe has a name of its own (/dev/fd/63 of a
// shell's <(zcat rec.jsonl.gz)): a Glidepath trace's header is not held
// against it; a regular file is.
func TestDiff_OnlyARegularFileIsHeldToTheTraceHeader(t *testing.T) {
	input := filepath.Join(t.TempDir(), "sparse-walk.yaml")
	if err := os.WriteFile(input, []byte("name: sparse-walk\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(t.TempDir(), "63")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ path, want string }{
		{input, input}, {"-", ""}, {fifo, ""}, {t.TempDir(), ""}, {filepath.Join(t.TempDir(), "missing.jsonl"), ""},
	} {
		if got := NamedInput(c.path); got != c.want {
			t.Errorf("NamedInput(%q) = %q, want %q", c.path, got, c.want)
		}
	}
}
