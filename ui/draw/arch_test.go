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
	deps := func(pkg string) []string {
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
	// The check must see a display import where there is one.
	if len(deps("glidepath/ui/render")) == 0 {
		t.Fatal("go list -deps glidepath/ui/render shows no Ebitengine: the check cannot see imports")
	}
	for _, pkg := range []string{
		"glidepath/ui/draw", "glidepath/ui/camera", "glidepath/ui/model", "glidepath/ui/overlay",
		"glidepath/ui/timeline", "glidepath/ui/pipeline", "glidepath/ui/inspect", "glidepath/ui/simsource",
	} {
		for _, dep := range deps(pkg) {
			t.Errorf("%s reaches %s; it must stay free of Ebitengine", pkg, dep)
		}
	}
}
