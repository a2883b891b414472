//go:build linux

// Inputs read as streams (internal/inputfile, engine/loader): recordings,
// gzip, scenarios, captures and client traces fed through a FIFO or
// standard input ("-", /dev/stdin) to the viewer binary, each under a
// timeout so that a hang fails the test rather than blocking it; an empty
// stream exits 2 naming the file; a sidecar that is a FIFO is skipped with
// a warning, never waited on; -quiet keeps warnings.

package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"glidepath/engine/capture/capturetest"
	"glidepath/engine/enginetest"
)

// streamTimeout bounds each command of these tests.
const streamTimeout = 60 * time.Second

// viewerStdin runs the viewer binary on args with stdin as its standard
// input and returns its exit status, stdout and stderr; a command still
// running after streamTimeout fails the test.
func viewerStdin(t *testing.T, stdin []byte, args ...string) (int, string, string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), streamTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, viewerBinary(t), args...)
	cmd.Env = append(os.Environ(), "DISPLAY=")
	if stdin != nil {
		cmd.Stdin = bytes.NewReader(stdin)
	}
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	if ctx.Err() != nil {
		t.Fatalf("viewer %v still running after %v (killed); stderr:\n%s", args, streamTimeout, clipOutput(errb.String()))
	}
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return ee.ExitCode(), out.String(), errb.String()
	}
	if err != nil {
		t.Fatal(err)
	}
	return 0, out.String(), errb.String()
}

// feedFIFO makes a FIFO at path and writes data into it on a goroutine;
// the returned function lets a writer still waiting for a reader go.
func feedFIFO(t *testing.T, path string, data []byte) func() {
	t.Helper()
	if err := syscall.Mkfifo(path, 0o666); err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		f, err := os.OpenFile(path, os.O_WRONLY, 0)
		if err != nil {
			return
		}
		f.Write(data)
		f.Close()
	}()
	return func() {
		if r, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0); err == nil {
			r.Close()
		}
		<-done
	}
}

func gzipped(b []byte) []byte {
	var z bytes.Buffer
	zw := gzip.NewWriter(&z)
	zw.Write(b)
	zw.Close()
	return z.Bytes()
}

func readFile(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// withoutHeader drops a trace's first line (its header names the input).
func withoutHeader(b []byte) string {
	_, rest, _ := bytes.Cut(b, []byte("\n"))
	return string(rest)
}

func TestInputs_StreamsReadLikeFiles(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the viewer binary")
	}
	dir := t.TempDir()
	rec := readFile(t, farJump)
	jumpYAML := readFile(t, scenarioFile(t, "jump"))
	pcapPath, _ := enginetest.CaptureFile(t, "jitter", "jitter.pcap", capturetest.Config{Format: capturetest.Pcap, Link: capturetest.Ethernet})
	pcap := readFile(t, pcapPath)

	// The traces of the files themselves, to compare with.
	want := map[string]string{}
	for name, path := range map[string]string{"rec": farJump, "yaml": scenarioFile(t, "jump"), "pcap": pcapPath} {
		out := filepath.Join(dir, name+".want")
		if code, _, errs := viewerStdin(t, nil, "run", "-quiet", "-trace", out, path); code != 0 {
			t.Fatalf("%s: exit %d: %s", name, code, errs)
		}
		want[name] = withoutHeader(readFile(t, out))
	}

	for i, c := range []struct {
		name  string
		kind  string // the trace to compare with
		data  []byte
		stdin bool   // fed on standard input, else through a FIFO
		arg   string // the input's name on the command line (stdin only)
	}{
		{"recording on -", "rec", rec, true, "-"},
		{"recording on /dev/stdin", "rec", rec, true, "/dev/stdin"},
		{"gzip recording on -", "rec", gzipped(rec), true, "-"},
		{"recording through a FIFO", "rec", rec, false, ""},
		{"gzip recording through a FIFO", "rec", gzipped(rec), false, ""},
		{"scenario on -", "yaml", jumpYAML, true, "-"},
		{"scenario through a FIFO", "yaml", jumpYAML, false, ""},
		{"capture on -", "pcap", pcap, true, "-"},
		{"gzip capture through a FIFO", "pcap", gzipped(pcap), false, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			out := filepath.Join(dir, "got"+string(rune('a'+i)))
			var code int
			var errs string
			if c.stdin {
				code, _, errs = viewerStdin(t, c.data, "run", "-quiet", "-trace", out, c.arg)
			} else {
				fifo := filepath.Join(dir, "fifo"+string(rune('a'+i)))
				release := feedFIFO(t, fifo, c.data)
				code, _, errs = viewerStdin(t, nil, "run", "-quiet", "-trace", out, fifo)
				release()
			}
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errs)
			}
			if got := withoutHeader(readFile(t, out)); got != want[c.kind] {
				t.Fatalf("the trace differs from the file's (%d bytes, want %d)", len(got), len(want[c.kind]))
			}
		})
	}
}

