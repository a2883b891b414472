// The display-free packages stay free of Ebitengine.

package draw

import (
	"os/exec"
	"strings"
	"testing"
)

// TestDisplayFreePackagesDoNotImportEbitengine pins what keeps the viewer's
// logic tested without a display: ui/draw, ui/camera, ui/model,
// ui/overlay, ui/timeline, ui/pipeline, ui/inspect and ui/simsource never
// reach Ebitengine or ebitenui.
func TestDisplayFreePackagesDoNotImportEbitengine(t *testing.T) {
	// One go list run for every package (each run loads the module): each
	// line is a package and every package it depends on.
	pkgs := []string{
		"glidepath/ui/render", "glidepath/ui/draw", "glidepath/ui/camera", "glidepath/ui/model", "glidepath/ui/overlay",
		"glidepath/ui/timeline", "glidepath/ui/pipeline", "glidepath/ui/inspect", "glidepath/ui/simsource",
	}
	out, err := exec.Command("go", append([]string{"list", "-f", `{{.ImportPath}} {{join .Deps " "}}`}, pkgs...)...).CombinedOutput()
	if err != nil {
		t.Fatalf("go list %s: %v\n%s", strings.Join(pkgs, " "), err, out)
	}
	depsOf := map[string][]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		depsOf[f[0]] = f[1:]
	}
	deps := func(pkg string) []string {
		all, ok := depsOf[pkg]
		if !ok {
			t.Fatalf("go list %s: no line for %s", strings.Join(pkgs, " "), pkg)
		}
		var found []string
		for _, dep := range all {
			if strings.HasPrefix(dep, "github.com/hajimehoshi/ebiten") || strings.HasPrefix(dep, "github.com/ebitenui") {
				found = append(found, dep)
			}
		}
		return found
	}
	// The check must see a display import where there is one.
	if len(deps("glidepath/ui/render")) == 0 {
		t.Fatal("go list -deps glidepath/ui/render shows no Ebitengine: the check cannot see imports")
	}
	for _, pkg := range pkgs[1:] {
		for _, dep := range deps(pkg) {
			t.Errorf("%s reaches %s; it must stay free of Ebitengine", pkg, dep)
		}
	}
}
