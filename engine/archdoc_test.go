package engine

import (
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
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
	cmd := exec.Command("go", "list", "-f", `{{.ImportPath}}{{range .Imports}} {{.}}{{end}}`, "glidepath/...")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	m := map[string][]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		pkg := strings.TrimPrefix(f[0], "glidepath/")
		m[pkg] = nil
		for _, imp := range f[1:] {
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
