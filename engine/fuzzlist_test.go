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

// make test runs the tests of FUZZ_TESTED (Makefile) in the fuzz lane's
// instrumented binaries and leaves them out of test-plain: each must have
// a target in scripts/fuzz.sh (else its tests would run nowhere: the
// script fails then too) and be outside RACE_PKGS (whose tests the race
// pass runs), and the two lanes must be given the list.
func TestMakefile_FuzzTestedRunOnce(t *testing.T) {
	goroutines.NoneStarted(t)
	data, err := os.ReadFile("../Makefile")
	if err != nil {
		t.Fatal(err)
	}
	mk := string(data)
	script, err := os.ReadFile("../scripts/fuzz.sh")
	if err != nil {
		t.Fatal(err)
	}
	race := " " + makeVar(t, mk, "RACE_PKGS") + " "
	tested := strings.Fields(makeVar(t, mk, "FUZZ_TESTED"))
	if len(tested) == 0 {
		t.Fatal("Makefile: FUZZ_TESTED is empty")
	}
	for _, pkg := range tested {
		if !strings.HasPrefix(pkg, "./") {
			t.Errorf("Makefile: FUZZ_TESTED: %s: want a ./ path, as scripts/fuzz.sh names packages", pkg)
		}
		if !strings.Contains(string(script), "\t\""+pkg+" Fuzz") {
			t.Errorf("Makefile: FUZZ_TESTED: %s has no target in scripts/fuzz.sh, so its tests would not run", pkg)
		}
		if strings.Contains(race, " glidepath/"+strings.TrimPrefix(pkg, "./")+" ") {
			t.Errorf("Makefile: FUZZ_TESTED: %s is in RACE_PKGS, whose tests run under the race detector", pkg)
		}
	}
	lines := func(target string) string { return strings.Join(recipe(t, mk, target), "\n") }
	if !strings.Contains(lines("fuzz-short"), `FUZZ_TESTED="$(FUZZ_TESTED)" `) {
		t.Error("Makefile: fuzz-short does not give scripts/fuzz.sh FUZZ_TESTED")
	}
	if !strings.Contains(lines("test-lane-checks"), `test-plain PLAIN_SKIP="$(FUZZ_TESTED)"`) {
		t.Error("Makefile: test-lane-checks does not give test-plain PLAIN_SKIP=\"$(FUZZ_TESTED)\"")
	}
	if !strings.Contains(lines("test-plain"), "$(RACE_PKGS) $(patsubst ./%,glidepath/%,$(PLAIN_SKIP))") {
		t.Error("Makefile: test-plain does not leave out PLAIN_SKIP")
	}
	if !strings.Contains(string(script), `"$bin" -test.paniconexit0 -test.timeout=30m`) {
		t.Error("scripts/fuzz.sh: FUZZ_TESTED's tests are not run with go test's flags")
	}
}
