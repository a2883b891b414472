//go:build linux

// Every output of every subcommand against every kind of target
// (internal/atomicfile's target.go): a regular file is replaced whole, a
// symbolic link's destination is written and the link stays a link, a
// character device and a FIFO are written through and stay what they were,
// a directory is refused before any work (exit 2). The devices are nodes
// made with mknod in the test's own directory — never a real /dev node.

package main

import (
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"glidepath/engine/capture/capturetest"
	"glidepath/engine/enginetest"
	"glidepath/internal/importcmd"
)

// Device numbers of the memory devices (Linux's devices.txt): a node made
// with them behaves as /dev/null or /dev/full wherever it is.
const (
	memMajor  = 1
	nullMinor = 3
	fullMinor = 7
)

// mknodChar makes a character device node at path, skipping the test where
// the process may not make one.
func mknodChar(t *testing.T, path string, minor int) {
	t.Helper()
	dev := memMajor<<8 | minor
	if err := syscall.Mknod(path, syscall.S_IFCHR|0o666, dev); err != nil {
		t.Skipf("mknod not permitted here: %v", err)
	}
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		t.Skipf("device nodes cannot be opened here (nodev?): %v", err)
	}
	f.Close()
}

// fifoReader makes a FIFO at path and reads it on a goroutine; the
// returned function waits for what was read (after the command ended: a
// reader still waiting for a writer is let go).
func fifoReader(t *testing.T, path string) func() []byte {
	t.Helper()
	if err := syscall.Mkfifo(path, 0o666); err != nil {
		t.Fatal(err)
	}
	got := make(chan []byte, 1)
	go func() {
		f, err := os.Open(path)
		if err != nil {
			got <- nil
			return
		}
		b, _ := io.ReadAll(f)
		f.Close()
		got <- b
	}()
	return func() []byte {
		// Let a reader waiting for a writer go: opening the write end
		// without waiting succeeds only while a reader is there.
		if w, err := os.OpenFile(path, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
			w.Close()
		}
		select {
		case b := <-got:
			return b
		case <-time.After(10 * time.Second):
			t.Fatal("the FIFO's reader never finished")
			return nil
		}
	}
}

// viewerWithin runs the command line in process, failing the test if it
// has not ended within the limit (a FIFO opened with no reader would hang).
func viewerWithin(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	type result struct {
		code           int
		stdout, stderr string
	}
	done := make(chan result, 1)
	go func() {
		code, out, errs := viewer(t, args...)
		done <- result{code, out, errs}
	}()
	select {
	case r := <-done:
		return r.code, r.stdout, r.stderr
	case <-time.After(60 * time.Second):
		t.Fatalf("viewer %v still running after 60 s", args)
		return 0, "", ""
	}
}

func modeOf(t *testing.T, path string) fs.FileMode {
	t.Helper()
	fi, err := os.Lstat(path)
	if err != nil {
		t.Fatal(err)
	}
	return fi.Mode()
}

// outputCase is one output flag of one subcommand: args builds the command
// line writing to out.
type outputCase struct {
	name string
	args func(out string) []string
	// ext is the output's extension (tables and recordings are named by it).
	ext string
}

func outputCases(t *testing.T) []outputCase {
	jump := scenarioFile(t, "jump")
	pcap, _ := enginetest.CaptureFile(t, "jitter", "jitter.pcap", capturetest.Config{Format: capturetest.Pcap, Link: capturetest.Ethernet})
	return []outputCase{
		{"run -trace", func(o string) []string { return []string{"run", "-quiet", "-trace", o, farJump} }, ".jsonl"},
		{"run -states", func(o string) []string { return []string{"run", "-quiet", "-states", o, farJump} }, ".csv"},
		{"run -events", func(o string) []string { return []string{"run", "-quiet", "-events", o, farJump} }, ".csv"},
		{"run -metrics", func(o string) []string { return []string{"run", "-quiet", "-metrics", o, farJump} }, ".csv"},
		{"run -metrics parquet", func(o string) []string { return []string{"run", "-quiet", "-metrics", o, farJump} }, ".parquet"},
		{"compile -o", func(o string) []string { return []string{"compile", jump, "-o", o} }, ".jsonl"},
		{"synth -o", func(o string) []string { return []string{"synth", "-objects", "1", "-minutes", "0.02", "-o", o} }, ".jsonl"},
		{"import -o", func(o string) []string { return []string{"import", pcap, "-o", o} }, ".jsonl"},
		{"import -events", func(o string) []string {
			return []string{"import", pcap, "-o", filepath.Join(t.TempDir(), "r.jsonl"), "-events", o}
		}, ".csv"},
	}
}

