package engine

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// makeVar reads the value of NAME := … in the Makefile, its continuation
// lines joined.
func makeVar(t *testing.T, makefile, name string) string {
	t.Helper()
	m := regexp.MustCompile(`(?m)^` + name + `\s*:=((?:[^\n]*\\\n)*[^\n]*)`).FindStringSubmatch(makefile)
	if m == nil {
		t.Fatalf("Makefile: no %s := line", name)
	}
	return strings.Join(strings.Fields(strings.ReplaceAll(m[1], "\\\n", " ")), " ")
}

// sharesMemory reports whether the package in dir (its non-test files)
// starts a goroutine or imports sync or sync/atomic, naming the first file
// that does.
func sharesMemory(t *testing.T, dir string) (string, bool) {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(fset, f, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range file.Imports {
			if p, _ := strconv.Unquote(imp.Path.Value); p == "sync" || p == "sync/atomic" {
				return f, true
			}
		}
		found := false
		ast.Inspect(file, func(n ast.Node) bool {
			if _, ok := n.(*ast.GoStmt); ok {
				found = true
			}
			return !found
		})
		if found {
			return f, true
		}
	}
	return "", false
}

// make test runs the tests of RACE_PKGS under the race detector and the
// other core packages' without it (Makefile, docs/testing.md): every core
// package whose code shares memory between goroutines must be listed, and
// every test the race pass skips (SWEEPS) or thins (RACE_LIGHT) in a listed
// package must be run by the second pass (SWEEP_PKGS).
func TestMakefile_RacePackagesComplete(t *testing.T) {
	data, err := os.ReadFile("../Makefile")
	if err != nil {
		t.Fatal(err)
	}
	mk := string(data)
	race := strings.Fields(makeVar(t, mk, "RACE_PKGS"))
	sweepPkgs := strings.Fields(makeVar(t, mk, "SWEEP_PKGS"))
	core := strings.Fields(makeVar(t, mk, "CORE"))
	var dirs []string
	for _, pattern := range core {
		root := strings.TrimSuffix(strings.TrimPrefix(pattern, "./"), "/...")
		err := filepath.WalkDir(filepath.Join("..", root), func(path string, d os.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) {
				return filepath.SkipDir
			}
			if d.IsDir() {
				dirs = append(dirs, path)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	pkgOf := func(dir string) string {
		return "glidepath/" + filepath.ToSlash(strings.TrimPrefix(dir, "../"))
	}
	for _, dir := range dirs {
		if file, ok := sharesMemory(t, dir); ok && !slices.Contains(race, pkgOf(dir)) {
			t.Errorf("Makefile: %s shares memory between goroutines (%s) but is not in RACE_PKGS", pkgOf(dir), file)
		}
	}
	for _, p := range race {
		if _, err := os.Stat(filepath.Join("..", strings.TrimPrefix(p, "glidepath/"))); err != nil {
			t.Errorf("Makefile: RACE_PKGS names %s, which is not a folder: %v", p, err)
		}
	}
	// A skipped or thinned test in a race package runs in full in the
	// second pass only when its package is one of SWEEP_PKGS.
	names := strings.Split(makeVar(t, mk, "SWEEPS")+"|"+makeVar(t, mk, "RACE_LIGHT"), "|")
	for _, name := range names {
		decl := regexp.MustCompile(`(?m)^func ` + regexp.QuoteMeta(name) + `\(`)
		found := false
		for _, dir := range dirs {
			tests, _ := filepath.Glob(filepath.Join(dir, "*_test.go"))
			for _, f := range tests {
				src, err := os.ReadFile(f)
				if err != nil {
					t.Fatal(err)
				}
				if !decl.Match(src) {
					continue
				}
				found = true
				rel := "./" + filepath.ToSlash(strings.TrimPrefix(dir, "../")) + "/"
				if slices.Contains(race, pkgOf(dir)) && !slices.Contains(sweepPkgs, rel) {
					t.Errorf("Makefile: %s (%s) is skipped under the race detector but %s is not in SWEEP_PKGS", name, f, rel)
				}
			}
		}
		if !found {
			t.Errorf("Makefile: SWEEPS or RACE_LIGHT names %s, which no core package's test declares", name)
		}
	}
}
