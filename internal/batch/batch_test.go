// viewer run over several inputs, beside its code: the tables are the same
// bytes whatever the number of workers, and a bad input is skipped and
// reported while the others are still written.

package batch

import (
	"bytes"
	"errors"
	"flag"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"glidepath/engine/loader"
	"glidepath/internal/cli"
	"glidepath/internal/runcmd"
)

const farJump = "../../engine/testdata/far_jump.jsonl"

// batchRun runs files on jobs workers with an events and a metrics table
// in dir; it returns the two tables' bytes and Run's error.
func batchRun(t *testing.T, dir string, jobs int, files ...string) ([]byte, []byte, error) {
	t.Helper()
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	o := &runcmd.Options{Reading: "seed", Quiet: true, Jobs: jobs}
	o.Tables.Events = filepath.Join(dir, "events.csv")
	o.Tables.Metrics = filepath.Join(dir, "metrics.csv")
	var stdout, stderr bytes.Buffer
	err := Run(files, o, loader.LoadOptions{}, fs, &stdout, &stderr)
	ev, _ := os.ReadFile(o.Tables.Events)
	me, _ := os.ReadFile(o.Tables.Metrics)
	return ev, me, err
}

// TestRun_SameTablesWhateverJobs: one worker or three, the same bytes, and
// each input's rows under its path as given.
func TestRun_SameTablesWhateverJobs(t *testing.T) {
	files := []string{farJump, "../../assets/scenarios/jump.yaml", "../../assets/scenarios/teleport.yaml"}
	ev1, me1, err1 := batchRun(t, t.TempDir(), 1, files...)
	ev3, me3, err3 := batchRun(t, t.TempDir(), 3, files...)
	if err1 != nil || err3 != nil {
		t.Fatal(err1, err3)
	}
	if !bytes.Equal(ev1, ev3) || !bytes.Equal(me1, me3) {
		t.Error("the tables differ between 1 and 3 workers")
	}
	for _, f := range files {
		if !strings.Contains(string(me1), f) {
			t.Errorf("the metrics table has no row of %s", f)
		}
	}
}

// TestRun_BadInputSkippedAndReported: a broken input makes the batch a
// usage error naming it; the good input's rows are still written.
func TestRun_BadInputSkippedAndReported(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "broken.jsonl")
	if err := os.WriteFile(bad, []byte("{\"format\":\"glidepath-recording\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, me, err := batchRun(t, dir, 2, farJump, bad)
	var ue cli.UsageError
	if !errors.As(err, &ue) || !strings.Contains(err.Error(), "broken.jsonl") {
		t.Fatalf("%v, want a usage error naming the broken input", err)
	}
	if !strings.Contains(string(me), farJump) || strings.Contains(string(me), "broken.jsonl") {
		t.Errorf("metrics table:\n%s", me)
	}
}
