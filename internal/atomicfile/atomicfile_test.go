package atomicfile

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// dirNames lists dir's entries.
func dirNames(t *testing.T, dir string) []string {
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

func TestCommitPublishesWholeFile(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "out.jsonl")
	f, err := Create(target)
	if err != nil {
		t.Fatal(err)
	}
	io.WriteString(f, "partial")
	if _, err := os.Stat(target); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("target exists before Commit: %v", err)
	}
	io.WriteString(f, " and the rest\n")
	if err := f.Commit(); err != nil {
		t.Fatal(err)
	}
	f.Abort() // after Commit: nothing
	b, err := os.ReadFile(target)
	if err != nil || string(b) != "partial and the rest\n" {
		t.Fatalf("target = %q, %v", b, err)
	}
	if names := dirNames(t, dir); len(names) != 1 {
		t.Fatalf("directory holds %v, want only the target", names)
	}
}

func TestAbortLeavesTargetUntouched(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "out.png")
	os.WriteFile(target, []byte("old"), 0o644)
	err := Write(target, func(w io.Writer) error {
		io.WriteString(w, "new but broken")
		return errors.New("disk full")
	})
	if err == nil || err.Error() != "disk full" {
		t.Fatalf("Write = %v, want the callback's error", err)
	}
	b, _ := os.ReadFile(target)
	if string(b) != "old" {
		t.Fatalf("target = %q, want the old content", b)
	}
	if names := dirNames(t, dir); len(names) != 1 {
		t.Fatalf("directory holds %v, want only the target", names)
	}
}

func TestRemovePendingRemovesTemporaryFiles(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "trace.jsonl")
	f, err := Create(target)
	if err != nil {
		t.Fatal(err)
	}
	io.WriteString(f, "cut mid-")
	got := RemovePending()
	if len(got) != 1 || got[0] != target {
		t.Fatalf("RemovePending = %v, want [%s]", got, target)
	}
	if names := dirNames(t, dir); len(names) != 0 {
		t.Fatalf("directory holds %v, want nothing", names)
	}
	if err := f.Commit(); err == nil {
		t.Fatal("Commit after the temporary file was removed succeeded")
	}
	if _, err := os.Stat(target); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("target exists: %v", err)
	}
}

func TestCreateFailureNamesTarget(t *testing.T) {
	target := filepath.Join(t.TempDir(), "no-such-dir", "out.jsonl")
	_, err := Create(target)
	var pe *os.PathError
	if !errors.As(err, &pe) || pe.Path != target {
		t.Fatalf("Create = %v, want a PathError naming %s", err, target)
	}
	if _, err := Create(t.TempDir()); err == nil {
		t.Fatal("Create of a directory succeeded")
	}
}
