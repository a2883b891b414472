//go:build linux

// Standard output and input named as files, as outputs: written through
// the process's descriptor, compared with the other outputs and the inputs
// as the files they are.

package main

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// An output sent to standard output by name (/dev/stdout, /dev/fd/1) is
// written through the process's own descriptor, and the report moves to
// standard error so that it never runs into the output.
func TestOutputs_StandardOutputByName(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the viewer binary")
	}
	want := filepath.Join(t.TempDir(), "want.jsonl")
	if code, _, errs := viewerStdin(t, nil, "run", "-quiet", "-trace", want, farJump); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, name := range []string{"/dev/stdout", "/dev/fd/1"} {
		code, stdout, errs := viewerStdin(t, nil, "run", "-trace", name, farJump)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", name, code, errs)
		}
		if stdout != string(readFile(t, want)) {
			t.Errorf("%s: standard output is not the trace alone:\n%s", name, clipOutput(stdout))
		}
		if !strings.Contains(errs, "ticks at 30 Hz") {
			t.Errorf("%s: the report is not on standard error: %q", name, errs)
		}
	}
}

// Standard input and output are files too: an output that is the file
// standard input was redirected from, or /dev/stdin, would overwrite the
// input; -trace - and -metrics /dev/stdout are one file. Refused, exit 2,
// the input untouched.
func TestOutputs_StandardStreamsComparedAsFiles(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the viewer binary")
	}
	dir := t.TempDir()
	in := filepath.Join(dir, "in.jsonl")
	data := readFile(t, farJump)
	os.WriteFile(in, data, 0o644)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"run", "-", "-trace", in}, "would overwrite the input - (standard input)"},
		{[]string{"run", "-", "-trace", "/dev/stdin"}, "would overwrite the input - (standard input)"},
		{[]string{"run", "-", "-trace", "-", "-metrics", "/dev/stdout"}, "name the same file"},
	} {
		f, err := os.Open(in)
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), streamTimeout)
		cmd := exec.CommandContext(ctx, viewerBinary(t), c.args...)
		cmd.Stdin = f
		out, err := cmd.CombinedOutput()
		cancel()
		f.Close()
		var ee *exec.ExitError
		if !errors.As(err, &ee) || ee.ExitCode() != 2 || !strings.Contains(string(out), c.want) {
			t.Errorf("%v: %v, %s; want exit 2 and %q", c.args, err, out, c.want)
		}
		if string(readFile(t, in)) != string(data) {
			t.Fatalf("%v: the input changed", c.args)
		}
	}
}
