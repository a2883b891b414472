// viewer conform from the command line: the corpus init writes, traces
// `viewer run -trace` writes of it, and the exit-status rows.

package main

import (
	"bufio"
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"glidepath/internal/conformcmd"
)

// conformCorpus writes the canonical corpus under dir.
func conformCorpus(t *testing.T, dir string) string {
	t.Helper()
	c := filepath.Join(dir, "corpus")
	if err := conformcmd.Init(c, io.Discard); err != nil {
		t.Fatal(err)
	}
	return c
}

// conformExitCases are conform's rows of the exit-status table.
func conformExitCases(t *testing.T, dir string) []exitCase {
	c := conformCorpus(t, dir)
	empty := filepath.Join(dir, "conform-empty")
	stray := filepath.Join(dir, "conform-stray")
	partial := filepath.Join(dir, "conform-partial")
	for _, d := range []string{empty, stray, partial} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	trace, err := os.ReadFile(filepath.Join(c, "retail", "seed", "far.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(stray, "far.jsonl"), trace, 0o644)
	os.WriteFile(filepath.Join(stray, "elsewhere.jsonl"), trace, 0o644)
	os.WriteFile(filepath.Join(partial, "far.jsonl"), trace, 0o644)
	seed := filepath.Join(c, "retail", "seed")
	return []exitCase{
		{"conform help", []string{"conform", "-h"}, 0, ""},
		{"conform init", []string{"conform", "init", filepath.Join(dir, "corpus2")}, 0, ""},
		{"conform own traces", []string{"conform", c, "-client", seed}, 0, ""},
		{"conform legacy traces", []string{"conform", c, "-client", filepath.Join(c, "retail", "legacy")}, 1, ""},
		{"conform stray trace", []string{"conform", "-client", stray, c}, 2, "elsewhere.jsonl: a trace for no input"},
		{"conform partial traces", []string{"conform", "-client", partial, c}, 0, ""},
		{"conform partial traces strict", []string{"conform", "-strict", "-client", partial, c}, 2, "inputs (-strict): routing.jsonl, walk.jsonl"},
		{"conform no traces", []string{"conform", "-client", empty, c}, 2, "no trace of any input"},
		{"conform no client", []string{"conform", c}, 2, "-client TRACES_DIR is required"},
		{"conform two folders", []string{"conform", c, c, "-client", seed}, 2, "want the corpus folder DIR"},
		{"conform init no folder", []string{"conform", "init"}, 2, "want one folder DIR"},
		{"conform init over a file", []string{"conform", "init", farJump}, 2, "not a folder"},
		{"conform negative tolerance", []string{"conform", "-tol", "-1", "-client", seed, c}, 2, "-tol -1"},
		{"conform unknown reading", []string{"conform", "-reading", "nope", "-client", seed, c}, 2, "nope"},
		{"conform not a corpus", []string{"conform", "-client", seed, dir}, 2, "manifest.json"},
		{"conform junit into a directory", []string{"conform", "-junit", dir, "-client", seed, c}, 2, "-junit " + dir},
		{"conform junit and md one file", []string{"conform", "-junit", filepath.Join(dir, "r.txt"), "-md", filepath.Join(dir, "r.txt"), "-client", seed, c}, 2, "name the same file"},
		{"conform junit over the manifest", []string{"conform", "-junit", filepath.Join(c, "manifest.json"), "-client", seed, c}, 2, "would overwrite the input"},
		// The files conform reads past the manifest: a client trace and an
		// input of the corpus (the JUnit XML replaced them, exit 0).
		{"conform junit over a client trace", []string{"conform", "-junit", filepath.Join(partial, "far.jsonl"), "-client", partial, c}, 2, "-junit " + filepath.Join(partial, "far.jsonl") + " would overwrite the input"},
		{"conform md over a corpus input", []string{"conform", "-md", filepath.Join(c, "inputs", "..", "inputs", "walk.jsonl"), "-client", partial, c}, 2, "would overwrite the input " + filepath.Join(c, "inputs", "walk.jsonl")},
		{"conform junit in missing directory", []string{"conform", "-junit", filepath.Join(dir, "no-such-dir", "j.xml"), "-client", seed, c}, 1, "no-such-dir"},
	}
}

// Traces written by `viewer run -trace` under a reading pass every
// behaviour under that reading, and the JUnit and Markdown files agree
// with the table.
func TestConform_RunTracesPassEveryBehaviour(t *testing.T) {
	dir := t.TempDir()
	c := conformCorpus(t, dir)
	client := filepath.Join(dir, "client")
	os.MkdirAll(client, 0o755)
	for _, in := range conformcmd.Corpus {
		if code, _, errs := viewer(t, "run", "-quiet", "-reading", "ace", "-trace", filepath.Join(client, in.Name+".jsonl"),
			filepath.Join(c, "inputs", in.Name+".jsonl")); code != 0 {
			t.Fatalf("run %s: exit %d: %s", in.Name, code, errs)
		}
	}
	junit := filepath.Join(dir, "conform.xml")
	code, out, errs := viewer(t, "conform", c, "-client", client, "-reading", "ace", "-junit", junit, "-md", filepath.Join(dir, "c.md"))
	if code != 0 {
		t.Fatalf("exit %d: %s%s", code, out, errs)
	}
	n := len(conformcmd.Behaviours)
	if !strings.Contains(out, "behaviours: ") || strings.Count(out, "  pass  ") != n {
		t.Errorf("table does not pass %d behaviours:\n%s", n, out)
	}
	x, err := os.ReadFile(junit)
	if err != nil || !bytes.Contains(x, []byte(`failures="0"`)) || bytes.Count(x, []byte("<testcase ")) != n {
		t.Errorf("junit: %v\n%s", err, x)
	}
}

// A client trace that is a FIFO is refused, not waited on.
func TestConform_TraceThatIsAFIFO(t *testing.T) {
	dir := t.TempDir()
	c := conformCorpus(t, dir)
	client := filepath.Join(dir, "client")
	os.MkdirAll(client, 0o755)
	if err := syscall.Mkfifo(filepath.Join(client, "walk.jsonl"), 0o644); err != nil {
		t.Skip(err)
	}
	code, _, errs := viewer(t, "conform", c, "-client", client)
	if code != 2 || !strings.Contains(errs, "walk.jsonl: is a FIFO, not a regular file") {
		t.Fatalf("exit %d: %s", code, errs)
	}
}

// conformManifestDir makes a folder name under dir holding manifest.json
// written by data, for the hostile-input suite.
func conformManifestDir(t *testing.T, dir, name string, data func(w *bufio.Writer)) string {
	t.Helper()
	d := filepath.Join(dir, name)
	if err := os.MkdirAll(d, 0o755); err != nil {
		t.Fatal(err)
	}
	writeFile(t, d, "manifest.json", data)
	return d
}

// conformHostileManifest is a manifest of one input read from file.
func conformHostileManifest(file string) func(w *bufio.Writer) {
	return func(w *bufio.Writer) {
		w.WriteString(`{"format":"glidepath-conform","version":1,"inputs":[{"name":"walk","file":"` + file + `","behaviours":[{"id":"enqueue.near"}]}]}`)
	}
}

// conformClient is a folder of one client trace, walk.jsonl.
func conformClient(t *testing.T, dir string) string {
	t.Helper()
	d := mkdirIn(t, dir, "conform-client")
	writeFile(t, d, "walk.jsonl", func(w *bufio.Writer) {
		w.WriteString(`{"tick":0,"guid":"0x80000C01","cell":"0xA9B4001C","origin":[90,90,0]}` + "\n")
	})
	return d
}
