// The docs' references to each other hold: a page named with a quoted
// section (`viewer.md "What the viewer remembers"`, `(formats.md,
// "imported events")`, `see "Expectations"`) has a heading of that name,
// and a Markdown link's #anchor is a heading or an <a id> of its page.

package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

var (
	// sectionRefRE is a page followed by a quoted section name: the page
	// as a bare name, in backticks or as a link's target.
	sectionRefRE = regexp.MustCompile(`([a-z][a-z-]*\.md)[)\x60]*,? "([^"\n]+)"`)
	// sameSectionRefRE is a section of the page it is written on.
	sameSectionRefRE = regexp.MustCompile(`\bsee "([^"\n]+)"`)
	// linkRE is a Markdown link to a page and an anchor in it (no page:
	// the page itself).
	linkRE     = regexp.MustCompile(`\]\(([a-zA-Z0-9_./-]*\.md|)#([^)\s]+)\)`)
	headingRE  = regexp.MustCompile(`(?m)^#+ (.*)$`)
	anchorIDRE = regexp.MustCompile(`<a id="([^"]+)"`)
	boldRE     = regexp.MustCompile(`\*\*([^*\n]+)\*\*`)
	mdLinkRE   = regexp.MustCompile(`\[([^\]]*)\]\([^)]*\)`)
	slugDropRE = regexp.MustCompile(`[^\p{L}\p{N}_ -]`)
)

// docPage is a page's section titles (headings, and bold lead-ins, which
// the docs also refer to by name) and its anchors.
type docPage struct {
	titles  []string
	anchors map[string]bool
}

// readDocPage reads a page (relative to the repository root), skipping
// code blocks.
func readDocPage(t *testing.T, rel string) docPage {
	t.Helper()
	var prose strings.Builder
	code := false
	for _, line := range strings.Split(readDoc(t, rel), "\n") {
		if strings.HasPrefix(line, "```") {
			code = !code
			continue
		}
		if !code {
			prose.WriteString(line + "\n")
		}
	}
	text := prose.String()
	p := docPage{anchors: map[string]bool{}}
	seen := map[string]int{}
	for _, m := range headingRE.FindAllStringSubmatch(text, -1) {
		title := mdLinkRE.ReplaceAllString(m[1], "$1")
		p.titles = append(p.titles, strings.ReplaceAll(title, "`", ""))
		slug := headingSlug(title)
		if n, ok := seen[slug]; ok {
			seen[slug] = n + 1
			slug += "-" + strconv.Itoa(n+1)
		} else {
			seen[slug] = 0
		}
		p.anchors[slug] = true
	}
	for _, m := range boldRE.FindAllStringSubmatch(text, -1) {
		p.titles = append(p.titles, strings.ReplaceAll(m[1], "`", ""))
	}
	for _, m := range anchorIDRE.FindAllStringSubmatch(text, -1) {
		p.anchors[m[1]] = true
	}
	return p
}

// headingSlug is GitHub's anchor of a heading: lower case, punctuation
// dropped, spaces to hyphens (a repeated one is numbered by the caller).
func headingSlug(title string) string {
	return strings.ReplaceAll(slugDropRE.ReplaceAllString(strings.ToLower(title), ""), " ", "-")
}

// hasTitle says whether a section of p begins with name (case and
// backticks aside): "Limits" names "Limits", "Tested in a browser" names
// "Tested in a browser: …".
func (p docPage) hasTitle(name string) bool {
	name = strings.ToLower(strings.ReplaceAll(name, "`", ""))
	for _, t := range p.titles {
		if strings.HasPrefix(strings.ToLower(strings.TrimSpace(t)), name) {
			return true
		}
	}
	return false
}

// userDocs are the pages a user reads, relative to the repository root.
func userDocs(t *testing.T) []string {
	t.Helper()
	docs := []string{"README.md", "DEVELOPERS.md"}
	mds, err := filepath.Glob(filepath.Join("..", "..", "docs", "*.md"))
	if err != nil || len(mds) == 0 {
		t.Fatalf("no docs/*.md: %v", err)
	}
	for _, m := range mds {
		docs = append(docs, "docs/"+filepath.Base(m))
	}
	return docs
}

// pageOf resolves a page named in doc (a bare name, or a path relative to
// doc's folder) to a path relative to the repository root.
func pageOf(doc, name string) string {
	if name == "" {
		return doc
	}
	if p := filepath.ToSlash(filepath.Join(filepath.Dir(doc), name)); fileExists(p) {
		return p
	}
	if p := "docs/" + filepath.Base(name); fileExists(p) {
		return p
	}
	return filepath.Base(name)
}

func fileExists(rel string) bool {
	_, err := os.Stat(filepath.Join("..", "..", filepath.FromSlash(rel)))
	return err == nil
}

func TestDocs_SectionReferencesExist(t *testing.T) {
	pages := map[string]docPage{}
	page := func(rel string) (docPage, bool) {
		if !fileExists(rel) {
			return docPage{}, false
		}
		if p, ok := pages[rel]; ok {
			return p, true
		}
		pages[rel] = readDocPage(t, rel)
		return pages[rel], true
	}
	checked := 0
	for _, doc := range userDocs(t) {
		text := readDoc(t, doc)
		for _, m := range sectionRefRE.FindAllStringSubmatch(text, -1) {
			rel := pageOf(doc, m[1])
			p, ok := page(rel)
			checked++
			if !ok {
				t.Errorf("%s: %s %q: no page %s", doc, m[1], m[2], rel)
			} else if !p.hasTitle(m[2]) {
				t.Errorf("%s: %s %q: %s has no section of that name", doc, m[1], m[2], rel)
			}
		}
		for _, m := range sameSectionRefRE.FindAllStringSubmatch(text, -1) {
			p, _ := page(doc)
			checked++
			if !p.hasTitle(m[1]) {
				t.Errorf("%s: see %q: %s has no section of that name", doc, m[1], doc)
			}
		}
		for _, m := range linkRE.FindAllStringSubmatch(text, -1) {
			rel := pageOf(doc, m[1])
			p, ok := page(rel)
			checked++
			if !ok {
				t.Errorf("%s: link to %s#%s: no page %s", doc, m[1], m[2], rel)
			} else if !p.anchors[m[2]] {
				t.Errorf("%s: link to %s#%s: %s has no heading or anchor %q", doc, m[1], m[2], rel, m[2])
			}
		}
	}
	if checked < 100 {
		t.Errorf("checked only %d references: the docs' references were not found", checked)
	}
}

// The slug rule the anchors are checked by is GitHub's.
func TestDocs_HeadingAnchors(t *testing.T) {
	for title, want := range map[string]string{
		"Your client against retail: `viewer diff`": "your-client-against-retail-viewer-diff",
		"Trace against trace: `viewer diff -vs`":    "trace-against-trace-viewer-diff--vs",
		"In the window: `viewer -whatif`":           "in-the-window-viewer--whatif",
		"Tables v1":                                 "tables-v1",
	} {
		if slug := headingSlug(title); slug != want {
			t.Errorf("slug of %q = %q, want %q", title, slug, want)
		}
	}
}
