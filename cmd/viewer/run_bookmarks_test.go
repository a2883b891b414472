package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"glidepath/engine/bookmarks"
)

// copyInput copies farJump into a fresh directory, so a sidecar can sit
// beside it.
func copyInput(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile(farJump)
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), "far_jump.jsonl")
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// viewer run -json lists the sidecar's bookmarks beside the metrics, whose
// fields keep their names.
func TestRun_JSONListsTheBookmarks(t *testing.T) {
	in := copyInput(t)
	sc, err := bookmarks.Load(in)
	if err != nil {
		t.Fatal(err)
	}
	sc.Bookmarks.Add(60, "the far jump")
	sc.Bookmarks.Add(12, "start")
	if err := sc.Save(); err != nil {
		t.Fatal(err)
	}
	code, out, errs := viewer(t, "run", "-json", in)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var doc struct {
		Input     string               `json:"input"`
		Objects   []json.RawMessage    `json:"objects"`
		Bookmarks []bookmarks.Bookmark `json:"bookmarks"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	want := []bookmarks.Bookmark{{Tick: 12, Label: "start"}, {Tick: 60, Label: "the far jump"}}
	if !reflect.DeepEqual(doc.Bookmarks, want) {
		t.Errorf("bookmarks %v, want %v", doc.Bookmarks, want)
	}
	if doc.Input != "far_jump.jsonl" || len(doc.Objects) == 0 {
		t.Errorf("the report's fields are gone: input %q, %d objects", doc.Input, len(doc.Objects))
	}
	code, out, _ = viewer(t, "run", in)
	if code != 0 || !strings.Contains(out, "tick 60 (2.00 s)  the far jump") {
		t.Errorf("the table does not list the bookmarks:\n%s", out)
	}
}

func TestRun_JSONWithoutSidecarListsNone(t *testing.T) {
	code, out, errs := viewer(t, "run", "-json", copyInput(t))
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	if !strings.Contains(out, `"bookmarks": []`) {
		t.Errorf("want an empty bookmarks list:\n%s", out)
	}
}

// A sidecar that cannot be read is a warning naming it and its line; the
// run succeeds and the file is left as it was.
func TestRun_UnreadableSidecarIsReportedAndLeftAlone(t *testing.T) {
	in := copyInput(t)
	body := "{\"version\": 1,\n\"bookmarks\": [{\"tick\": \"soon\"}]}"
	os.WriteFile(bookmarks.Path(in), []byte(body), 0o644)
	code, out, errs := viewer(t, "run", "-json", in)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(errs, "warning: "+bookmarks.Path(in)+":2: bookmarks[0]") {
		t.Errorf("stderr %q does not name the sidecar and line", errs)
	}
	if !strings.Contains(out, `"bookmarks": []`) {
		t.Errorf("want an empty list:\n%s", out)
	}
	if got, _ := os.ReadFile(bookmarks.Path(in)); string(got) != body {
		t.Errorf("the sidecar changed: %s", got)
	}
}