// TestOutputs_EveryKindOfTarget: each subcommand's outputs × {regular
// file, symbolic link, character device, FIFO, directory}.
func TestOutputs_EveryKindOfTarget(t *testing.T) {
	for _, oc := range outputCases(t) {
		t.Run(oc.name, func(t *testing.T) {
			t.Run("regular file", func(t *testing.T) {
				out := filepath.Join(t.TempDir(), "out"+oc.ext)
				os.WriteFile(out, []byte("old"), 0o644)
				if code, _, errs := viewerWithin(t, oc.args(out)...); code != 0 {
					t.Fatalf("exit %d: %s", code, errs)
				}
				if b, _ := os.ReadFile(out); len(b) == 0 || string(b) == "old" {
					t.Fatalf("the file holds %q", b)
				}
				if names := dirNames(t, filepath.Dir(out)); len(names) != 1 {
					t.Fatalf("the directory holds %v: a temporary file was left", names)
				}
			})
			t.Run("symlink", func(t *testing.T) {
				dir := t.TempDir()
				dest := filepath.Join(dir, "real"+oc.ext)
				os.WriteFile(dest, []byte("old"), 0o644)
				link := filepath.Join(dir, "link"+oc.ext)
				if err := os.Symlink("real"+oc.ext, link); err != nil {
					t.Fatal(err)
				}
				if code, _, errs := viewerWithin(t, oc.args(link)...); code != 0 {
					t.Fatalf("exit %d: %s", code, errs)
				}
				if modeOf(t, link)&fs.ModeSymlink == 0 {
					t.Fatal("the link was replaced by a file")
				}
				if b, _ := os.ReadFile(dest); len(b) == 0 || string(b) == "old" {
					t.Fatalf("the link's destination holds %q", b)
				}
			})
			t.Run("character device", func(t *testing.T) {
				dev := filepath.Join(t.TempDir(), "null"+oc.ext)
				mknodChar(t, dev, nullMinor)
				if code, _, errs := viewerWithin(t, oc.args(dev)...); code != 0 {
					t.Fatalf("exit %d: %s", code, errs)
				}
				if m := modeOf(t, dev); m&fs.ModeCharDevice == 0 {
					t.Fatalf("the device is now %v", m)
				}
				if names := dirNames(t, filepath.Dir(dev)); len(names) != 1 {
					t.Fatalf("the directory holds %v: a temporary file was left", names)
				}
			})
			t.Run("full character device", func(t *testing.T) {
				dev := filepath.Join(t.TempDir(), "full"+oc.ext)
				mknodChar(t, dev, fullMinor)
				code, _, errs := viewerWithin(t, oc.args(dev)...)
				if code != 1 || !strings.Contains(errs, dev) || !strings.Contains(errs, "no space left") {
					t.Fatalf("exit %d, stderr %q; want 1 naming %s and the full device", code, errs, dev)
				}
				if m := modeOf(t, dev); m&fs.ModeCharDevice == 0 {
					t.Fatalf("the device is now %v", m)
				}
			})
			t.Run("FIFO", func(t *testing.T) {
				fifo := filepath.Join(t.TempDir(), "pipe"+oc.ext)
				read := fifoReader(t, fifo)
				code, _, errs := viewerWithin(t, oc.args(fifo)...)
				got := read()
				if code != 0 {
					t.Fatalf("exit %d: %s", code, errs)
				}
				if len(got) == 0 {
					t.Fatal("the FIFO's reader got nothing")
				}
				if m := modeOf(t, fifo); m&fs.ModeNamedPipe == 0 {
					t.Fatalf("the FIFO is now %v", m)
				}
			})
			t.Run("directory", func(t *testing.T) {
				d := filepath.Join(t.TempDir(), "d"+oc.ext)
				os.Mkdir(d, 0o755)
				code, _, errs := viewerWithin(t, oc.args(d)...)
				if code != 2 || !strings.Contains(errs, d) || !strings.Contains(errs, "is a directory") {
					t.Fatalf("exit %d, stderr %q; want 2 naming the directory", code, errs)
				}
				if !modeOf(t, d).IsDir() {
					t.Fatal("the directory was replaced")
				}
			})
		})
	}
}

