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

	"glidepath/internal/goroutines"
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
	goroutines.NoneStarted(t)
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
	// What leaves the race pass must run on one goroutine: each test of a
	// race package that SWEEPS names begins with goroutines.NoneStarted(t),
	// which fails it in the second pass if its code started a goroutine,
	// and each test of theirs that begins so is in SWEEPS.
	sweeps := strings.Split(makeVar(t, mk, "SWEEPS"), "|")
	for _, name := range strings.Split(makeVar(t, mk, "RACE_LIGHT"), "|") {
		if slices.Contains(sweeps, name) {
			t.Errorf("Makefile: %s is in both SWEEPS and RACE_LIGHT", name)
		}
	}
	for _, dir := range dirs {
		if !slices.Contains(race, pkgOf(dir)) {
			continue
		}
		for name, f := range checkedTests(t, dir) {
			if f.checked != slices.Contains(sweeps, name) {
				if f.checked {
					t.Errorf("Makefile: %s (%s) begins with goroutines.NoneStarted but is not in SWEEPS: it runs under the race detector too", name, f.file)
				} else {
					t.Errorf("Makefile: SWEEPS names %s (%s), which does not begin with goroutines.NoneStarted(t): nothing checks that it runs on one goroutine", name, f.file)
				}
			}
		}
	}
}

// testStart is where a test function is declared and whether its body
// begins with goroutines.NoneStarted(t).
type testStart struct {
	file    string
	checked bool
}

// checkedTests parses the test files in dir and tells, for each Test
// function, whether its first statement is goroutines.NoneStarted(t).
func checkedTests(t *testing.T, dir string) map[string]testStart {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*_test.go"))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]testStart{}
	fset := token.NewFileSet()
	for _, f := range files {
		file, err := parser.ParseFile(fset, f, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range file.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Recv != nil || fn.Body == nil || !strings.HasPrefix(fn.Name.Name, "Test") {
				continue
			}
			out[fn.Name.Name] = testStart{file: f, checked: len(fn.Body.List) > 0 && isNoneStarted(fn.Body.List[0])}
		}
	}
	return out
}

// isNoneStarted reports whether st is the statement goroutines.NoneStarted(t).
func isNoneStarted(st ast.Stmt) bool {
	es, ok := st.(*ast.ExprStmt)
	if !ok {
		return false
	}
	call, ok := es.X.(*ast.CallExpr)
	if !ok || len(call.Args) != 1 {
		return false
	}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "NoneStarted" {
		return false
	}
	pkg, ok := sel.X.(*ast.Ident)
	arg, argOK := call.Args[0].(*ast.Ident)
	return ok && pkg.Name == "goroutines" && argOK && arg.Name == "t"
}

// recipe returns the command lines of the Makefile's rule for target.
func recipe(t *testing.T, makefile, target string) []string {
	t.Helper()
	m := regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(target) + `:[^\n]*\n((?:\t[^\n]*\n)*)`).FindStringSubmatch(makefile)
	if m == nil {
		t.Fatalf("Makefile: no %s: rule", target)
	}
	return strings.Split(strings.TrimSuffix(m[1], "\n"), "\n")
}

