// Tests that the full example in docs/scenarios.md compiles, so the
// documentation cannot drift from the format.

package scenario

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

// TestDocs_FullExampleCompiles compiles the first YAML block of
// docs/scenarios.md and checks it produced every kind of event it describes.
func TestDocs_FullExampleCompiles(t *testing.T) {
	doc, err := os.ReadFile("../../docs/scenarios.md")
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(doc), "```yaml\n")
	if !ok {
		t.Fatal("docs/scenarios.md has no yaml block")
	}
	src, _, ok := strings.Cut(rest, "```")
	if !ok {
		t.Fatal("the yaml block does not end")
	}
	rec := compileText(t, src)
	kinds := map[string]int{}
	for _, ev := range rec.Events {
		kinds[ev.Kind.String()]++
	}
	for _, k := range []string{"truth", "position", "motion", "vector", "observer", "note"} {
		if kinds[k] == 0 {
			t.Errorf("the example produced no %s events (%v)", k, kinds)
		}
	}
	if n := len(rec.Header.Entities); n != 51 {
		t.Errorf("%d remotes, want 1 + a crowd of 50", n)
	}
	writeBytes(t, rec)
}

// A crowd's defaults are the ones docs/scenarios.md's crowd table gives:
// a crowd naming only its required fields compiles to the same recording
// as one spelling out name Crowd, legs 10, wait 2 and gait mixed.
func TestDocs_CrowdDefaults(t *testing.T) {
	const bare = "duration: 20\ncrowds:\n  - {count: 3, first_guid: 0x80020000, area: {min: [10, 10], max: [60, 60]}}\n"
	const spelt = "duration: 20\ncrowds:\n  - {count: 3, first_guid: 0x80020000, area: {min: [10, 10], max: [60, 60]}, name: Crowd, legs: 10, wait: 2, gait: mixed}\n"
	a, b := writeBytes(t, compileText(t, bare)), writeBytes(t, compileText(t, spelt))
	if !bytes.Equal(a, b) {
		t.Error("a crowd with the documented defaults spelt out compiles differently from one that leaves them out")
	}
	if !bytes.Contains(a, []byte(`"name":"Crowd 3"`)) {
		t.Error(`the third member is not named "Crowd 3"`)
	}
}