// An empty stream is bad input (exit 2) naming the file, at once.
func TestInputs_EmptyStreamExits2(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the viewer binary")
	}
	dir := t.TempDir()
	client := filepath.Join(dir, "client.jsonl")
	os.WriteFile(client, []byte(`{"tick":1,"guid":"0x1","pos":[0,0,0]}`+"\n"), 0o644)
	for i, args := range [][]string{
		{"run", "FILE"},
		{"run", "-json", "FILE"},
		{"compile", "FILE", "-o", filepath.Join(dir, "x.jsonl")},
		{"import", "FILE", "-o", filepath.Join(dir, "y.jsonl")},
		{"diff", "FILE", client},
		{"diff", farJump, "FILE"},
	} {
		for _, stdin := range []bool{true, false} {
			name := "-"
			var release func()
			if !stdin {
				name = filepath.Join(dir, "empty"+string(rune('a'+i)))
				release = feedFIFO(t, name, nil)
			}
			a := append([]string(nil), args...)
			for j := range a {
				if a[j] == "FILE" {
					a[j] = name
				}
			}
			code, _, errs := viewerStdin(t, []byte{}, a...)
			if release != nil {
				release()
			}
			if code != 2 || !strings.Contains(errs, "viewer: "+name+":") {
				t.Errorf("%v: exit %d, stderr %q; want 2 naming %s", a, code, errs, name)
			}
		}
	}
}

// compile and import read "-" too; diff reads its input from standard
// input twice (its second run, when something diverged, reads a copy) and
// its client trace from a FIFO, gzip-compressed, with the same report.
func TestInputs_CompileImportDiffFromStreams(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the viewer binary")
	}
	dir := t.TempDir()
	jump := scenarioFile(t, "jump")
	out := filepath.Join(dir, "jump.jsonl")
	if code, _, errs := viewerStdin(t, readFile(t, jump), "compile", "-", "-o", out); code != 0 {
		t.Fatalf("compile -: exit %d: %s", code, errs)
	}
	wantOut := filepath.Join(dir, "want.jsonl")
	viewerStdin(t, nil, "compile", jump, "-o", wantOut)
	if string(readFile(t, out)) != string(readFile(t, wantOut)) {
		t.Error("compile - wrote another recording than compile FILE")
	}

	pcapPath, _ := enginetest.CaptureFile(t, "jitter", "jitter.pcap", capturetest.Config{Format: capturetest.Pcap, Link: capturetest.Ethernet})
	if code, _, errs := viewerStdin(t, readFile(t, pcapPath), "import", "-", "-o", filepath.Join(dir, "imp.jsonl")); code != 0 {
		t.Fatalf("import -: exit %d: %s", code, errs)
	}

	input, client := "../../recordings/corner.yaml", "../../recordings/clients/corner.jsonl"
	wantCode, wantReport, errs := viewerStdin(t, nil, "diff", input, client)
	if wantCode != 1 {
		t.Fatalf("diff of the files: exit %d (want 1, diverged): %s", wantCode, errs)
	}
	code, report, errs := viewerStdin(t, readFile(t, input), "diff", "-", client)
	if code != wantCode {
		t.Fatalf("diff - CLIENT: exit %d: %s", code, errs)
	}
	if withoutHeader([]byte(report)) != withoutHeader([]byte(wantReport)) {
		t.Errorf("diff - CLIENT reports otherwise:\n%s\nwant:\n%s", report, wantReport)
	}
	fifo := filepath.Join(dir, "client")
	release := feedFIFO(t, fifo, gzipped(readFile(t, client)))
	code, report, errs = viewerStdin(t, nil, "diff", input, fifo)
	release()
	if code != wantCode || withoutHeader([]byte(report)) != withoutHeader([]byte(wantReport)) {
		t.Errorf("diff INPUT FIFO: exit %d, %s\n%s", code, errs, report)
	}
}

// A sidecar that is a FIFO blocks nothing: run -json ends, warns that the
// sidecar was skipped and lists no bookmarks — under -quiet too (a warning
// is never silenced).
func TestInputs_SidecarFIFOSkippedWithWarning(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the viewer binary")
	}
	dir := t.TempDir()
	in := filepath.Join(dir, "in.jsonl")
	os.WriteFile(in, readFile(t, farJump), 0o644)
	if err := syscall.Mkfifo(in+".glidepath.json", 0o666); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"run", "-json", in}, {"run", "-quiet", in}} {
		code, stdout, errs := viewerStdin(t, nil, args...)
		if code != 0 || !strings.Contains(errs, "warning") || !strings.Contains(errs, "glidepath.json") || !strings.Contains(errs, "FIFO") {
			t.Errorf("%v: exit %d, stderr %q; want 0 and a warning naming the sidecar", args, code, errs)
		}
		if args[1] == "-json" && !strings.Contains(stdout, `"bookmarks": []`) {
			t.Errorf("%v: stdout lists bookmarks: %s", args, stdout)
		}
	}
}

// A batch run under -quiet still warns of a capture's broken frames.
func TestInputs_QuietBatchKeepsWarnings(t *testing.T) {
	path, _ := liveCapture(t, capturetest.Pcap)
	appendTo(t, path, strings.Repeat("\xff", 64))
	code, stdout, errs := viewer(t, "run", "-quiet", "-jobs", "1", path)
	if code != 0 || stdout != "" || !strings.Contains(errs, "viewer: warning: ") || !strings.Contains(errs, "live.pcap") {
		t.Fatalf("exit %d, stdout %q, stderr %q; want 0, no report and the warning", code, stdout, errs)
	}
}