// make test links about a hundred test binaries (the race pass's, the
// second pass's, the fuzz pass's and the display lane's) and links them
// without DWARF (TEST_LDFLAGS, -w): every go test of test-race, test-plain,
// test-display and test-web passes it, and so does scripts/fuzz.sh's
// instrumented build, given it by fuzz-short, and the viewer binary the
// display tests run (test-bin). The module's packages are
// compiled without DWARF by every go command of the lanes (TEST_GCFLAGS).
func TestMakefile_TestBinariesLinkWithoutDWARF(t *testing.T) {
	goroutines.NoneStarted(t)
	data, err := os.ReadFile("../Makefile")
	if err != nil {
		t.Fatal(err)
	}
	mk := string(data)
	if got := makeVar(t, mk, "TEST_LDFLAGS"); got != "-w" {
		t.Errorf("Makefile: TEST_LDFLAGS is %q, want -w", got)
	}
	for _, target := range []string{"test-race", "test-plain", "test-display", "test-web"} {
		n := 0
		for _, line := range recipe(t, mk, target) {
			if !strings.Contains(line, "$(GO) test ") {
				continue
			}
			n++
			if !strings.Contains(line, " -ldflags=$(TEST_LDFLAGS) ") {
				t.Errorf("Makefile: %s: %q does not link with -ldflags=$(TEST_LDFLAGS)", target, strings.TrimSpace(line))
			}
		}
		if n == 0 {
			t.Errorf("Makefile: %s runs no $(GO) test", target)
		}
	}
	// The viewer binary the display tests run as a subprocess (TEST_BIN),
	// built by test-bin and checked again by test-display: linked without
	// DWARF too, and the two builds with the same flags (one link).
	for _, target := range []string{"test-bin", "test-display"} {
		n := 0
		for _, line := range recipe(t, mk, target) {
			if !strings.Contains(line, "$(GO) build ") {
				continue
			}
			n++
			if !strings.Contains(line, " -ldflags=$(TEST_LDFLAGS) ") {
				t.Errorf("Makefile: %s: %q does not link with -ldflags=$(TEST_LDFLAGS)", target, strings.TrimSpace(line))
			}
		}
		if n != 1 {
			t.Errorf("Makefile: %s builds the viewer binary %d times, want once", target, n)
		}
	}
	if bin, disp := recipe(t, mk, "test-bin"), recipe(t, mk, "test-display"); len(bin) == 0 || !slices.Contains(disp, bin[0]) {
		t.Errorf("Makefile: test-display's viewer build is not test-bin's %q: the viewer would be linked twice", bin)
	}
	if lines := recipe(t, mk, "fuzz-short"); !strings.Contains(strings.Join(lines, "\n"), "TEST_LDFLAGS=$(TEST_LDFLAGS) bash scripts/fuzz.sh short") {
		t.Errorf("Makefile: fuzz-short does not give scripts/fuzz.sh TEST_LDFLAGS: %q", lines)
	}
	script, err := os.ReadFile("../scripts/fuzz.sh")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"ldflags=${TEST_LDFLAGS:--w}\n", `"$GO" test -c -fuzz=. -ldflags="$ldflags" `} {
		if !strings.Contains(string(script), want) {
			t.Errorf("scripts/fuzz.sh: no %q: its instrumented builds would link with DWARF", want)
		}
	}

	// The module's packages are compiled without DWARF too (TEST_GCFLAGS),
	// by every go command of the lanes: one that compiled them with it
	// would compile every package it needs a second time rather than share
	// the compiles of the others (vet's and staticcheck's export data among
	// them).
	const gc = "-gcflags=$(TEST_GCFLAGS)"
	if got := makeVar(t, mk, "TEST_GCFLAGS"); got != "glidepath/...=-dwarf=false" {
		t.Errorf("Makefile: TEST_GCFLAGS is %q, want glidepath/...=-dwarf=false", got)
	}
	for _, target := range []string{"test-bin", "test-race", "test-plain", "test-display", "test-web", "vet", "staticcheck"} {
		n := 0
		for _, line := range recipe(t, mk, target) {
			if !strings.Contains(line, "$(GO) test ") && !strings.Contains(line, "$(GO) build ") &&
				!strings.Contains(line, "$(GO) vet ") && !strings.Contains(line, "$(GO) run $(STATICCHECK) ") {
				continue
			}
			n++
			if !slices.Contains(strings.Fields(strings.ReplaceAll(line, `"`, " ")), gc) {
				t.Errorf("Makefile: %s: %q does not compile with %s", target, strings.TrimSpace(line), gc)
			}
		}
		if n == 0 {
			t.Errorf("Makefile: %s runs no go command that compiles", target)
		}
	}
	if lines := recipe(t, mk, "fuzz-short"); !strings.Contains(strings.Join(lines, "\n"), " TEST_GCFLAGS=$(TEST_GCFLAGS) ") {
		t.Errorf("Makefile: fuzz-short does not give scripts/fuzz.sh TEST_GCFLAGS: %q", lines)
	}
	for _, want := range []string{"gcflags=${TEST_GCFLAGS:-glidepath/...=-dwarf=false}\n", ` -gcflags="$gcflags" `} {
		if !strings.Contains(string(script), want) {
			t.Errorf("scripts/fuzz.sh: no %q: its instrumented builds would compile the module with DWARF", want)
		}
	}
}

// make test runs go test's vet analyzers once, in make vet (every analyzer
// of go vet over the packages and their tests): every go test of the lanes
// passes -vet=off, and so does scripts/fuzz.sh's instrumented build, whose
// vet pass would read the same files again and could reuse none of make
// vet's results (the packages it reads are compiled with the fuzzer's
// instrumentation, so their export data differs).
func TestFuzzScript_BuildsWithoutVetPass(t *testing.T) {
	goroutines.NoneStarted(t)
	script, err := os.ReadFile("../scripts/fuzz.sh")
	if err != nil {
		t.Fatal(err)
	}
	builds := regexp.MustCompile(`"\$GO" test -c [^\n]*`).FindAllString(string(script), -1)
	if len(builds) == 0 {
		t.Fatal(`scripts/fuzz.sh: no "$GO" test -c line`)
	}
	for _, b := range builds {
		if !slices.Contains(strings.Fields(b), "-vet=off") {
			t.Errorf("scripts/fuzz.sh: %q runs go test's vet pass (no -vet=off): make vet already runs its analyzers", b)
		}
	}
	data, err := os.ReadFile("../Makefile")
	if err != nil {
		t.Fatal(err)
	}
	mk := string(data)
	if !strings.Contains(strings.Join(recipe(t, mk, "vet"), "\n"), "$(GO) vet ") {
		t.Error("Makefile: vet does not run $(GO) vet: with the tests' vet passes off, nothing would run their analyzers")
	}
	if lines := recipe(t, mk, "test-lane-checks"); !strings.Contains(strings.Join(lines, "\n"), "--no-print-directory vet") {
		t.Errorf("Makefile: test-lane-checks does not run make vet: %q", lines)
	}
}
