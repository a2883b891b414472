package main

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"glidepath/assets"
	"glidepath/engine/capture/capturetest"
	"glidepath/engine/scenario"
	"glidepath/internal/cmdinput"
	"glidepath/internal/goroutines"
	"glidepath/internal/live"
	"glidepath/interp"
)

// sessionPcapng is a shipped scenario written as a pcapng (capturetest),
// cut into its blocks: the section header, interface description and
// unknown block as the header, then each enhanced packet block whole.
func sessionPcapng(t *testing.T, name string) (header []byte, frames [][]byte, whole []byte) {
	t.Helper()
	rec, err := scenario.CompileAsset(assets.FS(), name)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if _, err := capturetest.FromRecording(&buf, rec, capturetest.Config{Format: capturetest.Pcapng, Link: capturetest.Ethernet}); err != nil {
		t.Fatal(err)
	}
	data := buf.Bytes()
	off := 0
	for off < len(data) {
		typ, n := binary.LittleEndian.Uint32(data[off:]), int(binary.LittleEndian.Uint32(data[off+4:]))
		if n < 12 || off+n > len(data) {
			t.Fatalf("block at %d: length %d", off, n)
		}
		if typ == 6 { // an enhanced packet block
			if header == nil {
				header = data[:off]
			}
			frames = append(frames, data[off:off+n])
		}
		off += n
	}
	if header == nil || len(frames) < 10 {
		t.Fatalf("%d packet blocks", len(frames))
	}
	return header, frames, data
}

// liveProcess is a viewer live started on args, its stdout's lines on a
// channel.
type liveProcess struct {
	cmd    *exec.Cmd
	stderr goroutines.Buffer
	lines  chan string
}

// waitFor waits until stderr holds s, at most limit.
func (p *liveProcess) waitFor(t *testing.T, s string, limit time.Duration) {
	t.Helper()
	for deadline := time.Now().Add(limit); !strings.Contains(p.stderr.String(), s); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("stderr does not say %q after %v: %q", s, limit, p.stderr.String())
		}
	}
}

func startLive(t *testing.T, args ...string) *liveProcess {
	t.Helper()
	p := &liveProcess{cmd: exec.Command(viewerBinary(t), append([]string{"live"}, args...)...), lines: make(chan string, 16)}
	p.cmd.Stderr = &p.stderr
	out, err := p.cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.cmd.Process.Kill() })
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			p.lines <- sc.Text()
		}
		close(p.lines)
	}()
	return p
}

// wait is the exit status once the process ends, within limit.
func (p *liveProcess) wait(t *testing.T, limit time.Duration) int {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- p.cmd.Wait() }()
	select {
	case err := <-done:
		if ee, ok := err.(*exec.ExitError); ok {
			return ee.ExitCode()
		}
		if err != nil {
			t.Fatal(err)
		}
		return 0
	case <-time.After(limit):
		p.cmd.Process.Kill()
		<-done
		t.Fatalf("still running after %v\nstderr: %s", limit, p.stderr.String())
	}
	return -1
}

// waitRead waits until the process has read the file at path to its end
// (Linux: the offset of its descriptor in /proc/PID/fdinfo), so a change
// made next is one made to a file being followed.
func (p *liveProcess) waitRead(t *testing.T, path string) {
	t.Helper()
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	proc := fmt.Sprintf("/proc/%d", p.cmd.Process.Pid)
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		fds, _ := os.ReadDir(proc + "/fd")
		for _, fd := range fds {
			if target, _ := os.Readlink(proc + "/fd/" + fd.Name()); target != path {
				continue
			}
			info, _ := os.ReadFile(proc + "/fdinfo/" + fd.Name())
			for _, l := range strings.Split(string(info), "\n") {
				if pos, ok := strings.CutPrefix(l, "pos:"); ok && strings.TrimSpace(pos) == strconv.FormatInt(fi.Size(), 10) {
					time.Sleep(100 * time.Millisecond) // two polls at the end
					return
				}
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s not read to its end (%d bytes) after 30 s\nstderr: %s", path, fi.Size(), p.stderr.String())
		}
	}
}

