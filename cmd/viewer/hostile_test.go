// The hostile-input suite: inputs built at test time to exhaust memory or
// time — nesting bombs, millions of notes, gzip bombs, absurd tick counts —
// each run through the real viewer binary as a subprocess under an address
// space limit and a timeout. Each must end with its documented exit status
// and message, never with a crash, a goroutine dump or the kernel's OOM
// killer. The signal tests interrupt a long run the same way.

package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

var (
	binOnce sync.Once
	binPath string
	binErr  error
	binDir  string
)

func TestMain(m *testing.M) {
	code := m.Run()
	stopBrowser() // the browser tests' Chromium (web_browser_test.go)
	if binDir != "" {
		os.RemoveAll(binDir)
	}
	os.Exit(code)
}

// viewerBinary builds the viewer once per test run, or takes the one
// GLIDEPATH_VIEWER_BIN names (make test-display builds it once, with the
// test binary's build flags, so that the two share their packages).
func viewerBinary(t *testing.T) string {
	t.Helper()
	binOnce.Do(func() {
		if p := os.Getenv("GLIDEPATH_VIEWER_BIN"); p != "" {
			if fi, err := os.Stat(p); err != nil {
				binErr = fmt.Errorf("GLIDEPATH_VIEWER_BIN: %v", err)
			} else if !fi.Mode().IsRegular() {
				binErr = fmt.Errorf("GLIDEPATH_VIEWER_BIN=%s: not a regular file", p)
			}
			binPath = p
			return
		}
		binDir, binErr = os.MkdirTemp("", "viewer-bin-")
		if binErr != nil {
			return
		}
		binPath = filepath.Join(binDir, "viewer")
		out, err := exec.Command("go", "build", "-o", binPath, ".").CombinedOutput()
		if err != nil {
			binErr = errors.New(string(out))
		}
	})
	if binErr != nil {
		t.Fatalf("building the viewer: %v", binErr)
	}
	return binPath
}

// hostileLimits are the bounds every case runs under: the address space
// (ulimit -v, KiB), the memory guard's limit and the wall time.
const (
	hostileAddressSpaceKiB = 6 << 20 // 6 GiB: well above what Go reserves
	hostileMemoryLimit     = "1GiB"
	hostileTimeout         = 60 * time.Second
)

// runHostile runs the viewer binary on args under the limits and returns
// its exit status and stderr.
func runHostile(t *testing.T, env []string, args ...string) (int, string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), hostileTimeout)
	defer cancel()
	script := `ulimit -v ` + strconv.Itoa(hostileAddressSpaceKiB) + ` && exec "$0" "$@"`
	cmd := exec.CommandContext(ctx, "sh", append([]string{"-c", script, viewerBinary(t)}, args...)...)
	cmd.Env = append(append(os.Environ(), "DISPLAY=", "GLIDEPATH_MEMORY_LIMIT="+hostileMemoryLimit), env...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := cmd.Run()
	if ctx.Err() != nil {
		t.Fatalf("still running after %v (killed); stderr:\n%s", hostileTimeout, clipOutput(stderr.String()))
	}
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return ee.ExitCode(), stderr.String()
	}
	if err != nil {
		t.Fatal(err)
	}
	return 0, stderr.String()
}

func clipOutput(s string) string {
	if len(s) > 2000 {
		return s[:2000] + "…"
	}
	return s
}

// writeFile writes what data writes to name in dir, gzip-compressed when
// name ends in .gz. The bytes stream to the file as data writes them (the
// hostile inputs are up to 256 MiB before compression): gathered in memory
// first, their buffer's growth zeroed and copied about twice their size
// again, 2 of the 31 CPU s of this package's tests in their own process
// (docs/testing.md, "The tests one by one, 2026-12-08"). The file is the
// same, byte for byte (the compressor's output does not depend on how its
// input is cut into writes).
func writeFile(t *testing.T, dir, name string, data func(w *bufio.Writer)) string {
	t.Helper()
	path := filepath.Join(dir, name)
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var w io.Writer = f
	var zw *gzip.Writer
	if strings.HasSuffix(name, ".gz") {
		zw, _ = gzip.NewWriterLevel(f, gzip.BestSpeed)
		w = zw
	}
	bw := bufio.NewWriterSize(w, 64<<10)
	data(bw)
	err = bw.Flush()
	if zw != nil && err == nil {
		err = zw.Close()
	}
	if err == nil {
		err = f.Close()
	}
	if err != nil {
		t.Fatal(err)
	}
	return path
}

