// viewer live -iface with the window (issue 43 item 3, docs/live.md): the
// window follows a capture file, so the interface's frames are kept in one
// as they are read, and the window follows it as it follows -capture's.
// The interface is the seam: openInterface gives the frames of a capture
// written by capturetest (the test suite's own pcap writer) as a packet
// socket of type SOCK_DGRAM gives them, IPv4 packets with the times they
// came at; the window is runWindow's (framing_test.go).

package main

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"glidepath/engine/capture"
	"glidepath/engine/hexid"
	"glidepath/internal/goroutines"
	"glidepath/internal/live"
	"glidepath/ui"
)

// fedFrames is an interface whose frames are given: each an IPv4 packet
// and the time it came at; io.EOF after the last.
type fedFrames struct {
	mu     sync.Mutex
	frames [][]byte
	at     []time.Time
	closed chan struct{}
	once   sync.Once
}

func (f *fedFrames) ReadFrame(buf []byte) (int, time.Time, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if len(f.frames) == 0 {
		return 0, time.Time{}, io.EOF
	}
	n := copy(buf, f.frames[0])
	at := f.at[0]
	f.frames, f.at = f.frames[1:], f.at[1:]
	return n, at, nil
}

func (f *fedFrames) Close() error {
	f.once.Do(func() { close(f.closed) })
	return nil
}

// ipFrames are the IPv4 packets of a little-endian, microsecond pcap of
// Ethernet frames (capturetest's), with their times.
func ipFrames(t *testing.T, pcapFrames [][]byte) (frames [][]byte, at []time.Time) {
	t.Helper()
	for _, rec := range pcapFrames {
		sec, usec := binary.LittleEndian.Uint32(rec[0:]), binary.LittleEndian.Uint32(rec[4:])
		eth := rec[16:]
		if len(eth) < 14 || binary.BigEndian.Uint16(eth[12:]) != 0x0800 {
			continue
		}
		frames = append(frames, append([]byte(nil), eth[14:]...))
		at = append(at, time.Unix(int64(sec), int64(usec)*1000))
	}
	if len(frames) == 0 {
		t.Fatal("no IPv4 frame in the capture")
	}
	return frames, at
}

// `viewer live -iface NAME -alarm blip` with a display: the window opens
// following the capture file the interface's frames are kept in (with the
// follow camera, as for -capture), the file holds every frame read — read
// back by engine/capture it gives the events the original capture gives,
// at the same times — and the session's alarms reach the window.
func TestLive_IfaceWindowFollowsTheInterfacesFrames(t *testing.T) {
	_, recs, whole := sessionCapture(t, "far-blip")
	frames, at := ipFrames(t, recs)
	fed := &fedFrames{frames: frames, at: at, closed: make(chan struct{})}
	savedOpen := openInterface
	t.Cleanup(func() { openInterface = savedOpen })
	var opened string
	openInterface = func(name string) (live.Frames, error) { opened = name; return fed, nil }
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	t.Setenv("DISPLAY", ":0") // the window's path; runWindow below opens none
	t.Setenv("HOME", t.TempDir())
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())

	savedWindow := runWindow
	t.Cleanup(func() { runWindow = savedWindow })
	var opts ui.Options
	var alarm ui.LiveAlarm
	var windowErr string
	runWindow = func(o ui.Options) error {
		opts = o
		for _, src := range o.Sources {
			if s, ok := src.(interface{ StopReading() }); ok {
				s.StopReading()
			}
		}
		// The window stays open until the session has read every frame
		// (the kept file closed) and rung a blip.
		deadline := time.After(30 * time.Second)
		select {
		case <-fed.closed:
		case <-deadline:
			windowErr = "the session did not read the interface's frames in 30 s"
			return nil
		}
		select {
		case alarm = <-o.LiveAlarms:
		case <-deadline:
			windowErr = "no alarm reached the window in 30 s"
		}
		return nil
	}
	var out, errs goroutines.Buffer
	exited := make(chan int, 1)
	go func() { exited <- run([]string{"live", "-iface", "test0", "-alarm", "blip"}, &out, &errs) }()
	var code int
	select {
	case code = <-exited:
	case <-time.After(90 * time.Second):
		t.Fatalf("viewer live -iface did not return in 90 s (the window never opened, or never closed); stderr:\n%s", errs.String())
	}
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs.String())
	}
	if windowErr != "" {
		t.Fatalf("%s; stderr:\n%s", windowErr, errs.String())
	}
	if opened != "test0" {
		t.Fatalf("the interface opened is %q, want test0", opened)
	}
	kept := opts.File
	if filepath.Dir(filepath.Dir(kept)) != tmp || filepath.Base(kept) != "iface-test0.pcap" {
		t.Fatalf("the window's input is %q, want iface-test0.pcap in a new folder under %s", kept, tmp)
	}
	if !strings.Contains(errs.String(), kept) {
		t.Errorf("stderr does not say where the interface's frames are kept (%s):\n%s", kept, errs.String())
	}
	if !opts.Follow || !opts.FollowSelection || opts.LiveAlarms == nil {
		t.Errorf("window options: follow %v, follow camera %v, alarms %v; want all on", opts.Follow, opts.FollowSelection, opts.LiveAlarms != nil)
	}
	if !strings.HasPrefix(alarm.Label, "blip ") {
		t.Errorf("the window's alarm is %+v, want a blip", alarm)
	}

	// The kept file is the interface's frames, whole: the same events, at
	// the same times, as the capture they came from.
	events := func(name string, data []byte) []string {
		r, err := capture.NewReader(name, bytes.NewReader(data), capture.Options{})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		var evs []string
		for _, e := range r.Header().Entities {
			evs = append(evs, "create "+hexid.String(e.GUID))
		}
		for {
			ev, err := r.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			evs = append(evs, fmt.Sprintf("%.6f %s %s", ev.T, ev.Kind, hexid.String(ev.GUID)))
		}
		return evs
	}
	data, err := os.ReadFile(kept)
	if err != nil {
		t.Fatal(err)
	}
	want, got := events("far-blip.pcap", whole), events(kept, data)
	if len(want) < 10 {
		t.Fatalf("the capture gives %d events: nothing to compare", len(want))
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("the kept file gives %d events, the capture %d; first of each:\n  %v\n  %v", len(got), len(want), got[:min(5, len(got))], want[:min(5, len(want))])
	}
}

// Without the permission the window's path stops before any window: exit
// 1 naming CAP_NET_RAW (the interface is opened first; TestLive_IfaceNeedsCapNetRaw
// runs the real socket as an unprivileged user), and no file is kept.
func TestLive_IfaceWindowWithoutThePermissionExits1(t *testing.T) {
	savedOpen := openInterface
	t.Cleanup(func() { openInterface = savedOpen })
	openInterface = func(name string) (live.Frames, error) {
		return nil, fmt.Errorf("live: -iface %s: reading an interface needs the CAP_NET_RAW capability (operation not permitted)", name)
	}
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	t.Setenv("DISPLAY", ":0")
	savedWindow := runWindow
	t.Cleanup(func() { runWindow = savedWindow })
	runWindow = func(ui.Options) error { t.Error("a window opened"); return nil }
	var out, errs goroutines.Buffer
	if code := run([]string{"live", "-iface", "lo"}, &out, &errs); code != 1 || !strings.Contains(errs.String(), "CAP_NET_RAW") {
		t.Errorf("exit %d, stderr %q; want 1 naming CAP_NET_RAW", code, errs.String())
	}
	if left, _ := os.ReadDir(tmp); len(left) > 0 {
		t.Errorf("left in the temporary folder: %v", left)
	}
}
