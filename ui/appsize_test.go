package ui

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"
)

// TestAppStaysSmall keeps docs/architecture.md's word that the window's
// app holds at most 40 methods: the rest live on small types with their
// own state (bookmarks, the filter box, the status bar, the split view…),
// and a new behaviour goes on one of them or a new one.
func TestAppStaysSmall(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	fset := token.NewFileSet()
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(fset, f, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range file.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Recv == nil || len(fn.Recv.List) != 1 {
				continue
			}
			typ := fn.Recv.List[0].Type
			if star, ok := typ.(*ast.StarExpr); ok {
				typ = star.X
			}
			if id, ok := typ.(*ast.Ident); ok && id.Name == "app" {
				n++
			}
		}
	}
	if n == 0 {
		t.Fatal("no method of app found: the test reads the wrong folder")
	}
	if n > 40 {
		t.Errorf("app has %d methods, more than the 40 docs/architecture.md allows: put the new behaviour on a small type", n)
	}
}
