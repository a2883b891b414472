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
	"glidepath/engine"
	"glidepath/engine/capture"
	"glidepath/engine/capture/capturetest"
	"glidepath/engine/hexid"
	"glidepath/engine/scenario"
)

// sessionCapture is a shipped scenario written as a pcap (capturetest), cut
// into its frames: the file header, then each record whole.
func sessionCapture(t *testing.T, name string) (header []byte, frames [][]byte, whole []byte) {
	t.Helper()
	rec, err := scenario.CompileAsset(assets.FS(), name)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if _, err := capturetest.FromRecording(&buf, rec, capturetest.Config{Format: capturetest.Pcap, Link: capturetest.Ethernet}); err != nil {
		t.Fatal(err)
	}
	data := buf.Bytes()
	if binary.LittleEndian.Uint32(data) != 0xA1B2C3D4 {
		t.Fatalf("not a little-endian pcap: % x", data[:4])
	}
	header = data[:24]
	for off := 24; off < len(data); {
		n := int(binary.LittleEndian.Uint32(data[off+8:]))
		frames = append(frames, data[off:off+16+n])
		off += 16 + n
	}
	return header, frames, data
}

// liveClientRows is the client trace a faithful client would write of the
// capture: every object at every tick as the retail run has it, one JSONL
// row each (Client trace v1, written here by hand, not by a Glidepath
// writer), float32 values spelled so they read back exactly; and the tick
// the run's last event is due in.
func liveClientRows(t *testing.T, whole []byte) (rows [][]string, guids []uint32) {
	t.Helper()
	src, err := capture.NewReader("whole.pcap", bytes.NewReader(whole), capture.Options{})
	if err != nil {
		t.Fatal(err)
	}
	s, err := engine.NewStream(src, engine.Options{Assets: assets.FS()})
	if err != nil {
		t.Fatal(err)
	}
	f32 := func(v float32) string { return strconv.FormatFloat(float64(v), 'g', -1, 32) }
	for {
		var tick []string
		var gs []uint32
		for _, st := range s.Query().States(nil) {
			tick = append(tick, fmt.Sprintf(`{"tick":%d,"guid":"%s","cell":"%s","origin":[%s,%s,%s]}`+"\n",
				s.Tick(), hexid.String(st.GUID), hexid.String(st.Cell), f32(st.Origin[0]), f32(st.Origin[1]), f32(st.Origin[2])))
			gs = append(gs, st.GUID)
		}
		rows = append(rows, tick)
		if len(gs) > len(guids) {
			guids = gs
		}
		if s.Done() {
			break
		}
		s.Step()
	}
	if err := s.Err(); err != nil {
		t.Fatal(err)
	}
	return rows, guids
}

// divergeRow moves a client row's x by one metre.
func divergeRow(t *testing.T, row string) string {
	t.Helper()
	var r struct {
		Tick   int        `json:"tick"`
		GUID   string     `json:"guid"`
		Cell   string     `json:"cell"`
		Origin [3]float32 `json:"origin"`
	}
	if err := json.Unmarshal([]byte(row), &r); err != nil {
		t.Fatal(err)
	}
	r.Origin[0]++
	b, _ := json.Marshal(r)
	return string(b) + "\n"
}

