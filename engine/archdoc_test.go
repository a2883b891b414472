package engine

import (
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"glidepath/internal/goroutines"
)

// importRule is one row of docs/architecture.md's import rules: the
// packages it names and the project packages they may import.
type importRule struct {
	pkgs, allowed []string // allowed is empty for "—"
}

var backticked = regexp.MustCompile("`([^`]+)`")

// readImportRules reads the table between <!-- import-rules --> and
// <!-- /import-rules --> of docs/architecture.md.
func readImportRules(t *testing.T, doc string) []importRule {
	t.Helper()
	i := strings.Index(doc, "<!-- import-rules -->")
	j := strings.Index(doc, "<!-- /import-rules -->")
	if i < 0 || j < i {
		t.Fatal("docs/architecture.md: the import rules table (<!-- import-rules -->) is gone")
	}
	var rules []importRule
	for _, line := range strings.Split(doc[i:j], "\n") {
		cells := strings.Split(line, "|")
		if len(cells) != 4 || !strings.Contains(cells[1], "`") {
			continue
		}
		var r importRule
		for _, m := range backticked.FindAllStringSubmatch(cells[1], -1) {
			r.pkgs = append(r.pkgs, m[1])
		}
		for _, m := range backticked.FindAllStringSubmatch(cells[2], -1) {
			r.allowed = append(r.allowed, m[1])
		}
		rules = append(rules, r)
	}
	if len(rules) == 0 {
		t.Fatal("docs/architecture.md: the import rules table has no rows")
	}
	return rules
}

// matchPkg reports whether pkg (without the module prefix) is pattern:
// the package itself, or one below it for "X/...".
func matchPkg(pattern, pkg string) bool {
	if base, ok := strings.CutSuffix(pattern, "/..."); ok {
		return pkg == base || strings.HasPrefix(pkg, base+"/")
	}
	return pkg == pattern
}

// ruleFor is the first rule naming pkg.
func ruleFor(rules []importRule, pkg string) (importRule, bool) {
	for _, r := range rules {
		for _, p := range r.pkgs {
			if matchPkg(p, pkg) {
				return r, true
			}
		}
	}
	return importRule{}, false
}

// checkImports returns one complaint per import of the project that pkg's
// rule does not allow, or the complaint that pkg has no rule.
func checkImports(rules []importRule, imports map[string][]string) []string {
	var bad []string
	for pkg, imps := range imports {
		r, ok := ruleFor(rules, pkg)
		if !ok {
			bad = append(bad, pkg+": no row of the import rules names it")
			continue
		}
		for _, imp := range imps {
			allowed := false
			for _, a := range r.allowed {
				allowed = allowed || matchPkg(a, imp)
			}
			if !allowed {
				bad = append(bad, pkg+" imports "+imp+", which its row does not allow")
			}
		}
	}
	return bad
}

// projectImports lists every package of the module (tests left out) with
// the project packages it imports, without the module prefix.
func projectImports(t *testing.T) map[string][]string {
	t.Helper()
	m := map[string][]string{}
	for name, p := range moduleList(t) {
		pkg := strings.TrimPrefix(name, "glidepath/")
		m[pkg] = nil
		for _, imp := range p.imports {
			if rest, ok := strings.CutPrefix(imp, "glidepath/"); ok {
				m[pkg] = append(m[pkg], rest)
			}
		}
	}
	return m
}

// TestArchitectureDoc_ImportRulesHold reads docs/architecture.md's import
// rules and checks every package of the module against them: a package
// that imports what its row does not allow, or that no row names, fails.
func TestArchitectureDoc_ImportRulesHold(t *testing.T) {
	goroutines.NoneStarted(t)
	doc, err := os.ReadFile("../docs/architecture.md")
	if err != nil {
		t.Fatal(err)
	}
	rules := readImportRules(t, string(doc))
	imports := projectImports(t)
	if len(imports["engine"]) == 0 || len(imports["cmd/viewer"]) == 0 {
		t.Fatal("go list shows no imports of engine or cmd/viewer: the check cannot see them")
	}
	for _, b := range checkImports(rules, imports) {
		t.Error("docs/architecture.md: " + b)
	}
}

// TestArchitectureDoc_CheckSeesABrokenRule: the check complains of an
// import a row forbids and of a package with no row, and a first row wins
// over a later, wider one.
func TestArchitectureDoc_CheckSeesABrokenRule(t *testing.T) {
	rules := readImportRules(t, "<!-- import-rules -->\n| packages | may import |\n|---|---|\n"+
		"| `physics` | — |\n| `engine/eventlog` | `physics` |\n| `engine/...` | `engine/...`, `physics` |\n<!-- /import-rules -->")
	bad := checkImports(rules, map[string][]string{
		"physics":         {"engine"},
		"engine/eventlog": {"engine/recording"},
		"engine/store":    {"engine", "physics"},
		"ui":              nil,
	})
	want := []string{"physics imports engine", "engine/eventlog imports engine/recording", "ui: no row"}
	for _, w := range want {
		found := false
		for _, b := range bad {
			found = found || strings.HasPrefix(b, w)
		}
		if !found {
			t.Errorf("no complaint %q in %q", w, bad)
		}
	}
	if len(bad) != len(want) {
		t.Errorf("complaints %q, want %d", bad, len(want))
	}
}

