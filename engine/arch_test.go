package engine

import (
	"os/exec"
	"strings"
	"testing"
)

// TestCorePackagesDoNotImportDisplay pins the one-direction rule of
// DESIGN.md: only ui and cmd/viewer may reach Ebitengine or ebitenui, so
// physics, physics/anim, interp and engine build and test with no display.
func TestCorePackagesDoNotImportDisplay(t *testing.T) {
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
	out, err := exec.Command("go", "list", "-deps", pkg).CombinedOutput()
	if err != nil {
		t.Fatalf("go list -deps %s: %v\n%s", pkg, err, out)
	}
	var found []string
	for _, dep := range strings.Fields(string(out)) {
		if strings.HasPrefix(dep, "github.com/hajimehoshi/ebiten") || strings.HasPrefix(dep, "github.com/ebitenui") {
			found = append(found, dep)
		}
	}
	return found
}

// TestImportDirection pins the package table of DESIGN.md: physics imports no
// other project package; anim and interp import only physics.
func TestImportDirection(t *testing.T) {
	allowed := map[string][]string{
		"glidepath/physics":      nil,
		"glidepath/physics/anim": {"glidepath/physics"},
		"glidepath/interp":       {"glidepath/physics"},
	}
	for _, pkg := range []string{"glidepath/physics", "glidepath/physics/anim", "glidepath/interp"} {
		out, err := exec.Command("go", "list", "-f", `{{join .Imports "\n"}}`, pkg).CombinedOutput()
		if err != nil {
			t.Fatalf("go list %s: %v\n%s", pkg, err, out)
		}
		for _, imp := range strings.Fields(string(out)) {
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
	out, err := exec.Command("go", "list", "-deps", pkg).CombinedOutput()
	if err != nil {
		t.Fatalf("go list -deps %s: %v\n%s", pkg, err, out)
	}
	for _, d := range strings.Fields(string(out)) {
		if d == dep {
			return true
		}
	}
	return false
}
