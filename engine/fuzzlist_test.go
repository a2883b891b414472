// The fuzz targets CI runs are listed in scripts/fuzz.sh (Go fuzzes one
// target per invocation); this test keeps that list complete, so a new
// decoder's fuzz target cannot be left out of make test and make fuzz.

package engine

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"glidepath/internal/goroutines"
)

func TestFuzzScript_ListsEveryFuzzTarget(t *testing.T) {
	goroutines.NoneStarted(t)
	script, err := os.ReadFile("../scripts/fuzz.sh")
	if err != nil {
		t.Fatal(err)
	}
	decl := regexp.MustCompile(`(?m)^func (Fuzz\w+)\(`)
	found := 0
	err = filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && strings.HasPrefix(d.Name(), ".") && path != ".." {
			return filepath.SkipDir
		}
		if !strings.HasSuffix(path, "_test.go") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		pkg := "./" + filepath.ToSlash(filepath.Dir(strings.TrimPrefix(path, "../")))
		for _, m := range decl.FindAllStringSubmatch(string(src), -1) {
			found++
			if entry := `"` + pkg + " " + m[1] + " "; !strings.Contains(string(script), entry) {
				t.Errorf("scripts/fuzz.sh does not run %s (%s): add %sEXECUTIONS\"", m[1], path, entry)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if found == 0 {
		t.Fatal("found no fuzz targets")
	}
}
