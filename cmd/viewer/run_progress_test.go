package main

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A run or a diff whose stderr is a file (as in a pipe, a log or a test)
// shows no progress: stderr holds the world line and nothing else.
func TestRunAndDiff_NoProgressOnStderrThatIsNoTerminal(t *testing.T) {
	t.Setenv("GLIDEPATH_DAT", "")
	for _, args := range [][]string{
		{"run", farJump},
		{"run", "-trace", filepath.Join(t.TempDir(), "t.jsonl"), farJump},
		{"run", "-states", filepath.Join(t.TempDir(), "s.csv"), farJump},
		{"run", "-metrics", filepath.Join(t.TempDir(), "m.csv"), "-events", filepath.Join(t.TempDir(), "e.csv"), farJump},
		{"diff", farJump, farJumpWant},
	} {
		f, err := os.Create(filepath.Join(t.TempDir(), "stderr"))
		if err != nil {
			t.Fatal(err)
		}
		code := run(args, io.Discard, f)
		f.Close()
		errs, _ := os.ReadFile(f.Name())
		if code != 0 || strings.ContainsAny(string(errs), "\r") || strings.Contains(string(errs), "running") || strings.Contains(string(errs), "diffing") {
			t.Errorf("viewer %s: exit %d, stderr %q", strings.Join(args, " "), code, errs)
		}
	}
}
