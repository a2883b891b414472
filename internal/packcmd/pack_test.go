// The work of viewer pack, beside it, with its steps' commands faked (each
// writes the files its flags name and echoes its arguments): the pack holds
// every file, is published whole (atomicfile.CreateDir), and a failed step,
// a directory that is not empty or a FIFO in the way leave nothing behind
// and change nothing. The commands themselves are cmd/viewer's (pack_test.go
// there remakes every file with them).

package packcmd

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"

	"glidepath/internal/cli"
	"glidepath/interp"
)

const farJump = "../../engine/testdata/far_jump.jsonl"

// fakeRun stands for the viewer's commands: it writes each file named by
// -o, -states or -events and prints its arguments (shrink's -o is the
// input itself, a shrinking that kept everything, since the pack replays
// it to find the event it shows); fail makes the step whose first
// argument it is fail.
func fakeRun(fail string) func(args []string, stdout, stderr io.Writer) error {
	return func(args []string, stdout, stderr io.Writer) error {
		if args[0] == fail {
			return errors.New("step failed")
		}
		for i, a := range args {
			if (a == "-o" || a == "-states" || a == "-events") && i+1 < len(args) {
				data := []byte(args[0] + "\n")
				if args[0] == "shrink" {
					in, err := os.ReadFile(args[len(args)-1])
					if err != nil {
						return err
					}
					data = in
				}
				if err := os.WriteFile(args[i+1], data, 0o644); err != nil {
					return err
				}
			}
		}
		fmt.Fprintln(stdout, strings.Join(args, " "))
		return nil
	}
}

func packOptions(out, fail string) Options {
	return Options{At: 30, Window: 30, Reading: interp.SeedReading(), Out: out, Run: fakeRun(fail)}
}

func names(t *testing.T, dir string) []string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range ents {
		out = append(out, e.Name())
	}
	return out
}

// TestRun_PackHoldsEveryFile: the pack directory holds the README, the
// shrunk recording, the tables, the cause chains, the messages, the
// reading and the version, and the README names the moment's event.
func TestRun_PackHoldsEveryFile(t *testing.T) {
	root := t.TempDir()
	out := filepath.Join(root, "pack")
	var stdout, stderr bytes.Buffer
	if err := Run(farJump, packOptions(out, ""), &stdout, &stderr); err != nil {
		t.Fatalf("%v\n%s", err, stderr.String())
	}
	got := names(t, out)
	for _, f := range []string{FileReadme, FileRecording, FileStates, FileEvents, FileCauseText, FileCauseJSON, FileMessages, FileRaw, FileReading, FileVersion} {
		if !slices.Contains(got, f) {
			t.Errorf("the pack lacks %s (holds %q)", f, got)
		}
	}
	readme, _ := os.ReadFile(filepath.Join(out, FileReadme))
	if !strings.Contains(string(readme), "blip guid=0x") {
		t.Errorf("README does not give the -keep expression:\n%s", readme)
	}
	if !strings.HasPrefix(stdout.String(), "wrote "+out+": blip of 0x") {
		t.Errorf("stdout %q", stdout.String())
	}
	if got := names(t, root); !slices.Equal(got, []string{"pack"}) {
		t.Errorf("beside the pack: %q", got)
	}
}

// TestRun_FailedStepLeavesNothing: a step that fails leaves no pack and
// no temporary directory.
func TestRun_FailedStepLeavesNothing(t *testing.T) {
	root := t.TempDir()
	var stdout, stderr bytes.Buffer
	err := Run(farJump, packOptions(filepath.Join(root, "pack"), "run"), &stdout, &stderr)
	if err == nil || !strings.Contains(err.Error(), "step failed") {
		t.Fatalf("err %v", err)
	}
	if got := names(t, root); len(got) != 0 {
		t.Errorf("left behind: %q", got)
	}
}

// TestRun_RefusesWhatItWouldReplace: a directory that holds files, a file
// and a FIFO are bad usage naming what they are, and stay as they were.
func TestRun_RefusesWhatItWouldReplace(t *testing.T) {
	root := t.TempDir()
	full := filepath.Join(root, "full")
	os.Mkdir(full, 0o755)
	os.WriteFile(filepath.Join(full, "mine.txt"), []byte("mine"), 0o644)
	file := filepath.Join(root, "notes.txt")
	os.WriteFile(file, []byte("notes"), 0o644)
	fifo := filepath.Join(root, "pipe")
	if err := syscall.Mkfifo(fifo, 0o666); err != nil {
		t.Skip(err)
	}
	for _, c := range []struct{ out, want string }{
		{full, "the directory exists and is not empty"},
		{file, "notes.txt: is a file, not a directory"},
		{fifo, "pipe: is a FIFO, not a directory"},
	} {
		var stdout, stderr bytes.Buffer
		err := Run(farJump, packOptions(c.out, ""), &stdout, &stderr)
		var ue cli.UsageError
		if !errors.As(err, &ue) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("-o %s: %v, want a usage error saying %q", c.out, err, c.want)
		}
	}
	if got := names(t, root); !slices.Equal(got, []string{"full", "notes.txt", "pipe"}) {
		t.Errorf("the folder holds %q", got)
	}
	if got := names(t, full); !slices.Equal(got, []string{"mine.txt"}) {
		t.Errorf("the full directory holds %q", got)
	}
}
