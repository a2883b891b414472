//go:build linux

package bookmarks

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"glidepath/internal/atomicfile"
)

// A sidecar that is a FIFO is neither read (Load says so at once, without
// waiting for a writer) nor saved over (Save refuses and the FIFO stays).
func TestSidecar_FIFONeitherReadNorReplaced(t *testing.T) {
	input := filepath.Join(t.TempDir(), "walk.jsonl")
	if err := syscall.Mkfifo(Path(input), 0o666); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() {
		_, err := Load(input)
		done <- err
	}()
	select {
	case err := <-done:
		if !errors.Is(err, atomicfile.ErrNotRegular) {
			t.Fatalf("Load = %v, want ErrNotRegular", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Load blocked on a FIFO sidecar")
	}
	sc := &Sidecar{path: Path(input)}
	sc.Bookmarks.Add(3, "x")
	if err := sc.Save(); err == nil {
		t.Fatal("Save over a FIFO succeeded")
	}
	if fi, err := os.Lstat(Path(input)); err != nil || fi.Mode()&fs.ModeNamedPipe == 0 {
		t.Fatalf("the FIFO is gone or replaced: %v", err)
	}
}

// Standard input has no sidecar: no "-.glidepath.json" is read or written.
func TestSidecar_StandardInputHasNone(t *testing.T) {
	if sc, err := Load("-"); err == nil || sc != nil {
		t.Fatalf("Load(-) = %v, %v; want an error", sc, err)
	}
}
