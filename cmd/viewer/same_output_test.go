// Two outputs naming the same file exit 2 before any work (README, "Exit
// status"): one table would silently replace the other.

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestOutputs_TwoNamingTheSameFileExit2(t *testing.T) {
	dir := t.TempDir()
	same := filepath.Join(dir, "same.csv")
	input, tracePath, _ := ownTrace(t, "sparse-walk")
	alias := filepath.Join(dir, ".", "sub", "..", "same.csv")
	for _, args := range [][]string{
		{"run", "-states", same, "-events", same, input},
		{"run", "-events", same, "-metrics", alias, input},
		{"run", "-states", same, "-metrics", same, "-jobs", "1", input, input},
		{"run", "-trace", same, "-events", same, input},
		{"diff", "-states", same, "-events", same, input, tracePath},
	} {
		code, out, errs := viewer(t, args...)
		if code != 2 || !strings.Contains(errs, "name the same file") || out != "" {
			t.Errorf("%v: exit %d, stderr %q, stdout %q; want exit 2, \"name the same file\"", args, code, errs, out)
		}
		if _, err := os.Stat(same); !os.IsNotExist(err) {
			t.Errorf("%v: %s written (%v)", args, same, err)
		}
	}
}