// The acceptance of viewer live (issue 43 item 3): the built viewer follows
// a capture written frame by frame (one frame torn across two writes) and a
// client trace written row by row, by this test while it runs. The client
// agrees with retail until one row, written after a pause and followed by
// nothing more (the client stops logging there): the alarm for it comes
// within a second of the row's writing, as one JSON line naming the tick,
// the object and the pack; the pack is complete (and viewer diff on its
// own files finds the same divergence); SIGINT exits 130 leaving no
// temporary file.
func TestLive_DivergenceAlarmWithinASecond(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the viewer")
	}
	bin := viewerBinary(t)
	header, frames, whole := sessionCapture(t, "far-blip")
	rows, _ := liveClientRows(t, whole)
	dir := t.TempDir()
	capPath, tracePath, packs := filepath.Join(dir, "live.pcap"), filepath.Join(dir, "client.jsonl"), filepath.Join(dir, "packs")
	os.WriteFile(capPath, header[:10], 0o644) // the file header torn
	os.WriteFile(tracePath, nil, 0o644)
	cmd := exec.Command(bin, "live", "-capture", capPath, "-against", tracePath, "-pack-dir", packs, "-json")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	lines := make(chan string, 16)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()

	// The capture, frame by frame, in another goroutine: another writer.
	capDone := make(chan struct{})
	go func() {
		defer close(capDone)
		appendTo(t, capPath, string(header[10:]))
		for i, f := range frames {
			if i == len(frames)/2 {
				appendTo(t, capPath, string(f[:len(f)/2]))
				time.Sleep(20 * time.Millisecond)
				appendTo(t, capPath, string(f[len(f)/2:]))
				continue
			}
			appendTo(t, capPath, string(f))
			time.Sleep(2 * time.Millisecond)
		}
	}()
	// The trace, row by row, up to the diverging row: two thirds into
	// the run, so the capture has events after its tick.
	div := len(rows) * 2 / 3
	for k := 0; k < div; k++ {
		for _, r := range rows[k] {
			appendTo(t, tracePath, r)
		}
		if k%10 == 0 {
			time.Sleep(5 * time.Millisecond)
		}
	}
	<-capDone
	for _, r := range rows[div][:len(rows[div])-1] {
		appendTo(t, tracePath, r)
	}
	time.Sleep(500 * time.Millisecond) // the session has caught up and waits
	select {
	case l := <-lines:
		t.Fatalf("an alarm before the diverging row: %s\nstderr: %s", l, stderr.String())
	default:
	}
	bad := divergeRow(t, rows[div][len(rows[div])-1])
	written := time.Now()
	appendTo(t, tracePath, bad)
	var line string
	select {
	case line = <-lines:
	case <-time.After(5 * time.Second):
		t.Fatalf("no alarm 5 s after the diverging row\nstderr: %s", stderr.String())
	}
	latency := time.Since(written)
	t.Logf("alarm %v after the diverging row: %s", latency, line)
	if latency > time.Second {
		t.Errorf("the alarm came %v after the diverging row was written; want within 1 s", latency)
	}
	var a struct {
		Tick int    `json:"tick"`
		Kind string `json:"kind"`
		GUID string `json:"guid"`
		What string `json:"what"`
		Pack string `json:"pack"`
	}
	if err := json.Unmarshal([]byte(line), &a); err != nil {
		t.Fatalf("%v: %s", err, line)
	}
	var want struct {
		GUID string `json:"guid"`
	}
	json.Unmarshal([]byte(bad), &want)
	if a.Tick != div || a.Kind != "divergence" || a.GUID != want.GUID || !strings.Contains(a.What, "position") || a.Pack == "" {
		t.Errorf("alarm %+v; want tick %d, divergence of %s (position), a pack", a, div, want.GUID)
	}

	if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	err = cmd.Wait()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 130 {
		t.Fatalf("after SIGINT: %v; want exit 130\nstderr: %s", err, stderr.String())
	}
	// Read once the process is gone: the status line's copy may lag
	// behind the JSON line.
	if !strings.Contains(stderr.String(), "\a") || !strings.Contains(stderr.String(), "tick "+strconv.Itoa(div)) {
		t.Errorf("no bell and status line on stderr: %q", stderr.String())
	}
	// The pack is whole, and no temporary file is left anywhere.
	for _, f := range []string{"recording.jsonl", "recording.jsonl.glidepath.json", "client.jsonl", "alarm.json", "reading.json", "version.txt", "README.md"} {
		if fi, err := os.Stat(filepath.Join(a.Pack, f)); err != nil || fi.Size() == 0 {
			t.Errorf("pack file %s: %v", f, err)
		}
	}
	filepath.Walk(dir, func(p string, fi os.FileInfo, err error) error {
		if err == nil && strings.Contains(filepath.Base(p), ".tmp") {
			t.Errorf("temporary file left: %s", p)
		}
		return nil
	})
	sc, err := os.ReadFile(capPath + ".glidepath.json")
	if err != nil || !strings.Contains(string(sc), fmt.Sprintf(`"tick":%d`, div)) {
		t.Errorf("the capture's sidecar does not bookmark tick %d: %v %s", div, err, sc)
	}
	// The pack remakes the moment: viewer diff on its own files finds the
	// same first divergence.
	wd, _ := os.Getwd()
	os.Chdir(a.Pack)
	code, dout, derrs := viewer(t, "diff", "-json", "recording.jsonl", "client.jsonl")
	os.Chdir(wd)
	if code != 1 {
		t.Fatalf("viewer diff in the pack: exit %d, want 1 (diverged): %s", code, derrs)
	}
	var res struct {
		Objects []struct {
			GUID            string `json:"guid"`
			FirstDivergence *struct {
				Tick int `json:"tick"`
			} `json:"first_divergence"`
		} `json:"objects"`
	}
	if err := json.Unmarshal([]byte(dout), &res); err != nil {
		t.Fatal(err)
	}
	found := false
	for _, o := range res.Objects {
		if o.FirstDivergence != nil {
			if o.GUID != a.GUID || o.FirstDivergence.Tick != div {
				t.Errorf("viewer diff in the pack: %s diverges at %d; want only %s at %d", o.GUID, o.FirstDivergence.Tick, a.GUID, div)
			}
			found = true
		}
	}
	if !found {
		t.Errorf("viewer diff in the pack found no divergence: %s", dout)
	}
}