// datagramGood is one well-formed line of the datagram JSONL format.
const datagramGood = `{"t": 0.0, "dir": "c2s", "pair": 0, "len": 2, "data": "0000"}` + "\n"

const hostileHeader = `{"format":"glidepath-recording","version":1,"entities":[{"guid":"0x1","position":{"cell":"0xA9B4001F","origin":[1,1,0]}}]}` + "\n"

func TestHostileInputs(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the viewer binary")
	}
	dir := t.TempDir()
	repeatLines := func(header, line string, n int) func(*bufio.Writer) {
		return func(b *bufio.Writer) {
			b.WriteString(header)
			for i := 0; i < n; i++ {
				b.WriteString(line)
			}
		}
	}
	text := func(s string) func(*bufio.Writer) { return func(b *bufio.Writer) { b.WriteString(s) } }
	full, fullWant := fullDevice(t, dir)
	cases := []struct {
		name string
		args []string
		env  []string
		code int
		want string
	}{
		{"100 000 notes", []string{"run", writeFile(t, dir, "notes.jsonl.gz", repeatLines(hostileHeader, `{"t":1,"type":"note","text":"x"}`+"\n", 100_000))},
			nil, 2, "notes.jsonl.gz:10002: limit: more than 10000 notes"},
		{"a note of a megabyte", []string{"run", writeFile(t, dir, "longnote.jsonl", text(hostileHeader+`{"t":1,"type":"note","text":"`+strings.Repeat("a", 1<<20)+`"}`+"\n"))},
			nil, 2, "longnote.jsonl:2: note.text: 1048576 bytes is longer than the 4096-byte limit"},
		{"gzip bomb of one line", []string{"run", writeFile(t, dir, "bomb.jsonl.gz", text(hostileHeader+strings.Repeat(" ", 256<<20)))},
			nil, 2, "bomb.jsonl.gz:2: json: line longer than 4194304 bytes"},
		{"JSON nested 100 000 deep", []string{"run", writeFile(t, dir, "deep.jsonl", text(hostileHeader+`{"t":1,"type":"note","text":"","x":`+strings.Repeat("[", 100_000)+"\n"))},
			nil, 2, "deep.jsonl:2: json:"},
		{"YAML 100 000 [", []string{"run", writeFile(t, dir, "flow.yaml", text("duration: "+strings.Repeat("[", 100_000)))},
			nil, 2, "flow.yaml:1:74: yaml: nested deeper than 64 levels"},
		{"YAML nested flow maps", []string{"compile", writeFile(t, dir, "maps.yaml", text("duration: 1\nx: "+strings.Repeat("{a: ", 60_000))), "-o", filepath.Join(dir, "maps.jsonl")},
			nil, 2, "maps.yaml:2:"},
		{"YAML block sequences", []string{"run", writeFile(t, dir, "seq.yaml", text("duration: 1\nx:\n  "+strings.Repeat("- ", 100_000)+"1\n"))},
			nil, 2, "seq.yaml:3:"},
		{"YAML of 64 MiB", []string{"run", writeFile(t, dir, "big.yaml", text("duration: 1\ndescription: "+strings.Repeat("a", 64<<20)+"\n"))},
			nil, 2, "big.yaml:1:1: yaml: the file is over the limit of 1048576 bytes"},
		{"a trillion ticks", []string{"run", "-ticks", "1000000000000", farJump},
			nil, 2, "-ticks 1000000000000: more than the limit of 5184000 ticks (48 h at 30 Hz)"},
		{"a memory limit that is not a size", []string{"run", "-quiet", farJump},
			[]string{"GLIDEPATH_MEMORY_LIMIT=lots"}, 2, `GLIDEPATH_MEMORY_LIMIT="lots": want a size such as 2GiB`},
		// A streamed run holds only its objects, so what outgrows the limit
		// is a crowd: 300 000 objects created in the first second.
		{"a run larger than the memory limit", []string{"run", writeFile(t, dir, "crowd.jsonl.gz", func(b *bufio.Writer) {
			b.WriteString(hostileHeader)
			for i := 0; i < 300_000; i++ {
				fmt.Fprintf(b, `{"t":1,"type":"create","entity":{"guid":"0x%X","position":{"cell":"0xA9B4001F","origin":[1,1,0]}}}`+"\n", 0x100+i)
			}
		})},
			[]string{"GLIDEPATH_MEMORY_LIMIT=96MiB"}, 1, "viewer: out of memory: the run holds"},
		// Dat files are hostile input too (docs/world.md, "Limits").
		{"a dat zlib bomb", []string{"dat", "-entry", "0x02000001", datBombDir(t, dir)},
			nil, 2, "client_portal.dat: entry 0x02000001: compressed data: inflates to more than its declared 67108863 bytes"},
		{"a dat B-tree that loops", []string{"dat", datLoopDir(t, dir)},
			nil, 2, "client_cell_1.dat: b-tree: deeper than 32 levels"},
		{"a dat GfxObj cut short", []string{"dat", "-entry", "0x01000300", datBadGfxObjDir(t, dir)},
			nil, 2, "client_portal.dat: entry 0x01000300: vertex_array.vertices count at byte 17"},
		// Streams, devices and special files (issue 26): standard input is
		// empty here (the test gives none).
		{"empty standard input", []string{"run", "-"}, nil, 2, "viewer: -:1: header: missing: the file is empty"},
		{"empty /dev/stdin", []string{"run", "/dev/stdin"}, nil, 2, "viewer: /dev/stdin:1: header: missing: the file is empty"},
		{"empty capture on standard input", []string{"import", "-", "-o", filepath.Join(dir, "i.jsonl")}, nil, 2, "viewer: -: not a capture: the file is empty"},
		{"a directory as input", []string{"run", dir}, nil, 2, dir + ":1: read:"},
		{"gzip under a name that says nothing", []string{"run", "-quiet", writeGzipAs(t, dir, "rec.data", farJump)}, nil, 0, ""},
		{"trace into a directory", []string{"run", "-trace", dir, farJump}, nil, 2, "-trace " + dir + ": is a directory"},
		{"two tables in one file", []string{"run", "-states", filepath.Join(dir, "t.csv"), "-events", filepath.Join(dir, "t.csv"), farJump}, nil, 2, "name the same file"},
		{"trace over the input through a link", []string{"run", "-trace", symlinkTo(t, dir, farJump), farJump}, nil, 2, "would overwrite the input"},
		{"trace into a full device", []string{"run", "-quiet", "-trace", full, farJump}, nil, 1, fullWant},
		{"recording into a full device", []string{"compile", scenarioFile(t, "jump"), "-o", full}, nil, 1, fullWant},
		{"a sidecar that is a FIFO", []string{"run", "-json", inputWithFIFOSidecar(t, dir)}, nil, 0, "is a FIFO, not a regular file; skipped"},
		// Names that are not what they say (hostile2 follow-up): each of
		// these hung, wrote half an answer, replaced a file or was taken.
		{"a dat that is a FIFO", []string{"dat", datPortalAs(t, dir, "fifodats", "fifo")}, nil, 2, "client_portal.dat: is a FIFO, not a regular file"},
		{"run -dat with a FIFO dat", []string{"run", "-quiet", "-dat", filepath.Join(dir, "fifodats"), farJump}, nil, 2, "client_portal.dat: is a FIFO"},
		{"a dat that is a directory", []string{"dat", datPortalAs(t, dir, "dirdats", "dir")}, nil, 2, "client_portal.dat: is a directory"},
		{"a what-if sweep past 60 s", []string{"whatif", "-latency", "0..61s/1s", "-metrics", filepath.Join(dir, "w.csv"), farJump}, nil, 2, `"61s": want a duration of at most 60s`},
		{"a what-if latency of years", []string{"whatif", "-cadence", "1000000h", farJump}, nil, 2, `-cadence: "1000000h": want a duration of at most 60s`},
		{"pack over a file", []string{"pack", "-at", "30", "-o", specialTarget(t, dir, "keep.txt", "file"), farJump}, nil, 2, "keep.txt: is a file, not a directory"},
		{"pack over a FIFO", []string{"pack", "-at", "30", "-o", specialTarget(t, dir, "pack-fifo", "fifo"), farJump}, nil, 2, "pack-fifo: is a FIFO, not a directory"},
		{"export frames over a FIFO", []string{"export", "-o", specialTarget(t, dir, "frames-fifo", "fifo"), farJump}, nil, 2, "frames-fifo: exists and is not a directory"},
		{"shrink into a directory", []string{"shrink", "-keep", "blip", "-o", mkdirIn(t, dir, "small.jsonl"), farJump}, nil, 2, "small.jsonl: is a directory"},
		{"what-if table into a directory", []string{"whatif", "-metrics", mkdirIn(t, dir, "w-dir.csv"), farJump}, nil, 2, "w-dir.csv: is a directory"},
		{"pack zip into a directory", []string{"pack", "-at", "30", "-o", mkdirIn(t, dir, "p.zip"), farJump}, nil, 2, "p.zip: is a directory"},
		{"a what-if sweep as JSON", []string{"whatif", "-json", "-latency", "0..60s/30s", "-metrics", filepath.Join(dir, "wj.csv"), farJump}, nil, 2, "-json prints one comparison"},
		{"an empty -explain=", []string{"run", "-explain=", farJump}, nil, 2, `-explain: empty: want -explain alone`},
		{"an empty -filter", []string{"run", "-explain", "-filter", " ", farJump}, nil, 2, `-filter " ": want an expression`},
		{"an empty dat -entry", []string{"dat", "-entry=", filepath.Join(dir, "dirdats")}, nil, 2, `-entry "": want a hex id`},
		{"pack at a bookmark past the run", []string{"pack", "-bookmark", "far", inputWithBookmark(t, dir, 5000000, "far")}, nil, 2, `-bookmark "far" (tick 5000000): outside the run`},
		{"pack at tick -1", []string{"pack", "-at", "-1", farJump}, nil, 2, "-at -1: want a tick of 0 or more"},
		{"holders in a cycle", []string{"run", writeFile(t, dir, "cycle.jsonl", text(`{"format":"glidepath-recording","version":1,"entities":[`+
			`{"guid":"0x1","position":{"cell":"0xA9B4001F","origin":[1,1,0]},"parent":"0x2"},{"guid":"0x2","position":{"cell":"0xA9B4001F","origin":[1,1,0]},"parent":"0x1"}]}`+"\n"))},
			nil, 2, "cycle.jsonl:1: entities[0].parent: the holders form a cycle: 0x00000001 held by 0x00000002 held by 0x00000001"},
		// conform's manifest and the files it names (docs/clients.md).
		{"a conform manifest of 20 MiB", []string{"conform", "-client", dir, conformManifestDir(t, dir, "conform-big", text(strings.Repeat(" ", 20<<20)))},
			nil, 2, "manifest.json: 20971520 bytes, more than the 16777216 a manifest may have"},
		{"a conform manifest nested 100 000 deep", []string{"conform", "-client", dir, conformManifestDir(t, dir, "conform-deep", text(strings.Repeat("[", 100_000)))},
			nil, 2, "manifest.json:1:10001: [0][0][0][0][0][0][0][0]… (10000 levels deep): invalid character '[' exceeded max depth"},
		{"a conform manifest cut short", []string{"conform", "-client", dir, conformManifestDir(t, dir, "conform-cut", text(`{"format":"glidepath-conform","version":1,"inputs":[{"name":"walk","file":"inputs/wa`))},
			nil, 2, `conform-cut/manifest.json:1:85: inputs[0].file: cut short: the file ends at byte 84; want the closing '"' of the string opened at line 1 column 75`},
		{"a conform manifest cut short after a line", []string{"conform", "-client", dir, conformManifestDir(t, dir, "conform-cut2", text("{\n  \"format\": \"glidepath-conform\",\n  \"inputs\": [\n"))},
			nil, 2, `conform-cut2/manifest.json:4:1: inputs: cut short: the file ends at byte 49; want a value or ']' in the array opened at line 3 column 13`},
		{"a conform manifest that is empty", []string{"conform", "-client", dir, conformManifestDir(t, dir, "conform-empty", text(""))},
			nil, 2, `conform-empty/manifest.json:1:1: empty: the file ends at byte 0; want a JSON object`},
		{"a conform input that is a device", []string{"conform", "-client", conformClient(t, dir), conformManifestDir(t, dir, "conform-dev", conformHostileManifest("/dev/zero"))},
			nil, 2, "/dev/zero is a device, not a regular file"},
		{"stick_to itself", []string{"run", writeFile(t, dir, "stick.jsonl", text(hostileHeader+`{"t":1,"type":"motion","guid":"0x1","forward":"WalkForward","stick_to":"0x1"}`+"\n"))},
			nil, 2, "stick.jsonl:2: motion.stick_to: an object cannot stick to itself"},
		// The public corpus's datagram JSON Lines (docs/real-sessions.md): a
		// line that breaks the format stops every command that opens it.
		{"datagram line of bad hex", []string{"run", writeFile(t, dir, "dg-hex.jsonl", text(datagramGood+`{"t": 1, "dir": "s2c", "pair": 1, "len": 2, "data": "zz00"}`+"\n"))},
			nil, 2, "dg-hex.jsonl:2: data: not hex"},
		{"datagram line with a lying len", []string{"import", writeFile(t, dir, "dg-len.jsonl", text(datagramGood+`{"t": 1, "dir": "s2c", "pair": 1, "len": 9, "data": "0000"}`+"\n")), "-o", filepath.Join(dir, "dg.jsonl")},
			nil, 2, "dg-len.jsonl:2: len: 9, but data holds 2 bytes"},
		{"datagram line of an unknown dir", []string{"whatif", "-latency", "100ms", writeFile(t, dir, "dg-dir.jsonl", text(datagramGood+`{"t": 1, "dir": "sideways", "pair": 1, "len": 2, "data": "0000"}`+"\n"))},
			nil, 2, `dg-dir.jsonl:2: dir: "sideways"`},
		{"datagram lines out of time order", []string{"shrink", "-keep", "blip", "-o", filepath.Join(dir, "dg-small.jsonl"), writeFile(t, dir, "dg-t.jsonl", text(datagramGood+`{"t": 5, "dir": "s2c", "pair": 1, "len": 2, "data": "0000"}`+"\n"+`{"t": 4, "dir": "s2c", "pair": 1, "len": 2, "data": "0000"}`+"\n"))},
			nil, 2, "dg-t.jsonl:3: t: 4 is before the previous line's 5"},
		{"-truth-from a recording", []string{"import", writeFile(t, dir, "dg-ok.jsonl", text(datagramGood)), "-truth-from", farJump, "-o", filepath.Join(dir, "dg2.jsonl")},
			nil, 2, "not a capture"},
		{"datagram line of pair 2", []string{"diff", writeFile(t, dir, "dg-pair.jsonl", text(datagramGood+`{"t": 1, "dir": "s2c", "pair": 2, "len": 2, "data": "0000"}`+"\n")), farJump},
			nil, 2, "dg-pair.jsonl:2: pair: 2: want 0 (the login port) or 1"},
		{"datagram line of truncated JSON", []string{"pack", "-at", "1", "-o", filepath.Join(dir, "dg-pack"), writeFile(t, dir, "dg-cut.jsonl", text(datagramGood+datagramGood+`{"t": 1, "dir": "s2c", "pa`))},
			nil, 2, "dg-cut.jsonl:3: not a datagram object"},
		{"-truth-from a capture with a bad line", []string{"run", writeFile(t, dir, "dg-ok2.jsonl", text(datagramGood)), "-truth-from", writeFile(t, dir, "dg-other.jsonl", text(datagramGood+`{"t": 1, "dir": "s2c", "pair": 1, "len": 2, "data": "0x00"}`+"\n"))},
			nil, 2, "dg-other.jsonl:2: data: not hex"},
		// Evidence pack zips opened by the window (docs/web.md "Opening an
		// evidence pack"): read before any window opens.
		{"a pack zip claiming a terabyte", []string{hostilePackZip(t, dir, "huge.zip", "huge")},
			nil, 2, "huge.zip: recording.jsonl: 1099511627776 bytes inflated: over the limit of 268435456"},
		{"a pack zip entry named ../x", []string{hostilePackZip(t, dir, "climb.zip", "traversal")},
			nil, 2, `climb.zip: entry 3 "../x": a path outside the pack's folder`},
		{"a pack zip without its README", []string{hostilePackZip(t, dir, "nomanifest.zip", "nomanifest")},
			nil, 2, "nomanifest.zip: README.md: missing: not an evidence pack"},
		{"a pack zip cut short", []string{hostilePackZip(t, dir, "cut.zip", "truncated")},
			nil, 2, "cut.zip: not a readable zip (cut short"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			start := time.Now()
			code, stderr := runHostile(t, c.env, c.args...)
			if code != c.code {
				t.Fatalf("exit %d, want %d; stderr:\n%s", code, c.code, clipOutput(stderr))
			}
			if !strings.Contains(stderr, c.want) {
				t.Errorf("stderr lacks %q:\n%s", c.want, clipOutput(stderr))
			}
			for _, crash := range []string{"goroutine ", "panic", "fatal error", "runtime."} {
				if strings.Contains(stderr, crash) {
					t.Fatalf("stderr has a crash (%q):\n%s", crash, clipOutput(stderr))
				}
			}
			t.Logf("%s: exit %d in %v", c.name, code, time.Since(start).Round(time.Millisecond))
		})
	}
}

