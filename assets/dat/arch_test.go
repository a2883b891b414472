package dat_test

import (
	"os/exec"
	"strings"
	"testing"
)

// The dat reader imports no display code and nothing of the project
// (DESIGN.md's one direction: the world packages build on it).
func TestDeps_NoDisplayNoProject(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "glidepath/assets/dat", "glidepath/assets/dat/dattest").Output()
	if err != nil {
		t.Skipf("go list: %v", err)
	}
	for _, dep := range strings.Fields(string(out)) {
		if strings.Contains(dep, "ebiten") || strings.HasPrefix(dep, "glidepath/") && !strings.HasPrefix(dep, "glidepath/assets/dat") {
			t.Errorf("assets/dat reaches %s", dep)
		}
	}
}
