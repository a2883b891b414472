package main

import (
	"os"
	"strings"
	"testing"
)

// TestProfileRun runs the viewer on the command line in
// GLIDEPATH_PROFILE_ARGS (words split at spaces) so that the test
// binary's own -test.cpuprofile and -test.trace profile one whole run, the
// way a user starts it:
//
//	go test -c -o viewer.test ./cmd/viewer
//	GLIDEPATH_PROFILE_ARGS='run -quiet -states s.parquet ten1000.jsonl' \
//	  ./viewer.test -test.run '^TestProfileRun$' -test.trace run.trace -test.cpuprofile cpu.out
//
// Without the variable it is skipped. It checks only the exit status.
func TestProfileRun(t *testing.T) {
	args := strings.Fields(os.Getenv("GLIDEPATH_PROFILE_ARGS"))
	if len(args) == 0 {
		t.Skip("GLIDEPATH_PROFILE_ARGS not set")
	}
	if code := run(args, os.Stdout, os.Stderr); code != 0 {
		t.Fatalf("viewer %s: exit %d", strings.Join(args, " "), code)
	}
}