// A signal stops a long run -trace promptly: exit 128 + the signal, a
// message saying what was interrupted, and no file at the target — neither
// the trace nor its temporary file.
func TestSignal_StopsALongTraceAndLeavesNoFile(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the viewer binary")
	}
	for _, c := range []struct {
		sig  syscall.Signal
		code int
		name string
	}{{syscall.SIGTERM, 143, "SIGTERM"}, {syscall.SIGINT, 130, "SIGINT"}} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			out := filepath.Join(dir, "out.jsonl")
			cmd := exec.Command(viewerBinary(t), "run", "-quiet", "-ticks", "5000000", "-trace", out, farJump)
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			// Wait until the trace is being written.
			for deadline := time.Now().Add(30 * time.Second); ; {
				if ents, _ := os.ReadDir(dir); len(ents) > 0 {
					if fi, err := ents[0].Info(); err == nil && fi.Size() > 0 {
						break
					}
				}
				if time.Now().After(deadline) {
					cmd.Process.Kill()
					t.Fatal("the trace never started")
				}
				time.Sleep(10 * time.Millisecond)
			}
			sent := time.Now()
			cmd.Process.Signal(c.sig)
			done := make(chan error, 1)
			go func() { done <- cmd.Wait() }()
			var err error
			select {
			case err = <-done:
			case <-time.After(10 * time.Second):
				cmd.Process.Kill()
				t.Fatal("still running 10 s after the signal")
			}
			took := time.Since(sent)
			var ee *exec.ExitError
			if !errors.As(err, &ee) || ee.ExitCode() != c.code {
				t.Fatalf("exit %v, want status %d; stderr:\n%s", err, c.code, stderr.String())
			}
			if want := "viewer: interrupted by " + c.name + " at tick "; !strings.Contains(stderr.String(), want) {
				t.Errorf("stderr %q lacks %q", stderr.String(), want)
			}
			if ents, _ := os.ReadDir(dir); len(ents) != 0 {
				t.Errorf("the directory holds %v after the signal, want nothing", ents)
			}
			t.Logf("%s: stopped %v after the signal: %s", c.name, took.Round(time.Millisecond), strings.TrimSpace(stderr.String()))
		})
	}
}

