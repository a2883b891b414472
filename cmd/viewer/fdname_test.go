package main

import (
	"fmt"
	"os"
	"runtime"
	"strings"
	"testing"
)

// An input given as `<(…)` — a pipe the shell passes as /dev/fd/63 — is
// named by that path in the report, not "63" (issue 37 item 6): the base
// name of a file descriptor names nothing.
func TestRun_FileDescriptorInputKeepsItsPath(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("/dev/fd of a pipe is Linux's")
	}
	data, err := os.ReadFile(farJump)
	if err != nil {
		t.Fatal(err)
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	go func() {
		w.Write(data)
		w.Close()
	}()
	path := fmt.Sprintf("/dev/fd/%d", r.Fd())
	code, out, errs := viewer(t, "run", path)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.HasPrefix(out, path+": ") {
		t.Errorf("report names the input %q, want %q:\n%s", strings.SplitN(out, ":", 2)[0], path, out)
	}
}