// The acceptance of viewer live (issue 43 item 3) again, with the capture
// written as pcapng block by block (one block torn across two writes) and
// the client's trace created only after the session started — the
// client started after the engineer's viewer live: the wait for it is said
// on stderr, the rows are followed once it exists, the diverging row rings
// within a second of its writing with its pack, and SIGINT exits 130
// leaving no temporary file.
func TestLive_PcapngAndATraceCreatedLater(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the viewer")
	}
	header, frames, whole := sessionPcapng(t, "far-blip")
	rows, _ := liveClientRows(t, whole)
	dir := t.TempDir()
	capPath, tracePath, packs := filepath.Join(dir, "live.pcapng"), filepath.Join(dir, "client.jsonl"), filepath.Join(dir, "packs")
	os.WriteFile(capPath, nil, 0o644) // created, the header not written yet
	p := startLive(t, "-capture", capPath, "-against", tracePath, "-pack-dir", packs, "-json")
	capDone := make(chan struct{})
	go func() {
		defer close(capDone)
		time.Sleep(100 * time.Millisecond)
		appendTo(t, capPath, string(header))
		for i, f := range frames {
			if i == len(frames)/3 {
				appendTo(t, capPath, string(f[:len(f)/2]))
				time.Sleep(20 * time.Millisecond)
				appendTo(t, capPath, string(f[len(f)/2:]))
				continue
			}
			appendTo(t, capPath, string(f))
			time.Sleep(2 * time.Millisecond)
		}
	}()
	// The session says it waits for the trace (on a loaded machine it may
	// take a while to get there).
	p.waitFor(t, "not created yet", 30*time.Second)
	time.Sleep(100 * time.Millisecond)
	f, err := os.OpenFile(tracePath, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	write := func(s string) {
		if _, err := f.WriteString(s); err != nil {
			t.Fatal(err)
		}
	}
	div := len(rows) * 2 / 3
	for k := 0; k < div; k++ {
		for _, r := range rows[k] {
			write(r)
		}
		if k%10 == 0 {
			time.Sleep(5 * time.Millisecond)
		}
	}
	<-capDone
	for _, r := range rows[div][:len(rows[div])-1] {
		write(r)
	}
	time.Sleep(500 * time.Millisecond)
	select {
	case l := <-p.lines:
		t.Fatalf("an alarm before the diverging row: %s\nstderr: %s", l, p.stderr.String())
	default:
	}
	bad := divergeRow(t, rows[div][len(rows[div])-1])
	written := time.Now()
	write(bad)
	var line string
	select {
	case line = <-p.lines:
	case <-time.After(5 * time.Second):
		t.Fatalf("no alarm 5 s after the diverging row\nstderr: %s", p.stderr.String())
	}
	latency := time.Since(written)
	t.Logf("alarm %v after the diverging row: %s", latency, line)
	if latency > time.Second {
		t.Errorf("the alarm came %v after the diverging row was written; want within 1 s", latency)
	}
	var a struct {
		Tick int    `json:"tick"`
		Kind string `json:"kind"`
		Pack string `json:"pack"`
	}
	if err := json.Unmarshal([]byte(line), &a); err != nil {
		t.Fatalf("%v: %s", err, line)
	}
	if a.Tick != div || a.Kind != "divergence" || a.Pack == "" {
		t.Errorf("alarm %+v; want the divergence at tick %d with a pack", a, div)
	}
	p.cmd.Process.Signal(syscall.SIGINT)
	if code := p.wait(t, 5*time.Second); code != 130 {
		t.Fatalf("after SIGINT: exit %d, want 130\nstderr: %s", code, p.stderr.String())
	}
	for _, name := range []string{"recording.jsonl", "client.jsonl", "alarm.json", "README.md"} {
		if fi, err := os.Stat(filepath.Join(a.Pack, name)); err != nil || fi.Size() == 0 {
			t.Errorf("pack file %s: %v", name, err)
		}
	}
	filepath.Walk(dir, func(path string, fi os.FileInfo, err error) error {
		if err == nil && strings.Contains(filepath.Base(path), ".tmp") {
			t.Errorf("temporary file left: %s", path)
		}
		return nil
	})
}