// A signal during work that does not poll — here, reading a large input —
// still ends the process within about a second with 128 + the signal.
func TestSignal_StopsWhileReadingTheInput(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the viewer binary")
	}
	dir := t.TempDir()
	in := writeFile(t, dir, "long.jsonl.gz", func(b *bufio.Writer) {
		b.WriteString(hostileHeader)
		for i := 0; i < 2_000_000; i++ {
			b.WriteString(`{"t":1,"type":"truth","guid":"0x1","cell":"0xA9B4001F","origin":[1,1,0]}` + "\n")
		}
	})
	out := filepath.Join(dir, "out.jsonl")
	cmd := exec.Command(viewerBinary(t), "run", "-quiet", "-trace", out, in)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	waitWriting(t, out)
	// The output is opened before the first tick, and the first 30 ticks
	// (before the events' t=1) take milliseconds, each polling for a
	// signal; the 2 million events of tick 30 take seconds to read and
	// deliver without polling. Signal inside that read.
	time.Sleep(100 * time.Millisecond)
	sent := time.Now()
	cmd.Process.Signal(syscall.SIGTERM)
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	var err error
	select {
	case err = <-done:
	case <-time.After(10 * time.Second):
		cmd.Process.Kill()
		t.Fatal("still running 10 s after the signal")
	}
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 143 {
		t.Fatalf("exit %v, want status 143; stderr:\n%s", err, stderr.String())
	}
	if !strings.Contains(stderr.String(), "viewer: interrupted by SIGTERM while running viewer run") {
		t.Errorf("stderr %q does not say it was interrupted", stderr.String())
	}
	if _, err := os.Stat(out); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("%s exists after the signal", out)
	}
	t.Logf("stopped %v after the signal: %s", time.Since(sent).Round(time.Millisecond), strings.TrimSpace(stderr.String()))
}