// hexParse matches a hex number read from text by the standard library:
// strconv with base 16 (or 0, which takes "0x"), fmt.Sscanf with a %x, %X
// or %v verb, or fmt.Sscan and Sscanln (whose %v takes "0x" too).
var hexParse = regexp.MustCompile(`strconv\.Parse(Uint|Int)\([^,]+, *(16|0)\b|fmt\.Sscanf\([^,]+, *"[^"]*%[0-9]*[xXv]|fmt\.Sscan(ln)?\(`)

// sourceFiles lists the module's non-test Go files below root (dot
// directories, testdata and node_modules left out), slash-separated.
func sourceFiles(t *testing.T, root string) []string {
	t.Helper()
	var files []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() && path != root && (strings.HasPrefix(name, ".") || name == "testdata" || name == "node_modules") {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(name, ".go") && !strings.HasSuffix(name, "_test.go") {
			files = append(files, filepath.ToSlash(path))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// hexParseSites returns "file:line" for each line of src that parses a hex
// number with the standard library.
func hexParseSites(file string, src []byte) []string {
	var sites []string
	for i, line := range strings.Split(string(src), "\n") {
		if code, _, _ := strings.Cut(line, "//"); hexParse.MatchString(code) {
			sites = append(sites, fmt.Sprintf("%s:%d", file, i+1))
		}
	}
	return sites
}

// TestArchitectureDoc_OneIDParser holds docs/architecture.md's "a guid or
// cell id ... read from text by hexid.Parse" (issue 38 item 2): no source
// file outside engine/hexid parses hex text with strconv or fmt.Sscan.
func TestArchitectureDoc_OneIDParser(t *testing.T) {
	goroutines.NoneStarted(t)
	files := sourceFiles(t, "..")
	if len(files) < 100 {
		t.Fatalf("found %d source files: the walk cannot see the module", len(files))
	}
	for _, f := range files {
		if strings.HasPrefix(f, "../engine/hexid/") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, site := range hexParseSites(strings.TrimPrefix(f, "../"), src) {
			t.Errorf("%s parses hex text itself: read ids with engine/hexid (docs/architecture.md)", site)
		}
	}
}

// TestArchitectureDoc_ParserCheckSeesASite: the check finds strconv with
// base 16 or 0 and fmt.Sscanf's hex verbs, and passes decimal parses and a
// comment.
func TestArchitectureDoc_ParserCheckSeesASite(t *testing.T) {
	src := "a, _ := strconv.ParseUint(s, 16, 32)\n" +
		"b, _ := strconv.ParseInt(s, 0, 64)\n" +
		"fmt.Sscanf(s, \"0x%x\", &v)\n" +
		"c, _ := strconv.ParseUint(s, 10, 32)\n" +
		"fmt.Sscanf(name, \"frame-%05d.png\", &n)\n" +
		"// strconv.ParseUint(digits, 16, 32) reads the same digits\n"
	got := hexParseSites("x.go", []byte(src))
	want := []string{"x.go:1", "x.go:2", "x.go:3"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("sites %q, want %q", got, want)
	}
}

// readSizeLimits reads docs/architecture.md's package-size rule: the most
// non-test source files a package directory holds, and the directories
// stated above it with their own limit, from the table between
// <!-- package-sizes --> and <!-- /package-sizes -->.
func readSizeLimits(t *testing.T, doc string) (limit int, over map[string]int) {
	t.Helper()
	start := strings.Index(doc, "<!-- package-sizes -->")
	end := strings.Index(doc, "<!-- /package-sizes -->")
	if start < 0 || end < start {
		t.Fatal("docs/architecture.md has no <!-- package-sizes --> table")
	}
	over = map[string]int{}
	for _, line := range strings.Split(doc[start:end], "\n") {
		cells := strings.Split(strings.Trim(strings.TrimSpace(line), "|"), "|")
		if len(cells) < 2 {
			continue
		}
		name := backticked.FindStringSubmatch(cells[0])
		n, err := strconv.Atoi(strings.TrimSpace(cells[1]))
		if name == nil || err != nil {
			continue
		}
		if name[1] == "every package" {
			limit = n
		} else {
			over[name[1]] = n
		}
	}
	if limit == 0 {
		t.Fatal("docs/architecture.md's package-sizes table states no limit for `every package`")
	}
	return limit, over
}

// TestArchitectureDoc_PackageSizes holds docs/architecture.md's package
// sizes: every directory of Go source holds at most the stated number of
// non-test source files, but for the directories the table names, which
// hold at most their own number.
func TestArchitectureDoc_PackageSizes(t *testing.T) {
	doc, err := os.ReadFile("../docs/architecture.md")
	if err != nil {
		t.Fatal(err)
	}
	limit, over := readSizeLimits(t, string(doc))
	counts := map[string]int{}
	for _, f := range sourceFiles(t, "..") {
		counts[strings.TrimPrefix(path.Dir(f), "../")]++
	}
	if counts["engine"] == 0 || counts["physics"] == 0 {
		t.Fatal("no source files counted in engine or physics: the walk cannot see them")
	}
	for dir, n := range counts {
		most, stated := over[dir]
		if !stated {
			most = limit
		}
		if n > most {
			t.Errorf("%s holds %d non-test source files, more than the %d docs/architecture.md states", dir, n, most)
		}
	}
	for dir, n := range over {
		if counts[dir] <= limit {
			t.Errorf("docs/architecture.md states %s may hold %d source files, but it holds %d, within the rule's %d: drop its row", dir, n, counts[dir], limit)
		}
	}
}
