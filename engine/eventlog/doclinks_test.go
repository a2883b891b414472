// Tests that the user-facing references hold: every anchor of
// docs/pipeline.md cited in the documentation or in a Go string exists there,
// and the documentation points users at it rather than at the research
// documents they do not have (only docs/pipeline.md names those, as its
// sources).

package eventlog

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"glidepath/interp"
	"glidepath/physics"
)

var (
	anchorDef  = regexp.MustCompile(`<a id="([a-z0-9-]+)"></a>`)
	anchorCite = regexp.MustCompile(`pipeline\.md#([a-z0-9-]+)`)
	seedCite   = regexp.MustCompile(`seed 0\d\d|seed-0\d\d|READINGS\.md`)
)

// repoFiles returns the repository's Markdown and Go files, relative to
// the repository root.
func repoFiles(t *testing.T) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir("../..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == ".git" || d.Name() == "testdata") {
			return filepath.SkipDir
		}
		if strings.HasSuffix(path, ".md") || strings.HasSuffix(path, ".go") {
			out = append(out, path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestDocs_PipelineAnchorsExist checks every cited anchor is defined.
func TestDocs_PipelineAnchorsExist(t *testing.T) {
	page, err := os.ReadFile("../../docs/pipeline.md")
	if err != nil {
		t.Fatal(err)
	}
	defined := map[string]bool{}
	for _, m := range anchorDef.FindAllStringSubmatch(string(page), -1) {
		defined[m[1]] = true
	}
	for _, want := range []string{"deliver", "move-or-teleport", "interpolate-to", "adjust-offset", "stall-window", "use-time", "blip", "constants"} {
		if !defined[want] {
			t.Errorf("docs/pipeline.md has no #%s", want)
		}
	}
	cited := 0
	for _, path := range repoFiles(t) {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range anchorCite.FindAllStringSubmatch(string(data), -1) {
			cited++
			if !defined[m[1]] {
				t.Errorf("%s cites pipeline.md#%s, which docs/pipeline.md does not define", path, m[1])
			}
		}
	}
	if cited < 20 {
		t.Errorf("found %d citations of docs/pipeline.md anchors; the docs should cite it throughout", cited)
	}
}

// TestDocs_CitePipelineNotSeeds checks the user-facing pages cite
// docs/pipeline.md, not the research documents: only pipeline.md's own
// sources section names them.
func TestDocs_CitePipelineNotSeeds(t *testing.T) {
	pages, err := filepath.Glob("../../docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	pages = append(pages, "../../README.md")
	for _, path := range pages {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		text := string(data)
		if strings.HasSuffix(path, "pipeline.md") {
			text, _, _ = strings.Cut(text, `<a id="sources"></a>`)
		}
		for i, line := range strings.Split(text, "\n") {
			if m := seedCite.FindString(line); m != "" {
				t.Errorf("%s:%d cites %q; point users at docs/pipeline.md instead", path, i+1, m)
			}
		}
	}
}

// TestDocs_EveryStageBranchAndEventHasALink checks the doc links cover
// every stage, routing branch, InterpolateTo branch and event kind, and
// point into docs/pipeline.md (whose anchors the test above checks).
func TestDocs_EveryStageBranchAndEventHasALink(t *testing.T) {
	var links []string
	for s := physics.Stage(0); s < physics.NumStages; s++ {
		links = append(links, StageDoc(s))
	}
	for r := physics.RouteTeleport; r <= physics.RouteWrongInstance; r++ {
		links = append(links, RouteDoc(r))
	}
	for b := interp.BranchFar; b <= interp.BranchNear; b++ {
		links = append(links, BranchDoc(b))
	}
	for k := EventRoute; k < NumEventKinds; k++ {
		links = append(links, k.Doc())
	}
	links = append(links, TickDoc, DeliverDoc)
	for _, l := range links {
		if !strings.HasPrefix(l, PipelineDoc+"#") {
			t.Errorf("link %q does not point into %s", l, PipelineDoc)
		}
	}
	if StageDoc(physics.StageUseTime) == StageDoc(physics.StageRootMotion) || RouteDoc(physics.RouteStalePosition) == RouteDoc(physics.RouteTeleport) {
		t.Error("distinct stages and branches share one link")
	}
}

// sectionAt is docs/pipeline.md's text from the anchor id to the next
// anchor of the page (a sub-step's inline anchor included): what a link to
// #id shows first.
func sectionAt(t *testing.T, page, id string) string {
	t.Helper()
	start := strings.Index(page, `<a id="`+id+`"></a>`)
	if start < 0 {
		t.Fatalf("docs/pipeline.md has no #%s", id)
	}
	rest := page[start+len(id)+len(`<a id=""></a>`):]
	if end := strings.Index(rest, `<a id="`); end >= 0 {
		rest = rest[:end]
	}
	return strings.ToLower(rest)
}

// Each event kind's link leads to a section that speaks of that event by
// its name (or, for the messages Deliver handles, of the message): a pop or
// a hitch linked to Deliver, which says nothing of either, sends the reader
// to the wrong place.
func TestDocs_EachEventLinkSpeaksOfIt(t *testing.T) {
	data, err := os.ReadFile("../../docs/pipeline.md")
	if err != nil {
		t.Fatal(err)
	}
	page := string(data)
	words := map[EventKind]string{
		EventRoute: "branch", EventEnqueue: "queue", EventNodeComplete: "popped", EventStallWindow: "window",
		EventContact: "contact", EventMotion: "updatemotion", EventVector: "vector", EventCreate: "createobject",
		EventDelete: "delete", EventNote: "note",
	}
	for k := EventRoute; k < NumEventKinds; k++ {
		word, ok := words[k]
		if !ok {
			word = strings.ReplaceAll(k.Info().Name, "_", " ")
		}
		id := strings.TrimPrefix(k.Doc(), PipelineDoc+"#")
		if !strings.Contains(sectionAt(t, page, id), word) {
			t.Errorf("%s links to #%s, which does not speak of %q", k.Info().Name, id, word)
		}
	}
}
