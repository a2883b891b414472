package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writeModule writes a module of the given files (path → source) into a
// new folder and returns it.
func writeModule(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	files["go.mod"] = "module example.com/m\n\ngo 1.26\n"
	for name, src := range files {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// mustCheck runs check and fails the test on an error of its own.
func mustCheck(t *testing.T, dir, goos, goarch string, patterns ...string) []string {
	t.Helper()
	problems, err := check(dir, goos, goarch, patterns)
	if err != nil {
		t.Fatalf("check %s/%s: %v", goos, goarch, err)
	}
	return problems
}

// wantProblem fails unless one of problems holds every piece.
func wantProblem(t *testing.T, problems []string, pieces ...string) {
	t.Helper()
	for _, p := range problems {
		ok := true
		for _, piece := range pieces {
			ok = ok && strings.Contains(p, piece)
		}
		if ok {
			return
		}
	}
	t.Errorf("no problem holding %q among %q", pieces, problems)
}

// What the cross-check is for: a name defined only in a file that builds on
// Linux, used by a file that builds everywhere. Linux type-checks; Windows
// and macOS do not, and the problem names the file, line and name.
func TestCheck_NameDefinedOnlyOnLinux(t *testing.T) {
	dir := writeModule(t, map[string]string{
		"p/p.go":       "package p\n\nfunc F() int {\n\treturn g()\n}\n",
		"p/g_linux.go": "package p\n\nfunc g() int { return 1 }\n",
	})
	if problems := mustCheck(t, dir, "linux", "amd64", "./p"); len(problems) != 0 {
		t.Errorf("linux/amd64: %q, want none", problems)
	}
	for _, target := range [][2]string{{"windows", "amd64"}, {"darwin", "arm64"}} {
		problems := mustCheck(t, dir, target[0], target[1], "./p")
		wantProblem(t, problems, filepath.Join("p", "p.go")+":4:9", "undefined: g")
	}
}

// The standard library is read for the target: syscall.Mkfifo exists on
// Linux and macOS but not on Windows; a package of the module imported by
// another is checked too, before it.
func TestCheck_TheTargetsStandardLibrary(t *testing.T) {
	dir := writeModule(t, map[string]string{
		"fifo/fifo.go":  "package fifo\n\nimport \"syscall\"\n\nfunc Make(p string) error { return syscall.Mkfifo(p, 0o600) }\n",
		"cmd/c/main.go": "package main\n\nimport \"example.com/m/fifo\"\n\nfunc main() { _ = fifo.Make(\"x\") }\n",
	})
	for _, target := range [][2]string{{"linux", "amd64"}, {"darwin", "arm64"}} {
		if problems := mustCheck(t, dir, target[0], target[1], "./cmd/c"); len(problems) != 0 {
			t.Errorf("%s/%s: %q, want none", target[0], target[1], problems)
		}
	}
	problems := mustCheck(t, dir, "windows", "amd64", "./cmd/c")
	wantProblem(t, problems, filepath.Join("fifo", "fifo.go")+":5:", "Mkfifo")
}

// A package with no file for the target, imported by one that has: the
// problem names the package; sizes are the target's (an int constant that
// fits 64 bits overflows 32).
func TestCheck_NoFileForTheTargetAndItsSizes(t *testing.T) {
	dir := writeModule(t, map[string]string{
		"only/only_linux.go": "package only\n\nconst N = 1\n",
		"use/use.go":         "package use\n\nimport \"example.com/m/only\"\n\nconst M = only.N\n",
		"big/big.go":         "package big\n\nvar Big int = 1 << 40\n",
	})
	if problems := mustCheck(t, dir, "linux", "amd64", "./use", "./big"); len(problems) != 0 {
		t.Errorf("linux/amd64: %q, want none", problems)
	}
	wantProblem(t, mustCheck(t, dir, "windows", "amd64", "./use"), "example.com/m/only", "build constraints exclude all Go files")
	wantProblem(t, mustCheck(t, dir, "linux", "386", "./big"), filepath.Join("big", "big.go")+":3:", "overflows")
}