// An output that cannot be written whole — here a file-size limit (ulimit
// -f) stands in for a disk filling up — is a failure of the environment
// (exit 1) and leaves nothing at the target, for run -trace and compile -o
// alike.
func TestOutput_AFullDiskLeavesNoFile(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the viewer binary")
	}
	crowd := scenarioFile(t, "crowd")
	for _, c := range []struct {
		name string
		args func(out string) []string
	}{
		{"run -trace", func(out string) []string { return []string{"run", "-quiet", "-trace", out, crowd} }},
		{"compile -o", func(out string) []string { return []string{"compile", crowd, "-o", out} }},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			out := filepath.Join(dir, "out.jsonl")
			// 64 KiB at most per file (ulimit -f counts 512-byte blocks in
			// POSIX sh); Go ignores SIGXFSZ, so the write fails with EFBIG.
			script := `ulimit -f 128 && exec "$0" "$@"`
			cmd := exec.Command("sh", append([]string{"-c", script, viewerBinary(t)}, c.args(out)...)...)
			cmd.Env = append(os.Environ(), "DISPLAY=")
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			err := cmd.Run()
			var ee *exec.ExitError
			if !errors.As(err, &ee) || ee.ExitCode() != 1 {
				t.Fatalf("exit %v, want status 1; stderr:\n%s", err, clipOutput(stderr.String()))
			}
			if !strings.Contains(stderr.String(), "write "+out+": file too large") {
				t.Errorf("stderr %q does not say why", stderr.String())
			}
			if ents, _ := os.ReadDir(dir); len(ents) != 0 {
				t.Errorf("the directory holds %v, want nothing", ents)
			}
		})
	}
}

