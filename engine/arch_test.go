package engine

import (
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strings"
	"sync"
	"testing"

	"glidepath/internal/goroutines"
)

// modulePkg is one package of the module as go list reports it: the
// packages it imports and every package it depends on.
type modulePkg struct{ imports, deps []string }

var (
	moduleOnce sync.Once
	modulePkgs map[string]modulePkg
	moduleErr  error
)

// moduleList lists every package of the module (tests left out) from one
// go list run that the import tests share: each run loads the whole
// module, and the tests asked it twenty times.
func moduleList(t *testing.T) map[string]modulePkg {
	t.Helper()
	moduleOnce.Do(func() {
		out, err := goList("-f", `{{.ImportPath}}|{{join .Imports " "}}|{{join .Deps " "}}`, "glidepath/...")
		if err != nil {
			moduleErr = fmt.Errorf("go list glidepath/...: %v\n%s", err, out)
			return
		}
		pkgs := map[string]modulePkg{}
		for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
			f := strings.Split(line, "|")
			if len(f) != 3 {
				moduleErr = fmt.Errorf("go list glidepath/...: a line not of three fields: %q", line)
				return
			}
			pkgs[f[0]] = modulePkg{imports: strings.Fields(f[1]), deps: strings.Fields(f[2])}
		}
		modulePkgs = pkgs
	})
	if moduleErr != nil {
		t.Fatal(moduleErr)
	}
	return modulePkgs
}

// goList runs go list with args, its output and errors written to a file
// rather than a pipe: a pipe is copied on a goroutine of os/exec's, and
// the import tests run on one goroutine (goroutines.NoneStarted; make test
// runs them without the race detector).
func goList(args ...string) ([]byte, error) {
	f, err := os.CreateTemp("", "golist")
	if err != nil {
		return nil, err
	}
	defer os.Remove(f.Name())
	defer f.Close()
	cmd := exec.Command("go", append([]string{"list"}, args...)...)
	cmd.Stdout, cmd.Stderr = f, f
	runErr := cmd.Run()
	out, err := os.ReadFile(f.Name())
	if runErr != nil {
		return out, runErr
	}
	return out, err
}

// depsOf lists pkg and every package it depends on, as go list -deps pkg
// does; a pattern ending in /... takes every package of the module under
// it.
func depsOf(t *testing.T, pkg string) []string {
	t.Helper()
	mods := moduleList(t)
	names := []string{pkg}
	if base, ok := strings.CutSuffix(pkg, "/..."); ok {
		names = nil
		for name := range mods {
			if name == base || strings.HasPrefix(name, base+"/") {
				names = append(names, name)
			}
		}
		slices.Sort(names)
	}
	if len(names) == 0 {
		t.Fatalf("go list glidepath/...: no package matches %s", pkg)
	}
	seen := map[string]bool{}
	var out []string
	for _, name := range names {
		p, ok := mods[name]
		if !ok {
			t.Fatalf("go list glidepath/...: no package %s", name)
		}
		for _, d := range append([]string{name}, p.deps...) {
			if !seen[d] {
				seen[d] = true
				out = append(out, d)
			}
		}
	}
	return out
}

// TestCorePackagesDoNotImportDisplay pins the one-direction rule of
// DESIGN.md: only ui and cmd/viewer may reach Ebitengine or ebitenui, so
// physics, physics/anim, interp and engine build and test with no display.
func TestCorePackagesDoNotImportDisplay(t *testing.T) {
	goroutines.NoneStarted(t)
	// The check itself must see a display import where there is one.
	if len(displayDeps(t, "glidepath/ui")) == 0 {
		t.Fatal("go list -deps glidepath/ui shows no Ebitengine: the check cannot see imports")
	}
	for _, pkg := range []string{"glidepath/physics", "glidepath/physics/anim", "glidepath/interp", "glidepath/engine/...", "glidepath/internal/..."} {
		for _, dep := range displayDeps(t, pkg) {
			t.Errorf("%s reaches %s; only ui and cmd/viewer may import Ebitengine or ebitenui", pkg, dep)
		}
	}
}

// displayDeps lists the Ebitengine and ebitenui packages pkg depends on.
func displayDeps(t *testing.T, pkg string) []string {
	t.Helper()
	var found []string
	for _, dep := range depsOf(t, pkg) {
		if strings.HasPrefix(dep, "github.com/hajimehoshi/ebiten") || strings.HasPrefix(dep, "github.com/ebitenui") {
			found = append(found, dep)
		}
	}
	return found
}

// TestImportDirection pins the package table of DESIGN.md: physics imports no
// other project package; anim and interp import only physics.
func TestImportDirection(t *testing.T) {
	goroutines.NoneStarted(t)
	allowed := map[string][]string{
		"glidepath/physics":      nil,
		"glidepath/physics/anim": {"glidepath/physics"},
		"glidepath/interp":       {"glidepath/physics"},
	}
	for _, pkg := range []string{"glidepath/physics", "glidepath/physics/anim", "glidepath/interp"} {
		p, ok := moduleList(t)[pkg]
		if !ok {
			t.Fatalf("go list glidepath/...: no package %s", pkg)
		}
		for _, imp := range p.imports {
			if !strings.HasPrefix(imp, "glidepath") {
				continue
			}
			ok := false
			for _, a := range allowed[pkg] {
				ok = ok || imp == a
			}
			if !ok {
				t.Errorf("%s imports %s; DESIGN.md allows only %v", pkg, imp, allowed[pkg])
			}
		}
	}
}

// TestEngineLeavesDoNotImportEngine pins docs/architecture.md's rule for
// engine's subpackages: those that define a format, and those the tick
// driver itself uses, reach no part of the engine's root package, so the
// driver can import them and a reader of a format needs no Sim.
func TestEngineLeavesDoNotImportEngine(t *testing.T) {
	goroutines.NoneStarted(t)
	leaves := []string{
		"glidepath/engine/eventlog", "glidepath/engine/explain", "glidepath/engine/loader",
		"glidepath/engine/wordpack", "glidepath/engine/trace", "glidepath/engine/tables",
		"glidepath/engine/recording", "glidepath/engine/clienttrace", "glidepath/engine/hexid",
	}
	// The check itself must see the engine where it is imported.
	if !hasDep(t, "glidepath/engine/report", "glidepath/engine") {
		t.Fatal("go list -deps glidepath/engine/report shows no glidepath/engine: the check cannot see imports")
	}
	for _, pkg := range leaves {
		if hasDep(t, pkg, "glidepath/engine") {
			t.Errorf("%s imports glidepath/engine; docs/architecture.md keeps it below the engine", pkg)
		}
	}
}

// hasDep reports whether pkg depends on dep.
func hasDep(t *testing.T, pkg, dep string) bool {
	t.Helper()
	return slices.Contains(depsOf(t, pkg), dep)
}
