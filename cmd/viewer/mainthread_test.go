package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"testing"
)

// TestMain_CommandServedOffTheMainThread: main runs the command through
// mainthread.Serve, so that no headless run steps on the main goroutine
// Ebitengine's init locks to its thread (ui/mainthread; docs/benchmarks.md,
// "The main thread": the bare run 0.81–0.84× the wall).
func TestMain_CommandServedOffTheMainThread(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "main.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var served, direct bool
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Name.Name != "main" {
			continue
		}
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			switch fn := call.Fun.(type) {
			case *ast.SelectorExpr:
				if x, ok := fn.X.(*ast.Ident); ok && x.Name == "mainthread" && fn.Sel.Name == "Serve" {
					served = true
					return false // run inside Serve's function is what it serves
				}
			case *ast.Ident:
				if fn.Name == "run" {
					direct = true
				}
			}
			return true
		})
	}
	if !served || direct {
		t.Errorf("main: mainthread.Serve called %v, run called outside it %v; want the command served off the main thread", served, direct)
	}
}
