// Command crosscheck type-checks the module's packages as another operating
// system and architecture would build them: make test's cross-check
// (docs/testing.md). What it is for is a file whose build constraint breaks
// on another system — a name defined only in a _linux.go file, a syscall
// Windows lacks, a package with no file for that system — and finding that
// needs the types, not the machine code, so it type-checks the packages of
// this module from source (go/types, with the target's sizes) and reads the
// types of the standard library and the other modules from their export
// data. Compiling and linking every target stays in make cross-check and
// make release (scripts/release.sh).
//
// Usage:
//
//	go run ./scripts/crosscheck [-targets "GOOS/GOARCH ..."] PACKAGE...
//
// It exits 0 when every package type-checks for every target, 1 when one
// does not (each error as TARGET: FILE:LINE:COL: MESSAGE), 2 for bad usage.
package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// maxErrors bounds the errors printed for one package and target.
const maxErrors = 20

// listed is what `go list -json` says of one package.
type listed struct {
	ImportPath string
	Dir        string
	GoFiles    []string
	ImportMap  map[string]string
	Export     string
	Module     *struct {
		Path      string
		Main      bool
		GoVersion string
	}
	Error      *struct{ Err string }
	DepsErrors []*struct{ Err string }
}

func (p *listed) main() bool { return p.Module != nil && p.Module.Main }

func main() {
	targets := flag.String("targets", "windows/amd64 darwin/arm64", "the `GOOS/GOARCH` pairs to check, separated by spaces")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: go run ./scripts/crosscheck [-targets \"GOOS/GOARCH ...\"] PACKAGE...")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() == 0 {
		flag.Usage()
		os.Exit(2)
	}
	failed := false
	for _, t := range strings.Fields(*targets) {
		goos, goarch, ok := strings.Cut(t, "/")
		if !ok || goos == "" || goarch == "" {
			fmt.Fprintf(os.Stderr, "crosscheck: -targets: %q is not GOOS/GOARCH\n", t)
			os.Exit(2)
		}
		fmt.Printf("cross-check %s (type-check)\n", t)
		problems, err := check(".", goos, goarch, flag.Args())
		if err != nil {
			fmt.Fprintf(os.Stderr, "crosscheck: %s: %v\n", t, err)
			os.Exit(1)
		}
		for _, p := range problems {
			fmt.Fprintf(os.Stderr, "%s: %s\n", t, p)
		}
		if len(problems) > 0 {
			failed = true
		}
	}
	if failed {
		os.Exit(1)
	}
}

// check type-checks the packages of the module in dir among patterns and
// their dependencies for goos/goarch, with cgo off (as the release builds
// are), and returns the problems found, one line each.
func check(dir, goos, goarch string, patterns []string) ([]string, error) {
	env := append(os.Environ(), "GOOS="+goos, "GOARCH="+goarch, "CGO_ENABLED=0")
	pkgs, err := goList(dir, env, append([]string{"-deps"}, patterns...))
	if err != nil {
		return nil, err
	}
	var problems []string
	var others []string
	for _, p := range pkgs {
		if !p.main() {
			others = append(others, p.ImportPath)
			continue
		}
		if p.Error != nil {
			problems = append(problems, p.ImportPath+": "+p.Error.Err)
		}
		for _, e := range p.DepsErrors {
			problems = append(problems, p.ImportPath+": "+e.Err)
		}
	}
	if len(problems) > 0 {
		return problems, nil
	}

	// The export data of every package outside the module: compiled
	// once for the target and kept in the build cache.
	exports := map[string]string{}
	if len(others) > 0 {
		deps, err := goList(dir, env, append([]string{"-export"}, others...))
		if err != nil {
			return nil, err
		}
		for _, p := range deps {
			if p.Error != nil {
				problems = append(problems, p.ImportPath+": "+p.Error.Err)
			}
			exports[p.ImportPath] = p.Export
		}
		if len(problems) > 0 {
			return problems, nil
		}
	}

	fset := token.NewFileSet()
	fromExport := importer.ForCompiler(fset, "gc", func(path string) (io.ReadCloser, error) {
		file, ok := exports[path]
		if !ok || file == "" {
			return nil, fmt.Errorf("no export data for %s", path)
		}
		return os.Open(file)
	})
	checked := map[string]*types.Package{}
	sizes := types.SizesFor("gc", goarch)
	if sizes == nil {
		return nil, fmt.Errorf("unknown GOARCH %q", goarch)
	}
	// go list -deps lists a package after everything it imports.
	for _, p := range pkgs {
		if !p.main() {
			continue
		}
		files := make([]*ast.File, 0, len(p.GoFiles))
		for _, name := range p.GoFiles {
			f, err := parser.ParseFile(fset, filepath.Join(p.Dir, name), nil, parser.SkipObjectResolution)
			if err != nil {
				problems = append(problems, err.Error())
				continue
			}
			files = append(files, f)
		}
		var errs []string
		conf := types.Config{
			Sizes: sizes,
			Importer: importerFunc(func(path string) (*types.Package, error) {
				if mapped, ok := p.ImportMap[path]; ok {
					path = mapped
				}
				if path == "unsafe" {
					return types.Unsafe, nil
				}
				if pkg, ok := checked[path]; ok {
					return pkg, nil
				}
				return fromExport.Import(path)
			}),
			Error: func(err error) {
				if len(errs) < maxErrors {
					errs = append(errs, err.Error())
				}
			},
		}
		if p.Module.GoVersion != "" {
			conf.GoVersion = "go" + p.Module.GoVersion
		}
		pkg, _ := conf.Check(p.ImportPath, fset, files, nil)
		checked[p.ImportPath] = pkg
		problems = append(problems, errs...)
	}
	return problems, nil
}

// goList runs go list -e -json with args in dir and env.
func goList(dir string, env, args []string) ([]*listed, error) {
	cmd := exec.Command("go", append([]string{"list", "-e", "-pgo=off", "-json=ImportPath,Dir,GoFiles,ImportMap,Export,Module,Error,DepsErrors"}, args...)...)
	cmd.Dir = dir
	cmd.Env = env
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go list: %v: %s", err, strings.TrimSpace(stderr.String()))
	}
	var pkgs []*listed
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		p := new(listed)
		if err := dec.Decode(p); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			return nil, fmt.Errorf("go list: reading its output: %v", err)
		}
		pkgs = append(pkgs, p)
	}
	return pkgs, nil
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }
