// Tests of run reading its input as a stream: a problem late in the file
// still exits 2 naming file:line: field and leaves no trace file; -ticks is
// bounded by the 48 h cap; -ticks stops reading early.

package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

func TestRun_LateBadLineExitsTwoAndLeavesNoTrace(t *testing.T) {
	dir := t.TempDir()
	data, err := os.ReadFile(farJump)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(strings.TrimSuffix(string(data), "\n"), "\n")
	last := len(lines) - 1
	lines[last] = strings.Replace(lines[last], `"guid":"0x80000A01"`, `"guid":"0x80000A09"`, 1)
	bad := filepath.Join(dir, "late.jsonl")
	if err := os.WriteFile(bad, []byte(strings.Join(lines, "")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "late.trace")
	code, _, errs := viewer(t, "run", "-trace", out, bad)
	want := "late.jsonl:" + strconv.Itoa(last+1) + ":"
	if code != 2 || !strings.Contains(errs, want) || !strings.Contains(errs, "guid") {
		t.Fatalf("exit %d, stderr %q; want 2 and %q … guid", code, errs, want)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("a failed run left %d files beside its input", len(entries)-1)
	}
}

func TestRun_TicksBoundedByTheCap(t *testing.T) {
	// 48 h at 30 Hz is 5 184 000 ticks.
	code, _, errs := viewer(t, "run", "-quiet", "-ticks", "5184001", farJump)
	if code != 2 || !strings.Contains(errs, "-ticks 5184001") || !strings.Contains(errs, "48 h") {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	code, out, errs := viewer(t, "run", "-ticks", "40", farJump)
	if code != 0 || !strings.Contains(out, "40 ticks at 30 Hz") {
		t.Fatalf("-ticks 40: exit %d, stderr %q, stdout %q", code, errs, out)
	}
}