// A FIFO whose reader goes away mid-write: the write fails (EPIPE), the
// run exits 1 naming the file, and the FIFO stays a FIFO.
func TestOutputs_FIFOReaderCloses(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "trace.jsonl")
	if err := syscall.Mkfifo(fifo, 0o666); err != nil {
		t.Fatal(err)
	}
	go func() {
		f, err := os.Open(fifo)
		if err == nil {
			f.Read(make([]byte, 10))
			f.Close()
		}
	}()
	code, _, errs := viewerWithin(t, "run", "-quiet", "-trace", fifo, "-ticks", "3000", "../../assets/scenarios/crowd.yaml")
	if code != 1 || !strings.Contains(errs, fifo) {
		t.Fatalf("exit %d, stderr %q; want 1 naming %s", code, errs, fifo)
	}
	if modeOf(t, fifo)&fs.ModeNamedPipe == 0 {
		t.Fatal("the FIFO was replaced")
	}
}

// Two output flags naming one file — by the same name, through a link, by
// a hard link — and an output naming the input are refused with exit 2
// before any work: no output file appears.
func TestOutputs_SameFileRefusedBeforeWork(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.jsonl")
	data, err := os.ReadFile(farJump)
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(in, data, 0o644)
	os.WriteFile(filepath.Join(dir, "hard.csv"), nil, 0o644)
	os.Link(filepath.Join(dir, "hard.csv"), filepath.Join(dir, "hard2.csv"))
	os.Symlink("s.csv", filepath.Join(dir, "toS.csv"))
	os.Symlink("in.jsonl", filepath.Join(dir, "toIn.jsonl"))
	p := func(name string) string { return filepath.Join(dir, name) }
	for _, c := range []struct {
		name string
		args []string
		want string
	}{
		{"states and events", []string{"run", "-states", p("x.csv"), "-events", p("x.csv"), in}, "name the same file"},
		{"metrics and states by other spellings", []string{"run", "-metrics", p("y.csv"), "-states", dir + "/./y.csv", in}, "name the same file"},
		{"a link and its destination", []string{"run", "-states", p("toS.csv"), "-events", p("s.csv"), in}, "name the same file"},
		{"hard links", []string{"run", "-states", p("hard.csv"), "-metrics", p("hard2.csv"), in}, "name the same file"},
		{"trace and a table", []string{"run", "-trace", p("t.csv"), "-metrics", p("t.csv"), in}, "name the same file"},
		{"trace through a link to the input", []string{"run", "-trace", p("toIn.jsonl"), in}, "would overwrite the input"},
		{"compile output is the input", []string{"compile", in, "-o", p("toIn.jsonl")}, "would overwrite the input"},
		{"import recording and table", []string{"import", in, "-o", p("z.csv"), "-events", p("z.csv")}, "name the same file"},
	} {
		t.Run(c.name, func(t *testing.T) {
			before := dirNames(t, dir)
			code, _, errs := viewerWithin(t, c.args...)
			if code != 2 || !strings.Contains(errs, c.want) {
				t.Fatalf("exit %d, stderr %q; want 2 and %q", code, errs, c.want)
			}
			if after := dirNames(t, dir); strings.Join(after, " ") != strings.Join(before, " ") {
				t.Fatalf("the directory went from %v to %v: work was done", before, after)
			}
			if b, _ := os.ReadFile(in); string(b) != string(data) {
				t.Fatal("the input changed")
			}
		})
	}
}

