// Every picture in the docs says how to make it again: beside it, the
// viewer shot or viewer export command line that draws it (its inputs
// shipped, or written by a command beside it), or TestDocShots in
// ui/docshots_test.go for the window states no command line reaches. The
// flags of those command lines are checked by
// TestDocs_EveryDocumentedFlagExists; this test needs no display.

package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// docPictureRE is a picture in a doc: ](img/NAME) or ](docs/img/NAME).
var docPictureRE = regexp.MustCompile(`\]\((?:docs/)?img/([\w.-]+)\)`)

// pictureCommandRE is a command line drawing a picture, up to its closing
// backtick (a caption's command may wrap onto the next line).
var pictureCommandRE = regexp.MustCompile("`viewer (?:shot|export)([^`]*)`")

// pictureInputRE is an input a command line names.
var pictureInputRE = regexp.MustCompile(`^[\w./-]+\.(?:yaml|jsonl|pcap|pcapng|csv)$`)

// pictureMaker is the text after the picture at i in doc, up to the next
// picture or heading: where its caption names what made it.
func pictureMaker(doc string, i int) string {
	rest := doc[i:]
	end := len(rest)
	if j := docPictureRE.FindStringIndex(rest[1:]); j != nil {
		end = j[0] + 1
	}
	if j := strings.Index(rest, "\n#"); j >= 0 && j < end {
		end = j
	}
	return rest[:end]
}

func TestDocs_EveryPictureSaysHowItIsMade(t *testing.T) {
	docs := []string{"README.md"}
	mds, _ := filepath.Glob(filepath.Join("..", "..", "docs", "*.md"))
	for _, m := range mds {
		docs = append(docs, "docs/"+filepath.Base(m))
	}
	docShots := readDoc(t, "ui/docshots_test.go")
	shown := map[string]bool{}
	for _, d := range docs {
		text := readDoc(t, d)
		for _, m := range docPictureRE.FindAllStringSubmatchIndex(text, -1) {
			name := text[m[2]:m[3]]
			shown[name] = true
			maker := pictureMaker(text, m[1])
			if strings.Contains(maker, "TestDocShots") {
				if !strings.Contains(docShots, `"`+name+`"`) {
					t.Errorf("%s: img/%s: the caption says TestDocShots makes it, which has no %q", d, name, name)
				}
				continue
			}
			cmds := pictureCommandRE.FindAllStringSubmatch(maker, -1)
			if len(cmds) == 0 {
				t.Errorf("%s: img/%s: no `viewer shot …`, `viewer export …` or TestDocShots beside it to make it again", d, name)
				continue
			}
			for _, c := range cmds {
				for _, w := range strings.Fields(c[1]) {
					if !pictureInputRE.MatchString(w) {
						continue
					}
					if _, err := os.Stat(filepath.Join("..", "..", filepath.FromSlash(w))); err == nil {
						continue
					}
					if strings.Contains(maker, "-o "+w) {
						continue // written by a command beside it (viewer synth -o)
					}
					t.Errorf("%s: img/%s: %s names %s, which is not in the repository nor written beside it", d, name, c[0], w)
				}
			}
		}
	}
	files, _ := filepath.Glob(filepath.Join("..", "..", "docs", "img", "*"))
	if len(files) == 0 {
		t.Fatal("docs/img holds no pictures")
	}
	for _, f := range files {
		if !shown[filepath.Base(f)] {
			t.Errorf("docs/img/%s is shown by no doc", filepath.Base(f))
		}
	}
}