// A capture truncated, or rotated (renamed away and a new file begun in
// its place, as tcpdump -C and -G do, or an editor's save), while the
// session follows it ends the session with exit 2 and a message naming
// the file and what happened — never a panic, never silence — whether the
// session is reading the capture (no client trace) or waiting on the
// client's trace with the capture read to its end; and so does the
// client's trace truncated or removed.
func TestLive_CaptureTruncatedOrRotated(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the viewer")
	}
	if runtime.GOOS != "linux" {
		t.Skip("waits on the session's reading through /proc")
	}
	header, frames, whole := sessionCapture(t, "far-blip")
	rows, _ := liveClientRows(t, whole)
	for _, tc := range []struct {
		name, want string
		against    bool
		change     func(path, trace string)
		named      string
	}{
		{"truncated", "truncated", false, func(path, _ string) { os.Truncate(path, 24) }, "live.pcap"},
		{"rotated", "replaced", false, func(path, _ string) {
			os.Rename(path, path+"1")
			os.WriteFile(path, header, 0o644)
		}, "live.pcap"},
		{"truncated waiting on the trace", "truncated", true, func(path, _ string) { os.Truncate(path, 24) }, "live.pcap"},
		{"rotated waiting on the trace", "replaced", true, func(path, _ string) {
			os.Rename(path, path+"1")
			os.WriteFile(path, header, 0o644)
		}, "live.pcap"},
		{"trace truncated", "truncated", true, func(_, trace string) { os.Truncate(trace, 10) }, "client.jsonl"},
		{"trace removed", "gone", true, func(_, trace string) { os.Remove(trace) }, "client.jsonl"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			capPath, tracePath := filepath.Join(dir, "live.pcap"), filepath.Join(dir, "client.jsonl")
			var b bytes.Buffer
			b.Write(header)
			for _, f := range frames[:len(frames)/2] {
				b.Write(f)
			}
			os.WriteFile(capPath, b.Bytes(), 0o644)
			args := []string{"-capture", capPath, "-alarm", "blip", "-json"}
			if tc.against {
				var tr strings.Builder
				for _, r := range rows[:5] {
					tr.WriteString(strings.Join(r, ""))
				}
				os.WriteFile(tracePath, []byte(tr.String()), 0o644)
				args = append(args, "-against", tracePath)
			}
			p := startLive(t, args...)
			p.waitRead(t, capPath) // read to its end, waiting
			if tc.against {
				p.waitRead(t, tracePath)
			}
			changed := time.Now()
			tc.change(capPath, tracePath)
			code := p.wait(t, 5*time.Second)
			errs := p.stderr.String()
			t.Logf("exit %d %v after the change: %s", code, time.Since(changed), strings.TrimSpace(errs))
			if code != 2 || !strings.Contains(errs, tc.named) || !strings.Contains(errs, tc.want) {
				t.Errorf("exit %d, stderr %q; want 2 naming %s and %q", code, errs, tc.named, tc.want)
			}
			if strings.Contains(errs, "panic") || strings.Contains(errs, "goroutine ") {
				t.Errorf("a panic: %s", errs)
			}
		})
	}
}

// viewer live's window (issue 43 item 3, "the window shows both"): the
// window's command line follows the capture with the follow camera on and
// follows the client's trace as it grows; opened on it, the window gets a
// followed client track — even before the client has created its trace —
// and the follow camera. (ui/live_client_test.go draws such a track
// growing; ui/launch's test reads one written row by row.)
func TestLive_WindowFollowsTheCaptureAndTheTrace(t *testing.T) {
	dir := t.TempDir()
	header, frames, _ := sessionCapture(t, "far-blip")
	capPath, tracePath := filepath.Join(dir, "live.pcap"), filepath.Join(dir, "client.jsonl")
	var b bytes.Buffer
	b.Write(header)
	for _, f := range frames[:len(frames)/2] {
		b.Write(f)
	}
	os.WriteFile(capPath, b.Bytes(), 0o644)
	reading, err := interp.One(interp.DefaultReadingName)
	if err != nil {
		t.Fatal(err)
	}
	o := live.Options{Capture: capPath, Against: tracePath, Reading: reading}
	args := liveWindowArgs(o, cmdinput.CaptureFlags{})
	want := []string{"-follow", "-track", "-against", tracePath, capPath}
	joined := strings.Join(args, " ")
	for _, w := range want {
		if !strings.Contains(joined, w) {
			t.Fatalf("the window's command line %q lacks %q", joined, w)
		}
	}
	if args[len(args)-1] != capPath {
		t.Fatalf("the window's input is %q, want the capture", args[len(args)-1])
	}
	code, errs, opts := windowOptions(t, args...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if opts.Client == nil || !opts.Client.Following() || !opts.Follow || !opts.FollowSelection {
		t.Fatalf("window options: client %v (following %v), follow %v, follow camera %v; want all on",
			opts.Client != nil, opts.Client.Following(), opts.Follow, opts.FollowSelection)
	}
	defer opts.Client.Stop()
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		if _, _, waiting, _ := opts.Client.Progress(); strings.Contains(waiting, "client.jsonl") {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the window's track does not wait for the trace to be created")
		}
	}
	// A trace in a folder that does not exist is refused (exit 2).
	args[len(args)-2] = filepath.Join(dir, "nofolder", "client.jsonl")
	if code, errs, _ := windowOptions(t, args...); code != 2 || !strings.Contains(errs, "nofolder") {
		t.Errorf("a trace in a missing folder: exit %d, %q; want 2 naming it", code, errs)
	}
}