// dirNames lists dir's entries, in order.
func dirNames(t *testing.T, dir string) []string {
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

// shot's PNG and export's GIF against each kind of target (they need a
// display: run under xvfb-run).
func TestOutputs_ShotAndExportTargets(t *testing.T) {
	needDisplay(t)
	jump := scenarioFile(t, "jump")
	for _, c := range []struct {
		name string
		ext  string
		args func(out string) []string
	}{
		{"shot -o", ".png", func(o string) []string { return []string{"shot", "-size", "200x200", "-o", o, jump} }},
		{"export -o", ".gif", func(o string) []string {
			return []string{"export", "-from", "0", "-to", "1", "-size", "200x200", "-o", o, jump}
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			// A symbolic link: its destination is written, the link stays.
			dest, link := filepath.Join(dir, "real"+c.ext), filepath.Join(dir, "link"+c.ext)
			os.Symlink("real"+c.ext, link)
			if code, out := viewerProcess(t, c.args(link)...); code != 0 {
				t.Fatalf("symlink: exit %d: %s", code, out)
			}
			if modeOf(t, link)&fs.ModeSymlink == 0 {
				t.Error("symlink: the link was replaced")
			}
			if b, _ := os.ReadFile(dest); len(b) < 8 {
				t.Error("symlink: the destination is empty")
			}
			// A character device: written through, still a device.
			dev := filepath.Join(dir, "null"+c.ext)
			mknodChar(t, dev, nullMinor)
			if code, out := viewerProcess(t, c.args(dev)...); code != 0 {
				t.Fatalf("device: exit %d: %s", code, out)
			}
			if modeOf(t, dev)&fs.ModeCharDevice == 0 {
				t.Error("device: replaced")
			}
			// A FIFO: its reader gets the image.
			fifo := filepath.Join(dir, "pipe"+c.ext)
			read := fifoReader(t, fifo)
			code, out := viewerProcess(t, c.args(fifo)...)
			got := read()
			if code != 0 || len(got) < 8 || modeOf(t, fifo)&fs.ModeNamedPipe == 0 {
				t.Errorf("FIFO: exit %d, %d bytes read: %s", code, len(got), out)
			}
			// A directory: exit 2, untouched.
			d := filepath.Join(dir, "d"+c.ext)
			os.Mkdir(d, 0o755)
			if code, out := viewerProcess(t, c.args(d)...); code != 2 || !strings.Contains(out, "is a directory") {
				t.Errorf("directory: exit %d: %s", code, out)
			}
			if n := len(dirNames(t, dir)); n != 5 {
				t.Errorf("the directory holds %v: a temporary file was left", dirNames(t, dir))
			}
		})
	}
}

// A capture long enough to be written in pieces cannot go to a FIFO (the
// pieces are files beside OUT): exit 2 saying so, nothing made beside it.
func TestOutputs_ImportPiecesRefuseAFIFO(t *testing.T) {
	defer func(n int) { importcmd.PieceEvents = n }(importcmd.PieceEvents)
	importcmd.PieceEvents = 60
	path, _ := enginetest.CaptureFile(t, "default", "default.pcap", capturetest.Config{Format: capturetest.Pcap, Link: capturetest.Ethernet})
	dir := t.TempDir()
	fifo := filepath.Join(dir, "out.jsonl")
	read := fifoReader(t, fifo)
	code, _, errs := viewerWithin(t, "import", path, "-o", fifo)
	read()
	if code != 2 || !strings.Contains(errs, "name a file") || !strings.Contains(errs, fifo) {
		t.Fatalf("exit %d, stderr %q; want 2 naming the FIFO", code, errs)
	}
	if names := dirNames(t, dir); len(names) != 1 || modeOf(t, fifo)&fs.ModeNamedPipe == 0 {
		t.Fatalf("the directory holds %v", names)
	}
}
