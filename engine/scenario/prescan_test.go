// Tests of the pre-scan: nesting bombs and oversized files are refused
// before the YAML library sees them, naming the line, column and limit,
// while ordinary text with brackets and quotes in it is not miscounted.

package scenario

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/goccy/go-yaml/ast"
	yamlparser "github.com/goccy/go-yaml/parser"

	"glidepath/assets"
)

// nestedBlock is depth levels of indented block collections under "x:".
func nestedBlock(depth int, seq bool) string {
	var b strings.Builder
	b.WriteString("duration: 1\nx:\n")
	for i := 1; i < depth; i++ {
		pad := strings.Repeat("  ", i)
		if seq {
			b.WriteString(pad + "-\n")
		} else {
			b.WriteString(pad + "k:\n")
		}
	}
	b.WriteString(strings.Repeat("  ", depth) + "1\n")
	return b.String()
}

func TestPrescan_RefusesNestingBombs(t *testing.T) {
	for _, c := range []struct {
		name, src string
		line      int
	}{
		{"100 000 [", "duration: " + strings.Repeat("[", 100_000), 1},
		{"flow maps", "duration: 1\nx: " + strings.Repeat("{a: ", 70_000), 2},
		{"flow over lines", "duration: 1\nx:\n" + strings.Repeat("  [\n", 100), 1 + MaxNesting},
		{"compact block sequences", "duration: 1\nx:\n  " + strings.Repeat("- ", 100_000) + "1\n", 3},
		{"indented block sequences", nestedBlock(200, true), 1 + MaxNesting},
		{"indented block mappings", nestedBlock(200, false), 2 + MaxNesting},
		{"after a tag", "duration: !t " + strings.Repeat("[", 1000), 1},
		{"after an anchor", "duration: &a " + strings.Repeat("[&b ", 1000), 1},
		{"after an apostrophe in plain text", "description: don't\nduration: " + strings.Repeat("[", 1000), 2},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := Parse("bomb.yaml", []byte(c.src), nil)
			var se *Error
			if !errors.As(err, &se) {
				t.Fatalf("Parse = %v, want an *Error", err)
			}
			want := fmt.Sprintf("nested deeper than %d levels", MaxNesting)
			if se.File != "bomb.yaml" || se.Field != "yaml" || !strings.Contains(se.Problem, want) {
				t.Fatalf("error %q, want bomb.yaml: yaml: …%s…", se, want)
			}
			if se.Line != c.line {
				t.Errorf("error on line %d, want %d: %v", se.Line, c.line, se)
			}
		})
	}
}

// Within the limit the pre-scan lets the library decide, and the scenario's
// own errors follow.
func TestPrescan_PassesNestingWithinTheLimit(t *testing.T) {
	for _, src := range []string{
		"duration: 1\nx: " + strings.Repeat("[", MaxNesting-2) + strings.Repeat("]", MaxNesting-2) + "\n",
		nestedBlock(MaxNesting/2-2, true),
		nestedBlock(MaxNesting-4, false),
	} {
		_, err := Parse("deep.yaml", []byte(src), nil)
		var se *Error
		if !errors.As(err, &se) || strings.Contains(se.Problem, "nested deeper") || se.Field != "x" {
			t.Errorf("Parse = %v, want the unknown field x reported", err)
		}
	}
}

// Brackets in quoted, block and plain text, and comments, are not nesting.
func TestPrescan_TextIsNotNesting(t *testing.T) {
	many := strings.Repeat("[", 3*MaxNesting)
	src := "# " + many + "\n" +
		"description: |\n  " + many + "\n  more " + many + "\n\n" +
		"notes:\n" +
		"  - {t: 1, text: \"" + many + "\\\" " + many + "\"}\n" +
		"  - {t: 2, text: '" + many + "'' " + many + "'}\n" +
		"  - t: 3\n    text: see " + many + " # " + many + "\n" +
		"duration: 10\nremotes: []\n"
	if err := prescan("text.yaml", []byte(src)); err != nil {
		t.Fatalf("prescan: %v", err)
	}
	if _, err := Parse("text.yaml", []byte(src), nil); err != nil {
		t.Fatalf("Parse: %v", err)
	}
}

func TestPrescan_RefusesOversizedFiles(t *testing.T) {
	src := "duration: 1\ndescription: " + strings.Repeat("a", MaxFileSize) + "\n"
	_, err := Parse("big.yaml", []byte(src), nil)
	var se *Error
	if !errors.As(err, &se) || se.Line != 1 || !strings.Contains(se.Problem, fmt.Sprintf("over the limit of %d bytes", MaxFileSize)) {
		t.Fatalf("Parse = %v, want the size limit", err)
	}
}

// The merge-key error names the field it sits in.
func TestParse_MergeKeyErrorNamesTheField(t *testing.T) {
	_, err := Parse("merge.yaml", []byte("duration: 10\nremotes:\n  - guid: 1\n    <<: {position: [1, 1]}\n"), nil)
	var se *Error
	if !errors.As(err, &se) || se.Field != "remotes[0].<<" || se.Line != 4 {
		t.Fatalf("Parse = %v, want merge.yaml:4: remotes[0].<<", err)
	}
}

// collectionDepth is how deeply the YAML library's tree nests collections.
func collectionDepth(n ast.Node) int {
	switch v := n.(type) {
	case *ast.DocumentNode:
		return collectionDepth(v.Body)
	case *ast.MappingNode:
		d := 0
		for _, mv := range v.Values {
			d = max(d, collectionDepth(mv.Key), collectionDepth(mv.Value))
		}
		return 1 + d
	case *ast.MappingValueNode:
		return 1 + max(collectionDepth(v.Key), collectionDepth(v.Value))
	case *ast.MappingKeyNode:
		return collectionDepth(v.Value)
	case *ast.SequenceNode:
		d := 0
		for _, e := range v.Values {
			d = max(d, collectionDepth(e))
		}
		return 1 + d
	case *ast.TagNode:
		return collectionDepth(v.Value)
	case *ast.AnchorNode:
		return collectionDepth(v.Value)
	}
	return 0
}

// FuzzPrescan: whatever the pre-scan lets through, the YAML library's tree
// nests no deeper than the limit — the pre-scan never undercounts.
func FuzzPrescan(f *testing.F) {
	for _, e := range Catalog() {
		data, err := ReadAsset(assets.FS(), e.Name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	for _, s := range []string{"a: [[1], {b: [2]}]\n", "- - - 1\n", "a:\n  - b:\n      - c\n", "a: !t [&x [1]]\n", "a: 'q[' \n", "a: |\n  [[[\nb: 1\n"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 4096 || prescan("fuzz.yaml", data) != nil {
			return
		}
		file, err := yamlparser.ParseBytes(data, 0)
		if err != nil {
			return
		}
		for _, doc := range file.Docs {
			if d := collectionDepth(doc); d > MaxNesting {
				t.Fatalf("the pre-scan passed a tree %d levels deep", d)
			}
		}
	})
}
