// docs/viewer.md stays in step with the keymap and the overlays.

package ui

import (
	"maps"
	"os"
	"slices"
	"strings"
	"testing"

	"glidepath/ui/overlay"
	"glidepath/ui/panel"
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

// docs/viewer.md's Keys table and the window's keys are one list: every
// key the keymap, the Ctrl keys and the overlay legend bind is in the
// table's key column, and every key the column names is bound — no key
// listed that does nothing, none that works unlisted.
func TestDocs_KeysTableIsTheKeymap(t *testing.T) {
	data, err := os.ReadFile("../docs/viewer.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(data)
	i := strings.Index(doc, "\n## Keys\n")
	if i < 0 {
		t.Fatal("docs/viewer.md has no Keys section")
	}
	section := doc[i+1:]
	section = section[:strings.Index(section, "\nMouse:")]
	listed := map[string]bool{}
	for _, line := range strings.Split(section, "\n") {
		cells := strings.Split(line, " | ")
		if !strings.HasPrefix(line, "| ") || len(cells) < 2 || strings.HasPrefix(line, "| key ") || strings.HasPrefix(line, "|---") {
			continue
		}
		col := strings.TrimPrefix(cells[0], "| ")
		sep := " / "
		if strings.HasPrefix(cells[1], "toggle an overlay") {
			sep = " "
		}
		for _, k := range strings.Split(col, sep) {
			listed[k] = true
		}
	}
	bound := map[string]bool{}
	table := keymap()
	for _, b := range table {
		name := b.name
		if name == "" { // a Shift variant described in its plain key's text
			for _, p := range table {
				if p.key == b.key && !p.shift && p.name != "" {
					name = "Shift+" + p.name
				}
			}
		}
		bound[name] = true
	}
	for _, c := range ctrlHelp {
		bound[c[0]] = true
	}
	for _, k := range slices.Sorted(maps.Keys(bound)) {
		if !listed[k] {
			t.Errorf("the key %s is bound but docs/viewer.md's Keys table does not list it", k)
		}
	}
	for _, k := range slices.Sorted(maps.Keys(listed)) {
		if !bound[k] {
			t.Errorf("docs/viewer.md's Keys table lists %q, which no key of the window is bound to", k)
		}
	}
}

// The help overlay names every gesture the window's mouse routing takes
// (routeMouse, camera.Controller, the timeline strip), as docs/viewer.md's
// Mouse paragraph does: middle-drag pans, a timeline mark selects, the
// plot's field and plot names, the legend rows and the pipeline's stage
// headings take clicks.
func TestHelp_NamesEveryGesture(t *testing.T) {
	var help strings.Builder
	for _, m := range panel.MouseHelp {
		help.WriteString(m[0] + ": " + m[1] + "\n")
	}
	for _, g := range []string{"middle-drag", "a mark selects its object", "plot: a field's name", "the plot's name", "legend row: toggle", "stage: a pipeline stage's heading", "list row", "lane name", "Shift-drag", "panel edge"} {
		if !strings.Contains(help.String(), g) {
			t.Errorf("the help's mouse rows do not say %q:\n%s", g, help.String())
		}
	}
	data, err := os.ReadFile("../docs/viewer.md")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), "Mouse: drag (or middle-drag) pans") {
		t.Error("docs/viewer.md's Mouse paragraph does not say that middle-drag pans")
	}
}