// liveExitCases are viewer live's rows of the exit-status table: usage
// and inputs that name nothing are exit 2 before anything is followed.
func liveExitCases(t *testing.T, dir string) []exitCase {
	missing := filepath.Join(dir, "missing.pcap")
	notes := filepath.Join(dir, "notes.pcap")
	os.WriteFile(notes, []byte("these are notes, not packets\n"), 0o644)
	client := filepath.Join(dir, "live-client.jsonl")
	os.WriteFile(client, nil, 0o644)
	file := filepath.Join(dir, "live-a-file")
	os.WriteFile(file, []byte("x"), 0o644)
	return []exitCase{
		{"live help", []string{"live", "-h"}, 0, ""},
		{"live neither input", []string{"live", "-against", client}, 2, "give one of -capture FILE or -iface NAME"},
		{"live both inputs", []string{"live", "-capture", notes, "-iface", "lo"}, 2, "give one of -capture FILE or -iface NAME"},
		{"live positional input", []string{"live", notes}, 2, "unexpected argument"},
		{"live bad alarm", []string{"live", "-capture", notes, "-alarm", "blip distance>>"}, 2, "-alarm"},
		{"live empty alarm", []string{"live", "-capture", notes, "-alarm", " "}, 2, "-alarm"},
		{"live alarm that never rings", []string{"live", "-capture", notes, "-alarm", "hitch"}, 2, "none of which is blip, snap or pop"},
		{"live missing capture", []string{"live", "-capture", missing}, 2, "missing.pcap"},
		// A trace not created yet is waited for; one whose folder does
		// not exist never can be.
		{"live missing client trace", []string{"live", "-capture", notes, "-against", filepath.Join(dir, "no-folder", "no-client.jsonl")}, 2, "no-client.jsonl"},
		{"live pack dir a file", []string{"live", "-capture", notes, "-pack-dir", file}, 2, "live-a-file"},
		{"live not a capture", []string{"live", "-capture", notes}, 2, "not a capture"},
		{"live bad server port", []string{"live", "-capture", notes, "-server-port", "70000"}, 2, "-server-port 70000"},
		{"live bad reading", []string{"live", "-capture", notes, "-reading", "nonesuch"}, 2, "-reading"},
	}
}

// -iface opens an AF_PACKET socket, which needs CAP_NET_RAW: without it
// the session exits 1 naming the capability. Run as root, the test runs
// the viewer as the unprivileged user nobody for that, and checks as well
// that an interface that does not exist exits 2 naming it.
func TestLive_IfaceNeedsCapNetRaw(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the viewer")
	}
	if runtime.GOOS != "linux" {
		t.Skip("-iface is Linux's")
	}
	bin := viewerBinary(t)
	run := func(cmd *exec.Cmd) (int, string) {
		var errs bytes.Buffer
		cmd.Stderr = &errs
		err := cmd.Run()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		return code, errs.String()
	}
	if os.Geteuid() != 0 {
		code, errs := run(exec.Command(bin, "live", "-iface", "lo"))
		if code != 1 || !strings.Contains(errs, "CAP_NET_RAW") {
			t.Fatalf("exit %d, stderr %q; want 1 naming CAP_NET_RAW", code, errs)
		}
		return
	}
	code, errs := run(exec.Command(bin, "live", "-iface", "nosuch0"))
	if code != 2 || !strings.Contains(errs, "nosuch0") {
		t.Errorf("a nonexistent interface: exit %d, stderr %q; want 2 naming it", code, errs)
	}
	// The binary where nobody may run it.
	dir, err := os.MkdirTemp("", "viewer-nobody-")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(dir)
	data, err := os.ReadFile(bin)
	if err != nil {
		t.Fatal(err)
	}
	nb := filepath.Join(dir, "viewer")
	if err := os.WriteFile(nb, data, 0o755); err != nil {
		t.Fatal(err)
	}
	os.Chmod(dir, 0o755)
	cmd := exec.Command(nb, "live", "-iface", "lo")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "HOME="+dir, "XDG_CONFIG_HOME="+dir)
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
	code, errs = run(cmd)
	if code != 1 || !strings.Contains(errs, "CAP_NET_RAW") {
		t.Fatalf("as nobody: exit %d, stderr %q; want 1 naming CAP_NET_RAW", code, errs)
	}
}