// waitWriting waits until the command has begun writing out (its
// temporary file is there), so its signal handlers are installed and a
// signal sent next meets the run, however slow the machine is.
func waitWriting(t *testing.T, out string) {
	t.Helper()
	pattern := filepath.Join(filepath.Dir(out), "."+filepath.Base(out)+".tmp-*")
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		if m, _ := filepath.Glob(pattern); len(m) > 0 {
			return
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Fatalf("%s: no temporary file 30 s after the start", out)
}

// Files of the wrong kind where a text input is wanted — the viewer's own
// PNG shots, zip evidence packs and Parquet tables among them — are named
// for what they are (inputfile.NotText), not reported as the first byte a
// YAML, JSON or CSV reader could not parse, with the raw bytes in the
// message.
func TestHostileInputs_WrongKind(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the viewer binary")
	}
	dir := t.TempDir()
	bin := func(s string) func(*bufio.Writer) { return func(b *bufio.Writer) { b.WriteString(s) } }
	png := "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x10"
	zip := "PK\x03\x04\x14\x00\x00\x00\x08\x00recording.jsonl"
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"run of a PNG", []string{"run", writeFile(t, dir, "shot.png", bin(png))},
			"shot.png: the file is a PNG image, not an input: want a recording"},
		{"run of a zip named .jsonl", []string{"run", writeFile(t, dir, "pack.jsonl", bin(zip))},
			"pack.jsonl: the file is a zip archive, not an input"},
		{"whatif of an evidence pack", []string{"whatif", writeFile(t, dir, "pack.zip", bin(zip))},
			"pack.zip: the file is a zip archive, not an input"},
		{"shrink of a Parquet table", []string{"shrink", "-keep", "blip", "-o", filepath.Join(dir, "s.jsonl"), writeFile(t, dir, "events.parquet", bin("PAR1\x15\x04"))},
			"events.parquet: the file is a Parquet file, not an input"},
		{"pack of binary data", []string{"pack", "-at", "1", "-o", filepath.Join(dir, "p"), writeFile(t, dir, "blob.jsonl", bin("{\x00\x01"))},
			"blob.jsonl: the file is binary data, not an input"},
		{"compile of a PNG named .yaml", []string{"compile", writeFile(t, dir, "shot.yaml", bin(png)), "-o", filepath.Join(dir, "c.jsonl")},
			"shot.yaml:1:1: yaml: the file is a PNG image, not a scenario"},
		{"diff against a PNG", []string{"diff", farJump, filepath.Join(dir, "shot.png")},
			"shot.png:1: header: the file is a PNG image, not a client trace"},
		{"diff -vs of zips", []string{"diff", "-vs", filepath.Join(dir, "pack.zip"), filepath.Join(dir, "pack.zip")},
			"pack.zip:1: header: the file is a zip archive, not a client trace"},
		// A gzip stream cut short was "read: unexpected EOF" alone.
		{"run of a gzip recording cut short", []string{"run", cutGzip(t, dir, "cut.jsonl.gz", farJump)},
			"cut.jsonl.gz:1: read: the compressed stream is cut short (unexpected EOF): the file is truncated"},
		{"diff against a gzip trace cut short", []string{"diff", farJump, cutGzip(t, dir, "cut-trace.jsonl.gz", farJump)},
			"cut-trace.jsonl.gz:1: read: the compressed stream is cut short"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, stderr := runHostile(t, nil, c.args...)
			if code != exitUsage || !strings.Contains(stderr, c.want) {
				t.Fatalf("exit %d, want 2 and %q; stderr:\n%s", code, c.want, clipOutput(stderr))
			}
			for _, bad := range []string{"\x89", "\x00", "want a mapping", "panic", "goroutine "} {
				if strings.Contains(stderr, bad) {
					t.Errorf("stderr has %q:\n%s", bad, clipOutput(stderr))
				}
			}
		})
	}
}

// cutGzip writes the file src gzip-compressed to name in dir, cut to its
// first 200 bytes.
func cutGzip(t *testing.T, dir, name, src string) string {
	t.Helper()
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	var z bytes.Buffer
	zw := gzip.NewWriter(&z)
	zw.Write(data)
	zw.Close()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, z.Bytes()[:200], 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}
