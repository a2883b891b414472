//go:build !js

package launch

import (
	"os"
	"path/filepath"
	"testing"
)

// The window's Shift+P writes INPUT-pack-TICK next to the input, and beside
// a folder already there INPUT-pack-TICK-2, -3 … (the pack's folder is
// never replaced).
func TestPackFolder_NextBesideATakenOne(t *testing.T) {
	dir := t.TempDir()
	input := filepath.Join(dir, "far_jump.jsonl")
	want := filepath.Join(dir, "far_jump-pack-32")
	if got := packFolder(input, 32); got != want {
		t.Fatalf("folder %q, want %q", got, want)
	}
	if err := os.Mkdir(want, 0o755); err != nil {
		t.Fatal(err)
	}
	if got := packFolder(input, 32); got != want+"-2" {
		t.Errorf("next folder %q, want %q", got, want+"-2")
	}
	if err := os.Mkdir(want+"-2", 0o755); err != nil {
		t.Fatal(err)
	}
	if got := packFolder(filepath.Join(dir, "far_jump.pcapng"), 32); got != want+"-3" {
		t.Errorf("third folder %q, want %q", got, want+"-3")
	}
}
