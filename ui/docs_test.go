// docs/viewer.md stays in step with the keymap and the overlays.

package ui

import (
	"os"
	"strings"
	"testing"

	"glidepath/ui/overlay"
)

// docs/viewer.md lists every key the viewer binds and every overlay with
// its key, so the page and the keymap cannot drift apart.
func TestDocs_ViewerPageListsEveryKeyAndOverlay(t *testing.T) {
	data, err := os.ReadFile("../docs/viewer.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(data)
	for _, b := range keymap() {
		if b.name == "" || b.cmd >= cmdLayer {
			continue
		}
		for _, part := range strings.Split(b.name, "+") {
			if !strings.Contains(doc, part) {
				t.Errorf("docs/viewer.md does not mention the key %q (%s)", b.name, b.help)
			}
		}
	}
	for _, e := range overlay.Legend() {
		if !strings.Contains(doc, "| "+e.Key+" | "+e.Name+" |") {
			t.Errorf("docs/viewer.md has no overlay row for %s (%s)", e.Name, e.Key)
		}
	}
	for _, img := range []string{"viewer.png", "compare.png", "crowd.png", "crowd-1000.png", "wall-top-down.png", "slopes-perspective.png", "bookmarks.png", "cliff-export.gif", "several.png", "runner-cause.png"} {
		if !strings.Contains(doc, "img/"+img) {
			t.Errorf("docs/viewer.md does not show %s", img)
		}
		if _, err := os.Stat("../docs/img/" + img); err != nil {
			t.Errorf("docs/img/%s: %v", img, err)
		}
	}
}
